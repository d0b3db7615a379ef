"""Load's exact search: every position that follows a root, a layer at a time, in numpy.

A value is a whole number: against a player 1 picking uniformly at random, how many
orders of player 1's remaining picks player 2, playing its best, holds against, out
of (picks left)! orders. Player 2 wins with perfect play on both sides exactly when
it holds against every order.

The search runs without recursion: the positions are found a layer at a time (the
picks left and the side to move), from the root forward, each layer sorted and
without repeats; the values then run backward, each layer's from the next one's.

How a position is coded is codes.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from math import factorial

import numpy as np
import numpy.typing as npt

from games.load.codes import (
    CHUNK,
    CODE_BITS,
    GREEN,
    MAX_PICKS,
    PASS_CHOICE,
    RED,
    Codes,
    Counts,
    Frame,
    Pairs,
)
from games.load.engine import Board, LoadState, board

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
