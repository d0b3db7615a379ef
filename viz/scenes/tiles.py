"""The Even Odds scene: other hands face up, your hand as colours only, the dispute, scores."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from games.tiles.engine import (
    CHANCE,
    COLORS,
    ROUNDS,
    Choose,
    Deal,
    TilesRules,
    TilesState,
    color_of,
    tile_name,
    value_of,
)
from games.words import sentence
from viz.scene import Line, Palette, Rect, Scene, Shape, Text
from viz.scenes.common import CanvasLayout, status_texts, title

PALETTE = Palette.from_hex(
    {
        "canvas": "#f4f1ea",
        "felt": "#e4ddcc",
        "red": "#d64541",
        "yellow": "#e9b824",
        "green": "#2e9e5b",
        "blue": "#2f6db5",
        "purple": "#8e44ad",
        "back": "#ffffff",
        "ink": "#222222",
        "muted": "#5f5b55",
        "paper": "#ffffff",
    },
    inks=("ink", "muted", "paper"),
)
LIGHT_TILES = {"yellow"}  # tiles whose numbers are printed dark
STATUS_LINES = 2


@dataclass(frozen=True)
class TilesLayout(CanvasLayout):
    players: int

    @cached_property
    def table_width(self) -> float:
        return self.width * 0.3

    @cached_property
    def row(self) -> float:
        """The height of one seat's row of tiles."""
        rows = self.players + 2.6  # every seat, plus the dispute in the middle
        free = self.height - self.top - self.font * (1.0 + 1.5 * self.status_lines)
        return max(18.0, free / rows)

    @cached_property
    def top(self) -> float:
        return self.margin + self.font * 2

    @cached_property
    def tile(self) -> float:
        across = (self.width - self.table_width - 3 * self.margin - 90) / 12.5
        return max(10.0, min(self.row * 0.8, across))

    def seat_y(self, order: int) -> float:
        """Row centre of the seat drawn `order`-th from the top (the dispute sits mid-way)."""
        if order >= self.players - 1:
            return self.top + self.row * (self.players + 1.6) + self.row / 2
        return self.top + self.row * order + self.row / 2

    @cached_property
    def dispute_y(self) -> float:
        return self.top + self.row * (self.players - 1) + self.row * 1.3

    def tile_x(self, index: int) -> float:
        return self.margin + 90 + index * self.tile * 1.08

    def tile_at(self, x: float, y: float, order: int, count: int) -> int | None:
        """The index of the tile of the seat drawn `order`-th under a point."""
        half = self.tile / 2
        if abs(y - self.seat_y(order)) > half * 1.25:
            return None
        for index in range(count):
            if self.tile_x(index) <= x <= self.tile_x(index) + self.tile:
                return index
        return None

    def status_y(self, line: int) -> float:
        return self.height - self.font * (0.9 + 1.5 * (self.status_lines - 1 - line))


def export_size(rules: TilesRules, width: int) -> tuple[int, int]:
    return width, round(width * (0.42 + 0.075 * rules.players))


def seat_order(players: int, viewer: int) -> list[int]:
    """Seats from the top row down; the viewer last, at the bottom."""
    return [(viewer + k) % players for k in range(1, players)] + [viewer]


def seat_label(seat: int, viewer: int | None) -> str:
    return "You" if seat == viewer else f"Seat {seat}"


def hand_slots(state: TilesState, seat: int, hidden: bool) -> list[int]:
    """A seat's tiles as dealt this round, one slot each for the whole round: by colour,
    and by value unless the values are hidden (then in the order dealt, which tells
    nothing). Played tiles leave their slot empty."""
    dealt = state.dealt[seat] if state.dealt else ()
    return sorted(dealt, key=color_of) if hidden else sorted(dealt)


def status_lines(state: TilesState, viewer: int | None) -> list[str]:
    rules = state.rules
    facts = f"Round {max(state.round, 1)} of {ROUNDS} · {rules.players} players"
    if state.current is not None:
        facts += f" · follow {COLORS[state.current]}"
    last = state.last
    if last is None or isinstance(last, Deal):
        done = "Tiles dealt" if last else "New game"
    elif isinstance(last, Choose):
        done = f"{seat_label(last.player, viewer)} chose {COLORS[last.color]}"
    else:
        done = f"{seat_label(last.player, viewer)} played {tile_name(last.tile)}"
    result = state.result()
    if result is not None:
        return [facts, result_text(state, result, viewer)]
    if state.to_move == CHANCE:
        return [facts, f"{done} · next: the deal"]
    mover = seat_label(state.to_move, viewer)
    if state.choosing:
        verb = "choose a colour" if state.to_move == viewer else "chooses a colour"
    else:
        verb = "to play"
    return [facts, f"{done} · {mover} {verb}"]


def result_text(state: TilesState, result: dict, viewer: int | None) -> str:
    """Who won, and how a tie on the lowest total was broken."""
    winners = result["winners"]
    names = sentence(" and ".join(seat_label(s, viewer) for s in winners))
    best = min(result["totals"])
    tied = [s for s, total in enumerate(result["totals"]) if total == best]
    last_round = state.scores[-1][winners[0]]
    if len(winners) > 1:
        return f"{names} share the win: tied on {best}, and on {last_round} in the last round"
    verb = "win" if winners[0] == viewer else "wins"
    if len(tied) > 1:
        return f"{names} {verb}: tied on {best}, lowest last round ({last_round})"
    return f"{names} {verb} with the lowest total, {best}"


def tiles_scene(
    state: TilesState,
    width: int,
    height: int,
    notes: tuple[str, ...] = (),
    viewer: int | None = None,
    selected: int | None = None,
) -> Scene:
    """The table; a `viewer` sees its own tiles as colours only, an export sees all.
    `selected` frames the viewer's tile in that slot (the keyboard's choice)."""
    rules = state.rules
    layout = TilesLayout(
        rules.players, width=width, height=height, status_lines=STATUS_LINES + len(notes)
    )
    shapes: list[Shape] = [
        title(f"Even Odds · round {max(state.round, 1)} of {ROUNDS}", width, height)
    ]
    bottom = viewer if viewer is not None else 0
    for order, seat in enumerate(seat_order(rules.players, bottom)):
        shapes += _seat_shapes(
            state, layout, seat, order, hidden=seat == viewer, label=seat_label(seat, viewer)
        )
    if selected is not None and viewer is not None:
        shapes.append(_frame(layout, seat_order(rules.players, viewer).index(viewer), selected))
    shapes += _dispute_shapes(state, layout, viewer)
    shapes += _score_table(state, layout, viewer)
    shapes += status_texts(
        [*status_lines(state, viewer), *notes],
        layout.margin,
        layout.status_y,
        layout.font,
        layout.width - 2 * layout.margin,
    )
    return Scene(width, height, "canvas", PALETTE, tuple(shapes))


def _tile_shapes(key: str, x: float, y: float, size: float, tile: int, hidden: bool) -> list[Shape]:
    color = COLORS[color_of(tile)]
    shapes: list[Shape] = [Rect(key, x, y - size / 2, size, size, color, radius=size * 0.18)]
    ink = "ink" if color in LIGHT_TILES else "paper"
    shapes.append(
        Text(
            f"{key}-value", x + size / 2, y, "?" if hidden else str(value_of(tile)), size * 0.5, ink
        )
    )
    return shapes


def _seat_shapes(
    state: TilesState, layout: TilesLayout, seat: int, order: int, hidden: bool, label: str
) -> list[Shape]:
    y = layout.seat_y(order)
    shapes: list[Shape] = [
        Text(f"seat-{seat}", layout.margin, y, label, layout.font * 0.9, "ink", "start")
    ]
    if seat == state.to_move:
        shapes.append(Text("turn", layout.margin + 78, y, "▸", layout.font, "ink"))
    held = set(state.hands[seat])
    for index, tile in enumerate(hand_slots(state, seat, hidden)):
        if tile in held:
            shapes += _tile_shapes(
                f"hand-{seat}-{index}", layout.tile_x(index), y, layout.tile, tile, hidden
            )
    return shapes


def _frame(layout: TilesLayout, order: int, index: int) -> Line:
    """An outline around one tile slot of the seat drawn `order`-th."""
    pad = max(2.0, layout.tile * 0.08)
    left, top = layout.tile_x(index) - pad, layout.seat_y(order) - layout.tile / 2 - pad
    right, bottom = left + layout.tile + 2 * pad, top + layout.tile + 2 * pad
    corners = ((left, top), (right, top), (right, bottom), (left, bottom), (left, top))
    return Line("selected", corners, "ink", max(2.0, layout.tile * 0.06))


def _dispute_shapes(state: TilesState, layout: TilesLayout, viewer: int | None) -> list[Shape]:
    plays = state.plays or state.last_dispute
    y = layout.dispute_y
    size = layout.tile * 1.15
    caption = "Dispute" if state.plays else ("Last dispute" if plays else "Dispute")
    shapes: list[Shape] = [
        Rect(
            "felt",
            layout.margin,
            y - size * 0.9,
            layout.width - layout.table_width - 3 * layout.margin,
            size * 1.9,
            "felt",
            radius=8,
        ),
        Text(
            "dispute",
            layout.margin + 8,
            y - size * 0.68,
            caption,
            layout.font * 0.7,
            "muted",
            "start",
        ),
    ]
    for index, (seat, tile) in enumerate(plays):
        x = layout.tile_x(index) + index * size * 0.5
        shapes += _tile_shapes(f"play-{index}", x, y + size * 0.15, size, tile, hidden=False)
        shapes.append(
            Text(
                f"play-{index}-seat",
                x + size / 2,
                y + size * 0.85,
                seat_label(seat, viewer),
                layout.font * 0.6,
                "muted",
            )
        )
    return shapes


def _score_table(state: TilesState, layout: TilesLayout, viewer: int | None) -> list[Shape]:
    x = layout.width - layout.table_width - layout.margin
    step = layout.table_width * 0.62 / (ROUNDS + 1)  # the seat names take the rest
    first = x + layout.table_width * 0.38 + step / 2
    y = layout.top
    size = layout.font * 0.75
    shapes: list[Shape] = [Text("score-head", x, y, "Seat", size, "muted", "start")]
    for r in range(ROUNDS):
        shapes.append(Text(f"score-head-{r}", first + step * r, y, f"R{r + 1}", size, "muted"))
    shapes.append(Text("score-head-total", first + step * ROUNDS, y, "Sum", size, "muted"))
    totals = state.totals()
    for seat in range(state.rules.players):
        row_y = y + layout.font * 1.2 * (seat + 1)
        shapes.append(
            Text(f"score-{seat}", x, row_y, seat_label(seat, viewer), size, "ink", "start")
        )
        for r, scores in enumerate(state.scores):
            shapes.append(
                Text(f"score-{seat}-{r}", first + step * r, row_y, str(scores[seat]), size, "ink")
            )
        shapes.append(
            Text(
                f"score-{seat}-total", first + step * ROUNDS, row_y, str(totals[seat]), size, "ink"
            )
        )
    return shapes
