"""Load's exact search: every position that follows a root, a layer at a time, in numpy.

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

A value is a whole number: against a player 1 picking uniformly at random, how many
orders of player 1's remaining picks player 2, playing its best, holds against, out
of (picks left)! orders. Player 2 wins with perfect play on both sides exactly when
it holds against every order.

The search runs without recursion: the positions are found a layer at a time (the
picks left and the side to move), from the root forward, each layer sorted and
without repeats; the values then run backward, each layer's from the next one's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from math import factorial

import numpy as np
import numpy.typing as npt

from games.load.engine import Board, LoadState, board

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


# --- the search -----------------------------------------------------------------------------


@dataclass
class Layer:
    """The positions with `left` picks left and `side` to move, their codes sorted, and
    once found, their values (out of left!)."""

    side: int
    left: int
    codes: Codes
    values: Counts = field(default_factory=lambda: np.zeros(0, np.int64))

    def index(self, codes: Codes) -> npt.NDArray[np.intp]:
        """Where `codes` lie in the layer (each must be there), looked for in sorted
        order: a sorted search reads the layer once from start to end, where one in
        random order would wait on memory at every step."""
        order = np.argsort(codes)
        found = np.empty(len(codes), np.intp)
        found[order] = np.searchsorted(self.codes, codes[order])
        return found

    def find(self, codes: Codes) -> Counts:
        """The values of `codes`, -1 for those not in the layer."""
        values = np.full(len(codes), -1, np.int64)
        if len(self.codes):
            at = np.minimum(np.searchsorted(self.codes, codes), len(self.codes) - 1)
            found = self.codes[at] == codes
            values[found] = self.values[at[found]]
        return values


@dataclass
class Table:
    """Every position that follows one root with player 2 still holding, layer by
    layer, and their values."""

    frame: Frame
    load: int
    layers: list[Layer]
    positions: int = 0

    @classmethod
    def solve(cls, grid: Board, load: int, root: Pairs, side: int, keep: bool = True) -> Table:
        """Search from `root` (`side` to move). Unless `keep`, only the root's layer is
        kept: the others are let go once used."""
        frame = Frame.of(grid, root)
        left = int(root.picks_left()[0])
        if left > MAX_PICKS or frame.bits > CODE_BITS:
            raise ValueError(f"the exact search reaches {MAX_PICKS} picks in 64-bit positions")
        table = cls(frame, load, [Layer(side, left, frame.encode(root))])
        while (following := table._following(table.layers[-1])) is not None:
            table.layers.append(following)
        table.positions = sum(len(layer.codes) for layer in table.layers)
        table._find_values(keep)
        return table

    def root_value(self) -> int:
        return int(self.layers[0].values[0])

    def values(self, side: int, pairs: Pairs) -> Counts:
        """The values of positions with `side` to move, -1 for those not in the table."""
        values = np.full(len(pairs), -1, np.int64)
        fits = self.frame.fits(pairs)
        left = pairs.picks_left()
        for layer in self.layers:
            rows = np.flatnonzero(fits & (left == layer.left) & (layer.side == side))
            if len(rows):
                values[rows] = layer.find(self.frame.encode(pairs.rows(rows)))
        return values

    def best_greens(self, pairs: Pairs) -> Counts:
        """Player 2's move of best value in each of the table's positions (green to move,
        as many picks left in each): a pair's number, or -1 for the pass; of equal
        moves the first."""
        codes = self.frame.encode(pairs)
        following = self._layer(RED, int(pairs.picks_left()[0]))
        best = np.full(len(codes), PASS_CHOICE, np.int64)
        top = np.full(len(codes), -1, np.int64)
        for pair, chosen, after in self.frame.green_picks(codes):
            value = np.full(len(codes), -1, np.int64)
            value[chosen] = self._held(after, following)
            better = value > top
            best[better], top[better] = pair, value[better]
        return best

    def _layer(self, side: int, left: int) -> Layer | None:
        return next((x for x in self.layers if (x.side, x.left) == (side, left)), None)

    def _following(self, layer: Layer) -> Layer | None:
        """The next layer: every position the moves from `layer` leave with player 2
        holding (None at the end of the game, or where player 2 holds nowhere)."""
        if layer.side == GREEN and layer.left == 0:
            return None
        codes = _unique(
            np.concatenate(
                [np.zeros(0, np.uint64)]
                + [
                    _unique(np.concatenate(list(self._leaves(part, layer.side))))
                    for part in _chunks(layer.codes)
                ]
            )
        )
        if not len(codes):
            return None
        if layer.side == RED:
            return Layer(GREEN, layer.left - 1, codes)
        return Layer(RED, layer.left, codes)

    def _leaves(self, codes: Codes, side: int) -> Iterator[Codes]:
        if side == RED:
            for _chosen, _ways, after in self.frame.red_picks(codes):
                yield after
        else:
            for _pair, _chosen, after in self.frame.green_picks(codes):
                yield after[self.frame.holds(after, self.load)]

    def _find_values(self, keep: bool) -> None:
        for depth in reversed(range(len(self.layers))):
            layer = self.layers[depth]
            following = self.layers[depth + 1] if depth + 1 < len(self.layers) else None
            layer.values = np.concatenate(
                [np.zeros(0, np.int64)]
                + [self._values(part, layer, following) for part in _chunks(layer.codes)]
            )
            if not keep:
                del self.layers[depth + 1 :]

    def _values(self, codes: Codes, layer: Layer, following: Layer | None) -> Counts:
        if layer.side == RED:
            assert following is not None  # red always has a pick to make
            total = np.zeros(len(codes), np.int64)
            for chosen, ways, after in self.frame.red_picks(codes):
                total[chosen] += ways * following.values[following.index(after)]
            return total
        best = np.zeros(len(codes), np.int64)
        for _pair, chosen, after in self.frame.green_picks(codes):
            best[chosen] = np.maximum(best[chosen], self._held(after, following))
        return best

    def _held(self, after: Codes, following: Layer | None) -> Counts:
        """The values of the positions green's moves leave: 0 where the stage is lost,
        else the following layer's, or 1 at the end of the game (no following layer:
        then no move holds, or none is left)."""
        holds = self.frame.holds(after, self.load)
        value = holds.astype(np.int64)
        if following is not None:
            value[holds] = following.values[following.index(after[holds])]
        return value


def _chunks(codes: Codes) -> Iterator[Codes]:
    for start in range(0, len(codes), CHUNK):
        yield codes[start : start + CHUNK]


def _unique(codes: Codes) -> Codes:
    """Sorted, without repeats (np.unique takes far longer: docs/decisions.md)."""
    codes = np.sort(codes)
    keep = np.ones(len(codes), np.bool_)
    np.not_equal(codes[1:], codes[:-1], out=keep[1:])
    return codes[keep]


# --- questions about positions ---------------------------------------------------------------


class LoadSolver:
    """The exact values of a board's positions at one Load, from tables searched as they
    are asked for: a position is looked up in the tables searched so far, else searched
    from (on a board given as `whole`, the first time from the board's start: that one
    table holds every position of a game whose Load does not move). The Load is the
    one given: later moves of the slider are not foreseen."""

    KEPT = 4  # tables kept besides the start's: the analysis asks about one game at a time

    def __init__(self, rows: int, cols: int, load: int, whole: bool = False) -> None:
        self.grid = board(rows, cols)
        self.load = load
        self.whole = whole
        self.start: Table | None = None
        self.recent: list[Table] = []

    def hold(self, state: LoadState) -> None:
        """Search from an engine position unless a table holds it already: the positions
        its moves lead to are then in that table too (asked about one by one, each
        would be searched from alone)."""
        if state.to_move is not None:
            self._table(Pairs.of(state), state.to_move)

    def player2_wins(self, state: LoadState) -> bool:
        """Whether player 2 wins from an engine position with best play on both sides."""
        if state.to_move is None:
            return state.winner == 2
        return self._value(state) == factorial(len(state.red_pool))

    def player2_chance(self, state: LoadState) -> float:
        """Player 2's chance from an engine position against a player 1 picking at
        random, player 2 playing its best."""
        if state.to_move is None:
            return float(state.winner == 2)
        return self._value(state) / factorial(len(state.red_pool))

    def best_green(
        self, red: int, red_cleared: int, green: int, green_cleared: int, blocked: int
    ) -> int:
        """Player 2's move of best chance against random red: a pair's number, or -1 for
        the pass; of equal moves the first (the pass, then the lowest pair)."""
        pairs = Pairs.of_masks(self.grid, red, red_cleared, green, green_cleared, blocked)
        return int(self.best_greens(pairs)[0])

    def best_greens(self, pairs: Pairs) -> Counts:
        """`best_green` in many positions, green to move and as many picks left in each."""
        choices = np.empty(len(pairs), np.int64)
        rows = np.arange(len(pairs))
        while len(rows):
            table = self._table(pairs.rows(rows[:1]), GREEN)
            found = table.values(GREEN, pairs.rows(rows)) >= 0
            choices[rows[found]] = table.best_greens(pairs.rows(rows[found]))
            rows = rows[~found]
        return choices

    def positions(self) -> int:
        """The positions of the tables searched so far."""
        return sum(table.positions for table in self._tables())

    def _tables(self) -> list[Table]:
        return ([self.start] if self.start else []) + self.recent

    def _value(self, state: LoadState) -> int:
        assert state.to_move is not None
        pairs = Pairs.of(state)
        return int(self._table(pairs, state.to_move).values(state.to_move, pairs)[0])

    def _table(self, position: Pairs, side: int) -> Table:
        """A table holding `position` (one row), searched if none does yet."""
        for table in self._tables():
            if table.values(side, position)[0] >= 0:
                return table
        if self.whole and self.start is None:
            self.start = Table.solve(self.grid, self.load, Pairs.start(self.grid), RED)
            return self._table(position, side)
        table = Table.solve(self.grid, self.load, position, side)
        self.recent = [table, *self.recent[: self.KEPT - 1]]
        return table


def reaches(state: LoadState) -> bool:
    """Whether the search holds the rest of the game from an engine position: at most
    MAX_PICKS picks left, in positions of at most 64 bits."""
    frame = Frame.of(state.board, Pairs.of(state))
    return len(state.red_pool) <= MAX_PICKS and frame.bits <= CODE_BITS
