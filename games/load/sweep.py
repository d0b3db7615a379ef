"""Load's fairness figures: player 2's chances and the game's length when two automatic
players meet, by Monte Carlo, and exact results on small boards by a memoized search.

Pure: no files, no processes. The command line spreads the chunks over processes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import factorial

from games.autoplay import seeded_chunks
from games.load.engine import PASS, LoadRules, LoadState, board
from games.load.policies import PLAYERS

CHUNK = 500  # games per independently seeded chunk
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
    """Player 2's wins and the stages played, summed over `games` seeded games."""
    rng = random.Random(seed)
    rules = LoadRules(rows, cols, load)
    movers = {1: PLAYERS[red], 2: PLAYERS[green]}
    wins = stages = 0
    for _ in range(games):
        state = LoadState(rules)
        while state.to_move is not None:
            state.apply(movers[state.to_move](state, rng))
        wins += state.winner == 2
        stages += state.stage
    return wins, stages


def chunks(
    rows: int, cols: int, load: int, trials: int, seed: int, red: str, green: str
) -> list[tuple[int, int, int, int, int, str, str]]:
    """The chunk jobs of one cell, the same for any number of workers."""
    return [
        (rows, cols, load, size, chunk_seed, red, green)
        for size, chunk_seed in seeded_chunks(trials, CHUNK, seed, f"{rows}x{cols}", load)
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
    from games.load.exact import RED, Pairs, Table  # numpy: the command line starts at once

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
