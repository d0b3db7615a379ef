"""Load's fairness figures: player 2's chances and the game's length when two automatic
players meet, by Monte Carlo, and exact results on small boards by a memoized search.

Pure: no files, no processes. The command line spreads the chunks over processes.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import factorial

from games.autoplay import seeded_chunks
from games.load.engine import PASS, LoadRules, LoadState, board

CHUNK = 2000  # games per independently seeded chunk, played together in arrays
MAX_EXACT_CELLS = 18  # 1x18 at Load 8: 325 million positions, 3 minutes of CPU and 2.8 GB


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


def solve(rows: int, cols: int, load: int) -> Exact:
    """The perfect-play winner of a small board and player 2's best chance against a
    random player 1, from the start (games/load/exact.py)."""
    from games.load.codes import RED, Pairs  # numpy: the command line starts at once
    from games.load.exact import Table

    if rows * cols > MAX_EXACT_CELLS:
        raise ValueError(f"the exact search takes boards of at most {MAX_EXACT_CELLS} cells")
    grid = board(rows, cols)
    table = Table.solve(grid, load, Pairs.start(grid), RED, keep=False)
    count = table.root_value()
    orders = factorial(grid.cells)
    return Exact(rows, cols, load, 2 if count == orders else 1, count / orders, table.positions)


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
