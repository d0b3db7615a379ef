"""Load's rules stated as plainly as possible with Python sets, and the exact search
as it was before the layered one.

Slow on purpose: tests use them as oracles for the bit-mask engine and the layered
search, and the benchmarks use them as the baselines those are measured against.
"""

from __future__ import annotations

import random
from functools import cache

from games.load.engine import LoadState, board


class SetModel:
    def __init__(self, rows: int, cols: int, load: int) -> None:
        self.rows, self.cols, self.cells = rows, cols, rows * cols
        self.load = self.pending_load = load
        self.stage = 1
        self.winner: int | None = None
        self.red: set[int] = set()
        self.red_cleared: set[int] = set()
        self.green: set[int] = set()
        self.green_cleared: set[int] = set()

    def pair(self, cell: int) -> set[int]:
        low = cell - cell % 2
        return {c for c in (low, low + 1) if c < self.cells}

    def adjacent(self, a: int, b: int) -> bool:
        (ra, ca), (rb, cb) = divmod(a, self.cols), divmod(b, self.cols)
        return abs(ra - rb) + abs(ca - cb) == 1

    def green_legal(self, cell: int) -> bool:
        cells = self.pair(cell)
        return not cells & self.green and not any(
            self.adjacent(c, g) for c in cells for g in self.green
        )

    def pick_red(self, cell: int) -> None:
        self.red.add(cell)
        for g in self.green - self.green_cleared:
            if max(self.pair(g)) >= cell:
                self.green_cleared |= self.pair(g)

    def pick_green(self, cell: int) -> None:
        cells = self.pair(cell)
        self.green |= cells
        self.red_cleared |= {r for r in self.red if r >= min(cells)}
        self.end_stage()

    def end_stage(self) -> None:
        self.load = self.pending_load
        if (
            len(self.red - self.red_cleared) > self.load
            or len(self.green - self.green_cleared) > self.load
        ):
            self.winner = 1
        elif self.stage == self.cells:
            self.winner = 2
        else:
            self.stage += 1

    def play_stage(self, rng: random.Random) -> None:
        """One stage of the automatic players (docs/rules.md 3.3)."""
        self.pick_red(rng.choice([c for c in range(self.cells) if c not in self.red]))
        uncleared = self.red - self.red_cleared
        if self.stage % 3 == 0 and uncleared:
            top = max(uncleared)
            pairs = [
                c
                for c in range(0, self.cells, 2)
                if max(self.pair(c)) < top and self.green_legal(c)
            ]
            if pairs:
                self.pick_green(rng.choice(pairs))
                return
        self.end_stage()


class MemoSearch:
    """The exact search the layered one (games/load/exact.py) replaced, kept as the
    reference it is checked and measured against: a recursion over the engine's bit
    masks, every position it reaches a cache entry. A position is what is picked and
    cleared in each colour, the cells a new green pair may not touch, and who moves;
    for each, whether player 2 wins with best play on both sides, and player 2's best
    chance against a player 1 who picks at random."""

    def __init__(self, rows: int, cols: int, load: int) -> None:
        self.grid = board(rows, cols)
        self.load = load
        self.red_to_move = cache(self._red_to_move)
        self.green_to_move = cache(self._green_to_move)

    def player2_wins(self, state: LoadState) -> bool:
        """Whether player 2 wins from an engine position with best play on both sides."""
        return self._searched(state)[0]

    def player2_chance(self, state: LoadState) -> float:
        """Player 2's chance from an engine position against a player 1 picking at
        random, player 2 playing its best."""
        return self._searched(state)[1]

    def _searched(self, state: LoadState) -> tuple[bool, float]:
        if state.to_move is None:
            return state.winner == 2, float(state.winner == 2)
        key = (state.red, state.red_cleared, state.green, state.green_cleared, state.blocked)
        search = self.red_to_move if state.to_move == 1 else self.green_to_move
        return search(*key)

    def positions(self) -> int:
        return self.red_to_move.cache_info().currsize + self.green_to_move.cache_info().currsize

    def _end_of_stage(
        self, red: int, red_cleared: int, green: int, green_cleared: int
    ) -> int | None:
        load = self.load
        if (red ^ red_cleared).bit_count() > load or (green ^ green_cleared).bit_count() > load:
            return 1
        return 2 if red.bit_count() == self.grid.cells else None

    def _red_to_move(
        self, red: int, red_cleared: int, green: int, green_cleared: int, blocked: int
    ) -> tuple[bool, float]:
        grid = self.grid
        wins, chance, options = False, 0.0, 0
        for cell in range(grid.cells):
            bit = 1 << cell
            if red & bit:
                continue
            cleared = green_cleared | green & grid.at_or_above[cell & ~1]
            best, odds = self.green_to_move(red | bit, red_cleared, green, cleared, blocked)
            wins |= not best  # player 1 wins if some pick leaves player 2 lost
            chance += odds
            options += 1
        return not wins, chance / options

    def _green_to_move(
        self, red: int, red_cleared: int, green: int, green_cleared: int, blocked: int
    ) -> tuple[bool, float]:
        """(player 2 wins with best play, player 2's best chance against random red)."""
        wins, chance = False, 0.0
        for _choice, after in self._green_moves(red, red_cleared, green, green_cleared, blocked):
            won, odds = self._after_green(after)
            wins |= won
            chance = max(chance, odds)
        return wins, chance

    def best_green(
        self, red: int, red_cleared: int, green: int, green_cleared: int, blocked: int
    ) -> int:
        """Player 2's move of best chance against random red: a pair's number, or -1 for
        the pass; of equal moves the first (the pass, then the lowest pair)."""
        moves = self._green_moves(red, red_cleared, green, green_cleared, blocked)
        return max(moves, key=lambda move: self._after_green(move[1])[1])[0]

    def _green_moves(
        self, red: int, red_cleared: int, green: int, green_cleared: int, blocked: int
    ) -> list[tuple[int, tuple[int, int, int, int, int]]]:
        """Player 2's moves (-1 the pass, else the pair's number) and the positions they
        leave."""
        grid = self.grid
        moves = [(-1, (red, red_cleared, green, green_cleared, blocked))]
        for pair, mask in enumerate(grid.pair_masks):
            if not blocked & mask:
                after = (
                    red,
                    red_cleared | red & grid.at_or_above[pair << 1],
                    green | mask,
                    green_cleared,
                    blocked | grid.pair_blocks[pair],
                )
                moves.append((pair, after))
        return moves

    def _after_green(self, after: tuple[int, int, int, int, int]) -> tuple[bool, float]:
        ended = self._end_of_stage(*after[:4])
        if ended is not None:
            return ended == 2, float(ended == 2)
        return self.red_to_move(*after)


def memo_solve(rows: int, cols: int, load: int) -> tuple[int, float, int]:
    """The perfect-play winner, player 2's best chance against a random player 1 from
    the start, and the positions searched."""
    search = MemoSearch(rows, cols, load)
    wins, chance = search.red_to_move(0, 0, 0, 0, 0)
    return 2 if wins else 1, chance, search.positions()
