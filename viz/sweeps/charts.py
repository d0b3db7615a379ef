"""Charts of sweep results: rates against whole numbers, as still SVG or PNG pictures."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from games.words import percent
from viz.outputs import write_atomic
from viz.render.raster import render
from viz.render.svg import static_svg
from viz.scenes.common import shorten, text_width
from viz.scenes.shapes import Circle, Line, Palette, Rect, Ring, Scene, Shape, Text, frame

SERIES = ("s0", "s1", "s2", "s3", "s4", "s5")
# A mark of each series' own drawn on its line and beside its label, so that no line
# is told from another by its colour alone: outlined or filled, round, square, pointed.
MARKERS = ("ring", "square", "cross", "box", "plus", "triangle")
MARKER_SPACING = 56  # at least this many pixels across between two marks of a line
LABEL_SIZE = 12
LABEL_ROOM = 150  # the room right of the plot, for the labels at the lines' ends
LABEL_STEP = 16  # the least distance between two labels' middles at the lines' ends
CHART_PALETTE = Palette.from_hex(
    {
        "canvas": "#ffffff",
        "ink": "#222222",
        "muted": "#6b6b6b",
        "axis": "#8a8a8a",
        "fair": "#6b6b6b",
        # Okabe and Ito's blue and vermillion, then four told apart from them and each
        # other in every simulated vision, each 3:1 or more against the canvas
        "s0": "#0072b2",
        "s1": "#d55e00",
        "s2": "#882255",
        "s3": "#cc79a7",
        "s4": "#009e73",
        "s5": "#332288",
        "??": "#b2182b",  # the glyphs of judged moves: blunder, mistake, inaccuracy, only move
        "?": "#d95f02",
        "?!": "#8c6d00",
        "!": "#1a7f37",
    },
    inks=("ink", "muted"),
)


@dataclass(frozen=True)
class Plot:
    """Where a chart's values are drawn: the box of the plot and the x values' span."""

    left: float
    right: float
    top: float
    bottom: float
    first: float
    span: float

    def x_at(self, value: float) -> float:
        return self.left + (value - self.first) / self.span * (self.right - self.left)

    def y_at(self, rate: float) -> float:
        return self.bottom - rate * (self.bottom - self.top)


def rate_chart(
    title: str,
    x_label: str,
    series: list[tuple[int, str, list[tuple[int, float]]]],
    width: int = 640,
    height: int = 420,
    marks: Sequence[tuple[str, int, float, str, str]] = (),
    fair: float = 0.5,
    mark_names: Sequence[tuple[str, str]] = (),
    x_ticks: Sequence[tuple[int, str]] | None = None,
) -> Scene:
    """Rates (0 to 1) against whole numbers, the fair rate marked: one line per series,
    given as (key, label, points); the key names the line's shapes. Each line carries a
    marker of its own and its label at its end, the labels pushed apart. `marks` are
    dots (key, x, rate, colour, label) drawn over the lines, each with its label written
    beside it (the glyph of a judged move, its colour's name, with the mark of an unsure
    one: colour is never the only sign); `mark_names`
    (colour, words) name them in a row under the title. `x_ticks` (x, text) label the x
    axis (by default, at most a dozen of the x values themselves)."""
    xs = sorted({x for _, _, points in series for x, _ in points})
    top = 58 if mark_names else 40
    first = xs[0] if xs else 0
    plot = Plot(
        60, width - LABEL_ROOM, top, height - 50, first, max(1, xs[-1] - first) if xs else 1
    )
    shapes: list[Shape] = [
        Text("title", plot.left, 18, title, 15, "ink", "start"),
        Line(
            "axes",
            ((plot.left, top), (plot.left, plot.bottom), (plot.right, plot.bottom)),
            "axis",
            1.5,
        ),
        Line(
            "fair",
            ((plot.left, plot.y_at(fair)), (plot.right, plot.y_at(fair))),
            "fair",
            1.5,
            dashed=True,
        ),
        Text("x-label", (plot.left + plot.right) / 2, height - 14, x_label, 13, "muted"),
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1):
        shapes.append(
            Text(f"y-{tick}", plot.left - 8, plot.y_at(tick), percent(tick), 12, "muted", "end")
        )
    if x_ticks is None:
        every = max(1, math.ceil(len(xs) / 12))  # at most a dozen labels on the x axis
        x_ticks = [(value, str(value)) for value in xs[::every]]
    for value, words in x_ticks:
        shapes.append(Text(f"x-{value}", plot.x_at(value), plot.bottom + 14, words, 12, "muted"))
    for number, (key, _label, points) in enumerate(series):
        shapes += _series_line(plot, number, len(series), key, points)
    shapes += _end_labels(plot, series, fair)
    shapes += _marks(plot, marks)
    shapes += _mark_names(plot, mark_names)
    return Scene(width, height, "canvas", CHART_PALETTE, tuple(shapes))


def _series_line(
    plot: Plot, number: int, count: int, key: int, points: list[tuple[int, float]]
) -> list[Shape]:
    """A series' line and its markers, every MARKER_SPACING pixels or more across, each
    series' first one a step further in than the last's so that their markers seldom meet."""
    color = SERIES[number % len(SERIES)]
    line = [(plot.x_at(value), plot.y_at(rate)) for value, rate in points]
    shapes: list[Shape] = []
    if len(line) > 1:
        shapes.append(Line(f"series-{key}", tuple(line), color, 2.5))
    due = plot.left + MARKER_SPACING * number / count
    for index, (x, y) in enumerate(line):
        if x >= due:
            shapes += marker(
                f"series-{key}-marker-{index}", MARKERS[number % len(MARKERS)], x, y, color
            )
            due = x + MARKER_SPACING
    return shapes


def marker(key: str, kind: str, x: float, y: float, color: str, size: float = 5.5) -> list[Shape]:
    """One of the MARKERS centred on (x, y), `size` pixels from its middle to its edge;
    an open one is filled with the canvas, so that no line shows through it."""
    width, half = 2.0, size * 0.85
    if kind == "ring":
        return [
            Circle(key, x, y, size, "canvas"),
            Ring(f"{key}-edge", x, y, size - 1, color, width, dashed=False),
        ]
    if kind in ("square", "box"):
        square = Rect(
            key, x - half, y - half, 2 * half, 2 * half, color if kind == "square" else "canvas"
        )
        edge = frame(
            f"{key}-edge", (x - half + 1, y - half + 1, x + half - 1, y + half - 1), color, width
        )
        return [square] if kind == "square" else [square, edge]
    if kind == "triangle":
        corners = ((x, y - size), (x + size, y + size * 0.8), (x - size, y + size * 0.8))
        return [Line(key, (*corners, corners[0], corners[1]), color, width)]
    reach = half if kind == "cross" else size
    strokes = (
        (
            ((x - reach, y - reach), (x + reach, y + reach)),
            ((x - reach, y + reach), (x + reach, y - reach)),
        )
        if kind == "cross"
        else (((x - reach, y), (x + reach, y)), ((x, y - reach), (x, y + reach)))
    )
    return [Line(f"{key}-{n}", stroke, color, width + 0.5) for n, stroke in enumerate(strokes)]


def _end_labels(
    plot: Plot, series: list[tuple[int, str, list[tuple[int, float]]]], fair: float
) -> list[Shape]:
    """Each series' marker and label beside the plot at the height of its line's end,
    and the fair rate's, pushed apart so that no two overlap; a thin line leads from a
    line's end to its label."""
    ends = [
        (number, key, label, points[-1])
        for number, (key, label, points) in enumerate(series)
        if points
    ]
    wanted = [plot.y_at(fair), *(plot.y_at(rate) for *_, (_x, rate) in ends)]
    places = spread(wanted, LABEL_STEP, plot.top, plot.bottom)
    column = plot.right + 10
    shapes: list[Shape] = [
        Text("fair-label", column, places[0], percent(fair), LABEL_SIZE, "muted", "start")
    ]
    room = plot.right + LABEL_ROOM - (column + 20) - 4  # the text's, to the canvas's edge
    for (number, key, label, (x, rate)), y in zip(ends, places[1:], strict=True):
        color = SERIES[number % len(SERIES)]
        shapes.append(
            Line(
                f"label-{key}-lead",
                ((plot.x_at(x) + 3, plot.y_at(rate)), (column + 2, y)),
                color,
                1,
            )
        )
        shapes += marker(
            f"label-{key}-marker", MARKERS[number % len(MARKERS)], column + 9, y, color
        )
        shapes.append(
            Text(
                f"label-{key}",
                column + 20,
                y,
                shorten(label, room, LABEL_SIZE),
                LABEL_SIZE,
                "ink",
                "start",
            )
        )
    return shapes


def spread(wanted: Sequence[float], step: float, low: float, high: float) -> list[float]:
    """Places for labels as near as can be to the `wanted` ones, in the same order down
    the page, every two at least `step` apart and all between `low` and `high` where
    they fit: labels that would overlap are moved as one group, centred on where they
    were wanted."""
    order = sorted(range(len(wanted)), key=lambda index: wanted[index])
    groups: list[tuple[float, list[int]]] = []  # each group's first place and members
    for index in order:
        groups.append((wanted[index], [index]))
        while True:
            start, members = groups[-1]
            start = max(low, min(start, high - step * (len(members) - 1)))
            groups[-1] = (start, members)
            if len(groups) < 2 or groups[-2][0] + step * len(groups[-2][1]) <= start:
                break
            joined = groups.pop(-2)[1] + groups.pop()[1]
            centred = sum(wanted[m] - step * n for n, m in enumerate(joined)) / len(joined)
            groups.append((centred, joined))
    places = [0.0] * len(wanted)
    for start, members in groups:
        for n, index in enumerate(members):
            places[index] = start + step * n
    return places


def _dot(key: str, x: float, y: float, fill: str) -> list[Shape]:
    """A judged move's dot, ringed in ink so that it stands out from a line of its colour."""
    return [Circle(key, x, y, 4.5, fill), Ring(f"{key}-edge", x, y, 4.5, "ink", 1, dashed=False)]


def _marks(plot: Plot, marks: Sequence[tuple[str, int, float, str, str]]) -> list[Shape]:
    """Each judged move's dot and glyph; every glyph's plate first, so that none hides
    a dot, and every glyph last, so that no dot hides one."""
    plates, dots, glyphs = [], [], []
    for name, x, rate, fill, label in marks:
        cx, cy = plot.x_at(x), plot.y_at(rate)
        plate, glyph = _plated(Text(f"mark-{name}-glyph", cx + 6, cy - 9, label, 11, "ink"))
        plates.append(plate)
        dots += _dot(f"mark-{name}", cx, cy, fill)
        glyphs.append(glyph)
    return [*plates, *dots, *glyphs]


def _plated(text: Text) -> tuple[Rect, Text]:
    """A centred text and a plate of the canvas's colour to lay under it, so that it
    reads over any line."""
    width, height = text_width(text.text, text.size) + 2, text.size + 2
    plate = Rect(
        f"{text.key}-plate", text.x - width / 2, text.y - height / 2, width, height, "canvas"
    )
    return plate, text


def _mark_names(plot: Plot, names: Sequence[tuple[str, str]]) -> list[Shape]:
    """What each colour of dot means, in a row under the title."""
    shapes: list[Shape] = []
    x, y = plot.left + 5, plot.top - 20
    for number, (fill, words) in enumerate(names):
        shapes += _dot(f"legend-mark-{number}", x, y, fill)
        shapes.append(Text(f"legend-mark-{number}-words", x + 10, y, words, 12, "ink", "start"))
        x += 10 + text_width(words, 12) + 22
    return shapes


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
