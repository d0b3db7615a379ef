"""Charts of sweep results: rates against whole numbers, as still SVG or PNG pictures."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from pathlib import Path

from viz.files import write_atomic
from viz.render.raster import render
from viz.render.svg import static_svg
from viz.scenes.shapes import Circle, Line, Palette, Scene, Shape, Text

SERIES = ("s0", "s1", "s2", "s3", "s4", "s5")
CHART_PALETTE = Palette.from_hex(
    {
        "canvas": "#ffffff",
        "ink": "#222222",
        "muted": "#777777",
        "axis": "#999999",
        "fair": "#c0392b",
        "s0": "#1f77b4",
        "s1": "#ff7f0e",
        "s2": "#2ca02c",
        "s3": "#9467bd",
        "s4": "#8c564b",
        "s5": "#e377c2",
        "??": "#b2182b",  # the glyphs of judged moves: blunder, mistake, inaccuracy, only move
        "?": "#d95f02",
        "?!": "#8c6d00",
        "!": "#1a7f37",
    },
    inks=("ink", "muted"),
)


def rate_chart(
    title: str,
    x_label: str,
    series: list[tuple[int, str, list[tuple[int, float]]]],
    width: int = 640,
    height: int = 420,
    marks: Sequence[tuple[str, int, float, str]] = (),
    fair: float = 0.5,
    mark_names: Sequence[tuple[str, str]] = (),
) -> Scene:
    """Rates (0 to 1) against whole numbers, the fair rate marked: one line per series,
    given as (key, label, points); the key names the line's shapes. `marks` are dots
    (key, x, rate, colour) drawn over the lines, each with its colour's name written
    beside it (the glyph of a judged move: colour is never the only sign);
    `mark_names` (colour, words) add them to the legend."""
    xs = sorted({x for _, _, points in series for x, _ in points})
    left, right, top, bottom = 60, width - 150, 40, height - 50
    span = max(1, xs[-1] - xs[0]) if xs else 1

    def x_at(value: float) -> float:
        return left + (value - xs[0]) / span * (right - left)

    def y_at(rate: float) -> float:
        return bottom - rate * (bottom - top)

    shapes: list[Shape] = [
        Text("title", left, 18, title, 15, "ink", "start"),
        Line("axes", ((left, top), (left, bottom), (right, bottom)), "axis", 1.5),
        Line("fair", ((left, y_at(fair)), (right, y_at(fair))), "fair", 1.5, dashed=True),
        Text("fair-label", right + 6, y_at(fair), f"{fair:.0%}", 12, "muted", "start"),
        Text("x-label", (left + right) / 2, height - 14, x_label, 13, "muted"),
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1):
        shapes.append(Text(f"y-{tick}", left - 8, y_at(tick), f"{tick:.0%}", 12, "muted", "end"))
    every = max(1, math.ceil(len(xs) / 12))  # at most a dozen labels on the x axis
    for value in xs[::every]:
        shapes.append(Text(f"x-{value}", x_at(value), bottom + 14, str(value), 12, "muted"))
    for number, (key, label, points) in enumerate(series):
        color = SERIES[number % len(SERIES)]
        line = tuple((x_at(value), y_at(rate)) for value, rate in points)
        if len(line) > 1:
            shapes.append(Line(f"series-{key}", line, color, 2.5))
        legend_y = top + 10 + number * 20
        shapes.append(
            Line(
                f"legend-line-{number}",
                ((right + 20, legend_y), (right + 42, legend_y)),
                color,
                2.5,
            )
        )
        shapes.append(Text(f"legend-{key}", right + 48, legend_y, label, 12, "ink", "start"))
    for name, x, rate, fill in marks:
        shapes.append(Circle(f"mark-{name}", x_at(x), y_at(rate), 4.5, fill))
        shapes.append(Text(f"mark-{name}-glyph", x_at(x) + 6, y_at(rate) - 9, fill, 11, "ink"))
    for number, (fill, words) in enumerate(mark_names, start=len(series) + 1):
        legend_y = top + 10 + number * 20
        shapes.append(Circle(f"legend-mark-{number}", right + 31, legend_y, 4.5, fill))
        shapes.append(
            Text(f"legend-mark-{number}-words", right + 48, legend_y, words, 12, "ink", "start")
        )
    return Scene(width, height, "canvas", CHART_PALETTE, tuple(shapes))


def picture_bytes(scene: Scene, suffix: str) -> bytes:
    """A chart as a still SVG or PNG file's bytes, by the file's ending."""
    if suffix.lower() == ".svg":
        return static_svg(scene).encode("utf-8")
    if suffix.lower() == ".png":
        out = io.BytesIO()
        render(scene).save(out, format="PNG")
        return out.getvalue()
    raise ValueError(f"the chart is written as .svg or .png, not {suffix or 'no ending'}")


def write_picture(scene: Scene, path: Path) -> Path:
    """A chart as a still SVG or PNG, by the file's ending."""
    try:
        data = picture_bytes(scene, path.suffix)
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None
    return write_atomic(path, lambda out: out.write(data), "wb")
