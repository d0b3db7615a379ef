"""Odds and Evens: solve the default board from scratch, the exact sweep, and Monte Carlo
random games per second, each against a plain baseline measured in the same run.

Run: python bench/bench_loops.py
"""

from __future__ import annotations

import argparse
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor

from common import median_seconds, print_table

from games.loops import LoopsRules, LoopsState
from games.loops.solver import Solver, _position, after_flip, after_place, random_games
from games.loops.solver import swap as swap_loop
from games.loops.sweep import chunks, exact_rows, monte_carlo_chunk


def forget_loops() -> None:
    """From scratch: no loop's successors worked out yet (they are kept per process)."""
    for table in (after_place, after_flip, swap_loop):
        table.cache_clear()


def solve_default() -> bool:
    forget_loops()
    search = Solver(7)
    return search.wins(search.start(2))


def plain_solve(state: LoopsState, memo: dict) -> bool:
    """Baseline: memoized search keyed on full engine snapshots."""
    key = state.snapshot()[1:5]
    if key not in memo:
        wins = False
        for move in state.legal_moves():
            child = state.copy()
            child.apply(move)
            if not plain_solve(child, memo):
                wins = True
                break
        memo[key] = wins
    return memo[key]


def exact_sweep() -> None:
    forget_loops()
    list(exact_rows(list(range(3, 10)), list(range(5))))


class EarlierSolver(Solver):
    """The solver as it was before its loops' successors were kept (the baseline): each
    one worked out again wherever it is met."""

    def children(self, position):
        found = self._children.get(position)
        if found is not None:
            return found
        (a, b), mine, theirs = position
        result = []
        place, flip, swap = after_place.__wrapped__, after_flip.__wrapped__, swap_loop.__wrapped__
        capacity = self.capacity
        for moved, other in ((a, b), (b, a)):
            placed = place(capacity, moved)
            if placed is not None:
                result.append(
                    _position(swap(capacity, placed), swap(capacity, other), theirs, mine)
                )
            if mine:
                flipped = flip(capacity, moved)
                if flipped is not None:
                    result.append(
                        _position(swap(capacity, flipped), swap(capacity, other), theirs, mine - 1)
                    )
        found = self._children[position] = tuple(result)
        return found


def earlier_exact_sweep() -> None:
    """The exact sweep as it was: every solver kept, the collector running."""
    kept = {}
    for capacity in range(3, 10):
        search = kept.setdefault(capacity, EarlierSolver(capacity))
        for flips in range(5):
            search.random_win_probability(search.start(flips))
            search.wins(search.start(flips))


def engine_random_games(games: int, seed: int = 1) -> int:
    """Baseline: random games on the full engine."""
    rng, wins = random.Random(seed), 0
    for _ in range(games):
        state = LoopsState(LoopsRules())
        while state.to_move is not None:
            state.apply(rng.choice(state.legal_moves()))
        wins += state.winner == 0
    return wins


def parallel_games(trials: int, workers: int) -> int:
    jobs = chunks(7, 2, trials, seed=1)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return sum(pool.map(monte_carlo_chunk, *zip(*jobs, strict=True)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--trials", type=int, default=400_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    workers = os.cpu_count() or 1
    solve = median_seconds(solve_default, args.repeats)
    plain = median_seconds(lambda: plain_solve(LoopsState(LoopsRules()), {}), args.repeats)
    sweep = median_seconds(exact_sweep, args.repeats)
    earlier = median_seconds(earlier_exact_sweep, args.repeats)
    search = Solver(7)
    table = search.walk_table(search.start(2))
    one_core = median_seconds(lambda: random_games(table, args.trials // 4, 1), args.repeats)
    all_cores = median_seconds(lambda: parallel_games(args.trials, workers), args.repeats)
    baseline_games = 5_000
    start = time.perf_counter()
    engine_random_games(baseline_games)
    engine_rate = baseline_games / (time.perf_counter() - start)
    one_rate, all_rate = args.trials / 4 / one_core, args.trials / all_cores
    print(f"median of {args.repeats} runs; {workers} cores")
    print_table(
        ["task", "result", "baseline", "speed-up"],
        [
            [
                "solve capacity 7, 2 flips, from scratch",
                f"{solve * 1000:.1f} ms",
                f"{plain * 1000:.1f} ms (engine states)",
                f"{plain / solve:.1f}x",
            ],
            [
                "exact sweep, capacities 3-9 x flips 0-4",
                f"{sweep * 1000:.0f} ms",
                f"{earlier * 1000:.0f} ms (as it was)",
                f"{earlier / sweep:.1f}x",
            ],
            [
                "Monte Carlo, one core",
                f"{one_rate:,.0f} games/s",
                f"{engine_rate:,.0f} games/s (engine)",
                f"{one_rate / engine_rate:.0f}x",
            ],
            [
                f"Monte Carlo, {workers} processes",
                f"{all_rate:,.0f} games/s",
                f"{engine_rate:,.0f} games/s (engine)",
                f"{all_rate / engine_rate:.0f}x",
            ],
        ],
    )


if __name__ == "__main__":
    main()
