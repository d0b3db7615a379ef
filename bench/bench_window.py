"""Window render time per frame: build the Load scene and draw it with pygame on an
offscreen surface, at 7x7 and 20x20. Baseline: the same with no cached text images.

Run: python bench/bench_window.py [--frames 1000]
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
from games.autoplay import play  # noqa: E402
from games.recording import parse  # noqa: E402
from viz.files import recording_text  # noqa: E402
from viz.scenes.load import load_scene  # noqa: E402
from viz.window import render_pygame  # noqa: E402

WIDTH, HEIGHT = 770, 720  # the board area of the default window


def positions(rows: int, cols: int) -> list:
    game = REGISTRY["load"]
    rules = game.rules({"rows": rows, "cols": cols, "load": 8})
    state, moves = play(game, rules, random.Random(3))
    text = recording_text(game, rules, 3, moves, state.result())
    return parse(text.splitlines(True)).frames()


def frame_times(states: list, frames: int, cached: bool) -> list[float]:
    surface = pygame.Surface((WIDTH, HEIGHT))
    notes = ("Loop running · speed max", "")
    times = []
    for n in range(frames):
        if not cached:
            render_pygame.text_surface.cache_clear()
        start = time.perf_counter()
        render_pygame.draw(surface, load_scene(states[n % len(states)], WIDTH, HEIGHT, notes=notes))
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=1000)
    args = parser.parse_args()
    pygame.display.init()
    pygame.font.init()
    rows = []
    for side in (7, 20):
        states = positions(side, side)
        fast = statistics.median(frame_times(states, args.frames, cached=True)) * 1000
        slow = statistics.median(frame_times(states, args.frames, cached=False)) * 1000
        rows.append([f"{side}x{side}", f"{fast:.2f}", f"{slow:.2f}", f"{slow / fast:.1f}x"])
    print(f"median ms per frame over {args.frames} frames, {WIDTH}x{HEIGHT} offscreen")
    print_table(["board", "window", "no text cache", "speed-up"], rows)


if __name__ == "__main__":
    main()
