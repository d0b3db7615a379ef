"""Load's sweep throughput: turns a second on one core and on every core, with the
engine playing one game at a time and the set-based rules as baselines (the exact
search: bench_load_exact.py).

Run: python bench/bench_load_sweep.py [--games 2000] [--repeats 3]
"""

from __future__ import annotations

import argparse
import os
import random
from concurrent.futures import ProcessPoolExecutor

from bench_load_play import baseline_games
from common import median_seconds, print_table

from games.load import LoadRules, LoadState
from games.load.policies import PLAYERS
from games.load.sweep import chunks, play_chunk


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


def engine_turns(games: int) -> int:
    jobs = chunks(7, 7, 5, games, 1, "random-red", "every-third-green")
    return 2 * sum(engine_chunk(*job)[1] for job in jobs)


def sweep_turns(games: int, workers: int) -> int:
    """Turns played by a sweep of 7x7, Load 5 (two turns a stage), over `workers`."""
    jobs = chunks(7, 7, 5, games, 1, "random-red", "every-third-green")
    if workers == 1:
        results = [play_chunk(*job) for job in jobs]
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(play_chunk, *zip(*jobs, strict=True)))
    return 2 * sum(stages for _, stages in results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    workers = os.cpu_count() or 1
    rows = []
    for label, run in (
        ("sweep, one core", lambda: sweep_turns(args.games, 1)),
        (f"sweep, {workers} processes", lambda: sweep_turns(args.games, workers)),
        ("engine, a game at a time, one core", lambda: engine_turns(args.games)),
        ("set-based rules, one core", lambda: baseline_games(args.games)),
    ):
        turns = run()
        seconds = median_seconds(run, args.repeats)
        rows.append([label, f"{turns / seconds:,.0f}"])
    base = float(rows[-1][1].replace(",", ""))
    for row in rows:
        row.append(f"{float(row[1].replace(',', '')) / base:.1f}x")
    print(
        f"Load sweep throughput, 7x7, Load 5, {args.games:,} games; median of {args.repeats} runs"
    )
    print_table(["player", "turns/s", "vs baseline"], rows)


if __name__ == "__main__":
    main()
