"""Peak memory of each game's window through 30,000 posted events: mouse motion, clicks
(on the board and on the panel's buttons), keys, typed text and window resizes, a few
events a frame, each frame handled and drawn as the window's loop does it. Target:
under 200 MB for every window. Baseline, with --baseline: the text cache the windows
had before (4,096 rendered texts, whatever their size).

Each window runs in a fresh process of its own, so its peak (VmHWM) is its own; the
resident memory is also read after start-up and every 10,000 events. Uses the X server
in $DISPLAY when there is one, else SDL's dummy driver.

Run: python bench/bench_window_memory.py [--events 30000] [--per-frame 5] [--baseline]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

LIMIT_MB = 200
CHECKPOINT = 10_000


def resident_mb(field: str) -> float:
    """VmRSS (now) or VmHWM (the peak) of this process, in MB; where there is no /proc,
    the peak from getrusage."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith(f"{field}:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def open_window(game_id: str, folder: Path) -> Any:
    from games import REGISTRY
    from viz.window import WINDOWS
    from viz.window.settings import Settings

    kit = WINDOWS[game_id]
    return kit.open(
        REGISTRY[game_id],
        REGISTRY[game_id].rules({}),
        seed=1,
        out_dir=folder / "out",
        session_dir=folder / "sessions",
        size=(980, 720),
        vs=kit.default_opponent or None,
        settings=Settings.load(folder / "settings.json"),
    )


def random_events(rng: random.Random, window: Any, keys: list[int]) -> list[Any]:
    """One user action as the events SDL would send for it."""
    import pygame

    width, height = window.screen.get_size()
    pos = (rng.randrange(width), rng.randrange(height))
    kind = rng.random()
    if kind < 0.40:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))]
    if kind < 0.65:
        button = rng.choice((1, 1, 1, 3))
        return [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ]
    if kind < 0.90:
        key = rng.choice(keys)
        char = chr(key) if 32 <= key < 127 else ""
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0)]
    if kind < 0.97:
        return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("lrfs /x0123456789"))]
    window.window.size = (rng.randrange(640, 1600), rng.randrange(480, 1000))
    return [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=0, y=0)]


def window_keys() -> list[int]:
    import pygame

    named = ["SPACE", "LEFT", "RIGHT", "HOME", "END", "TAB", "ESCAPE", "RETURN"]
    named += ["BACKSPACE", "MINUS", "EQUALS", "LEFTBRACKET", "RIGHTBRACKET", "SLASH"]
    named += list("abghnpk")  # a few of the windows' letter keys, G (save) among them
    return [getattr(pygame, f"K_{name}") for name in named] + list(
        range(pygame.K_0, pygame.K_9 + 1)
    )


def old_text_cache() -> None:
    """The windows' text cache before issue 23: 4,096 texts, whatever their size."""
    from functools import lru_cache

    from viz.window import render_pygame

    @lru_cache(maxsize=4096)
    def text_surface(text: str, size: int, color: tuple[int, int, int]) -> Any:
        return render_pygame.font(size).render(text, True, color)

    render_pygame.text_surface = text_surface  # type: ignore[assignment]


def run_one(game_id: str, events: int, per_frame: int, seed: int) -> dict[str, Any]:
    """Drive one window through `events` events; its memory along the way."""
    import pygame

    rng = random.Random(seed)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        window = open_window(game_id, Path(folder))
        keys = window_keys()
        window.frame(16)
        found: dict[str, Any] = {"start": resident_mb("VmRSS"), "checkpoints": []}
        posted, frames, saved = 0, 0, 0
        next_checkpoint = CHECKPOINT
        try:
            while posted < events:
                for _ in range(per_frame):
                    for event in random_events(rng, window, keys):
                        pygame.event.post(event)
                        posted += 1
                window.frame(rng.choice((16, 16, 16, 250)))
                window.running = True  # Escape and the like never end the run
                frames += 1
                if posted >= next_checkpoint:
                    found["checkpoints"].append(resident_mb("VmRSS"))
                    next_checkpoint += CHECKPOINT
            saved = len(list((Path(folder) / "out").glob("*.jsonl")))
        finally:
            window.close()
        found.update(
            events=posted,
            frames=frames,
            saves=saved,
            peak=resident_mb("VmHWM"),
            seconds=time.perf_counter() - start,
        )
    return found


def measure(game_id: str, args: argparse.Namespace, baseline: bool) -> dict[str, Any]:
    command = [sys.executable, __file__, "--one", game_id, "--events", str(args.events)]
    command += ["--per-frame", str(args.per_frame), "--seed", str(args.seed)]
    if baseline:
        command.append("--old-cache")
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    found: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=30_000)
    parser.add_argument("--per-frame", type=int, default=5, help="actions posted a frame")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", action="store_true", help="also the old text cache")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # the child: one window
    parser.add_argument("--old-cache", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        if args.old_cache:
            old_text_cache()
        found = run_one(args.one, args.events, args.per_frame, args.seed)
        print(json.dumps(found), flush=True)
        return
    from common import print_table

    from viz.window import WINDOWS

    rows = []
    for game_id in WINDOWS:
        for baseline in (False, True) if args.baseline else (False,):
            found = measure(game_id, args, baseline)
            checkpoints = " / ".join(f"{mb:.0f}" for mb in found["checkpoints"])
            rows.append(
                [
                    game_id + (" (old text cache)" if baseline else ""),
                    found["events"],
                    found["frames"],
                    found["saves"],
                    f"{found['start']:.0f}",
                    checkpoints,
                    f"{found['peak']:.0f}",
                    "yes" if found["peak"] < LIMIT_MB else "NO",
                    f"{found['seconds']:.0f}",
                ]
            )
    driver = "X11" if os.environ.get("DISPLAY") else "dummy"
    print(f"Window memory through posted events (MB resident); video driver: {driver}")
    print_table(
        [
            "window",
            "events",
            "frames",
            "saves",
            "after start",
            f"every {CHECKPOINT:,}",
            "peak",
            f"< {LIMIT_MB} MB",
            "s",
        ],
        rows,
    )


if __name__ == "__main__":
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    main()
