"""Frame time while a change is in motion, in each game's window at 980x720, and Loop's
turns a second at its top speeds with motion on; with --x11, the pictures a real window
shows while a red pick moves, as a camera on the screen sees them.

Frame time: the window's whole frame (events, the tween, drawing the board, the panel
and the move list) for every frame of each change's motion, over a game of changes.
Baseline: the same frames with motion reduced, measured in the same run.

Loop: the Load window's real frame loop, paced by pygame's clock at 60 frames a second
as `run` paces it, for a few seconds at 15 and 60 turns a second and at max.

On the screen (--x11): the Load window (`oddsevens watch`, 980x720) on Xvfb, a red pick
typed into it with xdotool (the cell's number, then Enter), the screen around the cell
(the 3x3 cells it is the middle of) filmed by ffmpeg's x11grab at 50 frames a second
from just before Enter. Counted: the distinct pictures from the first change until the
picture settles, and the frames a second the window drew while the motion ran (its own
frame times, written by bench/window_frames.py), how long the motion lasted, and the
camera's longest gap between two grabs while it ran. Baseline, in the same run: the
pictures the same pick shows drawn headless frame by frame at 60 frames a second,
filmed at 50. The machine's load average is printed with the figures; --busy N adds N
processes that spin on the CPU meanwhile (a busy machine made on purpose). The camera
runs at nice -10 where it may (so that the film is the screen's, not the camera's
stalls); --steady-screen runs Xvfb at nice -10 too. The ffmpeg is imageio-ffmpeg's if
it has x11grab (`ffmpeg -devices`), else --ffmpeg PATH (Debian: `apt-get install
ffmpeg`, then --ffmpeg /usr/bin/ffmpeg).

Run: python bench/bench_window_motion.py [--changes 40] [--repeats 3] [--seconds 3]
     python bench/bench_window_motion.py --x11 [--picks 12] [--busy 0] [--steady-screen]
                                         [--ffmpeg PATH]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402
from common import print_table  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from games import REGISTRY  # noqa: E402
from games.load import Pick  # noqa: E402
from viz.window import WINDOWS  # noqa: E402
from viz.window.app import FPS  # noqa: E402
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
    return WINDOWS[game_id].open(
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


# --- on the screen ----------------------------------------------------------------------

CAPTURE_FPS = 50
CAPTURE_MS = 1000 / CAPTURE_FPS
CAMERA_NICE = -10  # the camera's priority (and, with --steady-screen, Xvfb's)
CAPTURE_SECONDS = 1.5  # from just before the pick's keys until well after its motion


def filmed_cells(count: int) -> dict[int, tuple[int, int, int, int]]:
    """`count` cells of the Load window's 7x7 board, in a fixed shuffled order, each with
    the box to film: the 3x3 cells around it (inner cells only, so that the box holds
    nothing but cells: no words that change as the number is typed)."""
    app = window("load", "on")
    try:
        app.frame(FRAME_MS)
        layout = app.game_window.layout()
        inner = [
            row * layout.cols + col
            for row in range(1, layout.rows - 1)
            for col in range(1, layout.cols - 1)
        ]
        random.Random(5).shuffle(inner)
        boxes = {}
        for cell in (inner * count)[:count]:
            x, y, side = layout.cell_box(cell)
            boxes[cell] = (x - side, y - side, 3 * side + side % 2, 3 * side + side % 2)
        return boxes
    finally:
        app.close()


def moving(pictures: list[bytes]) -> slice:
    """Where the film moves: from the picture before the first change to the first that
    shows the last picture (empty: nothing changed)."""
    first = next((n for n, picture in enumerate(pictures) if picture != pictures[0]), None)
    return (
        slice(0, 0) if first is None else slice(first - 1, pictures.index(pictures[-1], first) + 1)
    )


def changes_seen(pictures: list[bytes]) -> int:
    """How many distinct pictures follow the first while the film moves."""
    return sum(a != b for a, b in pairwise(pictures[moving(pictures)]))


def steady_changes(cell: int, box: tuple[int, int, int, int]) -> float:
    """The distinct pictures a window drawing at exactly FPS shows of the box while red
    picks `cell`, filmed at CAPTURE_FPS: the median over the camera's phases."""
    app = window("load", "on")
    try:
        app.frame(FRAME_MS)
        area = pygame.Rect(box).clip(app.screen.get_rect())
        drawn = [pygame.image.tobytes(app.screen.subsurface(area), "RGB")]
        app.play(Pick(1, cell))
        while app.board.motion is not None or len(drawn) == 1:
            app.frame(FRAME_MS)
            drawn.append(pygame.image.tobytes(app.screen.subsurface(area), "RGB"))
    finally:
        app.close()
    last = len(drawn) - 1

    def filmed_from(phase: float) -> list[bytes]:
        """What a camera grabbing every CAPTURE_MS from `phase` (ms) sees of the frames."""
        shots = math.ceil(last * FRAME_MS / CAPTURE_MS) + 2
        return [drawn[min(last, int((phase + n * CAPTURE_MS) // FRAME_MS))] for n in range(shots)]

    return statistics.median(
        changes_seen(filmed_from(phase)) for phase in range(0, round(CAPTURE_MS), 2)
    )


def ffmpeg_with_x11grab(chosen: str | None) -> str:
    import imageio_ffmpeg

    program = chosen or imageio_ffmpeg.get_ffmpeg_exe()
    devices = subprocess.run([program, "-hide_banner", "-devices"], capture_output=True, text=True)
    if "x11grab" not in devices.stdout:
        sys.exit(
            f"{program} has no x11grab: install Debian's ffmpeg (apt-get install ffmpeg) "
            "and pass --ffmpeg /usr/bin/ffmpeg"
        )
    return program


def filmed(
    ffmpeg: str,
    display: str,
    box: tuple[int, int, int, int],
    action: Callable[[], object],
    folder: Path,
) -> tuple[list[bytes], list[float]]:
    """`box` of the screen filmed by ffmpeg at CAPTURE_FPS while `action` runs (0.3 s in):
    every grab as raw RGB, and when it was taken (s). The camera runs at a higher
    priority where it may, and writes to files, not to a pipe this process might be too
    busy to empty: on a busy machine it is not the one left waiting."""
    x, y, width, height = box
    film, log = folder / "film.rgb", folder / "film.log"
    with log.open("w") as errors:
        camera = subprocess.Popen(
            [ffmpeg, "-y", "-hide_banner", "-loglevel", "info", "-f", "x11grab"]
            + ["-draw_mouse", "0", "-framerate", str(CAPTURE_FPS)]
            + ["-video_size", f"{width}x{height}", "-i", f"{display}+{x},{y}"]
            + ["-t", str(CAPTURE_SECONDS), "-vf", "showinfo", "-fps_mode", "passthrough"]
            + ["-enc_time_base", "1/1000000", "-f", "rawvideo", "-pix_fmt", "rgb24", str(film)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=errors,
            preexec_fn=raise_priority,  # the camera's own process
        )
        time.sleep(0.3)
        action()
        camera.wait()
    pictures, size = film.read_bytes(), width * height * 3
    times = [float(t) for t in re.findall(r"pts_time:\s*([0-9.]+)", log.read_text())]
    return [pictures[n : n + size] for n in range(0, len(pictures), size)], times


def raise_priority(pid: int = 0) -> None:
    """Run the process (0: this one) at nice CAMERA_NICE, where that is allowed."""
    with contextlib.suppress(PermissionError):
        os.setpriority(os.PRIO_PROCESS, pid, CAMERA_NICE)


def longest_gap_ms(pictures: list[bytes], times: list[float]) -> float:
    """The longest time between two grabs while the film moved (0: it did not)."""
    return max(((b - a) * 1000 for a, b in pairwise(times[moving(pictures)])), default=0.0)


def motions(frames: list[list[Any]]) -> list[list[tuple[float, float]]]:
    """The window's frames (start, end) grouped by motion: each run of frames that drew an
    in-between picture, with the frame after it, which drew the settled one."""
    runs: list[list[tuple[float, float]]] = []
    moving_before = False
    for start, end, moving in frames:
        if moving and not moving_before:
            runs.append([])
        if moving or moving_before:
            runs[-1].append((start, end))
        moving_before = moving
    return runs


def picks_on_screen(
    picks: int, ffmpeg: str, folder: Path, steady_screen: bool
) -> tuple[list[int], list[float], list[float], list[float]]:
    """Red picks typed into a real Load window: the distinct pictures filmed of each and
    the camera's longest gap between grabs while it moved (ms); for each motion, the
    window's frames a second and how long it lasted (ms)."""
    from support.xsession import XServer, XWindow

    cells = filmed_cells(picks)
    log = folder / "frames.json"
    frames_program = (sys.executable, str(Path(__file__).with_name("window_frames.py")), str(log))
    server = XServer()
    if steady_screen:
        raise_priority(server.process.pid)
    seen, gaps = [], []
    try:
        app = XWindow(server, folder, "watch", "--seed", "5", program=frames_program)
        app.xdotool("mousemove", "1590", "1190")  # the pointer off the window
        for cell, box in cells.items():
            app.key("n", pause=0.4)  # a new game: every pick is red's first
            # The number is typed before filming (it shows in the message, outside the
            # box): focusing the window with xdotool stalls the X server for a moment.
            app.type(str(cell))
            pick = partial(app.xdotool, "key", "Return")
            pictures, times = filmed(ffmpeg, server.display, box, pick, folder)
            seen.append(changes_seen(pictures))
            gaps.append(longest_gap_ms(pictures, times))
        app.close()
    finally:
        server.close()
    runs = motions(json.loads(log.read_text()))
    rates = [(len(run) - 1) / (run[-1][0] - run[0][0]) for run in runs]
    lasted = [(run[-1][1] - run[0][0]) * 1000 for run in runs]
    return seen, gaps, rates, lasted


def spinners(count: int) -> list[subprocess.Popen[bytes]]:
    """Processes that keep a core busy each, until stopped."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def load_average() -> str:
    return " ".join(f"{load:.2f}" for load in os.getloadavg())


def on_screen(args: argparse.Namespace) -> None:
    ffmpeg = ffmpeg_with_x11grab(args.ffmpeg)
    cells = filmed_cells(args.picks)
    steady = statistics.median(steady_changes(cell, box) for cell, box in cells.items())
    busy = spinners(args.busy)
    try:
        before = load_average()
        with tempfile.TemporaryDirectory() as folder:
            seen, gaps, rates, lasted = picks_on_screen(
                args.picks, ffmpeg, Path(folder), args.steady_screen
            )
        after = load_average()
    finally:
        for process in busy:
            process.terminate()
            process.wait()
    print(
        f"A red pick typed into the Load window on Xvfb, filmed at {CAPTURE_FPS} frames a "
        f"second: {args.picks} picks, {args.busy} spinning processes beside it; "
        f"Xvfb at nice {CAMERA_NICE if args.steady_screen else 0}"
    )
    print(f"load average before: {before}; after: {after}")
    print_table(
        ["", "min", "median", "max"],
        [
            ["distinct pictures", min(seen), statistics.median(seen), max(seen)],
            ["at a steady 60 fps (headless)", "", steady, ""],
            ["window fps in motion", *(f"{v:.0f}" for v in spread(rates))],
            ["motion lasted (ms)", *(f"{v:.0f}" for v in spread(lasted))],
            ["camera's longest gap (ms)", *(f"{v:.0f}" for v in spread(gaps))],
        ],
    )
    print(f"distinct pictures, pick by pick: {' '.join(map(str, seen))}")
    print(f"motions drawn: {len(rates)} of {args.picks}")


def spread(values: list[float]) -> tuple[float, float, float]:
    return min(values), statistics.median(values), max(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--changes", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--x11", action="store_true", help="film picks in a window on Xvfb")
    parser.add_argument("--picks", type=int, default=12)
    parser.add_argument("--busy", type=int, default=0, help="processes spinning beside it")
    parser.add_argument(
        "--steady-screen", action="store_true", help="Xvfb at the camera's priority too"
    )
    parser.add_argument("--ffmpeg", help="an ffmpeg with x11grab (default: imageio-ffmpeg's)")
    args = parser.parse_args()
    if args.x11:
        on_screen(args)
        return
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
