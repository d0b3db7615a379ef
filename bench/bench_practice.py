"""How long `oddsevens practice` takes to open: from starting the process to the window's
first frame drawn, over folders of 10, 200 (what the sessions folder keeps) and 1,000
judged recordings, against `oddsevens play loops` opening its window in the same run
(median of several runs, each a fresh process on SDL's dummy driver; wall time and the
process's CPU time, which a busy machine changes less).

"First" is the first practice of a folder (every recording read for its puzzles);
"again" a later one (the puzzles kept beside the progress). Each recording is an Odds
and Evens game of random players, judged exactly, both seats yours: every one holds
puzzles. The window's frame loop is replaced by one frame.

Run: python bench/bench_practice.py [--repeats 7]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import print_table

from games import REGISTRY
from games.analysis import judge_game
from games.recording import recording_text
from viz.analysis.moves import judgement_note

SIZES = (10, 200, 1000)
ONE_FRAME = """
import sys
from viz.cli import main
from viz.window.app import GameApp
GameApp.run = lambda app: (app.frame(16), app.close())
sys.exit(main(sys.argv[1:]))
"""


def judged_games(folder: Path, count: int) -> None:
    game = REGISTRY["loops"]
    rules = game.rules({})
    for seed in range(count):
        state, rng, moves = game.new_state(rules), random.Random(seed), []
        while state.to_move is not None:
            moves.append(game.auto_move(state, rng))
            state.apply(moves[-1])
        judged = judge_game(game, rules, moves, seed, lambda: False)
        notes = {j.index: judgement_note(j, game.event_from_move) for j in judged}
        text = recording_text(game, rules, seed, moves, state.result(), notes, players=["you"] * 2)
        (folder / f"{seed:04}.jsonl").write_text(text, encoding="utf-8")


def seconds(
    arguments: list[str], env: dict[str, str], repeats: int, fresh: Path | None = None
) -> tuple[float, float]:
    """The median wall and CPU seconds of a run; with `fresh`, that data folder is
    emptied before each run."""
    walls, cpus = [], []
    for _ in range(repeats):
        if fresh is not None:
            shutil.rmtree(fresh, ignore_errors=True)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", ONE_FRAME, *arguments], env=env, check=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def row(label: str, took: tuple[float, float], play: tuple[float, float]) -> list[str]:
    wall, cpu = took
    return [label, f"{wall * 1000:.0f}", f"{cpu * 1000:.0f}", f"{wall / play[0]:.2f}"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        root = Path(temp)
        data = root / "data"
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "XDG_DATA_HOME": str(data)}
        env |= {"XDG_CONFIG_HOME": str(root / "config"), "XDG_STATE_HOME": str(root / "state")}
        play = seconds(["play", "loops"], env, args.repeats)
        rows = [row("play loops (no practice)", play, play)]
        for size in SIZES:
            folder = root / str(size)
            folder.mkdir()
            judged_games(folder, size)
            practice = ["practice", "--from", str(folder)]
            rows.append(
                row(
                    f"practice, {size} recordings, first",
                    seconds(practice, env, args.repeats, fresh=data),
                    play,
                )
            )
            rows.append(
                row(
                    f"practice, {size} recordings, again",
                    seconds(practice, env, args.repeats),
                    play,
                )
            )
    print(f"Median of {args.repeats} runs · load average {os.getloadavg()[0]:.1f}")
    print_table(["opening", "wall ms", "CPU ms", "x play's wall"], rows)


if __name__ == "__main__":
    main()
