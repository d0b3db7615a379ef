"""An animated GIF written one frame at a time, so memory does not grow with the frames.

Frames after the first hold only the box of pixels that changed (`viz.export.deltas`);
the spare index is GIF's transparent colour and every frame is left in place
for the next to draw over (disposal 1). Pillow encodes each frame's pixels;
this module writes the file's header, the loop and the frame order.
"""

from __future__ import annotations

import struct
from typing import BinaryIO

from PIL import GifImagePlugin, Image

from viz.export.deltas import DeltaAnimation, Offset

KEEP = 1  # GIF disposal: leave the frame in place for the next one to draw over


class GifStream(DeltaAnimation):
    max_delay = 0xFFFF  # centiseconds

    def __init__(self, out: BinaryIO, width: int, height: int, colors: list[int]) -> None:
        """`colors` is the global palette as flat R, G, B values (at most 256 colours)."""
        count = len(colors) // 3
        super().__init__(count)
        self.out = out
        entries = count if self.transparent is None else count + 1  # the spare index too
        bits = max(1, (entries - 1).bit_length())
        table = bytes(colors) + bytes(3 * ((1 << bits) - count))
        out.write(b"GIF89a" + struct.pack("<HHBBB", width, height, 0xF0 | (bits - 1), 0, 0))
        out.write(table)
        out.write(b"!\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", 0) + b"\x00")  # loop

    def write_frame(self, frame: Image.Image, offset: Offset, delay: int, clear: bool) -> None:
        options = {"duration": delay * 10, "disposal": KEEP}
        if clear and self.transparent is not None:
            options["transparency"] = self.transparent
        for chunk in GifImagePlugin.getdata(frame, offset, **options):
            self.out.write(chunk)

    def finish(self) -> None:
        self.out.write(b";")
