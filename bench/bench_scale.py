"""Sweeps to a precision and analyses of many recordings, each against a simple baseline
measured in the same run.

Precision: `sweep load` of 3x3 to 5x5 boards at every Load, to a standard error below
0.005, against the fixed count that guarantees it on any cell (0.25 / 0.005² = 10,000
games), and against one run in which each cell has a fixed count of the games it ended
at (what deciding in rounds costs). Bulk analysis: a folder of solved and estimated
Load recordings, each way timed as a fresh `oddsevens` process (so no search is warm
from the run before): `analyze FOLDER`; the same run with a chunk a move everywhere;
and `analyze REC` once a recording, the baseline.

Run: python bench/bench_scale.py [--repeats 3] [--workers N]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from common import median_seconds, print_table

from games import REGISTRY
from games.analysis import Method, judge_by_id
from games.autoplay import Precision, play
from games.load.sweep import LoadRow, chunks, play_chunk
from games.recording import recording_text
from viz.analysis.moves import Judged, Recording
from viz.files import load_replay
from viz.sweeps.load import run_load_sweep
from viz.sweeps.runner import Sweep, Workers, run

CELLS = [(rows, cols, load) for rows in (3, 4, 5) for cols in (3, 4, 5) for load in range(3, 9)]
PLAYERS = ("random-red", "every-third-green")
TRIALS = "64"  # playouts an option, where estimated
SEED = 1


def load_sweep(games: int | Precision, workers: Workers) -> list[LoadRow]:
    return run_load_sweep(CELLS, games, SEED, workers, *PLAYERS)


def counted_sweep(played: dict[tuple[int, int, int], int], workers: Workers) -> None:
    """One run of the cells, each with a fixed count: the games it played to the
    precision."""
    sweep = Sweep[tuple[int, int, int], tuple[int, int], None](
        lambda cell: chunks(*cell, played[cell], SEED, *PLAYERS),
        play_chunk,
        lambda cell, found: None,
        str,
    )
    run(sweep, list(played), workers)


def write_recordings(folder: Path, solved: int, estimated: int) -> list[Path]:
    """Automatic Load games: `solved` on 3x3 (the exact search throughout) and
    `estimated` on 3x4 (estimated until the last 9 picks), at Load 4."""
    game, paths = REGISTRY["load"], []
    for seed in range(solved + estimated):
        rules = game.rules({"rows": 3, "cols": 3 if seed < solved else 4, "load": 4})
        final, moves = play(game, rules, random.Random(seed))
        paths.append(folder / f"{seed:02}.jsonl")
        paths[-1].write_text(recording_text(game, rules, seed, moves, final.result()))
    return paths


def by_move(folder: Path, workers: int) -> None:
    """`analyze FOLDER`, but with a chunk a move for every recording, solved or not."""
    method = Method(trials=int(TRIALS))
    found = [
        replace(Recording.read(path, load_replay(path), method), solved=False)
        for path in sorted(folder.glob("*.jsonl"))
    ]
    sweep = Sweep[Recording, list, Judged](
        lambda recording: recording.jobs(method, 0),
        judge_by_id,
        lambda recording, judged: Judged(recording, [j for chunk in judged for j in chunk]),
        str,
    )
    run(sweep, found, Workers(workers))


def _oddsevens(*argv: str) -> None:
    program = [sys.executable, "-m", "viz", *argv]
    subprocess.run(program, check=True, stdout=subprocess.DEVNULL)


def precision_table(repeats: int, workers: Workers) -> None:
    precision = Precision(0.005)
    rows = load_sweep(precision, workers)
    played = {(row.rows, row.cols, row.load): row.trials for row in rows}
    timed = [
        ("--precision 0.005", sum(played.values()), lambda: load_sweep(precision, workers)),
        (
            "each cell's games, counted",
            sum(played.values()),
            lambda: counted_sweep(played, workers),
        ),
        ("--trials 10,000 (baseline)", 10_000 * len(CELLS), lambda: load_sweep(10_000, workers)),
    ]
    table = [(label, games, median_seconds(go, repeats)) for label, games, go in timed]
    base = table[-1][2]
    print(
        f"sweep load, {len(CELLS)} cells (3x3 to 5x5, Load 3-8), {workers.count} workers; "
        f"median of {repeats} runs"
    )
    print_table(
        ["games a cell", "games", "seconds", "vs baseline"],
        [[label, f"{games:,}", f"{s:.2f}", f"{base / s:.2f}x"] for label, games, s in table],
    )


def bulk_table(repeats: int, workers: int) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        paths = write_recordings(folder, solved=12, estimated=4)
        options = ["--trials", TRIALS, "--workers", str(workers), "--json"]
        by_moves = [sys.executable, __file__, "--by-move", scratch, "--workers", str(workers)]
        timed = [
            ("analyze FOLDER", lambda: _oddsevens("analyze", str(folder), *options)),
            (
                "analyze FOLDER, a chunk a move",
                lambda: subprocess.run(by_moves, check=True),
            ),
            (
                "analyze REC, each (baseline)",
                lambda: [_oddsevens("analyze", str(path), *options) for path in paths],
            ),
        ]
        table = [(label, median_seconds(go, repeats)) for label, go in timed]
    base = table[-1][1]
    print(
        f"\nanalyze of {len(paths)} Load recordings (12 solved 3x3, 4 estimated 3x4, "
        f"--trials {TRIALS}), {workers} workers, each a fresh process; median of {repeats} runs"
    )
    print_table(
        ["how", "seconds", "vs baseline"],
        [[label, f"{s:.2f}", f"{base / s:.2f}x"] for label, s in table],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--by-move", type=Path, help=argparse.SUPPRESS)  # one timed way
    args = parser.parse_args()
    if args.by_move is not None:
        by_move(args.by_move, args.workers)
        return
    precision_table(args.repeats, Workers(args.workers))
    bulk_table(args.repeats, args.workers)


if __name__ == "__main__":
    main()
