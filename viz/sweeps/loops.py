"""`oddsevens sweep loops`: the first mover's chances on every capacity and flip budget,
exactly or by Monte Carlo, as a table, JSON Lines and a chart."""

from __future__ import annotations

from games.autoplay import Precision
from games.loops.sweep import (
    CHUNK,
    SweepRow,
    chunks,
    exact_rows,
    monte_carlo_chunk,
    perfect_play_winner,
)
from games.words import percent
from viz.scenes.shapes import Scene
from viz.sweeps.charts import rate_chart
from viz.sweeps.kit import SweepAsked, SweepKit, Swept
from viz.sweeps.runner import IN_PROCESS, Sweep, Workers, run
from viz.sweeps.trials import Games, games_column, monte_carlo, precision_words

Cell = tuple[int, int]  # capacity, flip budget


def _label(cell: Cell) -> str:
    return f"capacity {cell[0]}, {cell[1]} flip{'' if cell[1] == 1 else 's'}"


def monte_carlo_sweep(games: Games, seed: int) -> Sweep[Cell, int, SweepRow]:
    def jobs(cell: Cell, trials: int, first: int) -> list[tuple[int, int, int, int]]:
        return chunks(*cell, trials, seed, first)

    def row(cell: Cell, wins: list[int], trials: int) -> SweepRow:
        capacity, flips = cell
        return SweepRow(capacity, flips, sum(wins) / trials, perfect_play_winner(*cell), trials)

    return monte_carlo(games, CHUNK, jobs, monte_carlo_chunk, sum, row, _label)


def exact_capacity(capacity: int, budgets: list[int]) -> list[SweepRow]:
    """The exact rows of one capacity: one solver serves all its flip budgets."""
    return list(exact_rows([capacity], budgets))


def run_sweep(
    capacities: list[int], budgets: list[int], games: Games | None, seed: int, workers: Workers
) -> list[SweepRow]:
    """Exact rows (`games` None) in this process, else Monte Carlo over `workers`."""
    if games is None:
        exact = Sweep[int, list[SweepRow], list[SweepRow]](
            lambda capacity: [(capacity, budgets)],
            exact_capacity,
            lambda _capacity, found: found[0],
            lambda capacity: f"capacity {capacity}",
        )
        return [row for rows in run(exact, capacities, IN_PROCESS) for row in rows]
    cells = [(c, f) for c in capacities for f in budgets]
    return run(monte_carlo_sweep(games, seed), cells, workers)


def format_table(rows: list[SweepRow], games: Games | None) -> str:
    """A Markdown table of the rows (exact where `games` is None); where a precision was
    asked, with each cell's games."""
    if games is None:
        method = "exact"
    elif isinstance(games, Precision):
        method = f"Monte Carlo, {precision_words(games)}"
    else:
        method = f"Monte Carlo, {games:,} games"
    lines = [
        f"First mover's win rate under uniformly random play ({method})",
        "| capacity | flips | first mover wins | perfect play winner |",
        "|---:|---:|---:|---|",
    ]
    lines += [
        f"| {r.capacity} | {r.flips} | {percent(r.first_mover_win_rate, 2)} | "
        f"{r.perfect_play_winner} |"
        for r in rows
    ]
    return "\n".join(games_column(lines, [r.trials for r in rows], games))


def chart_scene(rows: list[SweepRow], width: int = 640, height: int = 420) -> Scene:
    """First-mover win rate against capacity, one line per flip budget, 50 % marked."""
    series = [
        (
            flips,
            f"{flips} flip{'' if flips == 1 else 's'}",
            [(r.capacity, r.first_mover_win_rate) for r in rows if r.flips == flips],
        )
        for flips in sorted({r.flips for r in rows})
    ]
    return rate_chart(
        "First mover's win rate under random play", "loop capacity", series, width, height
    )


def _swept(asked: SweepAsked) -> Swept:
    """The cells asked (every capacity with every budget), exactly or by Monte Carlo."""
    capacities = list(dict.fromkeys(cell["capacity"] for cell in asked.cells))
    budgets = list(dict.fromkeys(cell["flips"] for cell in asked.cells))
    rows = run_sweep(capacities, budgets, asked.games, asked.seed, asked.workers)
    rates = [(row.first_mover_win_rate, row.trials or 0) for row in rows]
    return Swept(rows, format_table(rows, asked.games), lambda: chart_scene(rows), rates, CHUNK)


SWEEP = SweepKit(_swept)
