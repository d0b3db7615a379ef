"""Frame time while a change is in motion, in each game's window at 980x720, and Loop's
turns a second at its top speeds with motion on.

Frame time: the window's whole frame (events, the tween, drawing the board, the panel
and the move list) for every frame of each change's motion, over a game of changes.
Baseline: the same frames with motion reduced, measured in the same run.

Loop: the Load window's real frame loop, paced by pygame's clock at 60 frames a second
as `run` paces it, for a few seconds at 15 and 60 turns a second and at max.

Run: python bench/bench_window_motion.py [--changes 40] [--repeats 3] [--seconds 3]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402
from common import print_table  # noqa: E402

from games import REGISTRY  # noqa: E402
from viz.window import WINDOWS  # noqa: E402
from viz.window.app import FPS
from viz.window.playback import MOTION_MS, SPEEDS  # noqa: E402
from viz.window.settings import Settings  # noqa: E402

SIZE = (980, 720)
FRAME_MS = 1000 / FPS
RULES = {"load": {}, "loops": {}, "tiles": {"players": 6}}


def window(game_id: str, motion: str):
    settings = Settings(path=None)
    settings.motion = motion
    game = REGISTRY[game_id]
    options = {"vs": "human"} if game_id == "loops" else {}
    return WINDOWS[game_id].load()(
        game, game.rules(RULES[game_id]), seed=7, size=SIZE, settings=settings, **options
    )


def change_frames(game_id: str, motion: str, changes: int) -> list[float]:
    """Seconds per frame over `changes` automatic moves, each followed by its motion's
    frames (as many frames as a motion lasts, with or without motion)."""
    app = window(game_id, motion)
    rng = random.Random(1)
    times = []
    try:
        app.frame(FRAME_MS)
        for _ in range(changes):
            if app.state.to_move is None:
                app.new_game()
            elif app.state.legal_moves():
                app.play(rng.choice(app.state.legal_moves()))
            else:
                app.mode.step()
            for _ in range(round(MOTION_MS / FRAME_MS) + 1):
                start = time.perf_counter()
                app.frame(FRAME_MS)
                times.append(time.perf_counter() - start)
    finally:
        app.close()
    return times


def loop_turns_per_second(speed: int, seconds: float) -> float:
    app = window("load", "on")
    try:
        app.playback.set_speed(SPEEDS.index(speed))
        clock = pygame.time.Clock()
        turns = 0
        end = time.monotonic() + seconds
        app.mode.toggle_loop()
        while time.monotonic() < end:
            if not app.looping:
                turns += app.state.turns
                app.new_game()
                app.mode.toggle_loop()
            app.frame(clock.tick(FPS))
        return (turns + app.state.turns) / seconds
    finally:
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--changes", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    rows = []
    for game_id in RULES:
        moving, still = [], []
        for _ in range(args.repeats):
            moving += change_frames(game_id, "on", args.changes)
            still += change_frames(game_id, "reduced", args.changes)
        on, off = statistics.median(moving) * 1000, statistics.median(still) * 1000
        p95 = statistics.quantiles(moving, n=20)[-1] * 1000
        rows.append([game_id, f"{on:.2f}", f"{p95:.2f}", f"{off:.2f}", f"{on / off:.2f}x"])
    print(f"ms per frame at {SIZE[0]}x{SIZE[1]}, {args.changes} changes x {args.repeats} runs")
    print_table(["window", "motion (median)", "motion (p95)", "reduced (median)", "ratio"], rows)
    print()
    speeds = []
    for speed in (15, 60, 0):
        runs = [loop_turns_per_second(speed, args.seconds) for _ in range(args.repeats)]
        label = "max" if speed == 0 else f"{speed}/s"
        speeds.append([label, f"{statistics.median(runs):.1f}"])
    print(f"Load 7x7 Loop with motion on, paced at {FPS} frames a second, median of runs")
    print_table(["speed", "turns a second"], speeds)


if __name__ == "__main__":
    main()
