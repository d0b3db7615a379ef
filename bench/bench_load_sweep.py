"""Load's sweep throughput: games a second on one core, the sweep's chunks played
together in numpy arrays (games/load/batch.py) against the same chunks played one
engine game at a time with the engine's own players, for every player 2 the sweep
offers, and the sweep on every core (the exact search: bench_load_exact.py).

The batch and the engine take turns run by run, so that other work on the machine
weighs on both alike; the ratio is the median of each run's pair. One core's figures
are games a second of the process's CPU time, which other processes on a shared
machine disturb far less than the clock; every core's are by the clock.

Run: python bench/bench_load_sweep.py [--games 20000] [--repeats 5] [--rows 7 --cols 7]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from common import print_table

from games.load import LoadRules, LoadState
from games.load.policies import PLAYERS
from games.load.sweep import chunks, play_chunk

GREENS = ("every-third-green", "balanced-green")  # the sweep's players 2 (--by)


def engine_chunk(
    rows: int, cols: int, load: int, games: int, seed: int, red: str, green: str
) -> tuple[int, int]:
    """The sweep's chunk the plain way: one engine game at a time, the engine's players."""
    rng = random.Random(seed)
    movers = {1: PLAYERS[red], 2: PLAYERS[green]}
    wins = stages = 0
    for _ in range(games):
        state = LoadState(LoadRules(rows, cols, load))
        while state.to_move is not None:
            state.apply(movers[state.to_move](state, rng))
        wins += state.winner == 2
        stages += state.stage
    return wins, stages


Jobs = list[tuple[int, int, int, int, int, str, str]]


def seconds(run: Callable[[], object]) -> tuple[float, float]:
    """The run's CPU time and its time by the clock."""
    cpu, wall = time.process_time(), time.perf_counter()
    run()
    return time.process_time() - cpu, time.perf_counter() - wall


def measure(jobs: Jobs, repeats: int, pool: ProcessPoolExecutor) -> list[str]:
    """One player 2's row: games a second of CPU of the batch and of the engine on one
    core (median of runs taken in turn), their ratio (median of each turn's) and the
    same by the clock, the batch on every core by the clock, and the mean stages each
    played."""
    games = sum(job[3] for job in jobs)
    played: dict[str, list[tuple[int, int]]] = {}
    runs: dict[str, Callable[[], object]] = {
        "batch": lambda: played.__setitem__("batch", [play_chunk(*job) for job in jobs]),
        "engine": lambda: played.__setitem__("engine", [engine_chunk(*job) for job in jobs]),
        "cores": lambda: list(pool.map(play_chunk, *zip(*jobs, strict=True))),
    }
    runs["batch"]()  # numpy's import and the board's tables, outside the timing
    runs["cores"]()
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
    for _ in range(repeats):
        for name, run in runs.items():
            times[name].append(seconds(run))

    def rate(name: str, clock: int) -> str:
        return f"{games / statistics.median(t[clock] for t in times[name]):,.0f}"

    def ratio(clock: int) -> str:
        pairs = zip(times["batch"], times["engine"], strict=True)
        return f"{statistics.median(e[clock] / b[clock] for b, e in pairs):.1f}x"

    def stages(name: str) -> str:
        return f"{sum(s for _, s in played[name]) / games:.1f}"

    cpu, wall = 0, 1
    return [
        rate("batch", cpu),
        rate("engine", cpu),
        ratio(cpu),
        ratio(wall),
        rate("cores", wall),
    ] + [stages(name) for name in ("batch", "engine")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--rows", type=int, default=7)
    parser.add_argument("--cols", type=int, default=7)
    parser.add_argument("--load", type=int, default=5)
    args = parser.parse_args()
    workers = os.cpu_count() or 1
    start_load = os.getloadavg()[0]
    rows = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        list(pool.map(abs, range(workers)))  # the workers started before any timing
        for green in GREENS:
            jobs = chunks(args.rows, args.cols, args.load, args.games, 1, "random-red", green)
            rows.append([green, *measure(jobs, args.repeats, pool)])
    print(
        f"Load sweep throughput, {args.rows}x{args.cols}, Load {args.load}, random-red as "
        f"player 1, {args.games:,} games a run; median of {args.repeats} runs; load average "
        f"{start_load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end"
    )
    print_table(
        [
            "player 2",
            "batch games/s, one core",
            "engine games/s, one core",
            "batch vs engine",
            "by the clock",
            f"batch games/s, {workers} processes, by the clock",
            "stages, batch",
            "stages, engine",
        ],
        rows,
    )


if __name__ == "__main__":
    main()
