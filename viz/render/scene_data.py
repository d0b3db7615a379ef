"""A scene as plain data for another process to draw: the game server sends each screen
its scene this way, and the table page (`viz/assets/server/table.js`) draws it as SVG,
shape by shape under the same keys as every other renderer.

Each shape is a list led by its kind: `["rect", key, x, y, w, h, fill, radius]`,
`["circle", key, cx, cy, r, fill]`, `["ring", key, cx, cy, r, stroke, width, dashed]`,
`["line", key, points, stroke, width, dashed]`, `["text", key, x, y, text, size, fill,
anchor]`; colours are `#rrggbb`, lengths in the scene's pixels to a tenth.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from viz.scenes.shapes import Circle, Line, Palette, Rect, Ring, Scene, Shape, Text, rgb_hex


def scene_data(scene: Scene) -> dict[str, Any]:
    made = _made_for(scene.palette)
    color = made.color
    return {
        "width": scene.width,
        "height": scene.height,
        "background": color(scene.background),
        "ink": color(scene.palette.inks[0]),
        "shapes": [made.shapes.get(shape) or made.make(shape) for shape in scene.shapes],
    }


class _Made:
    """The shapes made as data in one palette. The server makes a view's shapes for
    every screen after every change, and most are those it made the time before: each is
    made once (and the memory is let go of when it holds many)."""

    MOST = 1 << 16

    def __init__(self, palette: Palette) -> None:
        self.colors = {name: rgb_hex(rgb) for name, rgb in palette.colors.items()}
        self.shapes: dict[Shape, tuple[Any, ...]] = {}

    def color(self, name: str) -> str:
        return name if name.startswith("#") else self.colors[name]

    def make(self, shape: Shape) -> tuple[Any, ...]:
        if len(self.shapes) >= self.MOST:
            self.shapes.clear()
        made = self.shapes[shape] = _AS_DATA[type(shape)](shape, self.color)
        return made


@functools.cache
def _made_for(palette: Palette) -> _Made:
    return _Made(palette)


Color = Callable[[str], str]  # a palette's colour name (or a colour) to its #rrggbb


def _rect(s: Rect, color: Color) -> tuple[Any, ...]:
    return ("rect", s.key, *_tenths(s.x, s.y, s.w, s.h), color(s.fill), round(s.radius, 1))


def _circle(s: Circle, color: Color) -> tuple[Any, ...]:
    return ("circle", s.key, *_tenths(s.cx, s.cy, s.r), color(s.fill))


def _ring(s: Ring, color: Color) -> tuple[Any, ...]:
    return ("ring", s.key, *_tenths(s.cx, s.cy, s.r), color(s.stroke), round(s.width, 1), s.dashed)


def _line(s: Line, color: Color) -> tuple[Any, ...]:
    points = tuple(_tenths(x, y) for x, y in s.points)
    return ("line", s.key, points, color(s.stroke), round(s.width, 1), s.dashed)


def _text(s: Text, color: Color) -> tuple[Any, ...]:
    return ("text", s.key, *_tenths(s.x, s.y), s.text, round(s.size), color(s.fill), s.anchor)


def _tenths(*values: float) -> tuple[float, ...]:
    return tuple(round(value, 1) for value in values)


_AS_DATA: dict[type, Callable[[Any, Color], tuple[Any, ...]]] = {
    Rect: _rect,
    Circle: _circle,
    Ring: _ring,
    Line: _line,
    Text: _text,
}
