"""Where each seat, the dispute and the score table go round the Even Odds table.

You sit at the bottom, under the felt that holds the dispute; the other seats sit round
it clockwise from your left: beside you (B), up the left side (L), along the top (T),
down the right side (R) and beside you again. The sides are stacks of hands, the top and
the bottom rows of them; the score table takes an end of one of these. Every way of
seating the players so is tried with each way of laying out a hand (so many columns and
rows of tiles), and the one whose tiles can be largest on the board is taken.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

from games.tiles.engine import HAND_SIZES, ROUNDS
from viz.scenes.common import text_width

TABLE = -1  # the score table among the seats of a region
GAP_X, GAP_Y = 0.1, 0.12  # between the tiles of a hand, in tiles
DISPUTE_SCALE = 1.15  # a dispute tile is this much larger than a hand tile
PLATE = 0.22  # how far the winning tile's plate reaches beyond it, in dispute tiles
MAX_TILE = 3.0  # tiles grow with the board up to this many times the text size
SMALLEST_TILE = 2.0  # px: the tile the search for the largest one starts from
BISECTIONS = 14  # halvings of the range of tile sizes while looking for the largest
BETTER = 1.03  # a later arrangement is taken only if its tiles are this much larger
LOPSIDED = 0.1  # a seating counts its tiles this much smaller for each seat a side has more
# Where the score table may go: a region and its end (0 first, 1 last), by preference.
TABLE_PLACES = (("T", 1), ("R", 0), ("T", 0), ("L", 0), ("B", 1), ("R", 1), ("B", 0), ("L", 1))
# How many rows of tiles a hand may take: up a side, along the top, yours at the bottom.
SIDE_ROWS, TOP_ROWS, YOUR_ROWS = range(2, 7), range(1, 4), range(1, 3)

# Sizes in label sizes (the seat names' text size)
NAME_INDENT = 1.2  # from a seat name's row's left to the name: room for the turn marker
NAME_ROW = 1.35  # a seat name's row over its hand
NAME_MIDDLE = 0.7  # from the top of that row to the name's middle
HANDS_APART = 0.6  # the least room between two hands, the felt and the score table
# Sizes in tiles
FRAME_ROOM = 0.15  # under a seat name's row: room for the frame round a tile of the hand
TILES_APART = 0.3  # the least room between two hands, the felt and the score table
# Sizes in the score table's text size
TABLE_HEAD = 1.4  # the score table's row of headings
TABLE_ROW = 1.6  # each seat's row in the score table
# Sizes in caption sizes (the text of the felt's caption and of the names under the dispute)
PLATES_APART = 0.3  # between the plates of two neighbouring dispute tiles
CAPTION_ROW = 1.6  # the felt's caption over the dispute
NAMES_ROW = 1.7  # the seat names under the dispute's plates


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
        return self.label * NAME_INDENT + text_width("Seat 5", self.label)

    def label_row(self, tile: float) -> float:
        """The seat name's row above a hand, clear of a frame around its tiles."""
        return self.label * NAME_ROW + tile * FRAME_ROOM

    @cached_property
    def table_size(self) -> tuple[float, float]:
        small = self.small
        name, column = text_width("Seat 5", small) + small, text_width("Sum", small) + small
        return name + column * (ROUNDS + 1), small * (TABLE_HEAD + TABLE_ROW * self.players)

    def caption(self, tile: float) -> float:
        return min(self.small, tile * DISPUTE_SCALE * 0.5)

    @cached_property
    def name_width(self) -> float:
        """The widest seat name, one pixel high."""
        return text_width("Seat 5", 1)

    def pitch(self, tile: float) -> float:
        """From one dispute tile to the next: room for the plate and the seat name under it."""
        dispute, caption = tile * DISPUTE_SCALE, self.caption(tile)
        return max(
            dispute * (1 + 2 * PLATE) + caption * PLATES_APART, caption * (self.name_width + 1)
        )

    def felt_size(self, tile: float) -> tuple[float, float]:
        dispute, caption = tile * DISPUTE_SCALE, self.caption(tile)
        pad = dispute * PLATE + caption * 0.5
        width = 2 * pad + (self.players - 1) * self.pitch(tile) + dispute
        height = caption * CAPTION_ROW + dispute * (1 + 2 * PLATE) + caption * NAMES_ROW
        return width, height

    def gap(self, tile: float) -> float:
        return max(self.label * HANDS_APART, tile * TILES_APART)


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


def seat_order(players: int, viewer: int) -> list[int]:
    """Seats clockwise from the viewer's left, as they play; the viewer last, at the
    bottom of the table."""
    return [(viewer + k) % players for k in range(1, players)] + [viewer]


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


def region_sizes(
    m: Metrics, plan: Arrangement, tile: float, name: str
) -> list[tuple[float, float]]:
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
    sizes = region_sizes(m, plan, tile, name)
    if not sizes:
        return 0.0, 0.0
    gaps = m.gap(tile) * (len(sizes) - 1)
    if across:
        return sum(w for w, _ in sizes) + gaps, max(h for _, h in sizes)
    return max(w for w, _ in sizes), sum(h for _, h in sizes) + gaps


def spans(m: Metrics, plan: Arrangement, tile: float) -> tuple[list[float], list[float]]:
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
    widths, heights = spans(m, plan, tile)
    used = [w for w in widths if w > 0]
    return sum(used) + m.gap(tile) * (len(used) - 1) <= m.width and max(heights) <= m.height


def _largest_tile(m: Metrics, plan: Arrangement, low: float, high: float) -> float:
    """The largest tile in [low, high] at which `plan` fits (`low` if none does)."""
    if _fits(m, plan, high):
        return high
    if not _fits(m, plan, low):
        return low
    for _ in range(BISECTIONS):
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
    side = blocks_of(m.hand, SIDE_ROWS)
    top = blocks_of(m.hand, TOP_ROWS)
    yours = blocks_of(m.hand, YOUR_ROWS)
    for weight, regions in seatings(m.players):
        where = {seat: name for name, seats in regions for seat in seats}
        # Both sides lay out their hands alike, and so do the seats in the rows.
        kinds = sorted({"side" if where[seat] in "LR" else "row" for seat in range(you)})
        for choice in itertools.product(yours, *({"side": side, "row": top}[k] for k in kinds)):
            chosen = dict(zip(kinds, choice[1:], strict=True))
            blocks = tuple(
                chosen["side" if where[seat] in "LR" else "row"] for seat in range(you)
            ) + (choice[0],)
            plan = Arrangement(SMALLEST_TILE, regions, blocks)
            floor = score * BETTER / weight if best else SMALLEST_TILE
            if best and (floor > m.most or not _fits(m, plan, floor)):
                continue
            tile = _largest_tile(m, plan, floor, max(floor, m.most))
            if best is None or tile * weight >= score * BETTER:
                best, score = replace(plan, tile=tile), tile * weight
    assert best is not None
    return best
