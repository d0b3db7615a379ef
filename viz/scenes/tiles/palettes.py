"""The Even Odds colours: the palettes, the light tiles that need an edge, each colour's letter."""

from __future__ import annotations

from viz.scenes.shapes import Palette

PALETTE = Palette.from_hex(
    {
        "canvas": "#f4f1ea",
        "felt": "#e4ddcc",
        "red": "#c5241e",
        "yellow": "#fcd981",
        "green": "#2d7660",
        "blue": "#0e405b",
        "purple": "#7669b0",
        "edge": "#6b5a1e",
        "back": "#ffffff",
        "ink": "#1f1f1f",
        "muted": "#5f5b55",
        "paper": "#ffffff",
        "mark": "#bcdff5",  # the dispute just won: its tile's plate, its score
        "won": "#f4c58f",  # the game's winners: their rows of the score table
    },
    inks=("ink", "muted", "paper"),
)
# For readers who need more: black on white, tile numbers and every text at 7:1 and more.
HIGH_CONTRAST = Palette.from_hex(
    {
        "canvas": "#ffffff",
        "felt": "#ededed",
        "red": "#6e2319",
        "yellow": "#e9cd5f",
        "green": "#335e4b",
        "blue": "#333e5d",
        "purple": "#564b96",
        "edge": "#000000",
        "back": "#ffffff",
        "ink": "#000000",
        "muted": "#333333",
        "paper": "#ffffff",
        "mark": "#a9d5f2",
        "won": "#f4c58f",
    },
    inks=("ink", "muted", "paper"),
)
PALETTES = {"default": PALETTE, "high-contrast": HIGH_CONTRAST}
LIGHT_TILES = {"yellow"}  # tiles whose numbers are printed dark, in a dark edge
# Colour is never the only cue: each tile carries its colour's letter before its number.
LETTERS = {"red": "R", "yellow": "Y", "green": "G", "blue": "B", "purple": "P"}


def edge_of(color: str) -> str | None:
    """The edge a tile of `color` is drawn in, where it needs one to stand out."""
    return "edge" if color in LIGHT_TILES else None
