"""Where the shared game's GIF bytes go, and what several image blocks a frame would
save, against what browsers do with them.

Each frame after the first is one image block: the box around every pixel that changed.
Split at rows, then columns, that changed nothing for more than --gap pixels, its parts
would be coded apart (each as the writer codes a frame: the same transparent pixels, the
same LZW, the same block headers; a frame keeps whichever is smaller). A frame's blocks
are shown one after the other, so every block but its last needs a delay of 0.

Browsers: looping two-frame GIFs (blue for the delay tried, then green for 2 cs) in
headless Chromium, the colour on screen sampled; blue's share of the samples tells how
long the blue frame is really shown.

Run: python bench/bench_gif_blocks.py [--gap 8] [--samples 150]
"""

from __future__ import annotations

import argparse
import base64
import io
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np
from bench_export_engine import SHARED
from common import print_table
from PIL import Image

from viz.export.animation import stream_frames
from viz.export.clip import Clip
from viz.export.deltas import Frame
from viz.export.gif import GifStream
from viz.files import load_replay
from viz.render.timeline import fixed_durations_ms, gif_delays_cs

GAME = SHARED / "load-7x7-full-49-stages.jsonl"


class Counting(GifStream):
    """The GIF writer, counting each frame's bytes and what its parts would weigh."""

    def __init__(self, out: BinaryIO, width: int, height: int, colors: list[int], gap: int) -> None:
        super().__init__(out, width, height, colors)
        self.gap = gap  # px: parts of a frame further apart than this are coded apart
        self.scratch = GifStream(io.BytesIO(), width, height, colors)
        self.first = 0
        self.frames: list[tuple[int, int, int, int]] = []  # box px, changed px, bytes, split

    def write_frame(self, frame: Frame, delay: int) -> None:
        start = self.out.tell()
        super().write_frame(frame, delay)
        whole = self.out.tell() - start
        if frame.kept is None:
            self.first += whole
            return
        start = self.scratch.out.tell()
        for part in parts(frame, self.gap):
            self.scratch.write_frame(part, delay)
        split = self.scratch.out.tell() - start
        changed = int((~frame.kept).sum())
        self.frames.append((frame.pixels.size, changed, whole, min(whole, split)))


def spans(marks: np.ndarray, gap: int) -> list[tuple[int, int]]:
    """The runs of marked places, runs closer than `gap` joined."""
    where = np.flatnonzero(marks)
    breaks = np.flatnonzero(np.diff(where) > gap)
    starts = [where[0], *where[breaks + 1]]
    ends = [*where[breaks], where[-1]]
    return [(int(a), int(b) + 1) for a, b in zip(starts, ends, strict=True)]


def parts(frame: Frame, gap: int) -> list[Frame]:
    """The frame's changed box cut into tighter boxes: bands of rows, then columns."""
    assert frame.kept is not None
    changed, (x, y) = ~frame.kept, frame.offset
    boxes = []
    for top, bottom in spans(changed.any(axis=1), gap):
        for left, right in spans(changed[top:bottom].any(axis=0), gap):
            rows = np.flatnonzero(changed[top:bottom, left:right].any(axis=1))
            a, b = top + int(rows[0]), top + int(rows[-1]) + 1
            boxes.append(
                Frame(
                    frame.pixels[a:b, left:right],
                    (x + left, y + a),
                    frame.kept[a:b, left:right],
                )
            )
    return boxes


def sizes(gap: int) -> None:
    scenes = list(Clip(load_replay(GAME), 560).scenes())
    delays = gif_delays_cs(fixed_durations_ms(len(scenes), 500, 2000))
    made: list[Counting] = []

    def counting(*args: Any) -> Counting:
        made.append(Counting(*args, gap=gap))
        return made[-1]

    out = io.BytesIO()
    stream_frames(iter(scenes), delays, counting, out)  # type: ignore[arg-type]
    ours, measured = out.getvalue(), made[0]
    with tempfile.TemporaryDirectory() as folder:
        plain, squeezed = Path(folder) / "ours.gif", Path(folder) / "o3.gif"
        plain.write_bytes(ours)
        subprocess.run(["gifsicle", "-O3", str(plain), "-o", str(squeezed)], check=True)
        gifsicle = squeezed.stat().st_size
    boxes, changed, whole, split = (sum(column) for column in zip(*measured.frames, strict=True))
    rest = len(ours) - measured.first - whole  # header, palette, loop, trailer
    count = len(measured.frames)
    print(
        f"The shared 98-turn game at 560 px: {count} frames after the first; their boxes "
        f"hold {boxes / count:,.0f} pixels on average, of which {changed / count:,.0f} changed"
    )
    kb = 1024
    print_table(
        ["part", "KB", "whole file / gifsicle -O3 of ours"],
        [
            ["header, palette, loop", f"{rest / kb:.1f}", ""],
            ["first frame", f"{measured.first / kb:.1f}", ""],
            [
                "later frames, one block each (ours)",
                f"{whole / kb:.1f}",
                f"{len(ours) / gifsicle:.3f}",
            ],
            [
                f"later frames in blocks (gaps over {gap} px)",
                f"{split / kb:.1f}",
                f"{(len(ours) - whole + split) / gifsicle:.3f}",
            ],
            ["gifsicle -O3 of ours, whole file", f"{gifsicle / kb:.1f}", "1.000"],
        ],
    )


def two_frames(first_cs: int) -> bytes:
    """A looping 20x20 GIF: blue for `first_cs`, then green for 2 cs."""
    out = io.BytesIO()
    out.write(b"GIF89a\x14\x00\x14\x00\xf1\x00\x00" + bytes([0, 0, 255, 0, 160, 0]) + bytes(6))
    out.write(b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00")
    for index, delay in enumerate((first_cs, 2)):
        out.write(b"!\xf9\x04\x04" + delay.to_bytes(2, "little") + b"\x00\x00")
        out.write(b",\x00\x00\x00\x00\x14\x00\x14\x00\x00\x02")
        out.write(Image.new("P", (20, 20), index).tobytes("gif", "P", 2, 0) + b"\x00")
    out.write(b";")
    return out.getvalue()


def browsers(samples: int) -> None:
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        print("Chromium is not installed: the browser rows are left out")
        return
    rows = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        page = browser.new_page()
        for first_cs in (0, 1, 2, 10):
            data = base64.b64encode(two_frames(first_cs)).decode()
            page.set_content(f'<body style="margin:0"><img src="data:image/gif;base64,{data}">')
            time.sleep(0.5)
            blue = statistics.mean(shows_blue(page) for _ in range(samples))
            honoured = first_cs / (first_cs + 2)
            rows.append([f"{first_cs} cs", f"{honoured:.0%}", f"{blue:.0%}"])
        print(f"\nChromium {browser.version}: blue for the delay tried, then green for 2 cs")
        browser.close()
    print_table(["blue's delay", "blue's share if honoured", f"blue in {samples} samples"], rows)


def shows_blue(page: Any) -> bool:
    shot = page.screenshot(clip={"x": 5, "y": 5, "width": 1, "height": 1})
    time.sleep(0.013)
    return bool(Image.open(io.BytesIO(shot)).convert("RGB").getpixel((0, 0))[2] > 128)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--gap", type=int, default=8)
    parser.add_argument("--samples", type=int, default=150)
    args = parser.parse_args()
    sizes(args.gap)
    browsers(args.samples)


if __name__ == "__main__":
    main()
