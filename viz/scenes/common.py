"""Pieces every game's scene shares: text sizes, margins, the title and status lines."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from viz.scene import Text


def font_size(width: float) -> float:
    """The size of titles and status lines on a canvas this wide."""
    return max(11.0, min(22.0, width * 0.03))


def margin(width: float, height: float) -> float:
    return max(8.0, min(width, height) * 0.03)


def title(text: str, width: float, height: float) -> Text:
    edge, size = margin(width, height), font_size(width)
    return Text("title", edge, edge + size * 0.6, text, size, "ink", "start")


def status_texts(lines: list[str], x: float, line_y: Callable[[int], float],
                 size: float) -> list[Text]:
    """Left-aligned status lines: the first in ink, the rest muted."""
    return [Text(f"status-{number}", x, line_y(number), line, size,
                 "ink" if number == 0 else "muted", "start")
            for number, line in enumerate(lines)]


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
