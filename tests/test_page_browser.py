"""The replay page in real headless Chromium (Playwright driving Debian's chromium):
keys, the move list, play and pause, the live region, and sampled SVG pixels against
the engine's position; no request leaves the page and nothing is logged as an error."""

from __future__ import annotations

import io
import os
import shutil
import time

import pytest
from PIL import Image
from test_svg_browser import BROWSERS

from games import REGISTRY
from viz.cli import record_game
from viz.export import Clip, export_clip
from viz.scene import Circle, Rect
from viz.scenes import SCENES

pytestmark = pytest.mark.browser
GAMES = {"load": {}, "loops": {}, "tiles": {"players": 3}}
SAMPLED = {"load": ("red-", "green-"), "loops": ("slot-",), "tiles": ("hand-", "play-")}
# Where in a rect to sample, clear of its label: Load's halves in their middle, a tile
# between its left edge and its number.
SPOT = {"load": (0.5, 0.5), "tiles": (0.14, 0.5)}


@pytest.fixture(scope="module")
def browser():
    executable = next((shutil.which(name) for name in BROWSERS if shutil.which(name)), None)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        executable = None
    if executable is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have Chromium and Playwright (.ci/run installs them)")
        pytest.skip("needs Chromium and Playwright")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pages")
    made = {}
    for game, params in GAMES.items():
        replay = record_game(game, REGISTRY[game].rules(params), 5, folder / f"{game}.jsonl")
        clip = Clip(replay, size=480)
        export_clip(clip, {"html": folder / f"{game}.html"})
        made[game] = (clip, folder / f"{game}.html")
    return made


@pytest.fixture
def open_page(browser, pages):
    opened = []

    def open_(game):
        page = browser.new_page(viewport={"width": 900, "height": 1400})
        page.errors, page.requests = [], []
        page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.route(
            "**/*", lambda route: (page.requests.append(route.request.url), route.continue_())
        )
        page.goto(pages[game][1].as_uri())
        opened.append(page)
        return page

    yield open_
    for page in opened:
        assert page.errors == []
        assert [url for url in page.requests if not url.startswith("file://")] == []
        assert len(page.requests) == 1  # the page itself, nothing else
        page.close()


def turn(page) -> int:
    return int(page.evaluate("document.documentElement.dataset.turn"))


def picture(page) -> tuple[Image.Image, dict]:
    svg = page.locator("#picture svg")
    return Image.open(io.BytesIO(svg.screenshot())).convert("RGB"), svg.bounding_box()


def assert_picture_shows(page, scene, game):
    image, box = picture(page)
    scale = box["width"] / scene.width
    for shape in scene.shapes:
        if not shape.key.startswith(SAMPLED[game]) or shape.key.endswith("-value"):
            continue
        if isinstance(shape, Rect):
            across, down = SPOT[game]
            x, y = shape.x + shape.w * across, shape.y + shape.h * down
        elif isinstance(shape, Circle):
            x, y = shape.cx, shape.cy
        else:
            continue
        pixel = image.getpixel((round(x * scale), round(y * scale)))
        expected = scene.rgb(shape.fill)
        assert max(abs(a - b) for a, b in zip(pixel, expected, strict=True)) <= 6, shape.key


@pytest.mark.parametrize("game", sorted(GAMES))
def test_stepping_with_the_arrow_keys_shows_the_engines_position(open_page, pages, game):
    clip, _ = pages[game]
    states, scenes, kit = clip.replay.frames(), list(clip.scenes()), SCENES[game]
    last = len(states) - 1
    page = open_page(game)
    assert page.evaluate("document.documentElement.dataset.turns") == str(last)
    steps = min(7, last)
    for _ in range(steps):
        page.keyboard.press("ArrowRight")
    assert turn(page) == steps
    live = page.locator("[role=status][aria-live=polite]")
    assert " · ".join(kit.status(states[steps])) in live.text_content()
    assert page.locator("#scrub-label").text_content() == f"Turn {steps} of {last}"
    assert_picture_shows(page, scenes[steps], game)
    page.keyboard.press("ArrowLeft")
    assert turn(page) == steps - 1
    page.keyboard.press("End")
    assert turn(page) == last
    assert_picture_shows(page, scenes[last], game)
    page.keyboard.press("Home")
    assert turn(page) == 0
    assert_picture_shows(page, scenes[0], game)


def test_a_click_in_the_move_list_jumps_there(open_page, pages):
    clip, _ = pages["load"]
    page = open_page("load")
    page.locator("#moves li").nth(4).locator("button").click()
    assert turn(page) == 4
    assert page.locator("#moves li").nth(4).get_attribute("aria-current") == "step"
    words = page.locator("#moves li").nth(4).locator("button").get_attribute("aria-label")
    assert words.startswith("Turn 4: ")
    assert_picture_shows(page, list(clip.scenes())[4], "load")


def test_play_and_pause(open_page):
    page = open_page("loops")
    page.keyboard.press("Space")  # 4 turns a second
    time.sleep(0.7)
    page.keyboard.press("Space")
    paused_at = turn(page)
    assert paused_at >= 2
    time.sleep(0.6)
    assert turn(page) == paused_at
    assert page.locator("#play").text_content() == "Play (Space)"


def test_the_board_button_reads_the_odds_and_evens_position_back(open_page, pages):
    clip, _ = pages["loops"]
    page = open_page("loops")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.locator("#board").click()
    board = SCENES["loops"].board_words(clip.replay.frames()[2])
    assert page.locator("#status").text_content() == board


def test_every_control_is_a_labelled_button_or_input_reachable_with_tab(open_page):
    page = open_page("tiles")
    names = []
    for _ in range(9):
        page.keyboard.press("Tab")
        names.append(
            page.evaluate(
                "(e => e.tagName + ':' + (e.labels && e.labels[0] ? e.labels[0].textContent"
                " : e.textContent))(document.activeElement)"
            )
        )
    assert names[:8] == [
        "BUTTON:Start (Home)",
        "BUTTON:Back (←)",
        "BUTTON:Play (Space)",
        "BUTTON:Step (→)",
        "BUTTON:End (End)",
        "BUTTON:Slower (−)",
        "BUTTON:Faster (+)",
        "INPUT:Turn 0 of " + page.evaluate("document.documentElement.dataset.turns"),
    ]
    page.keyboard.press("ArrowRight")  # the focused scrubber moves by one turn
    assert turn(page) == 1
