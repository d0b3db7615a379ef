"""How long `oddsevens practice` takes to open: from starting the process to the window's
first frame drawn, with 10, 200 and 1,000 judged games of yours in the library, against
`oddsevens play loops` opening its window in the same run (median of several runs, each
a fresh process on SDL's dummy driver; wall time and the process's CPU time, which a
busy machine changes less).

The games are Odds and Evens games of random players, both seats yours, added with
`library add` and judged by `library analyze` (which keeps their puzzles) before the
runs: every one holds puzzles. `--from FOLDER` rows read the same games as judged
recordings instead, as practice does with recordings named to it. The window's frame
loop is replaced by one frame.

Run: python bench/bench_practice.py [--repeats 7]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
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
    """`count` judged recordings of Odds and Evens, both seats yours, in `folder`."""
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


def seconds(arguments: list[str], env: dict[str, str], repeats: int) -> tuple[float, float]:
    """The median wall and CPU seconds of a run."""
    walls, cpus = [], []
    for _ in range(repeats):
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
    loads = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as temp:
        root = Path(temp)
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
        env |= {"XDG_CONFIG_HOME": str(root / "config"), "XDG_STATE_HOME": str(root / "state")}
        env |= {"ODDSEVENS_DATA": str(root / "empty")}
        play = seconds(["play", "loops"], env, args.repeats)
        rows = [row("play loops (no practice)", play, play)]
        for size in SIZES:
            folder = root / str(size)
            folder.mkdir()
            judged_games(folder, size)
            library = {**env, "ODDSEVENS_DATA": str(root / f"data-{size}")}
            for command in (["library", "add", str(folder)], ["library", "analyze"]):
                subprocess.run(
                    [sys.executable, "-m", "viz", *command],
                    env=library,
                    check=True,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            rows.append(
                row(
                    f"practice, {size} games in the library",
                    seconds(["practice"], library, args.repeats),
                    play,
                )
            )
            rows.append(
                row(
                    f"practice --from, {size} judged recordings",
                    seconds(["practice", "--from", str(folder)], env, args.repeats),
                    play,
                )
            )
            loads.append(os.getloadavg()[0])
    print(f"Median of {args.repeats} runs · load average {min(loads):.1f} to {max(loads):.1f}")
    print_table(["opening", "wall ms", "CPU ms", "x play's wall"], rows)


if __name__ == "__main__":
    main()
