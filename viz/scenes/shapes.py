"""A backend-neutral description of one picture of a game.

A scene is a canvas size, a palette and an ordered list of shapes. Every
shape has a `key` that names it across the frames of an animation, so the
SVG exporter can animate what changes. The pygame window, the GIF writer and
the SVG writer all draw the same scenes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import compress, count
from operator import attrgetter, is_not, ne
from typing import Any, Generic

from typing_extensions import TypeVar

RGB = tuple[int, int, int]
FONT_FAMILY = "DejaVu Sans, Verdana, sans-serif"


def hex_rgb(text: str) -> RGB:
    text = text.lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def rgb_hex(rgb: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def luminance(rgb: RGB) -> float:
    """Relative luminance, as WCAG defines it (0 for black, 1 for white)."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = map(linear, rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio of two colours, from 1 to 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def readable_on(background: RGB) -> RGB:
    """Black or white, whichever reads better on `background`."""
    black, white = (0, 0, 0), (255, 255, 255)
    return black if contrast(black, background) >= contrast(white, background) else white


@dataclass(frozen=True)
class Palette:
    """Named colours. `inks` are the colours text is drawn in."""

    colors: dict[str, RGB]
    inks: tuple[str, ...]

    @classmethod
    def from_hex(cls, colors: dict[str, str], inks: tuple[str, ...]) -> Palette:
        return cls({name: hex_rgb(value) for name, value in colors.items()}, inks)

    def __hash__(self) -> int:
        return hash((tuple(self.colors.items()), self.inks))


@dataclass(frozen=True)
class Rect:
    key: str
    x: float
    y: float
    w: float
    h: float
    fill: str
    radius: float = 0


@dataclass(frozen=True)
class Circle:
    key: str
    cx: float
    cy: float
    r: float
    fill: str


@dataclass(frozen=True)
class Ring:
    """A circle outline, dashed or solid."""

    key: str
    cx: float
    cy: float
    r: float
    stroke: str
    width: float
    dashed: bool = True


@dataclass(frozen=True)
class Line:
    """An open polyline."""

    key: str
    points: tuple[tuple[float, float], ...]
    stroke: str
    width: float
    dashed: bool = False


def frame(
    key: str,
    box: tuple[float, float, float, float],
    stroke: str,
    width: float,
    dashed: bool = False,
) -> Line:
    """A closed rectangle outline through the corners of `box` (left, top, right, bottom)."""
    left, top, right, bottom = box
    corners = ((left, top), (right, top), (right, bottom), (left, bottom), (left, top))
    return Line(key, corners, stroke, width, dashed)


def outline(key: str, shape: Shape, stroke: str, width: float, dashed: bool = False) -> Shape:
    """A line just outside a box, or a disc and the rings scenes draw round a disc (out to
    1.3 radii): a window's mark of what a click plays, or of a hinted move."""
    gap = width / 2 + 1
    if isinstance(shape, Circle | Ring):
        return Ring(key, shape.cx, shape.cy, shape.r * 1.45 + gap, stroke, width, dashed)
    if isinstance(shape, Rect):
        box = (shape.x - gap, shape.y - gap, shape.x + shape.w + gap, shape.y + shape.h + gap)
        return frame(key, box, stroke, width, dashed)
    raise ValueError(f"{key}: only a box or a disc has an outline")


@dataclass(frozen=True)
class Text:
    """A line of text centred vertically on y; anchor is start, middle or end on x."""

    key: str
    x: float
    y: float
    text: str
    size: float
    fill: str
    anchor: str = "middle"


Shape = Rect | Circle | Ring | Line | Text
COLOR_FIELDS = ("fill", "stroke")


# A scene's layout type: a game's own, or (unsaid) any.
LayoutT = TypeVar("LayoutT", default=Any)


@dataclass(frozen=True)
class Scene(Generic[LayoutT]):
    width: int
    height: int
    background: str
    palette: Palette
    shapes: tuple[Shape, ...] = field(default=())
    # Where the scene function put things (a game's own layout class), so that a window
    # hit-tests a click against the picture it shows. Not part of the picture.
    layout: LayoutT | None = field(default=None, compare=False, repr=False)

    def rgb(self, name: str) -> RGB:
        """A palette colour by name; "#rrggbb" is itself (for what a window lays over a
        game's picture, in the same colours whatever the game)."""
        return hex_rgb(name) if name.startswith("#") else self.palette.colors[name]

    @cached_property
    def keys(self) -> tuple[str, ...]:
        """Each shape's key, in order."""
        return tuple(map(attrgetter("key"), self.shapes))

    @cached_property
    def unique_keys(self) -> bool:
        """Whether no two shapes share a key."""
        return len(set(self.keys)) == len(self.keys)

    def by_key(self) -> dict[str, Shape]:
        return {shape.key: shape for shape in self.shapes}

    @cached_property
    def groups(self) -> dict[str, tuple[Shape, ...]]:
        """Every shape under its key, in order: a change in motion may draw two under one
        (kept with the scene, which never changes: each frame's scene is asked twice)."""
        grouped: dict[str, tuple[Shape, ...]] = {}
        for shape in self.shapes:
            grouped[shape.key] = (*grouped.get(shape.key, ()), shape)
        return grouped


def changed_shapes(before: Scene, after: Scene) -> list[Shape] | None:
    """The shapes to repaint to turn `before` into `after`: those of every key whose
    shapes differ, were or are there. None when everything must be repainted: another
    canvas or palette, or the same keys in another order (what lies on what changed)."""
    canvas = (after.width, after.height, after.background, after.palette)
    if (before.width, before.height, before.background, before.palette) != canvas:
        return None
    splice = common_ends(before, after)
    if splice is not None:  # most frames: found without grouping every shape by its key
        return _spliced_changes(before, after, splice)
    was, now = before.groups, after.groups
    if [key for key in was if key in now] != [key for key in now if key in was]:
        return None
    return _differing(was, now)


def _differing(was: dict[str, tuple[Shape, ...]], now: dict[str, tuple[Shape, ...]]) -> list[Shape]:
    return [
        shape
        for key in was.keys() | now.keys()
        if was.get(key) != now.get(key)
        for shape in (*was.get(key, ()), *now.get(key, ()))
    ]


def common_ends(before: Scene, after: Scene) -> tuple[int, int] | None:
    """How many shapes two scenes of one key each begin and end with under the same keys,
    position for position (None where a key is used twice, as in motion): a scene made
    from the last one's state differs in a few shapes in between, and reuses the objects
    of everything that did not change."""
    if not (before.unique_keys and after.unique_keys):
        return None
    was, now = before.keys, after.keys
    if was == now:
        return len(was), 0
    shortest = min(len(was), len(now))
    start = _first_differing(map(ne, was, now), shortest)
    end = _first_differing(map(ne, reversed(was), reversed(now)), shortest)
    return start, min(end, shortest - start)


def _first_differing(differs: Iterable[bool], none: int) -> int:
    """The index of the first true verdict, `none` when there is none."""
    return next(compress(count(), differs), none)


def replaced_ends(
    before: Sequence[Shape], after: Sequence[Shape], splice: tuple[int, int]
) -> list[int]:
    """Indices (from the end, negative) within the common ends of a splice where `after`
    holds another object than `before`: what may have changed there."""
    start, end = splice
    head = compress(count(), map(is_not, before[:start], after[:start]))
    tail = compress(
        count(-end), map(is_not, before[len(before) - end :], after[len(after) - end :])
    )
    return [*head, *tail]


def _spliced_changes(before: Scene, after: Scene, splice: tuple[int, int]) -> list[Shape] | None:
    start, end = splice
    ends = [
        shape
        for index in replaced_ends(before.shapes, after.shapes, splice)
        if (old := before.shapes[index]) != (new := after.shapes[index])
        for shape in (old, new)
    ]
    was: dict[str, tuple[Shape, ...]]
    now: dict[str, tuple[Shape, ...]]
    was = {shape.key: (shape,) for shape in before.shapes[start : len(before.shapes) - end]}
    now = {shape.key: (shape,) for shape in after.shapes[start : len(after.shapes) - end]}
    if [key for key in was if key in now] != [key for key in now if key in was]:
        return None
    return ends + _differing(was, now)


def dash_angles(radius: float, width: float) -> list[tuple[float, float]]:
    """Start and end angles (degrees) of the dashes of a dashed ring."""
    count = max(6, int(3.14159 * radius / max(width * 2.5, 3)) * 2 // 2)
    step = 360 / count
    return [(i * step, i * step + step * 0.55) for i in range(count)]


def dash_segments(
    points: tuple[tuple[float, float], ...], width: float
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The dashes of a dashed polyline: dash and gap are each three line widths long."""
    dash = max(3.0, width * 3)
    segments = []
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        start = 0.0
        while start < length:
            end = min(length, start + dash)
            segments.append(
                (
                    (x0 + (x1 - x0) * start / length, y0 + (y1 - y0) * start / length),
                    (x0 + (x1 - x0) * end / length, y0 + (y1 - y0) * end / length),
                )
            )
            start += 2 * dash
    return segments
