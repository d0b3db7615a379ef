"""An animated GIF written one frame at a time, so memory does not grow with the frames.

Frames after the first hold only the box of pixels that changed (`viz.export.deltas`)
and are left in place for the next to draw over (disposal 1). Inside that box, a
long run of pixels that did not change (in the order GIF reads them, row after
row) becomes the frame's transparent index, while a short one keeps its colours:
the box then reads as the picture itself wherever it changed, whose strings of
pixels repeat, rather than as the picture broken by single transparent pixels.
Codes start as narrow as the palette allows (Pillow's own GIF writer starts every
frame at 9 bits). Pillow's LZW encoder
(`Image.tobytes("gif")`) compresses each frame's pixels; this module writes the
rest of the file.

A long animation may be written in parts, each by a process of its own: a part
goes on from the picture before it (`DeltaAnimation.follow`) and is joined to the
stream of the frames before it (`GifStream.join`), byte for byte as one stream
would have written the whole.
"""

from __future__ import annotations

import io
import struct
from dataclasses import dataclass
from typing import BinaryIO

import numpy as np
from PIL import Image

from viz.export.deltas import DeltaAnimation, Frame, Pending, spare_where

KEEP = 1  # GIF disposal: leave the frame in place for the next one to draw over
# Runs of unchanged pixels at least this long are transparent; shorter ones keep their
# colours (measured on the 98-turn game in tests/: 16 to 32 compress best, within 1 %).
LONG_RUN = 24


@dataclass(frozen=True)
class GifPart:
    """Frames written by a stream that followed the picture before them: `lead` is the
    delay of those before any that changed (the frame before shows that much longer),
    `body` the frames written, `last` the latest, whose delay the parts after it may
    still lengthen (None: no frame of the part changed anything)."""

    lead: int
    body: bytes
    last: Pending | None


class GifStream(DeltaAnimation):
    max_delay = 0xFFFF  # centiseconds

    def __init__(self, out: BinaryIO, colors: list[int]) -> None:
        """`colors` is the global palette as flat R, G, B values (at most 256 colours)."""
        count = len(colors) // 3
        super().__init__(count)
        self.out = out
        entries = count if self.transparent is None else count + 1  # the spare index too
        self.table_bits = max(1, (entries - 1).bit_length())
        self.bits = max(2, self.table_bits)  # the frames' code size: GIF's smallest is 2
        self.table = bytes(colors) + bytes(3 * ((1 << self.table_bits) - count))

    def start(self, width: int, height: int) -> None:
        flags = 0xF0 | (self.table_bits - 1)  # a global palette of 2 ** table_bits entries
        self.out.write(b"GIF89a" + struct.pack("<HHBBB", width, height, flags, 0, 0))
        self.out.write(self.table)
        self.out.write(b"!\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", 0) + b"\x00")  # loop

    def part(self) -> GifPart:
        """What this stream has written into memory after the picture it followed, and
        has still to write, for the stream before it to join."""
        assert isinstance(self.out, io.BytesIO)  # a part is written in memory
        return GifPart(self.lead, self.out.getvalue(), self.pending)

    def join(self, part: GifPart) -> None:
        """Go on with the frames of `part`, which followed this stream's latest picture."""
        assert self.pending is not None  # a first frame is written before any part
        self.pending.delay += part.lead
        if part.last is not None:
            self._flush()
            self.out.write(part.body)
            self.pending = part.last

    def write_frame(self, frame: Frame, delay: int) -> None:
        pixels, transparent = frame.pixels, None
        if frame.kept is not None and self.transparent is not None:
            clear = long_runs(frame.kept)
            if clear.any():
                transparent = self.transparent
                pixels = spare_where(pixels, clear, transparent)
        flags = KEEP << 2 | (transparent is not None)
        control = struct.pack("<BHBB", flags, delay, transparent or 0, 0)
        height, width = pixels.shape
        self.out.write(b"!\xf9\x04" + control)
        self.out.write(b"," + struct.pack("<HHHHB", *frame.offset, width, height, 0))
        image = Image.frombuffer("P", (width, height), pixels.tobytes(), "raw", "P", 0, 1)
        self.out.write(bytes([self.bits]) + image.tobytes("gif", "P", self.bits, 0) + b"\x00")

    def finish(self) -> None:
        self.out.write(b";")


def long_runs(kept: np.ndarray) -> np.ndarray:
    """Where `kept` lies in a run of at least LONG_RUN kept pixels, row after row."""
    flat = kept.ravel()
    drawn = np.flatnonzero(~flat)
    runs = np.diff(np.concatenate(([-1], drawn, [flat.size]))) - 1  # kept before each drawn
    # the flat mask is each run's verdict, run by run, with a drawn pixel after each but the last
    verdicts = np.zeros(2 * len(runs) - 1, dtype=bool)
    verdicts[::2] = runs >= LONG_RUN
    lengths = np.ones(2 * len(runs) - 1, dtype=np.int64)
    lengths[::2] = runs
    return np.repeat(verdicts, lengths).reshape(kept.shape)
