"""The Load scene: the numbered grid, red top halves, green bottom halves, status lines."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache

from games.load import DIM, ON, LoadRules, LoadState, Pass, Pick
from games.words import held, listed
from viz.scenes.common import (
    MIN_EXPORT_TEXT,
    MIN_EXPORT_WIDTH,
    CanvasLayout,
    LegendItem,
    kept_status_rows,
    legend,
    legend_lines_needed,
    text_width,
    title,
)
from viz.scenes.kit import SceneKit
from viz.scenes.shapes import Line, Palette, Rect, Scene, Shape, Text, frame
from viz.scenes.viewport import Viewport

PALETTE = Palette.from_hex(
    {
        "canvas": "#f2efe8",
        "grid": "#b9b3a6",
        "seam": "#e6e1d6",
        "cell": "#ffffff",
        "red": "#b0001d",
        "red-dim": "#c3707a",
        "green": "#146233",
        "green-dim": "#5e8e6e",
        "ink": "#222222",
        "muted": "#5f5b55",
    },
    inks=("ink", "muted"),
)
# For readers who need more: black on white, text at 7:1 and more, fills further apart.
HIGH_CONTRAST = Palette.from_hex(
    {
        "canvas": "#ffffff",
        "grid": "#595959",
        "seam": "#d0d0d0",
        "cell": "#ffffff",
        "red": "#9e0014",
        "red-dim": "#d9707c",
        "green": "#0b4d24",
        "green-dim": "#5a9a70",
        "ink": "#000000",
        "muted": "#333333",
    },
    inks=("ink", "muted"),
)
PALETTES = {"default": PALETTE, "high-contrast": HIGH_CONTRAST}
HALF_COLORS = {"red": {ON: "red", DIM: "red-dim"}, "green": {ON: "green", DIM: "green-dim"}}
EXPORT_STATUS_LINES = 3  # facts, and the latest move with what it cleared, wrapped
MIN_CELL = 42  # px: an export's cell numbers stay at least 9 px high, at any --size
TALLEST = 1.3  # an export is at most this many times as high as wide, unless cells need it
NUMBER_SCALE = 0.22  # a cell's number, in cells (never under MIN_EXPORT_TEXT)
PLATE_W, PLATE_H = 0.5, 0.3  # the plate under a cell's number, in cells ...
# px: ... and at least this much wider than the widest number and higher than its size
# (small enough that a picture's cells, 42 px and more, keep their shares of the cell)
PLATE_PAD_X, PLATE_PAD_Y = 2, 3
MARK_ROOM = 5  # px: from a cell's edge to its number's plate, for the frames and brackets


@dataclass(frozen=True)
class LoadLayout(CanvasLayout):
    """Where everything goes on a width x height canvas; also answers clicks. Cells are
    whole pixels and all the same size, so every grid line is sharp and evenly spaced."""

    rows: int
    cols: int
    # None: the board fits the canvas (a picture). Else a window's: cells large enough
    # for 9 px numbers, the board scrolled by this much (px right and down) if too large.
    scroll: tuple[int, int] | None = None

    @cached_property
    def board_height(self) -> float:
        return self.height - self.header - self.status_height - self.margin

    @cached_property
    def cell(self) -> int:
        across = (self.width - 2 * self.margin) / self.cols
        least = 4 if self.scroll is None else least_cell(self.rows * self.cols)
        return max(least, int(min(across, self.board_height / self.rows)))

    @cached_property
    def view(self) -> Viewport:
        """The board's room under the legend and over the status, and the part of the
        board in it."""
        bottom = self.header + self.board_height
        area = (self.margin, self.header, self.width - self.margin, bottom)
        extent = (self.cell * self.cols, self.cell * self.rows)
        return Viewport.clamped(area, extent, self.scroll or (0, 0))

    @cached_property
    def origin(self) -> tuple[int, int]:
        return self.view.origin

    def cell_box(self, cell: int) -> tuple[int, int, int]:
        """Left, top and side of a cell's square."""
        row, col = divmod(cell, self.cols)
        x0, y0 = self.origin
        return x0 + col * self.cell, y0 + row * self.cell, self.cell

    def cell_at(self, x: float, y: float) -> int | None:
        """The cell at a point, if one is there and in view."""
        if self.scroll is not None and not self.view.contains(x, y):
            return None
        x0, y0 = self.origin
        col, row = int((x - x0) // self.cell), int((y - y0) // self.cell)
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row * self.cols + col
        return None


def export_size(rules: LoadRules, width: int) -> tuple[int, int]:
    """The canvas of an exported animation: `width` wide unless the board's cells need
    more room to keep their numbers legible, then as wide as they need."""
    width = max(width, MIN_EXPORT_WIDTH)
    probe = layout_for(rules.rows, rules.cols, width, width, EXPORT_STATUS_LINES)
    frame = probe.header + probe.status_height + probe.margin
    across = (width - 2 * probe.margin) / rules.cols
    tall = (TALLEST * width - frame) / rules.rows
    cell = max(MIN_CELL, min(across, tall))
    wide = max(width, math.ceil(cell * rules.cols + 2 * probe.margin))
    if wide > width:
        return export_size(rules, wide)
    return width, math.ceil(frame + cell * rules.rows) + 1


def number_size(side: int) -> int:
    """A cell's number: NUMBER_SCALE of the cell, and never under MIN_EXPORT_TEXT."""
    return max(round(MIN_EXPORT_TEXT), round(side * NUMBER_SCALE))


def plate_size(side: int, cells: int) -> tuple[int, int]:
    """The plate under the numbers of a board of `cells`: its share of the cell, and never
    narrower than the board's widest number nor lower than its size."""
    size = number_size(side)
    wide = math.ceil(text_width(str(cells - 1), size) + PLATE_PAD_X)
    return max(round(side * PLATE_W), wide), max(round(side * PLATE_H), size + PLATE_PAD_Y)


@lru_cache(maxsize=64)
def least_cell(cells: int) -> int:
    """The smallest cell that shows its number at MIN_EXPORT_TEXT: the plate and, on each
    side, room for the marks. A smaller cell shows its colours only."""
    side = round(MIN_EXPORT_TEXT)
    return max(plate_size(side, cells)) + 2 * MARK_ROOM


def status_lines(state: LoadState) -> list[str]:
    load = state.load
    slider = f" (slider {state.pending_load})" if state.pending_load != load else ""
    facts = (
        f"Stage {state.stage} of {state.board.cells} · Load {load}{slider} · "
        f"red {state.uncleared_red()}/{load} · green {state.uncleared_green()}/{load}"
    )
    done = _last_move_text(state) + _cleared_text(state)
    if state.to_move is None:  # the last move's words stay beside the result
        return [facts, f"{done} · {outcome_words(state)}"]
    return [facts, f"{done} · {SEAT_NAMES[state.to_move]} to move"]


def cleared_now(state: LoadState) -> tuple[list[int], list[int]]:
    """The red cells and the green cells the latest move cleared."""
    red, green = state.cleared_now
    cells = range(state.board.cells)
    return [c for c in cells if red >> c & 1], [c for c in cells if green >> c & 1]


def _cleared_text(state: LoadState) -> str:
    """ ", clearing red 37" or ", clearing green 10+11": what the latest pick cleared."""
    red, green = cleared_now(state)
    return clearing_words(state, [str(cell) for cell in red], green)


def clearing_words(state: LoadState, red: list[str], green: list[int]) -> str:
    """ ", clearing red 37" or ", clearing green 12+13 and 14+15": the red cells and the
    pairs of the green cells a pick cleared ("" for none)."""
    pairs = sorted({"+".join(map(str, state.board.pair_of(cell))) for cell in green})
    cleared = [f"red {listed(red)}"] * bool(red) + [f"green {listed(pairs)}"] * bool(pairs)
    return ", clearing " + " and ".join(cleared) if cleared else ""


def outcome_words(state: LoadState) -> str:
    """Who won and why; empty while the game goes on."""
    if state.winner == 1:
        return player_1_win_text(state)
    if state.winner == 2:
        return f"Green wins: held all {state.board.cells} stages"
    return ""


def player_1_win_text(state: LoadState) -> str:
    """Which colour went over the Load, by how much, and when."""
    over = [
        f"{count} uncleared {colour}"
        for colour, count in (("red", state.uncleared_red()), ("green", state.uncleared_green()))
        if count > state.load
    ]
    stage = held("at", "stage", str(state.stage))
    return f"Red wins: {' and '.join(over)}, {held('Load', str(state.load))}, {stage}"


def _last_move_text(state: LoadState) -> str:
    move = state.last
    if move is None:
        return "New game"
    if isinstance(move, Pass):
        return "Green passed"
    if move.player == 1:
        return f"Red picked {move.cell}"
    return "Green picked " + "+".join(map(str, state.board.pair_of(move.cell)))


def advice(state: LoadState, move: Pick | Pass) -> str:
    """A move the side to move may make, as advice: "Pick red 7", "Pick green 44+45"."""
    if isinstance(move, Pass):
        return "Pass"
    if move.player == 1:
        return f"Pick red {move.cell}"
    return "Pick green " + "+".join(map(str, state.board.pair_of(move.cell)))


def move_words(before: LoadState, after: LoadState) -> str:
    """The latest move in words, with what it cleared: colours are not the only signal."""
    cells = range(after.board.cells)
    red = [str(c) for c in cells if before.red_state(c) == ON and after.red_state(c) == DIM]
    green = [c for c in cells if before.green_state(c) == ON and after.green_state(c) == DIM]
    words = _last_move_text(after) + clearing_words(after, red, green)
    if after.load != before.load:
        words += f"; the Load is now {after.load}"
    return words


def last_move_cells(state: LoadState) -> tuple[int, ...]:
    """The cells the latest pick took: one for red, the pair for green, none for a pass."""
    move = state.last
    if move is None or isinstance(move, Pass):
        return ()
    return (move.cell,) if move.player == 1 else state.board.pair_of(move.cell)


ALWAYS_IN_LEGEND = (
    LegendItem("red", "red", "red"),
    LegendItem("green", "green", "green"),
    LegendItem("cleared-red", "cleared red", "red-dim"),
    LegendItem("cleared-green", "cleared green", "green-dim"),
    LegendItem("last", "latest pick", "ink", "frame"),
)
JUST_CLEARED = LegendItem("cleared-now", "just cleared", "ink", "dashed-frame")
NO_PAIR = LegendItem("lone", "no pair", "muted", "strike")


def legend_items(state: LoadState) -> list[LegendItem]:
    """Every mark the board may show, in the same places from frame to frame (so nothing
    jumps when a mark comes and goes); the Load last, since its words change and the
    status line says it too: where room is short it is the first to go."""
    slider = f" · slider {state.pending_load}" if state.pending_load != state.load else ""
    items = [*ALWAYS_IN_LEGEND, JUST_CLEARED]
    if state.board.cells % 2:
        items.append(NO_PAIR)
    items.append(LegendItem("load", f"Load {state.load}{slider}", "ink", "none"))
    return items


def load_scene(
    state: LoadState,
    width: int,
    height: int,
    *,
    notes: tuple[str, ...] = (),
    max_font: float = math.inf,
    palette: str = "default",
    scroll: tuple[int, int] | None = None,
) -> Scene[LoadLayout]:
    """The picture of a Load position; `notes` add status lines (the window's mode, hints).
    With `scroll` (a window's), cells are never too small for their numbers: a board then
    too large for its room is drawn scrolled by that much, the rest covered (see
    `LoadLayout.scroll`)."""
    rows, lines = kept_status_rows(
        status_lines(state), notes, EXPORT_STATUS_LINES, width, height, max_font
    )
    layout = layout_for(state.rules.rows, state.rules.cols, width, height, lines, max_font, scroll)
    left, top, _ = layout.cell_box(0)
    right, bottom, side = layout.cell_box(state.board.cells - 1)
    shapes: list[Shape] = [
        Rect("board", left - 1, top - 1, right + side - left + 2, bottom + side - top + 2, "grid")
    ]
    for cell, (red, green) in enumerate(state.half_states()):
        shapes += _cell_shapes(layout, cell, red, green)
    shapes += _pair_shapes(layout, state.board.cells)
    shapes += _outline(layout, last_move_cells(state))
    shapes += _cleared_marks(layout, *cleared_now(state))
    shapes += layout.view.cover(width, height)  # the title, legend and status lie on it
    shapes.append(title(f"Load · {state.rules.rows}×{state.rules.cols}", layout))
    shapes += legend(legend_items(state), layout)
    shapes += layout.status(rows)
    return Scene(width, height, "canvas", PALETTES[palette], tuple(shapes), layout)


def status_room(state: LoadState, width: int, height: int, notes: tuple[str, ...] = ()) -> int:
    """The status rows `load_scene` keeps for the position on this canvas, told without
    making the scene."""
    return kept_status_rows(status_lines(state), notes, EXPORT_STATUS_LINES, width, height)[1]


@lru_cache(maxsize=32)
def layout_for(
    rows: int,
    cols: int,
    width: int,
    height: int,
    lines: int,
    max_font: float = math.inf,
    scroll: tuple[int, int] | None = None,
) -> LoadLayout:
    return LoadLayout(
        rows,
        cols,
        scroll,
        width=width,
        height=height,
        status_lines=lines,
        max_font=max_font,
        legend_lines=legend_lines(width, max_font),
    )


# The longest legend a Load picture can have: its rows are kept in every frame.
LONGEST_LEGEND = [
    *ALWAYS_IN_LEGEND,
    JUST_CLEARED,
    LegendItem("load", "Load 10 · slider 10", "ink", "none"),
    NO_PAIR,
]


@lru_cache(maxsize=64)
def legend_lines(width: int, max_font: float) -> int:
    """Legend rows enough for every entry (two at most; past that the last entries go)."""
    return min(2, legend_lines_needed(LONGEST_LEGEND, width, max_font))


@lru_cache(maxsize=4096)  # a 20x20 board in every state at one size; a resize starts anew
def _cell_shapes(
    layout: LoadLayout, cell: int, red_state: int, green_state: int
) -> tuple[Shape, ...]:
    """A cell's shapes; cached, since a cell looks the same in most frames."""
    x, y, side = layout.cell_box(cell)
    inner = side - 2
    half = inner // 2
    red = HALF_COLORS["red"].get(red_state, "cell")
    green = HALF_COLORS["green"].get(green_state, "cell")
    label_w, label_h = plate_size(side, layout.rows * layout.cols)
    # The red half reaches one pixel under the green one: scaled, two halves that only met
    # would show a hairline of the grid through an empty cell where their edges blend.
    shapes: list[Shape] = [
        Rect(f"red-{cell}", x + 1, y + 1, inner, half + 1, red),
        Rect(f"green-{cell}", x + 1, y + 1 + half, inner, inner - half, green),
    ]
    if side >= least_cell(layout.rows * layout.cols):
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
            Text(f"number-{cell}", x + side / 2, y + side / 2, str(cell), number_size(side), "ink")
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
        shapes.append(_struck_green_half(layout, cells - 1))
    return tuple(shapes)


def _struck_green_half(layout: LoadLayout, cell: int) -> Line:
    """A line across the green half of the lone final cell, which no pair can take: a
    mark of its own, apart from the frames of the latest pick and the just cleared."""
    x, y, side = layout.cell_box(cell)  # a slash in the half's far corner, clear of the
    points = ((x + side * 0.6, y + side * 0.92), (x + side * 0.92, y + side * 0.62))  # number
    return Line("lone-0", points, "muted", max(1.5, round(layout.cell * 0.03)))


def _cleared_marks(layout: LoadLayout, red: list[int], green: list[int]) -> list[Shape]:
    """A dashed bracket in ink around each half the latest pick cleared."""
    width = max(1.5, round(layout.cell * 0.04))
    return [
        half_bracket(layout, cell, colour, f"cleared-{colour}-{cell}", "ink", width, True)
        for colour, cells in (("red", red), ("green", green))
        for cell in cells
    ]


def half_bracket(
    layout: LoadLayout,
    cell: int,
    colour: str,
    key: str,
    stroke: str,
    width: float,
    dashed: bool = False,
) -> Line:
    """A bracket around a cell's half, open towards the cell's middle so that it never
    crosses the number: a red half is the top of its cell, a green half the bottom."""
    x, y, side = layout.cell_box(cell)
    inset = width / 2 + 2
    left, right, middle = x + inset, x + side - inset, y + side / 2
    edge = y + inset if colour == "red" else y + side - inset
    points = ((left, middle), (left, edge), (right, edge), (right, middle))
    return Line(key, points, stroke, width, dashed)


def _outline(
    layout: LoadLayout,
    cells: tuple[int, ...],
    stroke: str = "ink",
    dashed: bool = False,
    key: str = "last-move",
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
        inset = width / 2 + 1
        box = (left + inset, top + inset, x + side - inset, top + side - inset)
        shapes.append(frame(f"{key}-{number}", box, stroke, width, dashed))
    return shapes


SEAT_NAMES = {1: "Red", 2: "Green"}


def targets(state: LoadState, move: Pick | Pass) -> tuple[str, ...]:
    """A pick is played by a click on its cell, either half (as in the window); green's
    on either cell of its pair."""
    if not isinstance(move, Pick):
        return ()
    cells = state.board.pair_of(move.cell) if move.player == 2 else (move.cell,)
    return tuple(f"{half}-{cell}" for cell in cells for half in ("red", "green"))


KIT = SceneKit(
    load_scene,
    export_size,
    PALETTES,
    status_lines,
    move_words,
    outcome_words,
    advice,
    seat_name=SEAT_NAMES.__getitem__,
    status_room=status_room,
    targets=targets,
)
