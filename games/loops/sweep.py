"""Fairness figures (docs/rules.md 4.4): the first mover's chances under random play, and
who wins with perfect play, for each capacity and starting flip budget."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from games.autoplay import seeded_chunks
from games.loops.ai import PLAYERS
from games.loops.engine import LoopsRules, LoopsState
from games.loops.solver import Solver, random_games, solver

CHUNK = 10_000  # Monte Carlo trials per independently seeded chunk


@dataclass(frozen=True)
class SweepRow:
    capacity: int
    flips: int
    first_mover_win_rate: float
    perfect_play_winner: str  # "first" or "second"
    trials: int | None = None  # None for the exact computation


def perfect_play_winner(capacity: int, flips: int) -> str:
    search = solver(capacity)
    return "first" if search.wins(search.start(flips)) else "second"


def exact_rows(capacities: list[int], budgets: list[int]) -> Iterator[SweepRow]:
    """Exact rows, capacity by capacity, each with a solver of its own dropped once its
    rows are done. The collector is off meanwhile: the memo tables only grow, and
    scanning them again and again cost more than the search itself."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        for capacity in capacities:
            search = Solver(capacity)
            for flips in budgets:
                start = search.start(flips)
                winner = "first" if search.wins(start) else "second"
                yield SweepRow(capacity, flips, search.random_win_probability(start), winner)
    finally:
        if enabled:
            gc.enable()


def monte_carlo_chunk(capacity: int, flips: int, trials: int, seed: int) -> int:
    """First-mover wins in `trials` uniformly random games."""
    return random_games(walk_table(capacity, flips), trials, seed)


@lru_cache(maxsize=8)
def walk_table(capacity: int, flips: int) -> list[tuple[int, ...]]:
    """Built once per worker process and cell, not once per chunk."""
    search = solver(capacity)
    return search.walk_table(search.start(flips))


def chunks(
    capacity: int, flips: int, trials: int, seed: int, first: int = 0
) -> list[tuple[int, int, int, int]]:
    """The chunk jobs of one cell (after its first `first`): the same for any number of
    workers, so results repeat."""
    return [
        (capacity, flips, size, chunk_seed)
        for size, chunk_seed in seeded_chunks(trials, CHUNK, seed, capacity, flips, first=first)
    ]


def head_to_head(
    first: str, second: str, games: int, seed: int = 0, capacity: int = 7, flips: int = 2
) -> float:
    """Share of games the player `first` (seat 0) wins; the first mover alternates."""
    rng = random.Random(seed)
    seats = (PLAYERS[first], PLAYERS[second])
    wins = 0
    for game in range(games):
        state = LoopsState(LoopsRules(capacity, flips, first=game % 2))
        while state.to_move is not None:
            state.apply(seats[state.to_move](state, rng))
        wins += state.winner == 0
    return wins / games
