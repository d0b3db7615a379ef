"""The Even Odds scene, by concern: where the seats go (`arrangement`), where everything
lies in pixels (`layout`), the words (`words`), the colours (`palettes`) and the shapes
drawn (`shapes`)."""

from viz.scenes.tiles.arrangement import TABLE, seat_order
from viz.scenes.tiles.layout import TilesLayout, export_size
from viz.scenes.tiles.palettes import LETTERS, PALETTE, PALETTES
from viz.scenes.tiles.shapes import dispute_key, hand_slots, tile_key, tiles_scene
from viz.scenes.tiles.words import (
    dispute_text,
    move_words,
    result_text,
    seat_label,
    shown_dispute,
    status_lines,
    totals_text,
)

__all__ = [
    "LETTERS",
    "PALETTE",
    "PALETTES",
    "TABLE",
    "TilesLayout",
    "dispute_key",
    "dispute_text",
    "export_size",
    "hand_slots",
    "move_words",
    "result_text",
    "seat_label",
    "seat_order",
    "shown_dispute",
    "status_lines",
    "tile_key",
    "tiles_scene",
    "totals_text",
]
