"""An animated GIF written one frame at a time, so memory does not grow with the frames.

Every frame after the first holds only the box of pixels that changed, and
inside that box the pixels that did not change take a free palette index
marked transparent: the decoder keeps what was there (disposal 1), and the
runs of that one index compress well. Pillow encodes each frame's pixels;
this module writes the file's header, the loop and the frame order. A frame
identical to the one before adds its delay to it, as Pillow's writer does.
"""

from __future__ import annotations

import struct
from typing import BinaryIO

import numpy as np
from PIL import GifImagePlugin, Image

KEEP = 1  # GIF disposal: leave the frame in place for the next one to draw over


class GifStream:
    def __init__(self, out: BinaryIO, width: int, height: int, colors: list[int]) -> None:
        """`colors` is the global palette as flat R, G, B values (at most 256 colours)."""
        self.out = out
        count = len(colors) // 3
        self.transparent = count if count < 256 else None
        bits = max(1, (max(count + 1, 2) - 1).bit_length())
        table = bytes(colors) + bytes(3 * ((1 << bits) - count))
        out.write(b"GIF89a" + struct.pack("<HHBBB", width, height, 0xF0 | (bits - 1), 0, 0))
        out.write(table)
        out.write(b"!\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", 0) + b"\x00")  # loop
        self.previous: np.ndarray | None = None
        self.pending: tuple[Image.Image, tuple[int, int], int, bool] | None = None

    def add(self, image: Image.Image, delay_cs: int, near: tuple | None = None) -> None:
        """Append a "P" image drawn with the global palette, shown for `delay_cs`. `near`
        is a box known to hold every pixel that changed, when the caller knows one."""
        if self.previous is None:
            self.previous = np.array(image)
            self._queue(image.copy(), (0, 0), delay_cs, False)
            return
        x0, y0, x1, y1 = near or (0, 0, image.width, image.height)
        pixels = np.asarray(image.crop((x0, y0, x1, y1)))
        before = self.previous[y0:y1, x0:x1]
        changed = pixels != before
        if not changed.any():
            frame, offset, delay, clear = self.pending
            self.pending = (frame, offset, delay + delay_cs, clear)
            return
        rows, cols = np.nonzero(changed.any(axis=1))[0], np.nonzero(changed.any(axis=0))[0]
        top, bottom, left, right = rows[0], rows[-1] + 1, cols[0], cols[-1] + 1
        region = pixels[top:bottom, left:right].copy()
        if self.transparent is not None:
            region[~changed[top:bottom, left:right]] = self.transparent
        frame = Image.frombuffer("P", region.shape[::-1], region.tobytes(), "raw", "P", 0, 1)
        self._queue(frame, (int(x0 + left), int(y0 + top)), delay_cs, True)
        before[...] = pixels

    def _queue(self, frame: Image.Image, offset: tuple[int, int], delay: int, clear: bool):
        self._flush()
        self.pending = (frame, offset, delay, clear)

    def _flush(self) -> None:
        if self.pending is None:
            return
        frame, offset, delay_cs, clear = self.pending
        options = {"duration": delay_cs * 10, "disposal": KEEP}
        if clear and self.transparent is not None:
            options["transparency"] = self.transparent
        for chunk in GifImagePlugin.getdata(frame, offset, **options):
            self.out.write(chunk)
        self.pending = None

    def close(self) -> None:
        self._flush()
        self.out.write(b";")
