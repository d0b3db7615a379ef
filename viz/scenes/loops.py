"""The Odds and Evens scene: two loops crossing at one point, pieces, locks, markers."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from games.loops.engine import LEFT, LOOP_NAMES, RIGHT, Flip, LoopsRules, LoopsState, Place
from games.loops.text import COLOR_NAMES, read_back
from games.words import sentence
from viz.scenes.common import (
    MIN_EXPORT_WIDTH,
    CanvasLayout,
    LegendItem,
    kept_status_rows,
    legend,
    title,
)
from viz.scenes.kit import SceneKit
from viz.scenes.shapes import Circle, Palette, Ring, Scene, Shape, Text

PALETTE = Palette.from_hex(
    {
        "canvas": "#f4f1ea",
        "track": "#e2ddd2",
        "slot": "#ffffff",
        "slot-edge": "#777060",
        "p0": "#336fc4",
        "p1": "#986a00",
        "lock": "#222222",
        "marker": "#2a7a3b",
        "flip": "#c0392b",
        "threat": "#7d7564",
        "last": "#7a3db8",
        "ink": "#222222",
        "muted": "#5f5b55",
    },
    inks=("ink", "muted"),
)
# For readers who need more: black on white, text at 7:1 and more.
HIGH_CONTRAST = Palette.from_hex(
    {
        "canvas": "#ffffff",
        "track": "#e6e6e6",
        "slot": "#ffffff",
        "slot-edge": "#4d4d4d",
        "p0": "#1f5fc0",
        "p1": "#946500",
        "lock": "#000000",
        "marker": "#1e6b2f",
        "flip": "#b3261a",
        "threat": "#595959",
        "last": "#6a1fb0",
        "ink": "#000000",
        "muted": "#333333",
    },
    inks=("ink", "muted"),
)
PALETTES = {"default": PALETTE, "high-contrast": HIGH_CONTRAST}
PIECE_COLORS = ("p0", "p1")
STATUS_LINES = 2


@dataclass(frozen=True)
class LoopsLayout(CanvasLayout):
    """Where the two loops and their slots sit on a width x height canvas."""

    capacity: int

    @cached_property
    def board_bottom(self) -> float:
        return self.height - self.status_height - self.margin

    @cached_property
    def radius(self) -> float:
        across = (self.width - 2 * self.margin) / 4.6
        down = (self.board_bottom - self.header - self.font * 2.2) / 2.6
        return max(8.0, min(across, down))

    @cached_property
    def crossing(self) -> tuple[float, float]:
        return self.width / 2, self.header + self.radius * 1.3

    @cached_property
    def slot_radius(self) -> float:
        """Slots, with the rings around them (at most 1.3 radii), never meet: neither
        along a loop nor across the crossing, where the first (and the last) slots of the
        two loops lie 2R(1 - cos step) apart."""
        step = 2 * math.pi / (self.capacity + 1)
        spacing = step * self.radius
        across = 2 * self.radius * (1 - math.cos(step))
        return max(3.0, min(spacing * 0.3, self.radius * 0.26, across / 2.7))

    def centre(self, loop: int) -> tuple[float, float]:
        x, y = self.crossing
        return (x - self.radius, y) if loop == LEFT else (x + self.radius, y)

    def slot(self, loop: int, index: int) -> tuple[float, float]:
        """Slot `index` of a loop; slots run from the crossing point upward and around."""
        step = 2 * math.pi * (index + 1) / (self.capacity + 1)
        angle = step if loop == LEFT else math.pi - step
        cx, cy = self.centre(loop)
        return cx + self.radius * math.cos(angle), cy - self.radius * math.sin(angle)

    def slot_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The (loop, slot) under a point, with a generous touch margin."""
        reach = self.slot_radius * 1.35
        for loop in (LEFT, RIGHT):
            for index in range(self.capacity):
                sx, sy = self.slot(loop, index)
                if (x - sx) ** 2 + (y - sy) ** 2 <= reach**2:
                    return loop, index
        return None


def export_size(rules: LoopsRules, width: int) -> tuple[int, int]:
    width = max(width, MIN_EXPORT_WIDTH)
    return width, round(width * 0.72)


def loop_caption(state: LoopsState, loop: int) -> str:
    status = state.loop_status(loop)
    if status in ("full", "jammed"):
        return f"{LOOP_NAMES[loop].capitalize()}: {status}"
    return f"{LOOP_NAMES[loop].capitalize()}: forces {status}"


def status_lines(state: LoopsState, names: tuple[str, str]) -> list[str]:
    flips = state.flips_left
    facts = (
        f"{loop_caption(state, LEFT)} · {loop_caption(state, RIGHT)} · flips: "
        f"{names[0]} {flips[0]}, {names[1]} {flips[1]}"
    )
    last = state.last
    if last is None:
        done = "New game"
    else:
        verb = "flipped" if isinstance(last, Flip) else "placed on"
        done = sentence(f"{names[last.player]} {verb} {LOOP_NAMES[last.loop]}")
    if state.winner is not None:
        return [facts, outcome_words(state, names)]
    assert state.to_move is not None  # no winner yet: someone is to move
    return [facts, f"{done} · {sentence(names[state.to_move])} to move"]


def outcome_words(state: LoopsState, names: tuple[str, str] = COLOR_NAMES) -> str:
    """Who won and why; empty while the game goes on."""
    if state.winner is None:
        return ""
    loser = 1 - state.winner
    winner = sentence(names[state.winner])
    verb = "win" if winner == "You" else "wins"  # "You win", "The AI wins", "Blue wins"
    return f"{winner} {verb}: {names[loser]} cannot move, {no_move_reason(state, loser)}"


def move_words(before: LoopsState, after: LoopsState, names: tuple[str, str] = COLOR_NAMES) -> str:
    """The latest move in words: which side (by `names`), placed how many or flipped, on
    which loop."""
    move = after.last
    assert move is not None  # `after` follows a move
    name = sentence(names[move.player])
    loop = LOOP_NAMES[move.loop]
    then = loop_now(after, move.loop)
    if isinstance(move, Flip):
        mine = COLOR_NAMES[move.player]
        return f"{name} flipped the newest piece on {loop}, locking it {mine} ({then})"
    return f"{name} placed {pieces(after.placed)} on {loop} ({then})"


def loop_now(state: LoopsState, loop: int) -> str:
    """What a loop asks of the next move: "now forces 1", "now full"."""
    status = state.loop_status(loop)
    if status == "jammed":
        return "now jammed: it forces 2 with 1 slot left"
    return "now full" if status == "full" else f"now forces {status}"


def pieces(count: int) -> str:
    """ "1 piece", "2 pieces": digits, as everywhere a number is counted."""
    return f"{count} piece{'' if count == 1 else 's'}"


def advice(state: LoopsState, move: Place | Flip) -> str:
    """A move the side to move may make, as advice: "Place 2 pieces on the left loop"."""
    loop = LOOP_NAMES[move.loop]
    if isinstance(move, Flip):
        return f"Flip the newest piece on {loop}"
    placed = state.copy()
    placed.apply(move)
    count = pieces(placed.placed)
    return f"Place {count} on {loop}"


def no_move_reason(state: LoopsState, player: int) -> str:
    """Why `player` has no move: what the loops are, and why no flip helps."""
    statuses = [state.loop_status(loop) for loop in (LEFT, RIGHT)]
    if statuses == ["full", "full"]:
        return "both loops full"
    loops = (
        "both loops jammed"
        if statuses == ["jammed", "jammed"]
        else f"left {statuses[0]}, right {statuses[1]}"
    )
    flips = "no flips left" if not state.flips_left[player] else "nothing to flip"
    return f"{loops}, {flips}"


def legend_items(names: tuple[str, str], markers: bool) -> list[LegendItem]:
    """The sides' colours and the rings; the window's move markers when it shows them."""
    items = [
        LegendItem("p0", names[0], "p0", "dot"),
        LegendItem("p1", names[1], "p1", "dot"),
        LegendItem("lock", "locked", "lock", "ring"),
        LegendItem("last", "latest move", "last", "ring"),
    ]
    if markers:
        items += [
            LegendItem("marker", "+N forced", "marker", "dashed"),
            LegendItem("flip", "flip", "flip", "dashed"),
            LegendItem("threat", "flippable", "threat", "dashed"),
        ]
    return items


def status_room(state: LoopsState, width: int, height: int, notes: tuple[str, ...] = ()) -> int:
    """The status rows `loops_scene` keeps for the position on this canvas (its own
    colour names), told without making the scene."""
    lines = status_lines(state, COLOR_NAMES)
    return kept_status_rows(lines, notes, STATUS_LINES, width, height)[1]


def loops_scene(
    state: LoopsState,
    width: int,
    height: int,
    *,
    notes: tuple[str, ...] = (),
    viewer: int | None = None,
    names: tuple[str, str] = COLOR_NAMES,
    max_font: float = math.inf,
    palette: str = "default",
) -> Scene[LoopsLayout]:
    """The board; with a `viewer`, also that side's placement, flip and threat rings."""
    rows, lines = kept_status_rows(
        status_lines(state, names), notes, STATUS_LINES, width, height, max_font
    )
    layout = LoopsLayout(
        state.rules.capacity, width=width, height=height, status_lines=lines, max_font=max_font
    )
    shapes: list[Shape] = [title("Odds and Evens", layout)]
    shapes += legend(legend_items(names, markers=viewer is not None), layout)
    for loop in (LEFT, RIGHT):
        shapes += _loop_shapes(state, layout, loop)
        if viewer is not None:
            shapes += _marker_shapes(state, layout, loop, viewer)
    x, y = layout.crossing
    shapes.append(Circle("crossing", x, y, max(3.0, layout.slot_radius * 0.25), "track"))
    shapes += _last_move_shapes(state, layout)
    shapes += layout.status(rows)
    return Scene(width, height, "canvas", PALETTES[palette], tuple(shapes), layout)


def _last_move_shapes(state: LoopsState, layout: LoopsLayout) -> list[Shape]:
    """A ring around each piece the latest move put down, or around the piece it flipped."""
    move = state.last
    if move is None:
        return []
    filled = len(state.pieces[move.loop])
    changed = range(filled - state.placed, filled) if state.placed else [filled - 1]
    r = layout.slot_radius
    return [
        Ring(
            f"last-move-{number}",
            *layout.slot(move.loop, index),
            r * 1.12,
            "last",
            max(1.5, r * 0.12),
            dashed=False,
        )
        for number, index in enumerate(changed)
    ]


def _loop_shapes(state: LoopsState, layout: LoopsLayout, loop: int) -> list[Shape]:
    cx, cy = layout.centre(loop)
    name = LOOP_NAMES[loop]
    shapes: list[Shape] = [
        Ring(
            f"track-{name}",
            cx,
            cy,
            layout.radius,
            "track",
            max(2.0, layout.radius * 0.03),
            dashed=False,
        ),
        Text(
            f"caption-{name}",
            cx,
            cy + layout.radius + layout.slot_radius + layout.font,
            loop_caption(state, loop),
            layout.font,
            "ink",
        ),
    ]
    pieces, locked = state.pieces[loop], state.locked[loop]
    r = layout.slot_radius
    for index in range(layout.capacity):
        x, y = layout.slot(loop, index)
        key = f"slot-{name}-{index}"
        if index < len(pieces):
            shapes.append(Circle(key, x, y, r, PIECE_COLORS[pieces[index]]))
            if locked[index]:
                shapes.append(
                    Ring(
                        f"lock-{name}-{index}",
                        x,
                        y,
                        r * 0.62,
                        "lock",
                        max(2.0, r * 0.16),
                        dashed=False,
                    )
                )
        else:
            shapes.append(Circle(key, x, y, r, "slot"))
            shapes.append(Ring(f"edge-{name}-{index}", x, y, r, "slot-edge", 1.5, dashed=False))
    return shapes


def _marker_shapes(state: LoopsState, layout: LoopsLayout, loop: int, viewer: int) -> list[Shape]:
    name, r = LOOP_NAMES[loop], layout.slot_radius
    pieces = state.pieces[loop]
    shapes: list[Shape] = []
    mine_to_move = state.to_move == viewer
    if mine_to_move and state.why_illegal(Place(viewer, loop)) is None:
        x, y = layout.slot(loop, len(pieces))
        shapes.append(Ring(f"place-{name}", x, y, r * 1.22, "marker", max(2.0, r * 0.14)))
        shapes.append(
            Text(f"place-count-{name}", x, y, f"+{state.forced(loop)}", max(10.0, r * 0.8), "ink")
        )
    if not pieces:
        return shapes
    x, y = layout.slot(loop, len(pieces) - 1)
    if mine_to_move and state.why_illegal(Flip(viewer, loop)) is None:
        shapes.append(Ring(f"flip-{name}", x, y, r * 1.3, "flip", max(2.5, r * 0.18)))
    opponent = 1 - viewer
    if pieces[-1] == viewer and state.flippable(loop, opponent) and state.flips_left[opponent]:
        shapes.append(Ring(f"threat-{name}", x, y, r * 1.3, "threat", max(1.5, r * 0.08)))
    return shapes


def _status(state: LoopsState) -> list[str]:
    return status_lines(state, COLOR_NAMES)


def target(state: LoopsState, move: Place | Flip) -> str:
    """The slot a move is played on: the loop's first free one, or its newest piece."""
    filled = len(state.pieces[move.loop])
    return f"slot-{LOOP_NAMES[move.loop]}-{filled - 1 if isinstance(move, Flip) else filled}"


KIT = SceneKit(
    loops_scene,
    export_size,
    PALETTES,
    _status,
    move_words,
    outcome_words,
    advice,
    read_back,
    seat_name=lambda player: sentence(COLOR_NAMES[player]),
    status_room=status_room,
    targets=lambda state, move: (target(state, move),),
)
