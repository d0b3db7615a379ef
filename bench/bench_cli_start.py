"""How long the command line takes to start and finish, as a user runs it: the
`oddsevens` console script beside this Python, against a bare `python -c pass`.

Whole processes, paired: each run of a command follows a run of `python -c pass`, so
that both meet the same load on this shared machine. A row gives the medians of both,
and the median of the pairs' ratios (the target for `--help` and `--version`: ≤ 2×).
With --before, the same command run from an earlier checkout (put first on the path)
joins each pair.

Run: python bench/bench_cli_start.py [--repeats 21] [--before DIR]
     (make DIR with: mkdir DIR && git archive COMMIT | tar -x -C DIR)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import print_table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from support.commands import HELPS  # noqa: E402

SAMPLE = ROOT / "recordings" / "load-sample.jsonl"
SCRIPT = str(Path(sys.executable).parent / "oddsevens")
BASELINE = [sys.executable, "-c", "pass"]


def seconds(command: list[str], code: Path | None = None) -> float:
    """One whole run; `code`: a checkout whose packages are imported instead (run
    from elsewhere, so that `-m viz` finds no package in the folder it starts in)."""
    env = {**os.environ, "PYTHONPATH": str(code)} if code is not None else None
    start = time.perf_counter()
    subprocess.run(
        command,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=tempfile.gettempdir(),
    )
    return time.perf_counter() - start


def paired(command: list[str], repeats: int, before: Path | None) -> list[str]:
    """A row's cells: medians of the baseline's and the command's times, and of their
    ratios; the command from `before` too, if given."""
    runs = []
    for _ in range(repeats):
        base = seconds(BASELINE)
        runs.append([base, seconds(command), *([seconds(command, before)] if before else [])])
    cells = [f"{statistics.median(run[0] for run in runs) * 1000:.0f}"]
    for column in range(1, len(runs[0])):
        took = statistics.median(run[column] for run in runs)
        ratio = statistics.median(run[column] / run[0] for run in runs)
        cells += [f"{took * 1000:.0f}", f"{ratio:.2f}"]
    return cells


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=21)
    parser.add_argument("--before", type=Path, help="a checkout of an earlier commit")
    args = parser.parse_args()
    rows = []
    load_before = os.getloadavg()[0]
    runs = [
        *((f"oddsevens {' '.join(argv)}", [SCRIPT, *argv]) for argv in HELPS),
        ("python -m viz --help", [sys.executable, "-m", "viz", "--help"]),
        ("oddsevens validate SAMPLE", [SCRIPT, "validate", str(SAMPLE)]),
    ]
    for label, command in runs:
        rows.append([label, *paired(command, args.repeats, args.before)])
    load_after = os.getloadavg()[0]
    print(
        f"Medians of {args.repeats} pairs; load average {load_before:.2f} at the start, "
        f"{load_after:.2f} at the end"
    )
    headers = ["command", "python -c pass, ms", "ms", "ratio"]
    print_table([*headers, *(["before, ms", "ratio"] if args.before else [])], rows)


if __name__ == "__main__":
    main()
