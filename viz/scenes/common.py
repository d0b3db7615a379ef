"""Pieces every game's scene shares: text sizes, margins, the title and status lines."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property

from viz.scene import FONT_PATH, Text

ELLIPSIS = "…"


def font_size(width: float) -> float:
    """The size of titles and status lines on a canvas this wide."""
    return max(11.0, min(22.0, width * 0.03))


def margin(width: float, height: float) -> float:
    return max(8.0, min(width, height) * 0.03)


def title(text: str, width: float, height: float) -> Text:
    edge, size = margin(width, height), font_size(width)
    return Text("title", edge, edge + size * 0.6, text, size, "ink", "start")


@cache
def _measuring_font():
    from PIL import ImageFont

    return ImageFont.truetype(str(FONT_PATH), 100)


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
    words, result = text.split(" "), []
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

    @cached_property
    def font(self) -> float:
        return font_size(self.width)

    @cached_property
    def margin(self) -> float:
        return margin(self.width, self.height)
