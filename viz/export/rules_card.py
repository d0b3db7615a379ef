"""The rules card of a page: a Rules button and a dialog holding each game's card (its
aim, its rules, its keys and its worked example as a still SVG), with the style and the
script that open and close it. The replay page and the practice page include it; so can
any page (a table page of a game server): put `style` in its <style>, `html` where the
button belongs and `script` in a <script> after it."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass

import rcssmin
import rjsmin

from viz.render.svg import static_svg
from viz.resources import asset_text
from viz.scenes.rules import RulesCard, rules_card

EXAMPLE_SIZE = 300  # px across asked of the example's picture (its export size may be wider)


@dataclass(frozen=True)
class PageParts:
    html: str
    style: str
    script: str


def rules_card_parts(game_ids: Sequence[str]) -> PageParts:
    """The card for the games `game_ids` (one section each, in that order); nothing for
    games without a card."""
    cards = [card for game in dict.fromkeys(game_ids) if (card := rules_card(game)) is not None]
    if not cards:
        return PageParts("", "", "")
    sections = "".join(_section(card) for card in cards)
    markup = (
        '<button type="button" id="rules-open" aria-haspopup="dialog" '
        'aria-keyshortcuts="? F1">Rules (?)</button>'
        '<dialog id="rules-card" aria-labelledby="rules-card-title">'
        '<h2 id="rules-card-title">How to play</h2>'
        f"{sections}"
        '<button type="button" id="rules-close">Close (Esc)</button></dialog>'
    )
    return PageParts(
        markup,
        rcssmin.cssmin(asset_text("page/rules.css")),
        rjsmin.jsmin(asset_text("page/rules.js")),
    )


def _section(card: RulesCard) -> str:
    width, height = card.example_size(EXAMPLE_SIZE)
    svg = re.sub(r' id="[^"]*"', "", static_svg(card.example_scene(width, height)))
    rules = "".join(f"<li>{html.escape(line)}</li>" for line in card.rules)
    told = html.escape(card.told)
    return (
        f'<section aria-labelledby="rules-{card.game}">'
        f'<h3 id="rules-{card.game}">{html.escape(card.name)}</h3>'
        f'<p class="rules-aim">{html.escape(card.aim)}</p><ul>{rules}</ul>'
        f"<p>{html.escape(card.keys)}</p>"
        f'<figure><div role="img" aria-label="{told}">{svg}</div>'
        f"<figcaption>{told}</figcaption></figure></section>"
    )
