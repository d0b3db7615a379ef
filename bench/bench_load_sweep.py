"""Load's analysis: sweep throughput (turns a second on one core and on every core, with
the set-based rules as the baseline), and the exact search's time on small boards.

Run: python bench/bench_load_sweep.py [--games 2000] [--repeats 3]
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

from bench_load_play import baseline_games
from common import median_seconds, print_table

from games.load.sweep import chunks, play_chunk, solve


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
    exact = []
    for rows_, cols in ((3, 3), (1, 9), (2, 5), (3, 4)):
        start = time.perf_counter()
        found = solve(rows_, cols, 5)
        exact.append(
            [f"{rows_}x{cols}", f"{time.perf_counter() - start:.2f}", f"{found.positions:,}"]
        )
    print("\nExact search, Load 5, one run each")
    print_table(["board", "seconds", "positions"], exact)


if __name__ == "__main__":
    main()
