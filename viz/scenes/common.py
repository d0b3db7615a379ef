"""Pieces every game's scene shares: text sizes, margins, the title, the legend row,
status lines, and measuring text in the renderers' font.

The layout rule: every size follows the canvas. A canvas's unit of text is
`font_size`; the title and status lines are one unit, the legend and small
labels a fixed fraction of it. Status lines that do not fit their width wrap onto
more lines, and the layout makes room for them; nothing is cut."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache, cached_property, lru_cache
from typing import TYPE_CHECKING

from viz import DEFAULT_SIZE
from viz.resources import font_path
from viz.scenes.shapes import Circle, Line, Rect, Ring, Shape, Text, frame

if TYPE_CHECKING:
    from PIL import ImageFont

ELLIPSIS = "…"
MIN_TEXT = 6.0  # px: the floor for tiny canvases; at the default export size text is larger
LEGEND_SCALE = 0.72  # legend and small labels, relative to the canvas's unit of text
STATUS_STEP = 1.5  # from one status line to the next, in the canvas's unit of text


DEFAULT_EXPORT_WIDTH = DEFAULT_SIZE
MIN_EXPORT_TEXT = 9.0  # px: no text of an export is smaller, at any --size
# The narrowest export: its legend, the smallest text, is MIN_EXPORT_TEXT high. A smaller
# --size gives this canvas, as a board that needs more room widens its canvas.
MIN_EXPORT_WIDTH = math.ceil(MIN_EXPORT_TEXT / (0.03 * LEGEND_SCALE))


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
    frame, strike or none) and its label."""

    key: str
    label: str
    color: str
    swatch: str = "box"
    edge: str | None = None  # an outline around a box swatch whose fill is light


def legend(items: list[LegendItem], layout: CanvasLayout) -> list[Shape]:
    """The legend under the title, on as many rows as the layout has (`legend_lines`);
    entries that do not fit there are left out."""
    size = layout.font * LEGEND_SCALE
    shapes: list[Shape] = []
    for item, x, y in _legend_places(items, layout):
        swatch = 0.0 if item.swatch == "none" else size * 1.25
        shapes += _swatch(item, x + size * 0.5, y, size)
        shapes.append(Text(f"legend-{item.key}", x + swatch, y, item.label, size, "muted", "start"))
    return shapes


def legend_lines_needed(items: list[LegendItem], width: int, max_font: float = math.inf) -> int:
    """How many legend rows a canvas this wide needs to show every entry."""
    probe = CanvasLayout(width=width, height=width, status_lines=0, max_font=max_font)
    places = _legend_places(items, replace(probe, legend_lines=len(items) or 1))
    return 1 + round((places[-1][2] - probe.legend_y) / probe.legend_step) if places else 1


def _legend_places(
    items: list[LegendItem], layout: CanvasLayout
) -> list[tuple[LegendItem, float, float]]:
    """Where each entry that fits goes: the left of its swatch and its row's middle."""
    size = layout.font * LEGEND_SCALE
    row, x = 0, layout.margin
    right = layout.width - layout.margin
    places = []
    for item in items:
        swatch = 0.0 if item.swatch == "none" else size * 1.25
        needed = swatch + text_width(item.label, size)
        if x + needed > right and x > layout.margin:
            row, x = row + 1, layout.margin
        if row >= layout.legend_lines or x + needed > right:
            break
        places.append((item, x, layout.legend_y + row * layout.legend_step))
        x += needed + size * 1.2
    return places


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
    if item.swatch == "strike":
        return [Line(key, ((cx - half, cy + half), (cx + half, cy - half)), item.color, width)]
    if item.swatch == "dot":
        return [Circle(key, cx, cy, half, item.color)]
    return [Ring(key, cx, cy, half, item.color, width, dashed=item.swatch == "dashed")]


@cache
def _measuring_font() -> ImageFont.FreeTypeFont:
    from PIL import ImageFont

    return ImageFont.truetype(str(font_path()), 100)


@cache
def _advance(char: str) -> float:
    return float(_measuring_font().getlength(char)) / 100


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


def drawn_size(size: float) -> float:
    """The size a line is measured at when breaking it: the larger of `size` and the whole
    number a raster renderer draws it at, so that no picture's line runs past its width."""
    return max(size, round(size))


def wrap(text: str, width: float, size: float, lines: int) -> list[str]:
    """Break `text` at spaces into at most `lines` lines of `width`; the last is shortened."""
    size = drawn_size(size)
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


@lru_cache(maxsize=4096)  # a window wraps the same status lines and move list every frame
def wrap_all(text: str, width: float, size: float) -> tuple[str, ...]:
    """Break `text` at spaces into as many lines of `width` as it needs, none cut short
    (a single word wider than the line is broken between letters)."""
    size = drawn_size(size)
    lines: list[str] = []
    for word in text.split(" "):
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and text_width(joined, size) <= width:
            lines[-1] = joined
            continue
        while text_width(word, size) > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and text_width(word[:cut], size) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        lines.append(word)
    return tuple(lines)


def status_rows(
    lines: list[str], width: int, height: int, max_font: float = math.inf
) -> list[tuple[str, str]]:
    """The status lines of a canvas wrapped to its width, each row with its colour: the
    first line's rows in ink, the rest muted. Nothing is cut: the layout makes room."""
    size = font_size(width, max_font)
    room = width - 2 * margin(width, height)
    return [
        (row, "ink" if number == 0 else "muted")
        for number, line in enumerate(lines)
        for row in wrap_all(line, room, size)
    ]


def kept_status_rows(
    lines: list[str],
    notes: tuple[str, ...],
    planned: int,
    width: int,
    height: int,
    max_font: float = math.inf,
) -> tuple[list[tuple[str, str]], int]:
    """The status rows of a picture (its status lines, then its notes), and how many rows
    its layout keeps for them: the `planned` rows and one a note, or more where they wrap."""
    rows = status_rows([*lines, *notes], width, height, max_font)
    return rows, max(planned + len(notes), len(rows))


def status_texts(
    rows: list[tuple[str, str]], x: float, line_y: Callable[[int], float], size: float
) -> list[Text]:
    """Left-aligned status rows (from `status_rows`)."""
    return [
        Text(f"status-{number}", x, line_y(number), row, size, fill, "start")
        for number, (row, fill) in enumerate(rows)
    ]


@dataclass(frozen=True, kw_only=True)
class CanvasLayout:
    """A canvas and how many status lines sit under the board; games add their geometry."""

    width: int
    height: int
    status_lines: int
    max_font: float = math.inf  # windows keep text at a reading size; pictures scale it
    legend_lines: int = 1

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
    def legend_step(self) -> float:
        return self.font * LEGEND_SCALE * 1.5

    @cached_property
    def header(self) -> float:
        """Where the game's picture may start: under the title and the legend rows."""
        return self.margin + self.font * 2.6 + self.legend_step * (self.legend_lines - 1)

    @cached_property
    def status_height(self) -> float:
        return self.font * (0.5 + STATUS_STEP * self.status_lines)

    def status_y(self, line: int) -> float:
        """Status lines sit at the bottom of the canvas."""
        above = STATUS_STEP * (self.status_lines - 1 - line)
        return self.height - self.margin - self.font * (0.75 + above)

    def status(self, lines: Sequence[str] | Sequence[tuple[str, str]]) -> list[Text]:
        """The rows of `status_rows`, which the layout's `status_lines` makes room for; or
        plain lines, one row each, the first in ink (a line too wide for its row is then
        shortened with an ellipsis: wrap with `status_rows` to keep every word)."""
        room = self.width - 2 * self.margin
        rows: list[tuple[str, str]] = [
            (shorten(line, room, self.font), "ink" if number == 0 else "muted")
            if isinstance(line, str)
            else (line[0], line[1])
            for number, line in enumerate(lines)
        ]
        return status_texts(rows, self.margin, self.status_y, self.font)
