"""The Load scene: the numbered grid, red top halves, green bottom halves, status lines."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from games.load import DIM, ON, LoadRules, LoadState, Pass
from viz.scene import Line, Palette, Rect, Scene, Shape, Text
from viz.scenes.common import CanvasLayout, status_texts, title

PALETTE = Palette.from_hex(
    {
        "canvas": "#f2efe8",
        "grid": "#b9b3a6",
        "seam": "#e6e1d6",
        "cell": "#ffffff",
        "red": "#d7263d",
        "red-dim": "#f2b8bf",
        "green": "#1f9d55",
        "green-dim": "#b3dcc3",
        "ink": "#222222",
        "muted": "#5f5b55",
    },
    inks=("ink", "muted"),
)
HALF_COLORS = {"red": {ON: "red", DIM: "red-dim"}, "green": {ON: "green", DIM: "green-dim"}}
EXPORT_STATUS_LINES = 2


@dataclass(frozen=True)
class LoadLayout(CanvasLayout):
    """Where everything goes on a width x height canvas; also answers clicks."""

    rows: int
    cols: int

    @cached_property
    def top(self) -> float:
        return self.margin + self.font * 1.6

    @cached_property
    def bottom(self) -> float:
        return self.font * (0.6 + 1.5 * self.status_lines) + self.margin

    @cached_property
    def cell(self) -> float:
        across = (self.width - 2 * self.margin) / self.cols
        down = (self.height - self.top - self.bottom) / self.rows
        return max(4.0, min(across, down))

    @cached_property
    def origin(self) -> tuple[float, float]:
        board_h = self.height - self.top - self.bottom
        return (
            (self.width - self.cell * self.cols) / 2,
            self.top + (board_h - self.cell * self.rows) / 2,
        )

    def cell_box(self, cell: int) -> tuple[int, int, int]:
        """Left, top and side of a cell's square, in whole pixels so cells tile exactly."""
        row, col = divmod(cell, self.cols)
        x0, y0 = self.origin
        left, top = round(x0 + col * self.cell), round(y0 + row * self.cell)
        return left, top, round(x0 + (col + 1) * self.cell) - left

    def cell_at(self, x: float, y: float) -> int | None:
        x0, y0 = self.origin
        col, row = int((x - x0) // self.cell), int((y - y0) // self.cell)
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row * self.cols + col
        return None

    def status_y(self, line: int) -> float:
        x0, y0 = self.origin
        return y0 + self.rows * self.cell + self.font * (1.1 + 1.5 * line)


def export_size(rules: LoadRules, width: int) -> tuple[int, int]:
    """The canvas of an exported animation: `width` wide, square cells."""
    probe = LoadLayout(
        rules.rows, rules.cols, width=width, height=10_000, status_lines=EXPORT_STATUS_LINES
    )
    across = (width - 2 * probe.margin) / rules.cols
    return width, round(probe.top + across * rules.rows + probe.bottom)


def status_lines(state: LoadState) -> list[str]:
    load = state.load
    slider = f" (slider {state.pending_load})" if state.pending_load != load else ""
    facts = (
        f"Stage {state.stage} of {state.board.cells} · Load {load}{slider} · "
        f"red {state.uncleared_red()}/{load} · green {state.uncleared_green()}/{load}"
    )
    last = _last_move_text(state)
    if state.winner == 1:
        outcome = f"Player 1 wins: more than Load {load} uncleared at stage {state.stage}"
    elif state.winner == 2:
        outcome = f"Player 2 wins: held all {state.board.cells} stages"
    else:
        colour = "red" if state.to_move == 1 else "green"
        outcome = f"{last} · player {state.to_move} ({colour}) to move"
    return [facts, outcome]


def _last_move_text(state: LoadState) -> str:
    move = state.last
    if move is None:
        return "New game"
    if isinstance(move, Pass):
        return "Green passed"
    if move.player == 1:
        return f"Red picked {move.cell}"
    return "Green picked " + "+".join(map(str, state.board.pair_of(move.cell)))


def load_scene(
    state: LoadState,
    width: int,
    height: int,
    notes: tuple[str, ...] = (),
    highlight: tuple[int, ...] = (),
) -> Scene:
    """The picture of a Load position; `notes` add status lines (the window's mode, hints)
    and `highlight` outlines the cells of a pair (the one a click would pick)."""
    layout = layout_for(
        state.rules.rows, state.rules.cols, width, height, EXPORT_STATUS_LINES + len(notes)
    )
    shapes: list[Shape] = [title(f"Load · {state.rules.rows}×{state.rules.cols}", width, height)]
    left, top, _ = layout.cell_box(0)
    right, bottom, side = layout.cell_box(state.board.cells - 1)
    shapes.append(
        Rect("board", left - 1, top - 1, right + side - left + 2, bottom + side - top + 2, "grid")
    )
    for cell in range(state.board.cells):
        shapes.extend(_cell_shapes(layout, cell, state.red_state(cell), state.green_state(cell)))
    shapes += _pair_shapes(layout, state.board.cells)
    shapes += _outline(layout, highlight)
    shapes += status_texts(
        [*status_lines(state), *notes],
        layout.margin,
        layout.status_y,
        layout.font,
        layout.width - 2 * layout.margin,
    )
    return Scene(width, height, "canvas", PALETTE, tuple(shapes))


@lru_cache(maxsize=32)
def layout_for(rows: int, cols: int, width: int, height: int, lines: int) -> LoadLayout:
    return LoadLayout(rows, cols, width=width, height=height, status_lines=lines)


@lru_cache(maxsize=65_536)
def _cell_shapes(
    layout: LoadLayout, cell: int, red_state: int, green_state: int
) -> tuple[Shape, ...]:
    """A cell's shapes; cached, since a cell looks the same in most frames."""
    x, y, side = layout.cell_box(cell)
    inner = side - 2
    half = inner // 2
    red = HALF_COLORS["red"].get(red_state, "cell")
    green = HALF_COLORS["green"].get(green_state, "cell")
    size = layout.cell  # the same for every cell, though whole-pixel sides vary by one
    label_w, label_h = round(size * 0.5), round(size * 0.3)
    shapes = [
        Rect(f"red-{cell}", x + 1, y + 1, inner, half, red),
        Rect(f"green-{cell}", x + 1, y + 1 + half, inner, inner - half, green),
    ]
    if size >= 16:
        shapes.append(
            Rect(
                f"label-{cell}",
                x + (side - label_w) // 2,
                y + (side - label_h) // 2,
                label_w,
                label_h,
                "cell",
                radius=round(label_h * 0.3),
            )
        )
        shapes.append(
            Text(
                f"number-{cell}", x + side // 2, y + side // 2, str(cell), round(size * 0.22), "ink"
            )
        )
    return tuple(shapes)


@lru_cache(maxsize=32)
def _pair_shapes(layout: LoadLayout, cells: int) -> tuple[Shape, ...]:
    """Pairs read as dominoes: a pale seam joins cells 2j and 2j+1 where the grid line was;
    a pair that wraps to the next row opens the board's edge on both rows; a lone final
    cell gets a dashed frame."""
    shapes: list[Shape] = []
    for low in range(0, cells - 1, 2):
        x, y, side = layout.cell_box(low)
        shapes.append(Rect(f"seam-{low}", x + side - 1, y + 1, 2, side - 2, "seam"))
        if (low + 1) % layout.cols == 0:
            x, y, side = layout.cell_box(low + 1)
            shapes.append(Rect(f"seam-{low + 1}", x - 1, y + 1, 2, side - 2, "seam"))
    if cells % 2:
        shapes += _outline(layout, (cells - 1,), "muted", dashed=True, key="lone")
    return tuple(shapes)


def _outline(
    layout: LoadLayout,
    cells: tuple[int, ...],
    stroke: str = "ink",
    dashed: bool = False,
    key: str = "highlight",
) -> list[Shape]:
    """A frame around each run of the given cells that shares a row."""
    runs: list[list[int]] = []
    for cell in cells:
        if runs and cell == runs[-1][-1] + 1 and cell % layout.cols:
            runs[-1].append(cell)
        else:
            runs.append([cell])
    width = max(2.0, round(layout.cell * 0.05))
    shapes: list[Shape] = []
    for number, run in enumerate(runs):
        left, top, _ = layout.cell_box(run[0])
        x, _, side = layout.cell_box(run[-1])
        right, bottom = x + side, top + side
        inset = width / 2 + 1
        corners = (
            (left + inset, top + inset),
            (right - inset, top + inset),
            (right - inset, bottom - inset),
            (left + inset, bottom - inset),
            (left + inset, top + inset),
        )
        shapes.append(Line(f"{key}-{number}", corners, stroke, width, dashed))
    return shapes
