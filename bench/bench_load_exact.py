"""Load's exact search: time and peak memory per board size, the layered search
(games/load/exact.py) against the memoized search it replaced (games/load/reference.py)
in the same run, each search in a process of its own.

Run: python bench/bench_load_exact.py [--repeats 3] [--baseline-cells 12] [--boards 3x3,...]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

from common import print_table

BOARDS = "3x3,2x5,3x4,2x7,4x4,3x6"
LOADS = (3, 8)

SEARCH = """
import json, resource, sys, time
from games.load.reference import memo_solve
from games.load.sweep import solve
rows, cols, load, kind = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
start = time.perf_counter()
if kind == "layered":
    found = solve(rows, cols, load)
    winner, chance, positions = found.perfect_play_winner, found.player2_chance, found.positions
else:
    winner, chance, positions = memo_solve(rows, cols, load)
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps([winner, chance, positions, seconds, peak]))
"""


def measured(rows: int, cols: int, load: int, kind: str, repeats: int) -> dict[str, float]:
    """The search's result, its median seconds (imports left out) and its largest peak
    resident memory in MB (the interpreter and numpy included)."""
    runs = []
    for _ in range(repeats):
        out = subprocess.run(
            [sys.executable, "-c", SEARCH, str(rows), str(cols), str(load), kind],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        runs.append(json.loads(out))
    winner, chance, positions = runs[0][:3]
    assert all(run[:2] == [winner, chance] for run in runs)
    return {
        "winner": winner,
        "chance": chance,
        "positions": positions,
        "seconds": statistics.median(run[3] for run in runs),
        "mb": max(run[4] for run in runs),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--baseline-cells", type=int, default=12, help="memoized search up to")
    parser.add_argument("--boards", default=BOARDS)
    args = parser.parse_args()
    rows = []
    for name in args.boards.split(","):
        height, width = map(int, name.split("x"))
        for load in LOADS:
            repeats = args.repeats if height * width <= 12 else 1
            new = measured(height, width, load, "layered", repeats)
            row = [
                name,
                height * width,
                load,
                f"{new['positions']:,}",
                f"{new['seconds']:.2f}",
                f"{new['mb']:.0f}",
            ]
            if height * width <= args.baseline_cells:
                old = measured(height, width, load, "memoized", 1)
                assert old["winner"] == new["winner"]
                assert abs(old["chance"] - new["chance"]) < 1e-12
                row += [
                    f"{old['positions']:,}",
                    f"{old['seconds']:.2f}",
                    f"{old['mb']:.0f}",
                    f"{old['seconds'] / new['seconds']:.0f}x",
                    f"{old['mb'] / new['mb']:.1f}x",
                ]
            else:
                row += ["–"] * 5
            rows.append(row)
            print(*row, sep="  ", file=sys.stderr)  # progress: the table comes at the end
    print(
        f"\nLoad's exact search: median of {args.repeats} runs up to 12 cells, else one; "
        "the memoized search one run"
    )
    print_table(HEADERS, rows)


HEADERS = [
    "board",
    "cells",
    "Load",
    "positions",
    "seconds",
    "peak MB",
    "memoized positions",
    "memoized s",
    "memoized MB",
    "time ratio",
    "memory ratio",
]


if __name__ == "__main__":
    main()
