"""Issue 46, item 1: the rules card on the replay page of each game and on the practice
page, opened and closed by the keyboard alone in headless Chromium, with axe-core's
checks (WCAG 2 A and AA) finding nothing on the page with the card open."""

from __future__ import annotations

from datetime import date

import pytest
from axe_playwright_python.sync_playwright import Axe
from support.practice import judged_recording

from games.practice import new_card
from viz.cli import main
from viz.practice.page import practice_page
from viz.practice.puzzles import gather
from viz.scenes.rules import rules_card

pytestmark = pytest.mark.browser
GAMES = ("load", "loops", "tiles")


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    folder = tmp_path_factory.mktemp("rules")
    made = {}
    for game in GAMES:
        recording, page = folder / f"{game}.jsonl", folder / f"{game}.html"
        assert main(["record", game, "--seed", "3", "-o", str(recording)]) == 0
        assert main(["export", str(recording), "--html", str(page)]) == 0
        made[game] = page
    judged_recording(folder / "mine.jsonl", "loops", 1, ["you", "you"])
    found = gather([folder]).puzzles
    made["practice"] = folder / "practice.html"
    made["practice"].write_text(practice_page([(p, new_card(date(2025, 1, 1))) for p in found]))
    return made


@pytest.mark.parametrize("name", [*GAMES, "practice"])
def test_the_rules_card_opens_and_closes_by_keyboard_and_axe_finds_nothing(chromium, pages, name):
    game = "loops" if name == "practice" else name
    context = chromium.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(pages[name].as_uri())
        card = page.locator("#rules-card")
        assert not card.evaluate("dialog => dialog.open")
        page.keyboard.press("Shift+Slash")  # "?"
        assert card.evaluate("dialog => dialog.open")
        assert rules_card(game).aim in card.inner_text()
        assert card.locator("figure svg").count() == 1  # the worked example, drawn
        focused = page.evaluate("document.activeElement.closest('#rules-card') !== null")
        assert focused  # the focus is in the card
        page.keyboard.press("ArrowRight")  # the page's own keys wait while it is open
        if name != "practice":
            assert page.locator("html").get_attribute("data-turn") == "0"
        violations = Axe().run(page).response["violations"]
        assert violations == [], [v["id"] for v in violations]
        page.keyboard.press("Escape")
        assert not card.evaluate("dialog => dialog.open")
        page.wait_for_function("document.activeElement.id === 'rules-open'")  # given back
        page.keyboard.press("F1")
        assert card.evaluate("dialog => dialog.open")
        page.keyboard.press("F1")
        assert not card.evaluate("dialog => dialog.open")
        assert errors == []
    finally:
        context.close()


def test_the_spoken_line_says_the_move_once(chromium, pages):
    """Issue 46, item 6: "Turn 1 of N: Red picked 4. Stage 1 … · Red picked 4 · …" said
    the move twice; the status's copy of it is left out of what is spoken."""
    context = chromium.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    try:
        page.goto(pages["load"].as_uri())
        page.keyboard.press("ArrowRight")
        spoken = page.locator("#replay-status").text_content()
        move = spoken.split(": ", 1)[1].split(". ", 1)[0]
        assert move.startswith("Red picked ") and spoken.count(move) == 1
        assert spoken.endswith(" · Green to move")
    finally:
        context.close()
