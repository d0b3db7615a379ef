"""The Even Odds scene: other hands face up, your hand as colours only, the dispute, scores."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from games.tiles.engine import (
    CHANCE,
    COLORS,
    HAND_SIZES,
    ROUNDS,
    Choose,
    Deal,
    Play,
    TilesRules,
    TilesState,
    color_of,
    dispute_result,
    tile_name,
    value_of,
)
from games.words import sentence
from viz.scenes.common import (
    MIN_EXPORT_WIDTH,
    CanvasLayout,
    LegendItem,
    legend,
    status_rows,
    text_width,
    title,
)
from viz.scenes.shapes import Line, Palette, Rect, Scene, Shape, Text, frame

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
        "mark": "#f6dd8c",
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
        "mark": "#ffe066",
    },
    inks=("ink", "muted", "paper"),
)
PALETTES = {"default": PALETTE, "high-contrast": HIGH_CONTRAST}
LIGHT_TILES = {"yellow"}  # tiles whose numbers are printed dark, in a dark edge
# Colour is never the only cue: each tile carries its colour's letter before its number.
LETTERS = {"red": "R", "yellow": "Y", "green": "G", "blue": "B", "purple": "P"}
STATUS_LINES = 2
MIN_TILE_TEXT = 9  # px: a tile whose label would be smaller shows its colour only


@dataclass(frozen=True)
class TilesLayout(CanvasLayout):
    """Seats down the left (you at the bottom), the dispute between them, the score table
    at the top right; every width comes from the text and tile sizes, so nothing meets."""

    players: int

    @cached_property
    def small(self) -> float:
        """Score table, dispute caption and labels."""
        return self.font * 0.75

    @cached_property
    def label_width(self) -> float:
        """Room for the seat names and the turn marker left of the hands."""
        return text_width("Seat 5", self.font * 0.9) + self.font * 1.4

    @cached_property
    def column(self) -> float:
        return text_width("Sum", self.small) + self.small

    @cached_property
    def name_column(self) -> float:
        return text_width("Seat 5", self.small) + self.small

    @cached_property
    def table_width(self) -> float:
        return self.name_column + self.column * (ROUNDS + 1)

    @cached_property
    def table_x(self) -> float:
        return self.width - self.margin - self.table_width

    @cached_property
    def row(self) -> float:
        """The height of one seat's row of tiles."""
        rows = self.players + 3.0  # every seat, plus the dispute in the middle
        free = self.height - self.header - self.status_height - self.margin
        return max(6.0, free / rows)

    @cached_property
    def tile(self) -> float:
        hand = self.table_x - self.margin * 2 - self.label_width
        return max(2.0, min(self.row * 0.8, hand / (HAND_SIZES[self.players] * 1.08)))

    def seat_y(self, order: int) -> float:
        """Row centre of the seat drawn `order`-th from the top (the dispute sits mid-way)."""
        if order >= self.players - 1:
            return self.header + self.row * (self.players + 2.0) + self.row / 2
        return self.header + self.row * order + self.row / 2

    @cached_property
    def dispute_tile(self) -> float:
        return self.tile * 1.15

    @cached_property
    def caption(self) -> float:
        return min(self.small, self.dispute_tile * 0.5)

    @cached_property
    def felt_top(self) -> float:
        return self.header + self.row * (self.players - 1) + self.row * 0.35

    @cached_property
    def dispute_y(self) -> float:
        """The centre of the dispute's tiles: under the caption, room for a frame around."""
        size = self.dispute_tile
        return self.felt_top + self.caption * 1.4 + frame_reach(size) + size / 2

    @cached_property
    def dispute_label_y(self) -> float:
        size = self.dispute_tile
        return self.dispute_y + size / 2 + frame_reach(size) + self.dispute_label * 0.75

    @cached_property
    def felt_bottom(self) -> float:
        return self.dispute_label_y + self.dispute_label * 0.8

    def tile_x(self, index: int) -> float:
        return self.margin + self.label_width + index * self.tile * 1.08

    @cached_property
    def dispute_label(self) -> float:
        return self.caption

    @cached_property
    def table_bottom(self) -> float:
        """Under the score table's last row and its mark."""
        return self.header + self.small * (1.6 * self.players + 0.8)

    @cached_property
    def felt_right(self) -> float:
        """The dispute's box reaches under the score table when it lies below it."""
        if self.felt_top >= self.table_bottom + self.margin / 2:
            return self.width - self.margin
        return self.table_x - self.margin

    def dispute_x(self, index: int) -> float:
        """Dispute tiles sit far enough apart for the seat names under them, and all of a
        dispute (one tile a seat) fits in its box."""
        name = text_width("Seat 5", self.dispute_label) + self.dispute_label
        room = self.felt_right - self.dispute_label - self.tile_x(0)
        fit = (room - max(self.dispute_tile, name)) / (self.players - 1)
        return self.tile_x(0) + index * min(max(self.dispute_tile * 1.5, name), fit)

    def tile_at(self, x: float, y: float, order: int, count: int) -> int | None:
        """The index of the tile of the seat drawn `order`-th under a point."""
        half = self.tile / 2
        if abs(y - self.seat_y(order)) > half * 1.25:
            return None
        for index in range(count):
            if self.tile_x(index) <= x <= self.tile_x(index) + self.tile:
                return index
        return None


def export_size(rules: TilesRules, width: int) -> tuple[int, int]:
    """`width` wide, or wider where the tiles would be too small for their labels."""
    width = max(width, MIN_EXPORT_WIDTH)
    while True:
        height = round(width * (0.46 + 0.075 * rules.players))
        probe = TilesLayout(rules.players, width=width, height=height, status_lines=STATUS_LINES)
        if tile_text_size(probe.tile) >= MIN_TILE_TEXT:
            return width, height
        width += 10


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


def settled(state: TilesState) -> bool:
    """Whether the latest move ended a dispute (its tiles now lie as the last dispute)."""
    return isinstance(state.last, Play) and not state.plays and bool(state.last_dispute)


def status_lines(state: TilesState, viewer: int | None) -> list[str]:
    rules = state.rules
    result = state.result()
    facts = f"Round {max(state.round, 1)} of {ROUNDS} · {rules.players} players"
    if state.current is not None:
        facts += f" · follow {COLORS[state.current]}"
    last = state.last
    if last is None or isinstance(last, Deal):
        done = "Tiles dealt" if last else "New game"
    elif isinstance(last, Choose):
        done = f"{seat_label(last.player, viewer)} chose {COLORS[last.color]}"
    elif settled(state):
        done = dispute_text(state, viewer)
    else:
        done = f"{seat_label(last.player, viewer)} played {tile_name(last.tile)}"
    if result is not None:  # the last dispute's result stays beside the game's
        return [totals_text(state, viewer), f"{done} · {result_text(state, result, viewer)}"]
    if state.to_move == CHANCE:
        return [facts, f"{done} · next: the deal"]
    assert state.to_move is not None  # a finished game has a result, shown above
    mover = seat_label(state.to_move, viewer)
    if state.choosing:
        verb = "choose a colour" if state.to_move == viewer else "chooses a colour"
    else:
        verb = "to play"
    return [facts, f"{done} · {mover} {verb}"]


def move_words(before: TilesState, after: TilesState) -> str:
    """The latest move in words, with the dispute's result when it ended one."""
    last = after.last
    assert last is not None  # `after` follows a move
    if isinstance(last, Deal):
        return f"Tiles dealt for round {after.round}"
    if isinstance(last, Choose):
        return f"{seat_label(last.player, None)} chose {COLORS[last.color]}"
    words = f"{seat_label(last.player, None)} played {tile_name(last.tile)}"
    return f"{words}: {dispute_text(after, None)}" if settled(after) else words


def dispute_text(state: TilesState, viewer: int | None) -> str:
    """Who won the dispute just ended, with which tile, and what they scored."""
    seat, tile, score = dispute_result(state.last_dispute)
    verb = "win" if seat == viewer else "wins"
    return f"{seat_label(seat, viewer)} {verb} with {tile_name(tile)} and scores {score}"


def totals_text(state: TilesState, viewer: int | None) -> str:
    """The final ranking: lowest total first, then the lower last round."""
    totals = state.totals()
    ranked = sorted(range(state.rules.players), key=lambda s: (totals[s], state.scores[-1][s]))
    return "Totals: " + " · ".join(f"{seat_label(s, viewer)} {totals[s]}" for s in ranked)


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


def legend_items(state: TilesState) -> list[LegendItem]:
    items = [LegendItem("last", "latest tile", "ink", "frame")]
    if state.current is not None:
        name = COLORS[state.current]
        items.insert(
            0, LegendItem("follow", f"follow {name} ({LETTERS[name]})", name, edge=_edge(name))
        )
    if state.removed is not None:
        name = COLORS[state.removed]
        items.append(
            LegendItem("removed", f"{name} ({LETTERS[name]}) taken out", name, edge=_edge(name))
        )
    return items


def _edge(color: str) -> str | None:
    return "edge" if color in LIGHT_TILES else None


def tiles_scene(
    state: TilesState,
    width: int,
    height: int,
    *,
    notes: tuple[str, ...] = (),
    viewer: int | None = None,
    selected: int | None = None,
    max_font: float = math.inf,
    palette: str = "default",
) -> Scene:
    """The table; a `viewer` sees its own tiles as colours only, an export sees all.
    `selected` frames the viewer's tile in that slot (the keyboard's choice)."""
    rules = state.rules
    rows = status_rows([*status_lines(state, viewer), *notes], width, height, max_font)
    layout = TilesLayout(
        rules.players,
        width=width,
        height=height,
        status_lines=max(STATUS_LINES + len(notes), len(rows)),
        max_font=max_font,
    )
    shapes: list[Shape] = [title(f"Even Odds · round {max(state.round, 1)} of {ROUNDS}", layout)]
    shapes += legend(legend_items(state), layout)
    bottom = viewer if viewer is not None else 0
    for order, seat in enumerate(seat_order(rules.players, bottom)):
        shapes += _seat_shapes(
            state, layout, seat, order, hidden=seat == viewer, label=seat_label(seat, viewer)
        )
    if selected is not None and viewer is not None:
        order = seat_order(rules.players, viewer).index(viewer)
        x, y = layout.tile_x(selected), layout.seat_y(order)
        shapes.append(_frame("selected", x, y, layout.tile))
    shapes += _dispute_shapes(state, layout, viewer)
    shapes += _score_table(state, layout, viewer)
    shapes += layout.status(rows)
    return Scene(width, height, "canvas", PALETTES[palette], tuple(shapes), layout)


def frame_reach(size: float) -> float:
    """How far a frame around a tile of side `size` reaches beyond the tile."""
    return max(1.0, size * 0.1) + max(1.0, size * 0.07) / 2


def _frame(key: str, x: float, y: float, size: float) -> Line:
    """An outline around the tile of side `size` whose left edge is `x`, centred on `y`."""
    pad, width = max(1.0, size * 0.1), max(1.0, size * 0.07)
    return frame(
        key, (x - pad, y - size / 2 - pad, x + size + pad, y + size / 2 + pad), "ink", width
    )


def tile_label(tile: int, hidden: bool) -> str:
    """What a tile shows: its colour's letter and its number ("?" when hidden)."""
    return LETTERS[COLORS[color_of(tile)]] + ("?" if hidden else str(value_of(tile)))


def tile_text_size(size: float) -> float:
    """The size of a tile's label: the widest, "P10", fills at most 80 % of the tile."""
    return min(size * 0.5, size * 0.8 / text_width("P10", 1))


def _tile_shapes(key: str, x: float, y: float, size: float, tile: int, hidden: bool) -> list[Shape]:
    color = COLORS[color_of(tile)]
    box = (x, y - size / 2, x + size, y + size / 2)
    shapes: list[Shape] = [Rect(key, x, y - size / 2, size, size, color, radius=size * 0.18)]
    if color in LIGHT_TILES:  # a light tile needs its edge to stand out from the table
        shapes.append(frame(f"{key}-edge", box, "edge", max(1.0, size * 0.05)))
    if tile_text_size(size) >= MIN_TILE_TEXT:
        ink = "ink" if color in LIGHT_TILES else "paper"
        label = tile_label(tile, hidden)
        shapes.append(Text(f"{key}-value", x + size / 2, y, label, tile_text_size(size), ink))
    return shapes


def _seat_shapes(
    state: TilesState, layout: TilesLayout, seat: int, order: int, hidden: bool, label: str
) -> list[Shape]:
    y = layout.seat_y(order)
    size = min(layout.font * 0.9, layout.row * 0.7)
    shapes: list[Shape] = [Text(f"seat-{seat}", layout.margin, y, label, size, "ink", "start")]
    if seat == state.to_move:
        x = layout.margin + layout.label_width - layout.font * 0.7
        shapes.append(Text("turn", x, y, "▸", size, "ink"))
    held = set(state.hands[seat])
    for index, tile in enumerate(hand_slots(state, seat, hidden)):
        if tile in held:
            shapes += _tile_shapes(
                f"hand-{seat}-{index}", layout.tile_x(index), y, layout.tile, tile, hidden
            )
    return shapes


def _dispute_shapes(state: TilesState, layout: TilesLayout, viewer: int | None) -> list[Shape]:
    plays = state.plays or state.last_dispute
    y, size = layout.dispute_y, layout.dispute_tile
    caption = "Dispute" if state.plays or not plays else "Last dispute"
    top = layout.felt_top
    shapes: list[Shape] = [
        Rect(
            "felt",
            layout.margin,
            top,
            layout.felt_right - layout.margin,
            layout.felt_bottom - top,
            "felt",
            radius=size * 0.15,
        ),
        Text(
            "dispute",
            layout.margin + layout.caption * 0.5,
            top + layout.caption * 0.8,
            caption,
            layout.caption,
            "muted",
            "start",
        ),
    ]
    for index, (seat, tile) in enumerate(plays):
        x = layout.dispute_x(index)
        shapes += _tile_shapes(f"play-{index}", x, y, size, tile, hidden=False)
        shapes.append(
            Text(
                f"play-{index}-seat",
                x + size / 2,
                layout.dispute_label_y,
                seat_label(seat, viewer),
                layout.dispute_label,
                "muted",
            )
        )
    if plays and isinstance(state.last, Play):
        shapes.append(_frame("last-move", layout.dispute_x(len(plays) - 1), y, size))
    return shapes


def _score_table(state: TilesState, layout: TilesLayout, viewer: int | None) -> list[Shape]:
    x, y, size, step = layout.table_x, layout.header, layout.small, layout.column
    first = x + layout.name_column + step / 2
    shapes: list[Shape] = [Text("score-head", x, y, "Seat", size, "muted", "start")]
    for r in range(ROUNDS):
        shapes.append(Text(f"score-head-{r}", first + step * r, y, f"R{r + 1}", size, "muted"))
    shapes.append(Text("score-head-total", first + step * ROUNDS, y, "Sum", size, "muted"))
    if settled(state):  # the score that just changed, and its total
        seat = dispute_result(state.last_dispute)[0]
        row_y = y + size * 1.6 * (seat + 1)
        for column in (len(state.scores) - 1, ROUNDS):
            left, top = first + step * (column - 0.45), row_y - size * 0.7
            box = (left, top, left + step * 0.9, top + size * 1.4)
            shapes.append(
                Rect(
                    f"score-mark-{column}",
                    left,
                    top,
                    step * 0.9,
                    size * 1.4,
                    "mark",
                    radius=size * 0.2,
                )
            )
            shapes.append(frame(f"score-mark-{column}-edge", box, "muted", max(1.0, size * 0.08)))
    totals = state.totals()
    for seat in range(state.rules.players):
        row_y = y + size * 1.6 * (seat + 1)
        name = seat_label(seat, viewer)
        shapes.append(Text(f"score-{seat}", x, row_y, name, size, "ink", "start"))
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
