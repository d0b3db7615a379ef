"""How Sums is drawn and told."""

from __future__ import annotations

import math
from dataclasses import dataclass

from sums import SumsRules, SumsState, Take
from viz.scenes.common import CanvasLayout, title
from viz.scenes.kit import SceneKit
from viz.scenes.shapes import Palette, Rect, Scene, Shape, Text

PALETTE = Palette.from_hex(
    {
        "canvas": "#f4f1ea",
        "free": "#ffffff",
        "p0": "#1d4f91",
        "p1": "#8a5a00",
        "ink": "#222222",
        "muted": "#5f5b55",  # status lines and the legend use ink and muted
    },
    inks=("ink", "muted", "free"),
)
HIGH_CONTRAST = Palette.from_hex(
    {
        "canvas": "#ffffff",
        "free": "#ffffff",
        "p0": "#0b3470",
        "p1": "#5c3c00",
        "ink": "#000000",
        "muted": "#333333",
    },
    inks=("ink", "muted", "free"),
)
PALETTES = {"default": PALETTE, "high-contrast": HIGH_CONTRAST}


@dataclass(frozen=True)
class SumsLayout(CanvasLayout):
    cells: int = 4

    @property
    def side(self) -> float:
        room = self.height - self.header - self.status_height - self.margin
        return min((self.width - 2 * self.margin) / self.cells, room)

    def cell_box(self, cell: int) -> tuple[float, float, float]:
        return self.margin + cell * self.side, self.header, self.side

    def cell_at(self, x: float, y: float) -> int | None:
        cell = math.floor((x - self.margin) / self.side)
        inside = 0 <= cell < self.cells and self.header <= y <= self.header + self.side
        return cell if inside else None


def status_lines(state: SumsState) -> list[str]:
    totals = f"totals {state.total(0)} and {state.total(1)}"
    result = state.result()
    if result is None:
        return [f"Player {state.to_move} to take a number · {totals}"]
    return [f"Player {result['winner']} wins · {totals}"]


def move_words(before: SumsState, after: SumsState) -> str:
    assert after.last is not None
    return f"Player {after.last.player} took {after.last.cell + 1}"


def advice(state: SumsState, move: Take) -> str:
    return f"Take {move.cell + 1}"


def sums_scene(
    state: SumsState,
    width: int,
    height: int,
    *,
    notes: tuple[str, ...] = (),
    max_font: float = math.inf,
    palette: str = "default",
) -> Scene[SumsLayout]:
    layout = SumsLayout(
        width=width,
        height=height,
        status_lines=1 + len(notes),
        max_font=max_font,
        cells=state.rules.cells,
    )
    shapes: list[Shape] = [title("Sums", layout)]
    for cell, owner in enumerate(state.owners):
        x, y, side = layout.cell_box(cell)
        fill = "free" if owner is None else f"p{owner}"
        shapes.append(Rect(f"cell-{cell}", x + 2, y, side - 4, side, fill))
        ink = "ink" if owner is None else "free"
        shapes.append(
            Text(f"number-{cell}", x + side / 2, y + side / 2, str(cell + 1), side / 3, ink)
        )
    shapes += layout.status([*status_lines(state), *notes])
    return Scene(width, height, "canvas", PALETTES[palette], tuple(shapes), layout)


def export_size(rules: SumsRules, width: int) -> tuple[int, int]:
    return width, round(width * 0.6)


def outcome_words(state: SumsState) -> str:
    result = state.result()
    return "" if result is None else f"Player {result['winner']} wins"


KIT = SceneKit(sums_scene, export_size, PALETTES, status_lines, move_words, outcome_words, advice)
