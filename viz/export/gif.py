"""An animated GIF written one frame at a time, so memory does not grow with the frames.

Frames after the first hold only the box of pixels that changed (`viz.export.deltas`)
and are left in place for the next to draw over (disposal 1). Inside that box, a
long run of pixels that did not change (in the order GIF reads them, row after
row) becomes the frame's transparent index, while a short one keeps its colours:
the box then reads as the picture itself wherever it changed, whose strings of
pixels repeat, rather than as the picture broken by single transparent pixels.
The palette is ordered by how much of the first frame each colour covers, and
each frame's codes start as narrow as its largest index allows, its transparent
index the lowest one it leaves free. Pillow's LZW encoder (`Image.tobytes("gif")`)
compresses each frame's pixels; this module writes the rest of the file.
"""

from __future__ import annotations

import struct
from typing import BinaryIO

import numpy as np
from PIL import Image

from viz.export.deltas import DeltaAnimation, Frame

KEEP = 1  # GIF disposal: leave the frame in place for the next one to draw over
# Runs of unchanged pixels at least this long are transparent; shorter ones keep their
# colours (measured on the shared 98-turn game: 16 to 32 compress best, within 1 %).
LONG_RUN = 24


class GifStream(DeltaAnimation):
    max_delay = 0xFFFF  # centiseconds

    def __init__(self, out: BinaryIO, width: int, height: int, colors: list[int]) -> None:
        """`colors` is the global palette as flat R, G, B values (at most 256 colours)."""
        count = len(colors) // 3
        super().__init__(count)
        self.out = out
        self.size = width, height
        self.colors = colors
        self.order = np.arange(256, dtype=np.uint8)  # the file's index of each of ours
        self.started = False

    def write_frame(self, frame: Frame, delay: int) -> None:
        if not self.started:
            self._start(frame.pixels)
        pixels = self.order[frame.pixels]
        transparent = None
        if frame.kept is not None:
            clear = frame.kept & _long_runs(frame.kept)
            transparent = _lowest_free(pixels[~clear]) if clear.any() else None
            if transparent is not None:
                pixels[clear] = transparent
        self._write_image(pixels, frame.offset, delay, transparent)

    def finish(self) -> None:
        self.out.write(b";")

    def _start(self, first: np.ndarray) -> None:
        """The header, with the palette ordered by how many of the first frame's pixels
        each colour covers (the colours it lacks after them, as they were)."""
        self.started = True
        count = len(self.colors) // 3
        covered = np.bincount(first.ravel(), minlength=count)[:count]
        ranked = np.argsort(-covered, kind="stable")
        self.order[ranked] = np.arange(count, dtype=np.uint8)
        table = np.array(self.colors, dtype=np.uint8).reshape(-1, 3)[ranked]
        entries = count if count == 256 else count + 1  # a spare index for transparency
        bits = max(1, (entries - 1).bit_length())
        width, height = self.size
        self.out.write(b"GIF89a" + struct.pack("<HHBBB", width, height, 0xF0 | (bits - 1), 0, 0))
        self.out.write(table.tobytes() + bytes(3 * ((1 << bits) - count)))
        self.out.write(b"!\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", 0) + b"\x00")  # loop

    def _write_image(
        self, pixels: np.ndarray, offset: tuple[int, int], delay: int, transparent: int | None
    ) -> None:
        flags = KEEP << 2 | (transparent is not None)
        control = struct.pack("<BHBB", flags, delay, transparent or 0, 0)
        height, width = pixels.shape
        top = max(int(pixels.max()), transparent or 0)
        bits = max(2, top.bit_length())  # GIF's smallest code size is 2
        image = Image.frombuffer("P", (width, height), pixels.tobytes(), "raw", "P", 0, 1)
        self.out.write(b"!\xf9\x04" + control)
        self.out.write(b"," + struct.pack("<HHHHB", *offset, width, height, 0))
        self.out.write(bytes([bits]) + image.tobytes("gif", "P", bits, 0) + b"\x00")


def _long_runs(kept: np.ndarray) -> np.ndarray:
    """Where `kept` lies in a run of at least LONG_RUN kept pixels, row after row."""
    flat = kept.ravel()
    drawn = np.flatnonzero(~flat)
    runs = np.diff(np.concatenate(([-1], drawn, [flat.size]))) - 1  # kept before each drawn
    long = np.zeros(flat.size, dtype=bool)
    long[flat] = np.repeat(runs >= LONG_RUN, runs)
    return long.reshape(kept.shape)


def _lowest_free(pixels: np.ndarray) -> int | None:
    """The lowest index no pixel uses; None when all 256 are used."""
    free = np.flatnonzero(np.bincount(pixels.ravel(), minlength=257) == 0)
    return int(free[0]) if free[0] < 256 else None
