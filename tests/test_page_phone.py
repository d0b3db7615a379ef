"""The replay page on phones and a tablet, in real headless Chromium: at 320, 360, 390 and
768 px wide, in every game and on Load's 1x20 and 20x20 boards, the whole board lies
inside the screen's width, no word is cut, the board fills the first screen down to its
legible minimum (9 px text) and past that the page scrolls as a whole; nothing scrolls by
itself."""

from __future__ import annotations

import pytest
import test_page_browser
from test_page_browser import SMALLEST_TEXT, page_of, watched_pages

from viz.cli import main

pytestmark = pytest.mark.browser
browser = test_page_browser.browser  # one Chromium per module, launched as the page tests do

# Pages made as a user makes them: `oddsevens record …` then `oddsevens export … --html`.
RECORDED = {
    "load": ["load", "--rows", "7", "--cols", "7", "--load", "5", "--seed", "1"],
    "load-1x20": ["load", "--rows", "1", "--cols", "20", "--seed", "1"],
    "load-20x20": ["load", "--rows", "20", "--cols", "20", "--seed", "1"],
    "loops": ["loops", "--seed", "1"],
    "tiles": ["tiles", "--seed", "1"],
}
PHONES = [(320, 568), (360, 640), (390, 844)]
TABLET = (768, 1024)
# The room across: the screen less the page's padding, .75rem either side.
PADDING = 12
# A local run lays out Load's 7x7 board on the narrowest phone; CI every game at every width.
QUICK = {("load", PHONES[0])}


def screens(names, sizes):
    """Each page at each size, the slow ones marked."""
    return [
        pytest.param(
            name,
            size,
            id=f"{name}-{size[0]}x{size[1]}",
            marks=() if (name, size) in QUICK else pytest.mark.slow,
        )
        for name in names
        for size in sizes
    ]


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    folder = tmp_path_factory.mktemp("phone")
    pages = {}
    for name, recorded in RECORDED.items():
        recording = folder / f"{name}.jsonl"
        assert main(["record", *recorded, "-o", str(recording)]) == 0
        pages[name] = page_of(recording, folder / f"{name}.html", [])
    return pages


@pytest.fixture
def open_page(browser, made):
    with watched_pages(browser, made.__getitem__) as open_:
        yield lambda name, size: open_(name, {"width": size[0], "height": size[1]})


# Load's cells (each a red top half and a green bottom half), every text the board draws
# and every part of the page beside it: those not wholly inside the page's width, the
# page's sideways scroll, what the board's box hides, and how far the status line runs
# past its own box.
LAID_OUT = """() => {
  const width = document.documentElement.clientWidth;
  const cells = '#replay-picture [id^="red-"], #replay-picture [id^="green-"]';
  const outside = (e) => {
    const r = e.getBoundingClientRect();
    return r.left < -0.5 || r.right > width + 0.5;
  };
  const box = document.getElementById("replay-board-box");
  const status = document.getElementById("replay-status");
  return {
    cells: document.querySelectorAll(cells).length,
    outside: [...document.querySelectorAll(`${cells}, #replay-picture text, #replay-side *`)]
      .filter(outside).map((e) => e.id || e.textContent),
    sideways: document.documentElement.scrollWidth - width,
    hidden: [box.scrollWidth - box.clientWidth, box.scrollHeight - box.clientHeight],
    status: status.scrollWidth - status.clientWidth,
  };
}"""
CELLS = {"load": 2 * 49, "load-1x20": 2 * 20, "load-20x20": 2 * 400, "loops": 0, "tiles": 0}


@pytest.mark.parametrize(("name", "size"), screens(RECORDED, [*PHONES, TABLET]))
def test_the_whole_board_and_every_word_lie_inside_the_width(open_page, name, size):
    """Every Load cell and every text of the board (its status lines too) lies inside the
    screen's width, the board's box hides nothing, the page never scrolls sideways and the
    status line wraps, at the start, after three steps and at the end."""
    page = open_page(name, size)
    for key in ["", "ArrowRight", "ArrowRight", "ArrowRight", "End"]:
        if key:
            page.keyboard.press(key)
        laid_out = page.evaluate(LAID_OUT)
        assert laid_out["cells"] == CELLS[name]
        assert laid_out["outside"] == [], key
        assert laid_out["sideways"] == 0, key
        assert laid_out["hidden"] == [0, 0], key
        assert laid_out["status"] <= 0, key


def board_width(page) -> float:
    return float(page.locator("#replay-picture svg").bounding_box()["width"])


@pytest.mark.parametrize(("name", "size"), screens(RECORDED, PHONES))
def test_on_a_phone_every_board_is_as_wide_as_the_screen(open_page, name, size):
    """Each board's width at 9 px text, 420 px (Load 7x7, Odds and Evens, Even Odds) or
    894 px (Load 1x20 and 20x20), is wider than a phone's room across (296, 336 or 366
    px): the board takes all of it rather than be cut."""
    page = open_page(name, size)
    assert board_width(page) == pytest.approx(size[0] - 2 * PADDING, abs=0.5)


def scroll_to_bottom(page) -> float:
    return float(
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight), window.scrollY")
    )


def scrubber_bottom(page) -> float:
    box = page.locator("#replay-scrub").bounding_box()
    return float(box["y"] + box["height"])


@pytest.mark.slow
def test_a_board_that_can_keep_9_px_text_fills_the_first_screen(open_page):
    """On a 768x1024 tablet the 7x7 board's text stays 9 px or more when it is drawn as
    tall as the first screen leaves it: the title, the board, the buttons and the scrubber
    fill the screen to its bottom padding (.5rem), the board narrower than the 744 px
    room across."""
    page = open_page("load", TABLET)
    assert page.evaluate(SMALLEST_TEXT) >= 9
    assert board_width(page) < TABLET[0] - 2 * PADDING
    assert scrubber_bottom(page) == pytest.approx(TABLET[1] - 8, abs=1)
    assert page.evaluate("document.documentElement.scrollHeight") > TABLET[1]  # the list


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "size", "width"),
    [
        # A phone held sideways: the 7x7 board at its legible minimum, 420 px wide.
        pytest.param("load", (640, 360), 420, id="load-640x360"),
        # The 20x20 board as wide as the tablet lets it be (its 9 px text needs 894 px).
        pytest.param("load-20x20", TABLET, TABLET[0] - 2 * PADDING, id="load-20x20-768x1024"),
    ],
)
def test_past_its_legible_minimum_the_board_scrolls_with_the_page(open_page, name, size, width):
    """Fitting the first screen's height would draw these boards' text under 9 px: each
    is drawn no narrower than that (nor wider than the screen), runs past the first
    screen, and scrolls away with the rest of the page, which shows the buttons and the
    scrubber under it; the page never scrolls by itself."""
    page = open_page(name, size)
    assert board_width(page) == pytest.approx(width, abs=0.5)
    if width == 420:
        assert page.evaluate(SMALLEST_TEXT) == pytest.approx(9, abs=0.01)
    assert scrubber_bottom(page) > size[1]
    page.keyboard.press("End")
    assert page.evaluate("window.scrollY") == 0
    page.locator("#replay-scrub").scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 0
    assert page.locator("#replay-board-box").bounding_box()["y"] < 0  # not pinned on top
    assert 0 < scrubber_bottom(page) <= size[1]


@pytest.mark.parametrize(("name", "size"), screens(["load", "load-20x20", "tiles"], PHONES))
def test_on_a_phone_the_board_stays_pinned_while_the_list_scrolls_under_it(open_page, name, size):
    """A board that leaves the move list room under it (10rem) stays on top while the
    page scrolls under it; stepping then moves neither the page nor the board, whose top
    row stays in view, and the turn shown is in view under the board."""
    page = open_page(name, size)
    svg = page.locator("#replay-picture svg")
    scrolled = scroll_to_bottom(page)
    assert scrolled > 0
    pinned = svg.bounding_box()
    assert pinned["y"] == pytest.approx(0, abs=0.5)  # the board's top row on the screen
    for key in ["End", "Home", "ArrowRight", "End"]:
        page.keyboard.press(key)
        assert page.evaluate("window.scrollY") == scrolled, key
        assert svg.bounding_box() == pinned, key
    shown = page.locator("#replay-moves [aria-current=step]").bounding_box()
    assert pinned["height"] <= shown["y"] and shown["y"] + shown["height"] <= size[1]
