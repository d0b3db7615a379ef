"""Issue 46, item 1: each game's rules card, made from docs/rules.md, with a worked
example the game's own scene draws; the page's part and the window's picture of it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.depth import cases

from games import REGISTRY
from viz.export.rules_card import rules_card_parts
from viz.scenes.rules import LEGIBLE_TEXT, NO_ROOM, card_scene, rules_card
from viz.scenes.shapes import Text

RULES_MD = Path(__file__).resolve().parents[1] / "docs" / "rules.md"
GAMES = ("load", "loops", "tiles")


def in_short(game_name: str) -> str:
    """The "In short" paragraph of a game's section of docs/rules.md."""
    section = RULES_MD.read_text().split("## ")
    text = next(part for part in section if re.match(rf"\d\. {game_name}\n", part))
    found = re.search(r"\*\*In short:\*\* (.*?)\n\n", text, re.S)
    assert found is not None
    return " ".join(found.group(1).split())


@pytest.mark.parametrize("game", GAMES)
def test_each_cards_aim_is_the_rulebooks_in_short(game):
    card = rules_card(game)
    assert card.name == REGISTRY[game].name
    assert card.aim == in_short(card.name)[:1].upper() + in_short(card.name)[1:]
    assert 3 <= len(card.rules) <= 6 and all(len(line) <= 90 for line in card.rules)


def test_the_load_example_is_a_green_pick_that_clears_two_red_picks():
    """Red 6, green passes, red 4, green 2+3: green's pair from 2 clears red 4 and 6."""
    card = rules_card("load")
    assert card.told == "For example: Green picked 2+3, clearing red 4 and 6."
    assert (card.example.red_state(4), card.example.red_state(6)) == (2, 2)  # DIM


def test_the_even_odds_example_ends_a_dispute_in_its_words():
    assert rules_card("tiles").told.endswith(
        "won the dispute with yellow-7 and takes the 1: "
        "+1\u00a0point (lowest\u00a0total\u00a0wins)."
    )


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", [(430, 480), (770, 720)])
def test_the_windows_card_keeps_every_word_inside_the_board_and_draws_the_example(game, size):
    card = card_scene(rules_card(game), *size, 18.0)
    texts = [shape for shape in card.shapes if isinstance(shape, Text)]
    words = " ".join(t.text for t in texts if not t.key.startswith("rules-example-"))
    assert rules_card(game).aim.split()[-1] in words and "Escape, ? or F1" in words
    assert all(t.y <= size[1] for t in texts) and card.unique_keys
    drawn = any(shape.key.startswith("rules-example-") for shape in card.shapes)
    # 640x480's board (430x480) has room for the words and no legible example: it says
    # so; the default window's (770x720) shows each game's
    assert drawn == (size == (770, 720)) and (NO_ROOM in words) == (not drawn)


def test_the_page_part_is_a_button_and_a_dialog_with_each_game_once():
    parts = rules_card_parts(["loops", "load", "loops"])
    assert parts.html.startswith('<button type="button" id="rules-open"')
    assert parts.html.count("<section") == 2 and parts.html.count("<svg") == 2
    assert parts.html.index("rules-loops") < parts.html.index("rules-load")
    assert "showModal" in parts.script and "#rules-card" in parts.style


# Board areas from the 640x480 window's (430x356 beside Odds and Evens' keyboard box) to
# a 1600x1200 window's (1390x1200), every 80 px either way at full depth, every 160 px
# (the same smallest and largest) in a quick run.
STEP = cases(full=80, quick=160)
BOARD_AREAS = [
    (width, height) for width in range(430, 1400, STEP) for height in range(356, 1201, STEP)
]


@pytest.mark.parametrize("game", GAMES)
def test_every_text_of_the_card_is_legible_and_inside_at_every_window_size(game):
    """Issue 46, item 1: the worked example's text was 6.4 px in the default window.
    Each text's size is measured on the card as drawn; the example, where drawn, has
    every word its export has."""
    card = rules_card(game)
    whole = card.example_scene(*card.example_size(300))
    told = sum(isinstance(shape, Text) for shape in whole.shapes)
    shown = 0
    for width, height in BOARD_AREAS:
        drawn = card_scene(card, width, height, 18.0)
        texts = [shape for shape in drawn.shapes if isinstance(shape, Text)]
        assert min(text.size for text in texts) >= LEGIBLE_TEXT - 0.05, (width, height)
        assert all(text.size / 2 <= text.y <= height for text in texts), (width, height)
        example = [text for text in texts if text.key.startswith("rules-example-")]
        assert not example or len(example) >= told, (width, height)
        shown += bool(example)
    assert shown >= len(BOARD_AREAS) // 2  # the example is there in most windows
