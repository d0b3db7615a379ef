"""The practice page in real headless Chromium: a puzzle answered right by the keyboard
and one answered wrong by a click (the best move then shown, in words and on the
board), text contrast, reduced motion, and no request leaving the page."""

from __future__ import annotations

from datetime import date

import pytest
from support.a11y import TEXT_CONTRASTS
from support.practice import judged_recording

from games.practice import new_card
from viz.practice.page import practice_page
from viz.practice.puzzles import gather

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def page_file(tmp_path_factory):
    """Odds and Evens, both seats yours: gold's ?? of turn 2 (best: place on the right),
    then blue's of turn 3 (best: place on the right), as test_practice.py works out."""
    folder = tmp_path_factory.mktemp("practice")
    judged_recording(folder / "mine.jsonl", "loops", 1, ["you", "you"])
    found = gather([folder]).puzzles
    path = folder / "practice.html"
    path.write_text(practice_page([(p, new_card(date(2025, 1, 1))) for p in found]))
    return path


@pytest.fixture
def page(chromium, page_file):
    context = chromium.new_context(viewport={"width": 900, "height": 1200}, reduced_motion="reduce")
    opened = context.new_page()
    requests, errors = [], []
    opened.on("request", lambda request: requests.append(request.url))
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    opened.goto(page_file.as_uri())
    yield opened
    context.close()
    assert requests == [page_file.as_uri()]
    assert errors == []


def test_a_right_answer_by_keys_and_a_wrong_one_by_click(page):
    first, second = page.locator(".puzzle").all()
    assert first.locator("h2").text_content() == "Puzzle 1 of 2 · Odds and Evens"
    assert "Gold to move: find the move that keeps the win" in first.text_content()
    page.keyboard.press("Tab")  # the Rules button, first on the page
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # the second of gold's moves: place 2 on the right
    focused = page.evaluate("document.activeElement.textContent")
    assert focused == "Place 2 pieces on right"
    page.keyboard.press("Enter")
    verdict = first.locator(".verdict")
    assert verdict.text_content().startswith("Right, it keeps 100")
    assert first.locator(".after").is_hidden()
    second.get_by_role("button", name="Place 1 piece on left").click()
    text = second.locator(".verdict").text_content()
    assert text.startswith("Not the best. In the game: ?? Blunder: Blue placed 1 piece on left")
    assert text.endswith("best: Place 2 pieces on right")
    best = second.locator("button.best")
    assert best.all_text_contents() == ["Place 2 pieces on right ✓ best"]
    after = second.locator(".after")
    assert after.is_visible()
    assert after.evaluate("e => getComputedStyle(e).transitionDuration") == "0s"  # reduced
    assert after.get_attribute("class") == "after shown"
    best.focus()
    page.keyboard.press("Enter")  # answered already: nothing changes
    assert second.locator("button.yours").all_text_contents() == ["Place 1 piece on left ✗ yours"]


def test_text_contrast_is_at_least_4_5_to_1_before_and_after_answers(page):
    for puzzle in page.locator(".puzzle").all():
        puzzle.locator(".answers button").first.click()
    ratios = page.evaluate(TEXT_CONTRASTS, "h1, h2, p, button")
    assert len(ratios) > 10
    assert [name for name, ratio in ratios if ratio < 4.5] == []
