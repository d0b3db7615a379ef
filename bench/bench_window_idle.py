"""CPU an idle window uses: each game's window runs its real frame loop for a few seconds
with nobody touching it. Baselines, measured in the same run: the same window waiting
with `pygame.event.wait` (which looks for events every millisecond) instead of looking
every 16 ms, and drawing every frame at 60 frames a second (its wait turned off).

Uses the X server in $DISPLAY when there is one (a window's frames then go to X, as on
a desktop), else SDL's dummy driver. Median of several runs.

Then the Load window while Loop plays, its surface shown as it is (what the windows ask
SDL for) against SDL's default, a copy through an OpenGL texture.

Run: python bench/bench_window_idle.py [--seconds 3] [--repeats 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402
from common import print_table  # noqa: E402

from games import REGISTRY  # noqa: E402
from viz.window import WINDOWS  # noqa: E402
from viz.window.settings import Settings  # noqa: E402


def open_window(game: str, folder: Path):
    rules = REGISTRY[game].rules({})
    common = {"seed": 1, "out_dir": folder, "session_dir": folder}
    if game == "load":
        return WINDOWS[game].open(REGISTRY[game], rules, **common)
    if game == "loops":
        settings = Settings.load(folder / "settings.json")
        return WINDOWS[game].open(REGISTRY[game], rules, vs="human", settings=settings, **common)
    return WINDOWS[game].open(REGISTRY[game], rules, vs="medium", **common)


def pygame_wait(timeout_ms: int) -> list[pygame.event.Event]:
    event = pygame.event.wait(timeout_ms)
    return [] if event.type == pygame.NOEVENT else [event]


def cpu_share(game: str, seconds: float, waits: str, loop: bool = False) -> float:
    """The share of one core the window's loop takes over `seconds` of nobody using it
    (with `loop`, while Loop plays at its default speed). `waits`: "poll" as the windows
    do, "pygame" with pygame's wait, "no" drawing every frame."""
    with tempfile.TemporaryDirectory() as folder:
        window = open_window(game, Path(folder))
        if waits == "no":
            window.playing_by_itself = lambda: True
        elif waits == "pygame":
            window.wait_for_input = pygame_wait
        window.playback.looping = loop
        window.frame(16)
        pygame.time.set_timer(pygame.QUIT, round(seconds * 1000), loops=1)
        cpu, wall = time.process_time(), time.perf_counter()
        window.run()
        return (time.process_time() - cpu) / (time.perf_counter() - wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    rows = []
    for game in ("load", "loops", "tiles"):
        shares = {
            waits: statistics.median(
                cpu_share(game, args.seconds, waits) for _ in range(args.repeats)
            )
            for waits in ("poll", "pygame", "no")
        }
        rows.append(
            [
                game,
                f"{shares['poll']:.1%}",
                f"{shares['pygame']:.1%}",
                f"{shares['no']:.1%}",
                f"{shares['pygame'] / shares['poll']:.1f}x",
            ]
        )
    driver = "X11" if os.environ.get("DISPLAY") else "dummy"
    print(f"Idle window, {args.seconds:g} s, median of {args.repeats}; video driver: {driver}")
    header = ["window", "CPU, a look each 16 ms", "pygame's wait", "60 frames/s", "pygame / ours"]
    print_table(header, rows)
    shares = {}
    for accelerated in ("0", "1"):
        os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = accelerated
        shares[accelerated] = statistics.median(
            cpu_share("load", args.seconds, waits="poll", loop=True) for _ in range(args.repeats)
        )
    print(
        "\nThe Load window while Loop plays (60 frames/s): "
        f"{shares['0']:.1%} of a core with its surface shown as it is, "
        f"{shares['1']:.1%} through SDL's OpenGL texture ({shares['1'] / shares['0']:.1f}x)"
    )


if __name__ == "__main__":
    main()
