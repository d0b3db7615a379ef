"""Positions of Load's exact search (exact.py), each a 64-bit code.

A position is told pair by pair, for clearing only ever compares pair numbers: a red
pick in pair p clears the uncleared green pairs from p on, a green pick of pair j the
uncleared red in pairs from j on. So the two cells of a pair are alike to player 1
(what red has picked there is a count, 0 to 2), and of green's picks only two things
last: the pairs green may still pick (open: neither picked nor touching a pick) and
where uncleared green lies. Uncleared red counts only by its total in each stretch of
pairs from one open pair up to the next (the lowest stretch starts at pair 0): a
green pick clears a whole stretch or none of it, and a red pick adds to its own.
These are the only symmetries the rules allow: a mirror or a turn of the board
renumbers the cells, and clearing depends on their order.

A position is a 64-bit code (`Frame`): a field for each pair, as wide as the pair can
still need from the root on, so a whole board of up to 20 cells fits, and so does
the end of a large board's game. Uncleared red fills each stretch from its lowest
bit, so positions alike in all that matters share one code.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from games.load.engine import Board, LoadState

Codes = npt.NDArray[np.uint64]
Counts = npt.NDArray[np.int64]
Mask = npt.NDArray[np.bool_]
PerPair = npt.NDArray[np.int64]  # a row a position, a column a pair

RED, GREEN = 1, 2  # the side to move
PASS_CHOICE = -1
MAX_PICKS = 20  # 20! orders of the picks left still fit a 64-bit count
CODE_BITS = 64
CHUNK = 1 << 20  # positions whose moves are made at once: bounds the search's memory
SMALL_TABLE = 12  # up to this many open bits, a stretch is found in a table of 2**bits
ONE = np.uint64(1)


@dataclass(frozen=True)
class Pairs:
    """Positions pair by pair, one row each: red's unpicked cells in the pair, its
    uncleared picks there, whether green may pick the pair (open), and whether an
    uncleared green pick lies there (1 or 0)."""

    unpicked: PerPair
    red_left: PerPair
    open: PerPair
    green_left: PerPair

    @classmethod
    def of(cls, state: LoadState) -> Pairs:
        """An engine position's."""
        return cls.of_masks(
            state.board,
            state.red,
            state.red_cleared,
            state.green,
            state.green_cleared,
            state.blocked,
        )

    @classmethod
    def of_masks(
        cls, grid: Board, red: int, red_cleared: int, green: int, green_cleared: int, blocked: int
    ) -> Pairs:
        """A position from the engine's bit masks."""
        columns = zip(
            *(
                (
                    (mask & ~red).bit_count(),
                    (mask & red & ~red_cleared).bit_count(),
                    int(not mask & blocked),
                    int(bool(mask & green & ~green_cleared)),
                )
                for mask in grid.pair_masks
            ),
            strict=True,
        )
        unpicked, red_left, open_, green_left = (np.array([c], np.int64) for c in columns)
        return cls(unpicked, red_left, open_, green_left)

    @classmethod
    def start(cls, grid: Board) -> Pairs:
        return cls.of_masks(grid, 0, 0, 0, 0, 0)

    def __len__(self) -> int:
        return len(self.unpicked)

    def picks_left(self) -> npt.NDArray[np.int64]:
        left: npt.NDArray[np.int64] = self.unpicked.sum(axis=1)
        return left

    def rows(self, index: npt.NDArray[np.intp] | Mask) -> Pairs:
        return Pairs(
            self.unpicked[index], self.red_left[index], self.open[index], self.green_left[index]
        )


@dataclass(frozen=True)
class Frame:
    """Where each pair's figures lie in the codes of the positions that follow a root:
    four regions of bits, each in pair order. A pair's unpicked cells and its uncleared
    red are runs of set bits in fields as wide as the root leaves room for (the
    uncleared red of a stretch fills its fields from the bottom, as one run); open and
    uncleared green are a bit each, where the root leaves them possible."""

    sizes: tuple[int, ...]
    unpicked: tuple[int, ...]  # each pair's field (0: none)
    red_left: tuple[int, ...]
    open: tuple[int, ...]
    green_left: tuple[int, ...]
    touching: tuple[int, ...]  # the open bits a green pick of each pair closes
    bits: int

    @classmethod
    def of(cls, grid: Board, root: Pairs) -> Frame:
        sizes = [mask.bit_count() for mask in grid.pair_masks]
        unpicked, red_left, open_, green_left = (column[0].tolist() for column in _columns(root))
        widths = [
            unpicked,
            [min(s, r + u) for s, r, u in zip(sizes, red_left, unpicked, strict=True)],
            open_,
            [o | g for o, g in zip(open_, green_left, strict=True)],
        ]
        fields: list[tuple[int, ...]] = []
        low = 0
        for region in widths:
            fields.append(
                tuple(_bits(width, low + sum(region[:n])) for n, width in enumerate(region))
            )
            low += sum(region)
        unpicked_bits, red_bits, open_bits, green_bits = fields
        touching = tuple(
            sum(open_bits[other] for other, mask in enumerate(grid.pair_masks) if mask & blocks)
            for blocks in grid.pair_blocks
        )
        return cls(tuple(sizes), unpicked_bits, red_bits, open_bits, green_bits, touching, low)

    @cached_property
    def red_from(self) -> tuple[int, ...]:
        """Each pair's uncleared-red bits and those of the pairs above it (then 0)."""
        return tuple(sum(self.red_left[pair:]) for pair in range(len(self.sizes) + 1))

    @cached_property
    def green_from(self) -> tuple[int, ...]:
        return tuple(sum(self.green_left[pair:]) for pair in range(len(self.sizes)))

    # --- codes ------------------------------------------------------------------------

    def fits(self, pairs: Pairs) -> Mask:
        """Which positions the frame can hold: nothing outside its fields."""
        fits = np.ones(len(pairs), np.bool_)
        for column, fields in zip(_columns(pairs), self._fields(), strict=True):
            fits &= (column <= [f.bit_count() for f in fields]).all(axis=1)
        return fits

    def encode(self, pairs: Pairs) -> Codes:
        """The codes of positions that fit."""
        codes = np.zeros(len(pairs), np.uint64)
        for pair in range(len(self.sizes)):
            codes |= _run(self.unpicked[pair], pairs.unpicked[:, pair])
            codes |= np.where(pairs.open[:, pair] > 0, np.uint64(self.open[pair]), 0)
            codes |= np.where(pairs.green_left[:, pair] > 0, np.uint64(self.green_left[pair]), 0)
        stretch = np.zeros(len(pairs), np.int64)
        for pair in reversed(range(len(self.sizes))):  # each stretch's total from the top
            stretch += pairs.red_left[:, pair]
            starts = (pairs.open[:, pair] > 0) | (pair == 0)
            codes[starts] |= _run(self.red_from[pair], stretch[starts])
            stretch[starts] = 0
        return codes

    def holds(self, codes: Codes, load: int) -> Mask:
        """Whether player 2 holds the stage that ends at each position."""
        red = np.bitwise_count(codes & np.uint64(self.red_from[0]))
        pairs = np.bitwise_count(codes & np.uint64(self._green_left_of_size(2)))
        lone = np.bitwise_count(codes & np.uint64(self._green_left_of_size(1)))
        holding: Mask = (red <= load) & (2 * pairs.astype(np.int16) + lone <= load)
        return holding

    def _fields(self) -> tuple[tuple[int, ...], ...]:
        return self.unpicked, self.red_left, self.open, self.green_left

    def _green_left_of_size(self, size: int) -> int:
        return sum(b for b, s in zip(self.green_left, self.sizes, strict=True) if s == size)

    # --- moves ------------------------------------------------------------------------

    def red_picks(self, codes: Codes) -> Iterator[tuple[Mask, Counts, Codes]]:
        """For each pair where red may pick: which positions allow it, in how many ways
        (its unpicked cells there), and the positions it leaves."""
        for pair, unpicked in enumerate(self.unpicked):
            if not unpicked:
                continue
            field_ = np.uint64(unpicked)
            chosen = codes & field_ != 0
            before = codes[chosen]
            cells = before & field_
            after = before & ~field_ | cells >> ONE & field_  # one cell fewer
            after &= ~np.uint64(self.green_from[pair])
            yield chosen, np.bitwise_count(cells).astype(np.int64), self._add_red(after, pair)

    def green_picks(self, codes: Codes) -> Iterator[tuple[int, Mask, Codes]]:
        """Green's moves: the pass, then each pair it may pick, with the positions that
        allow it and the positions it leaves."""
        yield PASS_CHOICE, np.ones(len(codes), np.bool_), codes
        for pair, bit in enumerate(self.open):
            if not bit:
                continue
            chosen = codes & np.uint64(bit) != 0
            before = codes[chosen]
            after = before & ~np.uint64(self.touching[pair] | self.red_from[pair])
            after |= np.uint64(self.green_left[pair])
            yield pair, chosen, self._merge_closed(before, after, pair)

    def _add_red(self, codes: Codes, pair: int) -> Codes:
        """One more uncleared red in the stretch holding `pair`: its run's next bit."""
        return codes | _lowest(~codes & self._stretch_from(codes, pair))

    def _merge_closed(self, before: Codes, after: Codes, pair: int) -> Codes:
        """After green picks `pair`: each stretch that began at a pair below it, now
        closed, joins the stretch below, its uncleared red moved down to follow."""
        closing = [p for p in range(pair) if self.open[p] & self.touching[pair]]
        for closed in closing:  # the lowest first: its span takes in those above it
            was_open = before & np.uint64(self.open[closed]) != 0
            moved = after[was_open]
            span = np.uint64(self.red_from[closed]) & ~self._next_stretch(moved, closed)
            count = np.bitwise_count(moved & span).astype(np.uint64)
            moved &= ~span
            run_end = _lowest(~moved & self._stretch_from(moved, closed))
            after[was_open] = moved | run_end * ((ONE << count) - ONE)
        return after

    def _stretch_from(self, codes: Codes, pair: int) -> Codes:
        """The uncleared-red bits from the start of the stretch holding `pair` on: from
        the highest open pair up to `pair`, else from pair 0."""
        opens = [p for p in range(pair + 1) if self.open[p]]
        starts = [self.red_from[0]] + [self.red_from[p] for p in opens]
        return _by_highest_bit(self._open_bits(codes, opens), starts)

    def _next_stretch(self, codes: Codes, pair: int) -> Codes:
        """The uncleared-red bits from the lowest open pair above `pair` on (0: none)."""
        opens = [p for p in range(pair + 1, len(self.sizes)) if self.open[p]]
        ends = [0] + [self.red_from[p] for p in opens]
        return _by_highest_bit(_lowest(self._open_bits(codes, opens)), ends)

    def _open_bits(self, codes: Codes, pairs: list[int]) -> Codes:
        """The open bits of `pairs`, pairs next to one another among those open at the
        root, moved down to bit 0."""
        if not pairs:
            return np.zeros(len(codes), np.uint64)
        return codes >> np.uint64(_low_bit(self.open[pairs[0]])) & np.uint64(_bits(len(pairs), 0))


def _columns(pairs: Pairs) -> tuple[PerPair, PerPair, PerPair, PerPair]:
    return pairs.unpicked, pairs.red_left, pairs.open, pairs.green_left


def _bits(count: int, low: int) -> int:
    return ((1 << count) - 1) << low


def _low_bit(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _run(field_: int, counts: PerPair) -> Codes:
    """`counts` set bits from the bottom of `field_`."""
    if not field_:
        return np.zeros(len(counts), np.uint64)
    return ((ONE << counts.astype(np.uint64)) - ONE) << np.uint64(_low_bit(field_))


def _lowest(codes: Codes) -> Codes:
    """Each code's lowest set bit alone."""
    return codes & (~codes + ONE)


def _by_highest_bit(codes: Codes, masks: list[int]) -> Codes:
    """masks[k] for each code whose highest set bit is bit k - 1 (masks[0] for 0), codes
    below 2**(len(masks) - 1)."""
    width = len(masks) - 1
    chosen = np.array(masks, np.uint64)
    if width <= SMALL_TABLE:
        highest = np.frexp(np.arange(1 << width, dtype=np.float64))[1]
        return chosen[highest][codes]
    return chosen[np.frexp(codes.astype(np.float64))[1]]
