"""Sums' fairness sweep: player 0's chances (an odd total) with both seats at random,
for each count of cells, by Monte Carlo; found by the sweep's import path given as the
game registers (tests/conftest.py)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.autoplay import seeded_chunks
from games.words import percent
from sums import SumsRules, SumsState, random_player
from viz.sweeps.charts import rate_chart
from viz.sweeps.kit import SweepAsked, SweepKit, Swept
from viz.sweeps.runner import run
from viz.sweeps.trials import monte_carlo

CHUNK = 500


@dataclass(frozen=True)
class SumsRow:
    cells: int
    trials: int
    player0_win_rate: float


def play_chunk(cells: int, games: int, seed: int) -> int:
    """Player 0's wins in `games` seeded games, both seats at random."""
    rng = random.Random(seed)
    wins = 0
    for _ in range(games):
        state = SumsState(SumsRules(cells))
        while state.to_move is not None:
            state.apply(random_player(state, rng))
        wins += state.total(0) % 2
    return wins


def _swept(asked: SweepAsked) -> Swept:
    assert asked.games is not None  # Sums offers no exact search

    def jobs(cells: int, trials: int, first: int) -> list[tuple[int, int, int]]:
        chunks = seeded_chunks(trials, CHUNK, asked.seed, cells, first=first)
        return [(cells, size, seed) for size, seed in chunks]

    def row(cells: int, wins: list[int], trials: int) -> SumsRow:
        return SumsRow(cells, trials, sum(wins) / trials)

    sweep = monte_carlo(asked.games, CHUNK, jobs, play_chunk, sum, row, "{} cells".format)
    rows = run(sweep, [cell["cells"] for cell in asked.cells], asked.workers)
    table = [
        "Player 0's win rate, both seats at random",
        "| cells | player 0 wins |",
        "|---:|---:|",
        *(f"| {r.cells} | {percent(r.player0_win_rate, 1)} |" for r in rows),
    ]
    points = [(r.cells, r.player0_win_rate) for r in rows]
    return Swept(
        rows,
        "\n".join(table),
        lambda: rate_chart("Player 0's win rate", "cells", [(0, "at random", points)]),
        [(r.player0_win_rate, r.trials) for r in rows],
        CHUNK,
    )


SWEEP = SweepKit(_swept)
