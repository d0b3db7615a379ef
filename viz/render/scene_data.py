"""A scene as plain data for another process to draw: the game server sends each screen
its scene this way, and the table page (`viz/assets/server/table.js`) draws it as SVG,
shape by shape under the same keys as every other renderer.

Each shape is a list led by its kind: `["rect", key, x, y, w, h, fill, radius]`,
`["circle", key, cx, cy, r, fill]`, `["ring", key, cx, cy, r, stroke, width, dashed]`,
`["line", key, points, stroke, width, dashed]`, `["text", key, x, y, text, size, fill,
anchor]`; colours are `#rrggbb`, lengths in the scene's pixels to a tenth.
"""

from __future__ import annotations

from typing import Any

from viz.scenes.shapes import Circle, Line, Rect, Ring, Scene, Shape, rgb_hex


def scene_data(scene: Scene) -> dict[str, Any]:
    colors = {name: rgb_hex(rgb) for name, rgb in scene.palette.colors.items()}

    def color(name: str) -> str:
        return name if name.startswith("#") else colors[name]

    return {
        "width": scene.width,
        "height": scene.height,
        "background": color(scene.background),
        "ink": color(scene.palette.inks[0]),
        "shapes": [_shape(shape, color) for shape in scene.shapes],
    }


def _shape(shape: Shape, color: Any) -> list[Any]:
    if isinstance(shape, Rect):
        return [
            "rect",
            shape.key,
            *_tenths(shape.x, shape.y, shape.w, shape.h),
            color(shape.fill),
            round(shape.radius, 1),
        ]
    if isinstance(shape, Circle):
        return ["circle", shape.key, *_tenths(shape.cx, shape.cy, shape.r), color(shape.fill)]
    if isinstance(shape, Ring):
        return [
            "ring",
            shape.key,
            *_tenths(shape.cx, shape.cy, shape.r),
            color(shape.stroke),
            round(shape.width, 1),
            shape.dashed,
        ]
    if isinstance(shape, Line):
        points = [_tenths(x, y) for x, y in shape.points]
        return ["line", shape.key, points, color(shape.stroke), round(shape.width, 1), shape.dashed]
    return [
        "text",
        shape.key,
        *_tenths(shape.x, shape.y),
        shape.text,
        round(shape.size),
        color(shape.fill),
        shape.anchor,
    ]


def _tenths(*values: float) -> list[float]:
    return [round(value, 1) for value in values]
