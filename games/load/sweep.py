"""Load's fairness figures: player 2's chances and the game's length when two automatic
players meet, by Monte Carlo, and exact results on small boards by a memoized search.

Pure: no files, no processes. The command line spreads the chunks over processes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from games.autoplay import seeded_chunks
from games.load.engine import PASS, LoadRules, LoadState, board

CHUNK = 2000  # games per independently seeded chunk, played together in arrays
MAX_EXACT_CELLS = 12  # the exact search's table grows as 4**cells: larger boards take too long


@dataclass(frozen=True)
class LoadRow:
    rows: int
    cols: int
    load: int
    trials: int
    player2_win_rate: float
    mean_stages: float


def play_chunk(
    rows: int, cols: int, load: int, games: int, seed: int, red: str, green: str
) -> tuple[int, int]:
    """Player 2's wins and the stages played, summed over `games` seeded games played
    together in numpy arrays (games/load/batch.py); player 1 picks at random (`red` is
    random-red, the one player 1 the sweeps know)."""
    import numpy as np  # loaded by the sweep alone: the command line starts at once

    from games.load.batch import GREEN_POLICIES, Boards, ordered_red, played_out, stages_played

    assert red == "random-red", red  # the command line lets no other player hold seat 1
    draws = np.random.default_rng(seed)
    boards = Boards.of([LoadState(LoadRules(rows, cols, load))]).repeated(games)
    cells = rows * cols
    green_policy = GREEN_POLICIES[green](lambda count, columns: draws.random((count, columns)))
    red_policy = ordered_red(np.argsort(draws.random((games, cells)), axis=1))
    held = played_out(boards, red_policy, green_policy)
    return int(held.sum()), int(stages_played(boards).sum())


def chunks(
    rows: int, cols: int, load: int, trials: int, seed: int, red: str, green: str, first: int = 0
) -> list[tuple[int, int, int, int, int, str, str]]:
    """The chunk jobs of one cell (after its first `first`), the same for any number of
    workers."""
    cell = (f"{rows}x{cols}", load)
    return [
        (rows, cols, load, size, chunk_seed, red, green)
        for size, chunk_seed in seeded_chunks(trials, CHUNK, seed, *cell, first=first)
    ]


# --- the exact search ----------------------------------------------------------------


@dataclass(frozen=True)
class Exact:
    rows: int
    cols: int
    load: int
    perfect_play_winner: int  # 1 or 2, both sides playing their best
    player2_chance: float  # player 1 picking at random, player 2 its best
    positions: int  # positions the search visited


class LoadSolver:
    """Every position reached from the ones asked about, searched once. A position is
    what is picked and cleared in each colour, the cells a new green pair may not touch,
    and who moves; for each, whether player 2 wins with best play on both sides, and
    player 2's best chance against a player 1 who picks at random. The Load is the one
    given: later moves of the slider are not foreseen. The table grows as 4**cells left
    to pick: a whole board of 12 cells, or the last 9 picks of any board, is in reach."""

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


def solve(rows: int, cols: int, load: int) -> Exact:
    """The perfect-play winner of a small board and player 2's best chance against a
    random player 1, from the start."""
    if rows * cols > MAX_EXACT_CELLS:
        raise ValueError(f"the exact search takes boards of at most {MAX_EXACT_CELLS} cells")
    search = LoadSolver(rows, cols, load)
    wins, chance = search.red_to_move(0, 0, 0, 0, 0)
    return Exact(rows, cols, load, 2 if wins else 1, chance, search.positions())


def brute_force(rows: int, cols: int, load: int) -> tuple[int, float]:
    """The same two figures by playing out every game through the engine, no memory:
    the check on boards small enough for it."""

    def search(state: LoadState) -> tuple[bool, float]:
        if state.to_move is None:
            return state.winner == 2, float(state.winner == 2)
        results = []
        for move in state.legal_moves():
            after = state.copy()
            after.apply(move)
            results.append(search(after))
        if state.to_move == 1:
            return all(won for won, _ in results), sum(o for _, o in results) / len(results)
        return any(won for won, _ in results), max(o for _, o in results)

    wins, chance = search(LoadState(LoadRules(rows, cols, load)))
    return 2 if wins else 1, chance


__all__ = ["PASS", "Exact", "LoadRow", "brute_force", "chunks", "play_chunk", "solve"]
