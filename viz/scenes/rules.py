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
from viz.scenes.common import font_size, margin, wrap_all
from viz.scenes.shapes import Circle, Line, Rect, Ring, Scene, Shape, Text

CLOSING = "Escape, ? or F1 closes the rules"
LINE_STEP = 1.35  # a text row's height, in its font size
# The example drawn smaller than half its export size would be a smudge: it is left out,
# its words (the caption, at the card's own size) stay.
LEAST_EXAMPLE_SCALE = 0.5


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
    then the worked example, drawn by the game's scene as large as the room below allows."""
    size, edge = font_size(width, max_font), margin(width, height)
    room = width - 2 * edge
    paragraphs = [
        (f"{card.name}: the rules", size * 1.15, "ink"),
        (card.aim, size, "ink"),
        *((f"• {line}", size * 0.9, "ink") for line in card.rules),
        (card.keys, size * 0.9, "muted"),
        (f"{card.told} {CLOSING}.", size * 0.9, "muted"),
    ]
    shapes: list[Shape] = [Rect("rules-card", 0, 0, width, height, "canvas")]
    y = edge
    for number, (text, text_size, fill) in enumerate(paragraphs):
        for row, line in enumerate(wrap_all(text, room, text_size)):
            y += text_size * LINE_STEP
            key = f"rules-text-{number}-{row}"
            shapes.append(Text(key, edge, y - text_size * 0.45, line, text_size, fill, "start"))
        y += text_size * 0.3
    kit_palette = SCENES[card.game].palettes[palette]
    shapes += _example_below(card, width, height - edge - y, (edge, y), palette)
    return Scene(width, height, "canvas", kit_palette, tuple(shapes))


def _example_below(
    card: RulesCard, width: float, room: float, corner: tuple[float, float], palette: str
) -> list[Shape]:
    """The example's picture, its shapes moved under the words, as large as fits."""
    across, down = card.example_size(300)
    scale = min(1.0, room / down, (width - 2 * corner[0]) / across)
    if scale < LEAST_EXAMPLE_SCALE:
        return []
    example = card.example_scene(round(across * scale), round(down * scale), palette)
    left, top = corner
    backdrop = Rect("rules-example", left, top, example.width, example.height, example.background)
    return [backdrop, *(_moved(shape, left, top) for shape in example.shapes)]


def _moved(shape: Shape, dx: float, dy: float) -> Shape:
    """A shape of the example, moved by (dx, dy) and keyed apart from the card's own."""
    key = f"rules-example-{shape.key}"
    if isinstance(shape, Line):
        return replace(shape, key=key, points=tuple((x + dx, y + dy) for x, y in shape.points))
    if isinstance(shape, Circle | Ring):
        return replace(shape, key=key, cx=shape.cx + dx, cy=shape.cy + dy)
    return replace(shape, key=key, x=shape.x + dx, y=shape.y + dy)
