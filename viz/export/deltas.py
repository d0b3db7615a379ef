"""What the streaming GIF and APNG writers share: an indexed animation written one
frame at a time, each frame after the first only the box of pixels that changed.

Inside that box the pixels that did not change take a spare palette index that
the format shows as "leave what is there", so runs of it compress well. A
frame identical to the one before adds its delay to it; a delay longer than
the format can say is split, the rest carried by a one-pixel frame that
changes nothing.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

import numpy as np
from PIL import Image

Offset = tuple[int, int]


class DeltaAnimation(ABC):
    max_delay: int  # the longest delay one frame can carry, in the format's units

    def __init__(self, colors: int) -> None:
        """`colors`: how many palette entries the frames use (at most 256)."""
        self.transparent = colors if colors < 256 else None
        self.previous: np.ndarray | None = None
        self.pending: tuple[Image.Image, Offset, int, bool] | None = None

    def add(
        self, image: Image.Image, delay: int, near: tuple[int, int, int, int] | None = None
    ) -> None:
        """Append a "P" image drawn with the animation's palette, shown for `delay`.
        `near` is a box known to hold every pixel that changed, when the caller knows one."""
        if self.previous is None:
            self.previous = np.array(image)
            self._queue(image.copy(), (0, 0), delay, False)
            return
        x0, y0, x1, y1 = near or (0, 0, image.width, image.height)
        pixels = np.asarray(image.crop((x0, y0, x1, y1)))
        before = self.previous[y0:y1, x0:x1]
        changed = pixels != before
        if not changed.any():
            assert self.pending is not None  # the latest frame waits here until the next one
            frame, offset, pending_delay, clear = self.pending
            self.pending = (frame, offset, pending_delay + delay, clear)
            return
        rows, cols = np.nonzero(changed.any(axis=1))[0], np.nonzero(changed.any(axis=0))[0]
        top, bottom, left, right = rows[0], rows[-1] + 1, cols[0], cols[-1] + 1
        region = pixels[top:bottom, left:right].copy()
        if self.transparent is not None:
            region[~changed[top:bottom, left:right]] = self.transparent
        self._queue(_indexed(region), (int(x0 + left), int(y0 + top)), delay, True)
        before[...] = pixels

    def close(self) -> None:
        self._flush()
        self.finish()

    def _queue(self, frame: Image.Image, offset: Offset, delay: int, clear: bool) -> None:
        self._flush()
        self.pending = (frame, offset, delay, clear)

    def _flush(self) -> None:
        if self.pending is None:
            return
        assert self.previous is not None  # kept from the first frame on
        frame, offset, delay, clear = self.pending
        while delay > self.max_delay:
            self.write_frame(frame, offset, self.max_delay, clear)
            frame, offset, clear = _indexed(self.previous[:1, :1].copy()), (0, 0), False
            delay -= self.max_delay
        self.write_frame(frame, offset, delay, clear)
        self.pending = None

    @abstractmethod
    def write_frame(self, frame: Image.Image, offset: Offset, delay: int, clear: bool) -> None:
        """Write one frame; `clear`: its transparent index keeps what is underneath."""

    @abstractmethod
    def finish(self) -> None:
        """Write what ends the file."""


def _indexed(pixels: np.ndarray) -> Image.Image:
    return Image.frombuffer("P", pixels.shape[::-1], pixels.tobytes(), "raw", "P", 0, 1)
