"""Mutation fuzzing of the recording reader for long runs: mutated recordings of every
game, each of which must load or be refused with a one-line error naming its line.
Prints the cases run, how many loaded and how many were refused, and any crash.

Run: python bench/fuzz_recordings.py [--cases 100000] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from support.fuzzing import mutate, read_back, valid_recordings  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    recordings = valid_recordings(range(10))
    rng = random.Random(args.seed)
    path = Path(tempfile.mkdtemp(prefix="fuzz-")) / "mutated.jsonl"
    loaded = refused = crashes = 0
    start = time.perf_counter()
    for case in range(args.cases):
        path.write_bytes(mutate(rng.choice(recordings), rng))
        try:
            outcome = read_back(path)
        except Exception:  # a crash is what this run looks for: report it and go on
            crashes += 1
            print(f"case {case}: crash\n{traceback.format_exc()}", file=sys.stderr)
            continue
        loaded += outcome == "ok"
        refused += outcome != "ok"
    seconds = time.perf_counter() - start
    print(
        f"{args.cases:,} cases in {seconds:.1f} s: {loaded:,} loaded, {refused:,} refused "
        f"with a line, crashes: {crashes}"
    )


if __name__ == "__main__":
    main()
