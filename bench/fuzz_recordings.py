"""Mutation fuzzing for long runs: mutated recordings of every game, each of which must
load or be refused with a one-line error naming its line. With `--commands`, each
mutated recording (plain or analysed) that loads also goes through the commands that
write from a recording, `analyze -o` and `export --annotate`, in this process: each must
end with status 0, or 2 and one line. Prints the cases run, how many loaded and how many
were refused, and any crash.

The commands judge in this process (no worker pool: the pool is no part of what is
fuzzed, and starting one a case would be most of the run); `--games` keeps the sources
of some games only (Even Odds' judging takes seconds a case on a busy machine).

Run: python bench/fuzz_recordings.py [--cases 100000] [--seed 0] [--commands]
     [--games loops,load,tiles]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from support.fuzzing import (  # noqa: E402
    header_key,
    judged_recordings,
    mutate,
    mutate_judgement,
    read_back,
    valid_recordings,
)

import viz.sweeps.runner as runner  # noqa: E402
from viz.cli import main as command  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--commands", action="store_true", help="also run analyze -o and export --annotate"
    )
    parser.add_argument("--games", default="loops,load,tiles", help="the sources' games")
    args = parser.parse_args()
    runner.Workers.asked = classmethod(lambda cls, count, scheduler: runner.IN_PROCESS)  # type: ignore[method-assign]
    # The commands analyse what they read: small games, analysed already, are quick.
    sources = judged_recordings() if args.commands else valid_recordings(range(10))
    games = args.games.split(",")
    sources = [data for data in sources if json.loads(data.split(b"\n")[0])["game"] in games]
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="fuzz-"))
    path = folder / "mutated.jsonl"
    loaded = refused = crashes = 0
    start = time.perf_counter()
    for case in range(args.cases):
        path.write_bytes(_mutated(sources, rng, args.commands))
        try:
            outcome = read_back(path)
            if args.commands and outcome == "ok":
                _run_commands(path, folder)
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


def _mutated(sources: list[bytes], rng: random.Random, commands: bool) -> bytes:
    """A mutated recording; with `commands` (analysed sources) a third of the time only
    a judgement is changed and a third only a header key, so that many cases load and
    reach the commands."""
    source = rng.choice(sources)
    how = rng.randrange(3) if commands else 0
    return (mutate, mutate_judgement, header_key)[how](source, rng)


def _run_commands(path: Path, folder: Path) -> None:
    """`analyze -o` and `export --annotate` of `path`: status 0, or 2 with one line."""
    for argv in (
        ["analyze", path, "--trials", "2", "--workers", "1", "-o", folder / "judged.jsonl"],
        ["export", path, "--annotate", "--size", "160", "--svg", folder / "judged.svg"],
    ):
        said = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(said):
            status = command([str(arg) for arg in argv])
        errors = [line for line in said.getvalue().splitlines() if ": warning: " not in line]
        refused = status == 2 and len(errors) == 1 and errors[0].startswith("oddsevens: ")
        if status != 0 and not refused:
            raise AssertionError(f"{argv[0]}: status {status}: {said.getvalue()!r}")


if __name__ == "__main__":
    main()
