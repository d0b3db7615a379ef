"""The Even Odds scene: other hands face up, your hand as colours only, the dispute, scores."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

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
    legend_lines_needed,
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
        "mark": "#bcdff5",  # the dispute just won: its tile's plate, its score
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
    },
    inks=("ink", "muted", "paper"),
)
PALETTES = {"default": PALETTE, "high-contrast": HIGH_CONTRAST}
LIGHT_TILES = {"yellow"}  # tiles whose numbers are printed dark, in a dark edge
# Colour is never the only cue: each tile carries its colour's letter before its number.
LETTERS = {"red": "R", "yellow": "Y", "green": "G", "blue": "B", "purple": "P"}
STATUS_LINES = 2
MIN_TILE_TEXT = 9  # px: a tile whose label would be smaller shows its colour only


# --- the table: where each seat, the dispute and the score table go -----------------------
#
# You sit at the bottom, under the felt that holds the dispute; the other seats sit round
# it clockwise from your left: beside you (B), up the left side (L), along the top (T),
# down the right side (R) and beside you again. The sides are stacks of hands, the top and
# the bottom rows of them; the score table takes an end of one of these. Every way of
# seating the players so is tried with each way of laying out a hand (so many columns and
# rows of tiles), and the one whose tiles can be largest on the board is taken.

TABLE = -1  # the score table among the seats of a region
GAP_X, GAP_Y = 0.1, 0.12  # between the tiles of a hand, in tiles
DISPUTE_SCALE = 1.15  # a dispute tile is this much larger than a hand tile
PLATE = 0.22  # how far the winning tile's plate reaches beyond it, in dispute tiles
MAX_TILE = 3.0  # tiles grow with the board up to this many times the text size
BETTER = 1.03  # a later arrangement is taken only if its tiles are this much larger
LOPSIDED = 0.1  # a seating counts its tiles this much smaller for each seat a side has more
# Where the score table may go: a region and its end (0 first, 1 last), by preference.
TABLE_PLACES = (("T", 1), ("R", 0), ("T", 0), ("L", 0), ("B", 1), ("R", 1), ("B", 0), ("L", 1))


@dataclass(frozen=True)
class Metrics:
    """The text sizes an arrangement is made for, and the board it must fit."""

    players: int
    label: float  # seat names
    small: float  # the score table, the dispute's caption and seat names at most
    width: float
    height: float
    most: float  # the largest tile allowed

    @property
    def hand(self) -> int:
        return HAND_SIZES[self.players]

    @cached_property
    def label_width(self) -> float:
        """The turn marker and the widest seat name."""
        return self.label * 1.2 + text_width("Seat 5", self.label)

    def label_row(self, tile: float) -> float:
        """The seat name's row above a hand, clear of a frame around its tiles."""
        return self.label * 1.35 + tile * 0.15

    @cached_property
    def table_size(self) -> tuple[float, float]:
        small = self.small
        name, column = text_width("Seat 5", small) + small, text_width("Sum", small) + small
        return name + column * (ROUNDS + 1), small * (1.4 + 1.6 * self.players)

    def caption(self, tile: float) -> float:
        return min(self.small, tile * DISPUTE_SCALE * 0.5)

    @cached_property
    def name_width(self) -> float:
        """The widest seat name, one pixel high."""
        return text_width("Seat 5", 1)

    def pitch(self, tile: float) -> float:
        """From one dispute tile to the next: room for the plate and the seat name under it."""
        dispute, caption = tile * DISPUTE_SCALE, self.caption(tile)
        return max(dispute * (1 + 2 * PLATE) + caption * 0.3, caption * (self.name_width + 1))

    def felt_size(self, tile: float) -> tuple[float, float]:
        dispute, caption = tile * DISPUTE_SCALE, self.caption(tile)
        pad = dispute * PLATE + caption * 0.5
        width = 2 * pad + (self.players - 1) * self.pitch(tile) + dispute
        height = caption * 1.6 + dispute * (1 + 2 * PLATE) + caption * 1.7
        return width, height

    def gap(self, tile: float) -> float:
        return max(self.label * 0.6, tile * 0.3)


def blocks_of(hand: int, rows: range) -> list[tuple[int, int]]:
    """The blocks a hand can be laid in (columns, rows), one for each number of rows."""
    found = []
    for count in rows:
        cols = math.ceil(hand / count)
        block = (cols, math.ceil(hand / cols))
        if count <= hand and block not in found:
            found.append(block)
    return found


@dataclass(frozen=True)
class Arrangement:
    """Which seats sit where, how each lays out its hand, and the tile size it allows.
    `regions` lists, for B (the bottom row, you among it), L (the left side, top down),
    T (the top row, left to right) and R (the right side, top down), the seats drawn
    there by their order clockwise from your left (you are the last) or TABLE."""

    tile: float
    regions: tuple[tuple[str, tuple[int, ...]], ...]
    blocks: tuple[tuple[int, int], ...]  # each seat's hand: columns and rows, by order

    def region(self, name: str) -> tuple[int, ...]:
        return self.by_region[name]

    @cached_property
    def by_region(self) -> dict[str, tuple[int, ...]]:
        return dict(self.regions)

    @cached_property
    def extents(self) -> dict[str, tuple[tuple[float, float] | None, ...]]:
        """Each region's hands as their width and height in tiles (the row of the seat's
        name aside), None for the table."""
        found = {}
        for name, seats in self.regions:
            found[name] = tuple(
                None
                if seat == TABLE
                else (
                    self.blocks[seat][0] * (1 + GAP_X) - GAP_X,
                    self.blocks[seat][1] * (1 + GAP_Y) - GAP_Y,
                )
                for seat in seats
            )
        return found


def seatings(players: int) -> list[tuple[float, tuple[tuple[str, tuple[int, ...]], ...]]]:
    """Every seating round the felt, the sides within one seat of each other and a seat on
    each side of you or none, with the score table at each place it may take; each with
    its weight, LOPSIDED less for each seat one side has more than the other."""
    others, you = players - 1, players - 1
    found = []
    for beside in (0, 1):
        for left in range(4):
            for right in (left, left - 1, left + 1):
                top = others - 2 * beside - left - right
                if not (0 <= right <= 3 and 0 <= top <= 3):
                    continue
                order = iter(range(others))
                bl = [next(order) for _ in range(beside)][::-1]
                side_l = [next(order) for _ in range(left)][::-1]
                row_t = [next(order) for _ in range(top)]
                side_r = [next(order) for _ in range(right)]
                br = [next(order) for _ in range(beside)]
                base = {"B": [*bl, you, *br], "L": side_l, "T": row_t, "R": side_r}
                weight = 1 - LOPSIDED * abs(left - right)
                for name, end in TABLE_PLACES:
                    regions = {key: list(seats) for key, seats in base.items()}
                    regions[name].insert(len(regions[name]) if end else 0, TABLE)
                    seating = tuple((k, tuple(s)) for k, s in regions.items())
                    found.append((weight, not (left or right), seating))
    # The evenest first, and of those the ones with seats at the sides.
    found.sort(key=lambda item: (-item[0], item[1]))
    return [(weight, seating) for weight, _, seating in found]


def _sizes(m: Metrics, plan: Arrangement, tile: float, name: str) -> list[tuple[float, float]]:
    """The width and height of each thing in a region: a hand under its name, or the table."""
    row, label = m.label_row(tile), m.label_width
    return [
        m.table_size if extent is None else (max(extent[0] * tile, label), extent[1] * tile + row)
        for extent in plan.extents[name]
    ]


def _region_size(
    m: Metrics, plan: Arrangement, tile: float, name: str, across: bool
) -> tuple[float, float]:
    """How wide and high a region is: its things side by side (`across`) or stacked."""
    sizes = _sizes(m, plan, tile, name)
    if not sizes:
        return 0.0, 0.0
    gaps = m.gap(tile) * (len(sizes) - 1)
    if across:
        return sum(w for w, _ in sizes) + gaps, max(h for _, h in sizes)
    return max(w for w, _ in sizes), sum(h for _, h in sizes) + gaps


def _spans(m: Metrics, plan: Arrangement, tile: float) -> tuple[list[float], list[float]]:
    """The widths of the columns (left side, middle, right side) and their heights."""
    gap = m.gap(tile)
    middle_w, middle_h = m.felt_size(tile)
    left_w, left_h = _region_size(m, plan, tile, "L", across=False)
    right_w, right_h = _region_size(m, plan, tile, "R", across=False)
    for name in ("T", "B"):
        width, height = _region_size(m, plan, tile, name, across=True)
        if width:
            middle_w, middle_h = max(middle_w, width), middle_h + height + gap
    return [left_w, middle_w, right_w], [left_h, middle_h, right_h]


def _fits(m: Metrics, plan: Arrangement, tile: float) -> bool:
    widths, heights = _spans(m, plan, tile)
    used = [w for w in widths if w > 0]
    return sum(used) + m.gap(tile) * (len(used) - 1) <= m.width and max(heights) <= m.height


def _largest_tile(m: Metrics, plan: Arrangement, low: float, high: float) -> float:
    """The largest tile in [low, high] at which `plan` fits (`low` if none does)."""
    if _fits(m, plan, high):
        return high
    if not _fits(m, plan, low):
        return low
    for _ in range(14):
        middle = (low + high) / 2
        low, high = (middle, high) if _fits(m, plan, middle) else (low, middle)
    return low


@lru_cache(maxsize=256)
def arrange(m: Metrics) -> Arrangement:
    """The arrangement with the largest tiles, weighed by how even the seating is (an
    earlier one unless a later one's are `BETTER` times larger)."""
    best: Arrangement | None = None
    score = 0.0
    you = m.players - 1
    side = blocks_of(m.hand, range(2, 7))
    top = blocks_of(m.hand, range(1, 4))
    yours = blocks_of(m.hand, range(1, 3))
    for weight, regions in seatings(m.players):
        where = {seat: name for name, seats in regions for seat in seats}
        # Both sides lay out their hands alike, and so do the seats in the rows.
        kinds = sorted({"side" if where[seat] in "LR" else "row" for seat in range(you)})
        for choice in itertools.product(yours, *({"side": side, "row": top}[k] for k in kinds)):
            chosen = dict(zip(kinds, choice[1:], strict=True))
            blocks = tuple(
                chosen["side" if where[seat] in "LR" else "row"] for seat in range(you)
            ) + (choice[0],)
            plan = Arrangement(2.0, regions, blocks)
            floor = score * BETTER / weight if best else 2.0
            if best and (floor > m.most or not _fits(m, plan, floor)):
                continue
            tile = _largest_tile(m, plan, floor, max(floor, m.most))
            if best is None or tile * weight >= score * BETTER:
                best, score = replace(plan, tile=tile), tile * weight
    assert best is not None
    return best


@dataclass(frozen=True)
class TilesLayout(CanvasLayout):
    """The players seated round the table (see `arrange`): you at the bottom, the others
    clockwise from your left, the dispute on the felt in the middle, the score table at an
    end of a row or side; tiles as large as the board allows."""

    players: int

    @cached_property
    def small(self) -> float:
        """Score table, dispute caption and labels."""
        return self.font * 0.75

    @cached_property
    def label(self) -> float:
        """Seat names."""
        return self.font * 0.8

    @cached_property
    def board(self) -> tuple[float, float, float, float]:
        """Left, top, right and bottom of the room for the table."""
        bottom = self.height - self.margin - self.status_height
        return self.margin, self.header, self.width - self.margin, bottom

    @cached_property
    def metrics(self) -> Metrics:
        left, top, right, bottom = self.board
        return Metrics(
            self.players, self.label, self.small, right - left, bottom - top, self.font * MAX_TILE
        )

    @cached_property
    def plan(self) -> Arrangement:
        return arrange(self.metrics)

    @cached_property
    def tile(self) -> float:
        return self.plan.tile

    @cached_property
    def dispute_tile(self) -> float:
        return self.tile * DISPUTE_SCALE

    @cached_property
    def caption(self) -> float:
        return self.metrics.caption(self.tile)

    @cached_property
    def _places(self) -> tuple[dict[int, tuple[float, float]], tuple[float, float, float, float]]:
        """The top left of each seat (by order) and of the table (TABLE), and the felt's
        left, top, width and height. The sides hug the board's edges, their seats spread
        from top to bottom; the rows spread across the middle; the felt takes the rest."""
        m, tile, plan = self.metrics, self.tile, self.plan
        left, top, right, bottom = self.board
        gap = m.gap(tile)
        widths, _ = _spans(m, plan, tile)
        places: dict[int, tuple[float, float]] = {}

        def spread(start: float, room: float, sizes: list[float]) -> list[float]:
            if len(sizes) == 1:
                return [start + (room - sizes[0]) / 2]
            step = (room - sum(sizes)) / (len(sizes) - 1)
            return [start + sum(sizes[:k]) + step * k for k in range(len(sizes))]

        for name, x_of in (("L", lambda w: left), ("R", lambda w: right - w)):
            seats = plan.region(name)
            sizes = _sizes(m, plan, tile, name)
            tops = spread(top, bottom - top, [h for _, h in sizes])
            for seat, (w, _), y in zip(seats, sizes, tops, strict=True):
                places[seat] = (x_of(w), y)
        middle_left = left + (widths[0] + gap if widths[0] else 0)
        middle_right = right - (widths[2] + gap if widths[2] else 0)
        felt_top, felt_bottom = top, bottom
        for name in ("T", "B"):
            seats = plan.region(name)
            sizes = _sizes(m, plan, tile, name)
            if not sizes:
                continue
            row = max(h for _, h in sizes)
            lefts = spread(middle_left, middle_right - middle_left, [w for w, _ in sizes])
            for seat, (_, h), x in zip(seats, sizes, lefts, strict=True):
                places[seat] = (x, top if name == "T" else bottom - h)
            if name == "T":
                felt_top = top + row + gap
            else:
                felt_bottom = bottom - row - gap
        felt = (middle_left, felt_top, middle_right - middle_left, felt_bottom - felt_top)
        return places, felt

    @cached_property
    def felt(self) -> tuple[float, float, float, float]:
        return self._places[1]

    def seat_block(self, order: int) -> tuple[int, int]:
        return self.plan.blocks[order]

    def label_place(self, order: int) -> tuple[float, float]:
        """The left of a seat's name and its row's middle."""
        x, y = self._places[0][order]
        return x, y + self.label * 0.7

    def tile_box(self, order: int, index: int) -> tuple[float, float, float]:
        """The left, the vertical middle and the side of a seat's tile in slot `index`."""
        x, y = self._places[0][order]
        cols, _ = self.seat_block(order)
        tile = self.tile
        top = y + self.metrics.label_row(tile)
        col, row = index % cols, index // cols
        return x + col * tile * (1 + GAP_X), top + row * tile * (1 + GAP_Y) + tile / 2, tile

    def tile_at(self, x: float, y: float, order: int, count: int) -> int | None:
        """The slot of the seat drawn `order`-th whose tile lies under a point."""
        for index in range(count):
            left, middle, size = self.tile_box(order, index)
            if left <= x <= left + size and abs(y - middle) <= size / 2:
                return index
        return None

    @cached_property
    def dispute_y(self) -> float:
        """The middle of the dispute's tiles: under the caption, with the names under them."""
        _, top, _, height = self.felt
        size, caption = self.dispute_tile, self.caption
        below = top + caption * 1.6
        content = size * (1 + 2 * PLATE) + caption * 1.7
        return below + (top + height - below - content) / 2 + size * (0.5 + PLATE)

    @cached_property
    def dispute_label_y(self) -> float:
        return self.dispute_y + self.dispute_tile * (0.5 + PLATE) + self.caption * 0.8

    def dispute_x(self, index: int) -> float:
        """The left of the dispute's `index`-th tile: a whole dispute centred on the felt."""
        x, _, width, _ = self.felt
        pitch = self.metrics.pitch(self.tile)
        span = (self.players - 1) * pitch + self.dispute_tile
        return x + (width - span) / 2 + index * pitch

    @cached_property
    def table_origin(self) -> tuple[float, float]:
        return self._places[0][TABLE]

    @cached_property
    def column(self) -> float:
        return text_width("Sum", self.small) + self.small

    @cached_property
    def name_column(self) -> float:
        return text_width("Seat 5", self.small) + self.small


def export_size(rules: TilesRules, width: int) -> tuple[int, int]:
    """`width` wide, or wider where the tiles would be too small for their labels."""
    width = max(width, MIN_EXPORT_WIDTH)
    while True:
        height = round(width * (0.46 + 0.075 * rules.players))
        probe = layout_for(rules.players, width, height, STATUS_LINES)
        if tile_text_size(probe.tile) >= MIN_TILE_TEXT:
            return width, height
        width += 10


def seat_order(players: int, viewer: int) -> list[int]:
    """Seats clockwise from the viewer's left, as they play; the viewer last, at the
    bottom of the table."""
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


def move_words(before: TilesState, after: TilesState, viewer: int | None = None) -> str:
    """The latest move in words, with the dispute's result when it ended one; the
    `viewer`'s seat is "You"."""
    last = after.last
    assert last is not None  # `after` follows a move
    if isinstance(last, Deal):
        return f"Tiles dealt for round {after.round}"
    if isinstance(last, Choose):
        return f"{seat_label(last.player, viewer)} chose {COLORS[last.color]}"
    words = f"{seat_label(last.player, viewer)} played {tile_name(last.tile)}"
    return f"{words}: {dispute_text(after, viewer)}" if settled(after) else words


def dispute_text(state: TilesState, viewer: int | None) -> str:
    """Who won the dispute just ended, with which tile, and what they scored."""
    seat, tile, score = dispute_result(state.last_dispute)
    win, score_verb = ("win", "score") if seat == viewer else ("wins", "scores")
    return f"{seat_label(seat, viewer)} {win} with {tile_name(tile)} and {score_verb} {score}"


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


def legend_items(state: TilesState, dimmed: bool = False) -> list[LegendItem]:
    items = [LegendItem("last", "latest tile", "ink", "frame")]
    if state.current is not None:
        name = COLORS[state.current]
        items.insert(
            0, LegendItem("follow", f"follow {name} ({LETTERS[name]})", name, edge=_edge(name))
        )
    if dimmed:
        items.append(UNPLAYABLE)
    if shown_dispute(state) and not state.plays:
        items.append(WINNER)
    if state.removed is not None:
        name = COLORS[state.removed]
        items.append(
            LegendItem("removed", f"{name} ({LETTERS[name]}) taken out", name, edge=_edge(name))
        )
    if state.to_move is None:
        items.append(GAME_WINNER)
    return items


UNPLAYABLE = LegendItem("unplayable", "cannot be played now", "paper", edge="muted")
WINNER = LegendItem("winner", "won the dispute", "mark", edge="muted")
GAME_WINNER = LegendItem("game-winner", "won the game", "mark", edge="ink")
# The longest legend an Even Odds picture can have: its rows are kept in every frame.
# (The dispute's winner is shown only between disputes, when no colour is to be followed
# and no tile is dimmed.)
LONGEST_LEGEND = [
    LegendItem("follow", "follow purple (P)", "purple"),
    LegendItem("last", "latest tile", "ink", "frame"),
    UNPLAYABLE,
    LegendItem("removed", "yellow (Y) taken out", "yellow", edge="edge"),
]


@lru_cache(maxsize=64)
def legend_lines(width: int, max_font: float) -> int:
    """Legend rows enough for every entry (two at most; past that the last entries go)."""
    return min(2, legend_lines_needed(LONGEST_LEGEND, width, max_font))


def _edge(color: str) -> str | None:
    return "edge" if color in LIGHT_TILES else None


def tile_key(tile: int) -> str:
    """The key of a tile's shapes wherever it lies, in a hand or in the dispute (its label
    is `tile-N-value`), so that a change of picture can move it from one to the other."""
    return f"tile-{tile}"


def shown_dispute(state: TilesState) -> list[tuple[int, int]]:
    """The dispute on the felt: the one under way, else the last one settled, which stays
    until the next tile is played."""
    return state.plays or state.last_dispute


def dispute_key(state: TilesState, tile: int) -> str:
    """The key of a tile on the felt: its own, unless it has been dealt again since (a last
    dispute kept into the next round), when the hand that holds it keeps its key."""
    held = any(tile in hand for hand in state.hands)
    return f"last-{tile}" if held else tile_key(tile)


def dimmed_seat(state: TilesState, viewer: int | None) -> int | None:
    """Whose hand shows which tiles cannot be played now: the viewer's, on its turn while
    it must follow a colour it holds. (Exports dim nothing: each turn would dim another
    hand, and an SVG of a game would weigh half as much again.)"""
    seat = state.to_move
    if viewer is None or seat != viewer or state.choosing:
        return None
    return seat if len(state.playable(seat)) < len(state.hands[seat]) else None


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
    layout = layout_for(
        rules.players, width, height, max(STATUS_LINES + len(notes), len(rows)), max_font
    )
    dimmed = dimmed_seat(state, viewer)
    shapes: list[Shape] = [title(f"Even Odds · round {max(state.round, 1)} of {ROUNDS}", layout)]
    shapes += legend(legend_items(state, dimmed is not None), layout)
    shapes += _score_table(state, layout, viewer)
    shapes += _dispute_shapes(state, layout, viewer)
    bottom = viewer if viewer is not None else 0
    for order, seat in enumerate(seat_order(rules.players, bottom)):
        playable = set(state.playable(seat)) if seat == dimmed else None
        shapes += _seat_shapes(state, layout, seat, order, viewer, playable)
    if selected is not None and viewer is not None:
        x, y, size = layout.tile_box(rules.players - 1, selected)
        shapes.append(_frame("selected", x, y, size))
    shapes += layout.status(rows)
    return Scene(width, height, "canvas", PALETTES[palette], tuple(shapes), layout)


@lru_cache(maxsize=64)
def layout_for(
    players: int, width: int, height: int, lines: int, max_font: float = math.inf
) -> TilesLayout:
    return TilesLayout(
        players,
        width=width,
        height=height,
        status_lines=lines,
        max_font=max_font,
        legend_lines=legend_lines(width, max_font),
    )


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


def _tile_shapes(
    key: str, x: float, y: float, size: float, tile: int, hidden: bool, dimmed: bool = False
) -> list[Shape]:
    """A tile in its colour with its label; a `dimmed` one (it cannot be played now) is
    white inside an outline of its colour, its label in its colour."""
    color = COLORS[color_of(tile)]
    box = (x, y - size / 2, x + size, y + size / 2)
    dark = "edge" if color in LIGHT_TILES else color  # the colour's own, or its dark edge
    fill = "paper" if dimmed else color
    shapes: list[Shape] = [Rect(key, x, y - size / 2, size, size, fill, radius=size * 0.18)]
    if dimmed:  # the outline lies just outside the tile, clear of its label
        width = max(1.0, size * 0.05)
        out = (
            x - width / 2,
            y - size / 2 - width / 2,
            x + size + width / 2,
            y + size / 2 + width / 2,
        )
        shapes.append(frame(f"{key}-edge", out, dark, width))
    elif color in LIGHT_TILES:  # a light tile needs its edge to stand out from the table
        shapes.append(frame(f"{key}-edge", box, "edge", max(1.0, size * 0.05)))
    if tile_text_size(size) >= MIN_TILE_TEXT:
        ink = dark if dimmed else "ink" if color in LIGHT_TILES else "paper"
        label = tile_label(tile, hidden)
        shapes.append(Text(f"{key}-value", x + size / 2, y, label, tile_text_size(size), ink))
    return shapes


def _seat_shapes(
    state: TilesState,
    layout: TilesLayout,
    seat: int,
    order: int,
    viewer: int | None,
    playable: set[int] | None,
) -> list[Shape]:
    """A seat's name (after the turn marker when it is to move) over its hand; with
    `playable` given, the tiles not in it are dimmed."""
    x, y = layout.label_place(order)
    size = layout.label
    shapes: list[Shape] = [
        Text(f"seat-{seat}", x + size * 1.2, y, seat_label(seat, viewer), size, "ink", "start")
    ]
    if seat == state.to_move:
        shapes.append(Text("turn", x + size * 0.45, y, "▸", size, "ink"))
    held, hidden = set(state.hands[seat]), seat == viewer
    for index, tile in enumerate(hand_slots(state, seat, hidden)):
        if tile in held:
            left, middle, side = layout.tile_box(order, index)
            dimmed = playable is not None and tile not in playable
            shapes += _tile_shapes(tile_key(tile), left, middle, side, tile, hidden, dimmed)
    return shapes


def _dispute_shapes(state: TilesState, layout: TilesLayout, viewer: int | None) -> list[Shape]:
    """The felt, the dispute's tiles with their seats' names under them, the latest tile
    framed and, once the dispute is settled, the winning tile on a plate."""
    plays = shown_dispute(state)
    y, size = layout.dispute_y, layout.dispute_tile
    caption = "Dispute" if state.plays or not plays else "Last dispute"
    left, top, width, height = layout.felt
    shapes: list[Shape] = [
        Rect("felt", left, top, width, height, "felt", radius=size * 0.15),
        Text(
            "dispute",
            left + layout.caption * 0.5,
            top + layout.caption * 0.8,
            caption,
            layout.caption,
            "muted",
            "start",
        ),
    ]
    if plays and not state.plays:
        won = dispute_result(plays)[1]
        x = layout.dispute_x([tile for _, tile in plays].index(won))
        shapes += _plate("winner", x, y, size)
    for index, (seat, tile) in enumerate(plays):
        x = layout.dispute_x(index)
        shapes += _tile_shapes(dispute_key(state, tile), x, y, size, tile, hidden=False)
        shapes.append(
            Text(
                f"play-{index}-seat",
                x + size / 2,
                layout.dispute_label_y,
                seat_label(seat, viewer),
                layout.caption,
                "muted",
            )
        )
    if plays and isinstance(state.last, Play):
        shapes.append(_frame("last-move", layout.dispute_x(len(plays) - 1), y, size))
    return shapes


def _plate(key: str, x: float, y: float, size: float) -> list[Shape]:
    """A band round the tile of side `size` whose left edge is `x`, centred on `y`, edged:
    four strips, so that the tile's label lies on no shape but its tile."""
    pad, top = size * PLATE, y - size / 2
    box = (x - pad, top - pad, x + size + pad, top + size + pad)
    return [
        Rect(f"{key}-top", x - pad, top - pad, size + 2 * pad, pad, "mark"),
        Rect(f"{key}-bottom", x - pad, top + size, size + 2 * pad, pad, "mark"),
        Rect(f"{key}-left", x - pad, top, pad, size, "mark"),
        Rect(f"{key}-right", x + size, top, pad, size, "mark"),
        frame(f"{key}-edge", box, "muted", max(1.0, size * 0.05)),
    ]


def _marked_box(
    key: str, box: tuple[float, float, float, float], edge: str, width: float, size: float
) -> list[Shape]:
    """A part of the score table marked: filled in the marking colour, edged in `edge`."""
    left, top, right, bottom = box
    return [
        Rect(key, left, top, right - left, bottom - top, "mark", radius=size * 0.2),
        frame(f"{key}-edge", box, edge, width),
    ]


def _score_table(state: TilesState, layout: TilesLayout, viewer: int | None) -> list[Shape]:
    x, top = layout.table_origin
    size, step = layout.small, layout.column
    y = top + size * 0.7
    first = x + layout.name_column + step / 2
    shapes: list[Shape] = [Text("score-head", x, y, "Seat", size, "muted", "start")]
    for r in range(ROUNDS):
        shapes.append(Text(f"score-head-{r}", first + step * r, y, f"R{r + 1}", size, "muted"))
    shapes.append(Text("score-head-total", first + step * ROUNDS, y, "Sum", size, "muted"))

    def row_middle(seat: int) -> float:
        return y + size * 1.6 * (seat + 1)

    result = state.result()
    for seat in result["winners"] if result else ():  # the game's winners: their rows
        box = (
            x - size * 0.3,
            row_middle(seat) - size * 0.75,
            first + step * (ROUNDS + 0.5),
            row_middle(seat) + size * 0.75,
        )
        shapes += _marked_box(f"score-won-{seat}", box, "ink", max(1.5, size * 0.12), size)
    if settled(state):  # the score that just changed, and its total
        mark_top = row_middle(dispute_result(state.last_dispute)[0]) - size * 0.7
        for column in (len(state.scores) - 1, ROUNDS):
            left = first + step * (column - 0.45)
            box = (left, mark_top, left + step * 0.9, mark_top + size * 1.4)
            shapes += _marked_box(f"score-mark-{column}", box, "muted", max(1.0, size * 0.08), size)
    totals = state.totals()
    for seat in range(state.rules.players):
        row_y = row_middle(seat)
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
