"""Each game's rules card: what a player tries to do, the rules in a few short lines, the
keys, and a small worked example drawn by the game's own scene.

The words are package data (`viz/assets/rules.json`), made from docs/rules.md (its
"In short" is each card's aim); every window, the replay page and the practice page
show the same card, and a page elsewhere can take it whole (`viz.export.rules_card`).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from games import REGISTRY
from viz.resources import asset_text
from viz.scenes import SCENES
from viz.scenes.common import MIN_EXPORT_TEXT, font_size, margin, wrap_all
from viz.scenes.shapes import Circle, Line, Rect, Ring, Scene, Shape, Text
from viz.scenes.viewport import Viewport

CLOSING = "Escape, ? or F1 closes the rules"
LINE_STEP = 1.35  # a text row's height, in its font size
LEGIBLE_TEXT = MIN_EXPORT_TEXT  # no text of the example is drawn smaller (px)
# The words may be set this small (px; their smallest lines nine-tenths of it) to give
# the example room: at the 640x480 window's size they are 12.9.
SMALLEST_WORDS = 11.0
NO_ROOM = "A larger window shows a worked example here."
# The example is laid out in less height than its export's down to this share of it:
# less crowds it (Odds and Evens' loops over their captions at 30 %, Load's board a
# stamp at 38 %); at 74 % (Load's in the default window) it reads as its export does.
LEAST_HEIGHT = 0.7
# The example's widths, the first that fits: 480 px where there is room (at the exports'
# narrowest, 417, Odds and Evens' two loop captions run into each other), else that.
EXAMPLE_WIDTHS = (480, 300)


@dataclass(frozen=True)
class RulesCard:
    """One game's card; `example` is the worked example's position, `before` the one
    before its last move (whose words, the game's own, are `told`)."""

    game: str
    name: str
    aim: str
    rules: tuple[str, ...]
    keys: str
    example: Any
    before: Any

    @property
    def told(self) -> str:
        return f"For example: {SCENES[self.game].move_words(self.before, self.example)}."

    def lines(self) -> list[str]:
        """The card as text, a line each: what a screen reader is handed."""
        return [f"{self.name}: the rules", self.aim, *self.rules, self.keys, self.told]

    def example_scene(self, width: int, height: int, palette: str = "default") -> Scene:
        return SCENES[self.game].scene(self.example, width, height, palette=palette)

    def example_size(self, across: int) -> tuple[int, int]:
        """The example's picture at about `across` px, as its exports size it."""
        size: tuple[int, int] = SCENES[self.game].export_size(self.example.rules, across)
        return size


@cache
def rules_card(game_id: str) -> RulesCard | None:
    """The card of a game, read from the package; None for a game that brings none (one
    registered from outside, as the tests' own)."""
    entry = json.loads(asset_text("rules.json")).get(game_id)
    if entry is None:
        return None
    game = REGISTRY[game_id]
    example = entry["example"]
    state = before = game.new_state(game.rules(example["rules"]))
    for event in example["events"]:
        before = state.copy()
        state.apply(game.move_from_event(state, event))
    return RulesCard(
        game_id, entry["name"], entry["aim"], tuple(entry["rules"]), entry["keys"], state, before
    )


def card_scene(
    card: RulesCard, width: int, height: int, max_font: float = math.inf, palette: str = "default"
) -> Scene:
    """The card drawn on a canvas (a window's board area): its words wrapped to the width,
    then the worked example, drawn by the game's scene as large as the room below allows
    and never with text under LEGIBLE_TEXT. Where it is too small for that, the words
    are set smaller, down to SMALLEST_WORDS, to give it room; where that is not enough,
    the card says that a larger window shows the example, its words as large as fit."""
    edge = margin(width, height)
    sizes = _word_sizes(font_size(width, max_font))
    for size in sizes:
        words, bottom = _words(card, width, edge, size)
        example = _example_below(card, width, height - edge - bottom, (edge, bottom), palette)
        if example:
            break
    else:  # the words alone, as large as fits
        for size in sizes:
            words, bottom = _words(card, width, edge, size, NO_ROOM)
            if bottom <= height - edge:
                break
    kit_palette = SCENES[card.game].palettes[palette]
    backdrop = Rect("rules-card", 0, 0, width, height, "canvas")
    return Scene(width, height, "canvas", kit_palette, (backdrop, *words, *example))


def _word_sizes(largest: float) -> list[float]:
    """The words' sizes to try, largest first, by half a pixel down to SMALLEST_WORDS."""
    steps = max(0, math.floor((largest - SMALLEST_WORDS) / 0.5))
    return [largest - 0.5 * step for step in range(steps + 1)]


def _words(
    card: RulesCard, width: int, edge: float, size: float, *more: str
) -> tuple[list[Shape], float]:
    """The card's words at `size` (and the paragraphs `more`), and where they end."""
    paragraphs = [
        (f"{card.name}: the rules", size * 1.15, "ink"),
        (card.aim, size, "ink"),
        *((f"• {line}", size * 0.9, "ink") for line in card.rules),
        (card.keys, size * 0.9, "muted"),
        (f"{card.told} {CLOSING}.", size * 0.9, "muted"),
        *((line, size * 0.9, "muted") for line in more),
    ]
    shapes: list[Shape] = []
    y = edge
    for number, (text, text_size, fill) in enumerate(paragraphs):
        for row, line in enumerate(wrap_all(text, width - 2 * edge, text_size)):
            y += text_size * LINE_STEP
            key = f"rules-text-{number}-{row}"
            shapes.append(Text(key, edge, y - text_size * 0.45, line, text_size, fill, "start"))
        y += text_size * 0.3
    return shapes, y


def _example_below(
    card: RulesCard, width: float, room: float, corner: tuple[float, float], palette: str
) -> list[Shape]:
    """The example's picture, its shapes moved under the words: as large as its export
    at EXAMPLE_WIDTHS' first that fits, or as the room (its scene lays itself out in
    what it is given, as a window's does); none where it would be cramped."""
    for asked in EXAMPLE_WIDTHS:
        whole = card.example_scene(*card.example_size(asked), palette)
        across = min(whole.width, round(width - 2 * corner[0]))
        down = min(whole.height, math.floor(room))
        if min(across, down) <= 0 or down < whole.height * LEAST_HEIGHT:
            continue
        example = card.example_scene(across, down, palette)
        if not _cramped(example, whole):
            left, top = corner
            backdrop = Rect(
                "rules-example", left, top, example.width, example.height, example.background
            )
            return [backdrop, *(_moved(shape, left, top) for shape in example.shapes)]
    return []


def _cramped(example: Scene, whole: Scene) -> bool:
    """Whether the example drawn in less room tells less than at its export size: a text
    under LEGIBLE_TEXT, a text left out (a cell too small for its number, a legend
    entry with no room) or outside its picture, or a board that scrolls, so shows but
    a part."""
    texts = [shape for shape in example.shapes if isinstance(shape, Text)]
    told = len(texts) == sum(isinstance(shape, Text) for shape in whole.shapes)
    inside = all(text.size / 2 <= text.y <= example.height - text.size / 2 for text in texts)
    view = getattr(example.layout, "view", None)
    scrolls = isinstance(view, Viewport) and view.scrolls
    small = min(text.size for text in texts) < LEGIBLE_TEXT - 0.05
    return scrolls or not told or not inside or small


def _moved(shape: Shape, dx: float, dy: float) -> Shape:
    """A shape of the example, moved by (dx, dy) and keyed apart from the card's own."""
    key = f"rules-example-{shape.key}"
    if isinstance(shape, Line):
        return replace(shape, key=key, points=tuple((x + dx, y + dy) for x, y in shape.points))
    if isinstance(shape, Circle | Ring):
        return replace(shape, key=key, cx=shape.cx + dx, cy=shape.cy + dy)
    return replace(shape, key=key, x=shape.x + dx, y=shape.y + dy)
