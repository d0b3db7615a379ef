"""Pieces every game's scene shares: text sizes, margins, the title, the legend row,
status lines, and measuring text in the renderers' font.

The layout rule: every size follows the canvas. A canvas's unit of text is
`font_size`; the title and status lines are one unit, the legend and small
labels a fixed fraction of it. Lines that do not fit their width are
shortened with an ellipsis, never clipped."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property

from viz import DEFAULT_SIZE
from viz.resources import font_path
from viz.scenes.shapes import Circle, Rect, Ring, Shape, Text, frame

ELLIPSIS = "…"
MIN_TEXT = 6.0  # px: the floor for tiny canvases; at the default export size text is larger
LEGEND_SCALE = 0.72  # legend and small labels, relative to the canvas's unit of text


DEFAULT_EXPORT_WIDTH = DEFAULT_SIZE


def font_size(width: float, most: float = math.inf) -> float:
    """The size of titles and status lines on a canvas this wide, at most `most`."""
    return min(most, max(MIN_TEXT, width * 0.03))


def margin(width: float, height: float) -> float:
    return max(4.0, min(width, height) * 0.03)


def title(text: str, layout: CanvasLayout) -> Text:
    size = layout.font
    fitted = shorten(text, layout.width - 2 * layout.margin, size)
    return Text("title", layout.margin, layout.margin + size * 0.6, fitted, size, "ink", "start")


@dataclass(frozen=True)
class LegendItem:
    """One entry of a legend row: a swatch (box, dot, ring, dashed ring, frame, dashed
    frame or none) and its label."""

    key: str
    label: str
    color: str
    swatch: str = "box"
    edge: str | None = None  # an outline around a box swatch whose fill is light


def legend(items: list[LegendItem], layout: CanvasLayout) -> list[Shape]:
    """The legend row under the title; entries that do not fit the width are left out."""
    size = layout.font * LEGEND_SCALE
    y, x = layout.legend_y, layout.margin
    right = layout.width - layout.margin
    shapes: list[Shape] = []
    for item in items:
        swatch = 0.0 if item.swatch == "none" else size * 1.25
        needed = swatch + text_width(item.label, size)
        if x + needed > right:
            break
        shapes += _swatch(item, x + size * 0.5, y, size)
        shapes.append(Text(f"legend-{item.key}", x + swatch, y, item.label, size, "muted", "start"))
        x += needed + size * 1.2
    return shapes


def _swatch(item: LegendItem, cx: float, cy: float, size: float) -> list[Shape]:
    key, half = f"legend-{item.key}-swatch", size * 0.45
    width = max(1.5, size * 0.14)
    if item.swatch == "none":
        return []
    if item.swatch == "box":
        fill = Rect(key, cx - half, cy - half, 2 * half, 2 * half, item.color)
        if item.edge is None:
            return [fill]
        edges = (cx - half, cy - half, cx + half, cy + half)
        return [fill, frame(f"{key}-edge", edges, item.edge, max(1.0, width * 0.6))]
    if item.swatch in ("frame", "dashed-frame"):
        box = (cx - half, cy - half, cx + half, cy + half)
        return [frame(key, box, item.color, width, dashed=item.swatch == "dashed-frame")]
    if item.swatch == "dot":
        return [Circle(key, cx, cy, half, item.color)]
    return [Ring(key, cx, cy, half, item.color, width, dashed=item.swatch == "dashed")]


@cache
def _measuring_font():
    from PIL import ImageFont

    return ImageFont.truetype(str(font_path()), 100)


@cache
def _advance(char: str) -> float:
    return _measuring_font().getlength(char) / 100


def text_width(text: str, size: float) -> float:
    """How wide `text` is drawn at `size` pixels in the renderers' font (within a pixel or so)."""
    return size * sum(_advance(char) for char in text)


def shorten(text: str, width: float, size: float) -> str:
    """`text`, cut at a word if it can be and ended with an ellipsis, to fit `width`."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + ELLIPSIS, size) > width:
        cut = text.rstrip().rfind(" ")
        text = text[:cut] if cut > len(text) * 0.6 else text[:-1]
    return text.rstrip(" ·,:") + ELLIPSIS


def wrap(text: str, width: float, size: float, lines: int) -> list[str]:
    """Break `text` at spaces into at most `lines` lines of `width`; the last is shortened."""
    words = text.split(" ")
    result: list[str] = []
    while words and len(result) < lines - 1:
        taken = 1
        while taken < len(words) and text_width(" ".join(words[: taken + 1]), size) <= width:
            taken += 1
        result.append(shorten(" ".join(words[:taken]), width, size))
        words = words[taken:]
    if words:
        result.append(shorten(" ".join(words), width, size))
    return result


def status_texts(
    lines: list[str], x: float, line_y: Callable[[int], float], size: float, width: float
) -> list[Text]:
    """Left-aligned status lines no wider than `width`: the first in ink, the rest muted."""
    return [
        Text(
            f"status-{number}",
            x,
            line_y(number),
            shorten(line, width, size),
            size,
            "ink" if number == 0 else "muted",
            "start",
        )
        for number, line in enumerate(lines)
    ]


@dataclass(frozen=True, kw_only=True)
class CanvasLayout:
    """A canvas and how many status lines sit under the board; games add their geometry."""

    width: int
    height: int
    status_lines: int
    max_font: float = math.inf  # windows keep text at a reading size; pictures scale it

    @cached_property
    def font(self) -> float:
        return font_size(self.width, self.max_font)

    @cached_property
    def margin(self) -> float:
        return margin(self.width, self.height)

    @cached_property
    def legend_y(self) -> float:
        return self.margin + self.font * 1.85

    @cached_property
    def header(self) -> float:
        """Where the game's picture may start: under the title and the legend row."""
        return self.margin + self.font * 2.6

    @cached_property
    def status_height(self) -> float:
        return self.font * (0.5 + 1.5 * self.status_lines)

    def status_y(self, line: int) -> float:
        """Status lines sit at the bottom of the canvas."""
        return self.height - self.margin - self.font * (0.75 + 1.5 * (self.status_lines - 1 - line))

    def status(self, lines: list[str]) -> list[Text]:
        return status_texts(
            lines, self.margin, self.status_y, self.font, self.width - 2 * self.margin
        )
