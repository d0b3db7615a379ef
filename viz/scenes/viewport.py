"""A board larger than its room: the part of it in view, the covers that hide the rest,
and the scroll bars that say where that part lies. A window keeps a board's numbers
legible and scrolls it rather than shrink them (docs/decisions.md, "Large boards")."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from viz.scenes.shapes import Rect, Shape

Box = tuple[float, float, float, float]  # left, top, right, bottom
COVER = "view-"  # the keys of the shapes laid over a scrolled board's hidden part
BAR = 6  # px: a scroll bar's thickness
BAR_GAP = 3  # px: from the room's edge to its scroll bar
BARS = ("across", "down")  # the scroll bars' names, by axis


@dataclass(frozen=True)
class Viewport:
    """A board of `extent` (width, height) in the room `area`, scrolled by `offset` (px
    right and down, within what the board overflows the room by; 0 where it fits, and
    there the board is centred)."""

    area: Box
    extent: tuple[int, int]
    offset: tuple[int, int] = (0, 0)

    @classmethod
    def clamped(cls, area: Box, extent: tuple[int, int], wanted: tuple[int, int]) -> Viewport:
        room = cls(area, extent)
        x, y = (max(0, min(want, most)) for want, most in zip(wanted, room.overflow, strict=True))
        return cls(area, extent, (x, y))

    @cached_property
    def pixels(self) -> tuple[int, int, int, int]:
        """The room's whole pixels: where a scrolled board's cells are shown whole."""
        left, top, right, bottom = self.area
        return math.ceil(left), math.ceil(top), math.floor(right), math.floor(bottom)

    @cached_property
    def room(self) -> tuple[int, int]:
        left, top, right, bottom = self.pixels
        return right - left, bottom - top

    @cached_property
    def overflow(self) -> tuple[int, int]:
        """How much wider and higher than the room the board is (0: it fits)."""
        x, y = (max(0, e - r) for e, r in zip(self.extent, self.room, strict=True))
        return x, y

    @property
    def scrolls(self) -> bool:
        return any(self.overflow)

    @cached_property
    def origin(self) -> tuple[int, int]:
        """The board's top left: shifted by the offset where it overflows, else centred."""
        left, top, right, bottom = self.area
        x, y = (
            shown - offset if over else start + (end - start - extent) / 2
            for start, end, shown, offset, over, extent in zip(
                (left, top),
                (right, bottom),
                self.pixels[:2],
                self.offset,
                self.overflow,
                self.extent,
                strict=True,
            )
        )
        return round(x), round(y)

    def contains(self, x: float, y: float) -> bool:
        left, top, right, bottom = self.pixels
        return left <= x < right and top <= y < bottom

    def showing(self, box: Box) -> tuple[int, int]:
        """The offset nearest this one that brings `box` (where it is drawn now) into
        view: all of it where the room holds it, else its top left."""
        left, top, right, bottom = self.pixels
        wanted = []
        for start, end, low, high, now in zip(
            box[:2], box[2:], (left, top), (right, bottom), self.offset, strict=True
        ):
            offset: float = now
            if end > high:
                offset = now + end - high
            if start - (offset - now) < low:
                offset = now + start - low
            wanted.append(round(offset))
        return Viewport.clamped(self.area, self.extent, (wanted[0], wanted[1])).offset

    def cover(self, width: int, height: int) -> list[Shape]:
        """Where the board scrolls: the canvas laid over all but the room (a game draws
        its title, legend and status on it) and a bar along each side it scrolls by."""
        if not self.scrolls:
            return []
        left, top, right, bottom = self.pixels
        shapes: list[Shape] = [
            Rect(f"{COVER}top", 0, 0, width, top, "canvas"),
            Rect(f"{COVER}bottom", 0, bottom, width, height - bottom, "canvas"),
            Rect(f"{COVER}left", 0, top, left, bottom - top, "canvas"),
            Rect(f"{COVER}right", right, top, width - right, bottom - top, "canvas"),
        ]
        for axis, name in enumerate(BARS):
            if self.overflow[axis]:
                shapes += self._bar(name, axis)
        return shapes

    def track(self, axis: int) -> Box:
        """The box of the bar along an axis (0 across, under the board; 1 down, at its
        right), where the board ends inside the room."""
        left, top, right, bottom = self.pixels
        x, y = self.origin
        if axis == 0:
            below = min(bottom, y + self.extent[1]) + BAR_GAP
            return left, below, right, below + BAR
        beside = min(right, x + self.extent[0]) + BAR_GAP
        return beside, top, beside + BAR, bottom

    def thumb(self, axis: int) -> tuple[float, float]:
        """Where the thumb starts along its track, and its length: as long as the part in
        view is of the board, as far along as the view is scrolled."""
        room = self.room[axis]
        length = max(BAR * 3, room * room / self.extent[axis])
        return (room - length) * self.offset[axis] / self.overflow[axis], length

    def bar_at(self, x: float, y: float) -> int | None:
        """The axis of the bar at a point (with BAR_GAP to spare round it), if one is."""
        for axis in (0, 1):
            left, top, right, bottom = self.track(axis)
            near = left - BAR_GAP <= x <= right + BAR_GAP and top - BAR_GAP <= y <= bottom + BAR_GAP
            if self.overflow[axis] and near:
                return axis
        return None

    def dragged(self, axis: int, along: float) -> tuple[int, int]:
        """The offset that puts the middle of the thumb at `along` (x for the bar across,
        y for the one down), as far as it goes."""
        start, length = self.track(axis)[axis], self.thumb(axis)[1]
        share = (along - start - length / 2) / max(1.0, self.room[axis] - length)
        offset = list(self.offset)
        offset[axis] = round(share * self.overflow[axis])
        return Viewport.clamped(self.area, self.extent, (offset[0], offset[1])).offset

    def _bar(self, name: str, axis: int) -> list[Shape]:
        left, top, right, bottom = self.track(axis)
        along, length = self.thumb(axis)
        track = Rect(f"{COVER}{name}-track", left, top, right - left, bottom - top, "seam", BAR / 2)
        if axis == 0:
            knob = Rect(f"{COVER}{name}-thumb", left + along, top, length, BAR, "muted", BAR / 2)
        else:
            knob = Rect(f"{COVER}{name}-thumb", left, top + along, BAR, length, "muted", BAR / 2)
        return [track, knob]
