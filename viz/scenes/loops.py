"""The Odds and Evens scene: two loops crossing at one point, pieces, locks, markers."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from games.loops.engine import LEFT, LOOP_NAMES, RIGHT, Flip, LoopsRules, LoopsState, Place
from games.loops.text import COLOR_NAMES
from games.words import sentence
from viz.scene import Circle, Palette, Ring, Scene, Shape, Text
from viz.scenes.common import CanvasLayout, status_texts, title

PALETTE = Palette.from_hex(
    {
        "canvas": "#f4f1ea",
        "track": "#cfc8b8",
        "slot": "#ffffff",
        "slot-edge": "#b9b1a0",
        "p0": "#2f6db5",
        "p1": "#e0a526",
        "lock": "#222222",
        "marker": "#2a7a3b",
        "flip": "#c0392b",
        "threat": "#a89f8d",
        "ink": "#222222",
        "muted": "#5f5b55",
    },
    inks=("ink", "muted"),
)
PIECE_COLORS = ("p0", "p1")
STATUS_LINES = 2


@dataclass(frozen=True)
class LoopsLayout(CanvasLayout):
    """Where the two loops and their slots sit on a width x height canvas."""

    capacity: int

    @cached_property
    def board_bottom(self) -> float:
        return self.height - self.font * (0.8 + 1.5 * self.status_lines)

    @cached_property
    def radius(self) -> float:
        top = self.margin + self.font * 2.2
        across = (self.width - 2 * self.margin) / 4.6
        down = (self.board_bottom - top - self.font * 2.4) / 2.5
        return max(20.0, min(across, down))

    @cached_property
    def crossing(self) -> tuple[float, float]:
        top = self.margin + self.font * 2.2
        return self.width / 2, top + self.radius * 1.25

    @cached_property
    def slot_radius(self) -> float:
        spacing = 2 * math.pi * self.radius / (self.capacity + 1)
        return max(5.0, min(spacing * 0.3, self.radius * 0.26))

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

    def status_y(self, line: int) -> float:
        return self.board_bottom + self.font * (0.9 + 1.5 * line)


def export_size(rules: LoopsRules, width: int) -> tuple[int, int]:
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
        loser = 1 - state.winner
        return [facts, f"{done} · {sentence(names[state.winner])} wins: {names[loser]} cannot move"]
    return [facts, f"{done} · {sentence(names[state.to_move])} to move"]


def loops_scene(
    state: LoopsState,
    width: int,
    height: int,
    notes: tuple[str, ...] = (),
    viewer: int | None = None,
    names: tuple[str, str] = COLOR_NAMES,
) -> Scene:
    """The board; with a `viewer`, also that side's placement, flip and threat rings."""
    layout = LoopsLayout(
        state.rules.capacity, width=width, height=height, status_lines=STATUS_LINES + len(notes)
    )
    shapes: list[Shape] = [title("Odds and Evens", width, height)]
    for loop in (LEFT, RIGHT):
        shapes += _loop_shapes(state, layout, loop)
        if viewer is not None:
            shapes += _marker_shapes(state, layout, loop, viewer)
    x, y = layout.crossing
    shapes.append(Circle("crossing", x, y, max(3.0, layout.slot_radius * 0.25), "track"))
    shapes += status_texts(
        [*status_lines(state, names), *notes],
        layout.margin,
        layout.status_y,
        layout.font,
        layout.width - 2 * layout.margin,
    )
    return Scene(width, height, "canvas", PALETTE, tuple(shapes))


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
