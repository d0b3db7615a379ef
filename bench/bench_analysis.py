"""Move analysis: the time to judge every move of a game, for each game, on every core
and on one, against a plain baseline measured in the same run (the same judgements made
one position at a time with no process pool and, for Odds and Evens, no solver: a
minimax over the engine).

Run: python bench/bench_analysis.py [--repeats 3] [--shared ../shared/data/…jsonl]
"""

from __future__ import annotations

import argparse
import os
import random
from functools import cache, partial
from pathlib import Path
from typing import Any

from common import median_seconds, print_table

from games.analysis import default_trials, hint, judged_indices
from games.loops.solver import solver
from games.recording import Replay
from viz.analysis.moves import analyze
from viz.files import load_replay
from viz.window.controls import HINT_BUDGET_S

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data" / "load-7x7-full-49-stages.jsonl"


def engine_minimax(replay: Replay) -> int:
    """Odds and Evens judged by a plain minimax over the engine (each position once)."""

    @cache
    def wins(snapshot: object) -> bool:
        state = positions[snapshot]
        if state.to_move is None:
            return False  # the side to move has no move: it lost
        for move in state.legal_moves():
            after = state.copy()
            after.apply(move)
            positions.setdefault(after.snapshot(), after)
            if after.to_move is None or not wins(after.snapshot()):
                return True
        return False

    positions: dict[object, Any] = {}
    history = replay.history()
    for index in judged_indices(history):
        state = history.before(index)
        positions.setdefault(state.snapshot(), state)
        wins(state.snapshot())
    return len(positions)


def cold(replay: Replay, trials: int, workers: int) -> object:
    """The analysis from scratch: the solvers' memory of earlier runs forgotten first."""
    solver.cache_clear()
    return analyze(replay, trials, 0, workers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--shared", type=Path, default=SHARED)
    args = parser.parse_args()
    workers = os.cpu_count() or 1
    games = [
        ("Odds and Evens sample, exact", ROOT / "recordings" / "loops-sample.jsonl"),
        ("Load 7x7 sample, estimated", ROOT / "recordings" / "load-sample.jsonl"),
        ("Even Odds 4 players sample, estimated", ROOT / "recordings" / "tiles-sample.jsonl"),
    ]
    if args.shared.exists():
        games.insert(2, ("Load 7x7, the shared 98-turn game", args.shared))
    rows = []
    for label, path in games:
        replay = load_replay(path)
        trials = default_trials(replay.game)
        turns = len(judged_indices(replay.history()))
        every = median_seconds(partial(cold, replay, trials, workers), args.repeats)
        one = median_seconds(partial(cold, replay, trials, 1), args.repeats)
        rows.append([label, turns, trials, f"{every:.2f}", f"{one:.2f}", f"{one / every:.1f}x"])
    loops = load_replay(ROOT / "recordings" / "loops-sample.jsonl")
    solved = median_seconds(partial(cold, loops, 1, 1), args.repeats)
    plain = median_seconds(lambda: engine_minimax(loops), args.repeats)
    print(f"Move analysis, median of {args.repeats} runs; {workers} cores")
    print_table(
        ["game", "judged turns", "trials", f"s, {workers} workers", "s, 1 worker", "speed-up"],
        rows,
    )
    print()
    hints = []
    for label, path in games:
        replay = load_replay(path)
        indices = judged_indices(replay.history())
        middle = replay.history().before(indices[len(indices) // 2])
        run = partial(hint, replay.game, middle, replay.moves, HINT_BUDGET_S, random.Random(1))
        hints.append([label, f"{median_seconds(run, args.repeats) * 1000:.0f}"])
    print_table(["H in a window, the middle judged position", "ms"], hints)
    print()
    print_table(
        ["Odds and Evens sample", "seconds", "ratio"],
        [
            ["the analysis (memoized solver)", f"{solved:.3f}", "1.0x"],
            ["plain minimax over the engine", f"{plain:.3f}", f"{plain / solved:.1f}x slower"],
        ],
    )


if __name__ == "__main__":
    main()
