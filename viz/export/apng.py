"""An animated PNG written one frame at a time, so memory does not grow with the frames.

The picture is indexed (one palette, like the GIF's); frames after the first
hold only the box of pixels that changed (`viz.export.deltas`), drawn over what is
there, with the spare index fully transparent. Delays are whole milliseconds.
The frame count, known only at the end, is written back into the header, so
`out` must be seekable.
"""

from __future__ import annotations

import struct
import zlib
from typing import BinaryIO

import numpy as np

from viz.export.deltas import DeltaAnimation, Frame

SIGNATURE = b"\x89PNG\r\n\x1a\n"
PALETTE_COLOR_TYPE = 3
BLEND_SOURCE, BLEND_OVER = 0, 1
DISPOSE_NONE = 0


class ApngStream(DeltaAnimation):
    max_delay = 0xFFFF  # milliseconds, over a denominator of 1000

    def __init__(self, out: BinaryIO, colors: list[int]) -> None:
        """`colors` is the palette as flat R, G, B values (at most 256 colours)."""
        super().__init__(len(colors) // 3)
        self.out = out
        self.colors = colors
        self.frames = self.sequence = 0
        self.frame_count_at = 0

    def start(self, width: int, height: int) -> None:
        self.out.write(SIGNATURE)
        header = struct.pack(">IIBBBBB", width, height, 8, PALETTE_COLOR_TYPE, 0, 0, 0)
        self._chunk(b"IHDR", header)
        self.frame_count_at = self.out.tell()
        self._chunk(b"acTL", struct.pack(">II", 0, 0))  # frame count filled in by finish()
        if self.transparent is None:
            self._chunk(b"PLTE", bytes(self.colors))
        else:
            self._chunk(b"PLTE", bytes(self.colors) + bytes(3))
            self._chunk(b"tRNS", b"\xff" * self.transparent + b"\x00")  # the spare one clear

    def write_frame(self, frame: Frame, delay: int) -> None:
        pixels = self.spare_kept(frame)
        blend = (
            BLEND_OVER if frame.kept is not None and self.transparent is not None else BLEND_SOURCE
        )
        height, width = pixels.shape
        control = struct.pack(
            ">IIIIIHHBB",
            self._next(),
            width,
            height,
            *frame.offset,
            delay,
            1000,
            DISPOSE_NONE,
            blend,
        )
        self._chunk(b"fcTL", control)
        rows = np.hstack([np.zeros((pixels.shape[0], 1), np.uint8), pixels])  # filter: none
        data = zlib.compress(rows.tobytes(), 6)
        if self.frames == 0:
            self._chunk(b"IDAT", data)
        else:
            self._chunk(b"fdAT", struct.pack(">I", self._next()) + data)
        self.frames += 1

    def finish(self) -> None:
        self._chunk(b"IEND", b"")
        end = self.out.tell()
        self.out.seek(self.frame_count_at)
        self._chunk(b"acTL", struct.pack(">II", self.frames, 0))  # 0: loop forever
        self.out.seek(end)

    def _next(self) -> int:
        self.sequence += 1
        return self.sequence - 1

    def _chunk(self, kind: bytes, data: bytes) -> None:
        self.out.write(struct.pack(">I", len(data)) + kind + data)
        self.out.write(struct.pack(">I", zlib.crc32(kind + data)))
