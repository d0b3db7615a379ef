"""How long `oddsevens --help` and `oddsevens validate` take to start and finish, against
a bare `python -c pass` measured in the same run (median of several runs).

Run: python bench/bench_cli_start.py [--repeats 15]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from common import print_table

SAMPLE = Path(__file__).resolve().parents[1] / "recordings" / "load-sample.jsonl"


def seconds(command: list[str], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    python = [sys.executable]
    baseline = seconds([*python, "-c", "pass"], args.repeats)
    rows = [["python -c pass", f"{baseline * 1000:.0f}", "-"]]
    for label, command in (
        ("oddsevens --help", ["-m", "viz", "--help"]),
        ("oddsevens validate", ["-m", "viz", "validate", str(SAMPLE)]),
    ):
        took = seconds([*python, *command], args.repeats)
        rows.append([label, f"{took * 1000:.0f}", f"{(took - baseline) * 1000:.0f}"])
    print(f"Median of {args.repeats} runs")
    print_table(["command", "ms", "ms over python"], rows)


if __name__ == "__main__":
    main()
