"""The replay page in real headless Chromium (Playwright driving Debian's chromium):
keys, the move list, play and pause, the live region, the layout on a phone and on a
desktop screen, and sampled SVG pixels against the engine's position; no request leaves
the page and nothing is logged as an error."""

from __future__ import annotations

import io
from contextlib import contextmanager
from pathlib import Path

import pytest
from PIL import Image
from support.a11y import TEXT_CONTRASTS
from support.depth import quick_first
from support.timed import timed_load_game

from games import REGISTRY
from games.words import NO_BREAK
from viz.cli import main, record_game
from viz.export.clip import Clip
from viz.export.engine import export_clip
from viz.files import load_replay
from viz.scenes import SCENES
from viz.scenes.shapes import Circle, Rect

pytestmark = pytest.mark.browser
GAMES = {"load": {}, "loops": {}, "tiles": {"players": 3}}
SAMPLED = {"load": ("red-", "green-"), "loops": ("slot-",), "tiles": ("tile-",)}
# Where in a rect to sample, clear of its label: Load's halves in their middle, a tile
# between its top edge and its letter and number.
SPOT = {"load": (0.5, 0.5), "tiles": (0.5, 0.12)}
RECORDINGS = Path(__file__).resolve().parents[1] / "recordings"
# Pages made as a user makes them: `oddsevens record …` then `oddsevens export … --html`.
EXPORTED = {
    "load-20x20": (["record", "load", "--rows", "20", "--cols", "20", "--seed", "1"], []),
    "tiles-6": (["record", "tiles", "--players", "6", "--seed", "1"], []),
    "loops-3-to-9": (RECORDINGS / "loops-sample.jsonl", ["--from", "3", "--to", "9"]),
}
PHONE, DESKTOP = {"width": 360, "height": 640}, {"width": 1920, "height": 1080}
# A local run steps each game's page, tabs through the controls, checks the text contrast
# and clicks an analysed page's chart (test_page_phone.py lays the pages out on phones).
# The rest (the desktop, the other boards, the move list, the words for screen readers,
# play, the other keys and chart checks) runs with the slow tests: CI runs every test here.
VIEWPORTS = pytest.mark.parametrize(
    "viewport",
    [PHONE, pytest.param(DESKTOP, marks=pytest.mark.slow)],
    ids=["360x640", "1920x1080"],
)
WIDE_IN_CI = [pytest.param(name, marks=pytest.mark.slow) for name in ("load-20x20", "loops-3-to-9")]


@pytest.fixture(scope="module")
def browser(chromium):
    """The worker's one headless Chromium (conftest.py), whichever module opens pages."""
    return chromium


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


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("exported")
    made = {}
    for name, (recording, options) in EXPORTED.items():
        if isinstance(recording, list):
            assert main([*recording, "-o", str(folder / f"{name}.jsonl")]) == 0
            recording = folder / f"{name}.jsonl"
        made[name] = (recording, page_of(recording, folder / f"{name}.html", options))
    return made


def page_of(recording, page, options):
    """The replay page of a recording, exported by the command line."""
    assert main(["export", str(recording), "--html", str(page), *options]) == 0
    return page


# The pauses of support.timed's game in real time: the 5.7 s one cut to 2 s.
TIMED_SHOWN_MS = [700, 700, 2000, 705]


@pytest.fixture(scope="module")
def timed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("timed")
    recording = folder / "timed.jsonl"
    recording.write_text(timed_load_game())
    return {
        name: (recording, page_of(recording, folder / f"{name}.html", options))
        for name, options in (("timed", []), ("timed-realtime", ["--realtime"]))
    }


@contextmanager
def watched_pages(browser, find):
    """Opens the page `find(name)` names at a viewport, each in its own tab, watching the
    errors it logs and the requests it makes; when the test is done, each page has
    logged no error and asked for nothing but itself."""
    opened = []

    def open_(name, viewport: dict, address: str = "", clock: bool = False):
        """`clock`: the page's timers run only as far as the test moves its clock on."""
        page = browser.new_page(viewport=viewport)
        if clock:
            page.clock.install(time=0)
            page.clock.pause_at(1000)  # time stands still until the test moves it on
        page.errors, page.requests = [], []
        page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.route(
            "**/*", lambda route: (page.requests.append(route.request.url), route.continue_())
        )
        page.goto(find(name).as_uri() + address)
        opened.append(page)
        return page

    yield open_
    for page in opened:
        assert page.errors == []
        assert [url for url in page.requests if not url.startswith("file://")] == []
        assert len(page.requests) == 1
        page.close()


@pytest.fixture
def open_page(browser, pages, exported, timed):
    def find(game):
        return (pages.get(game) or exported.get(game) or timed[game])[1]

    with watched_pages(browser, find) as open_:
        yield lambda game, viewport=None, address="", clock=False: open_(
            game, viewport or {"width": 900, "height": 1400}, address, clock
        )


def turn(page) -> int:
    return int(page.evaluate("document.documentElement.dataset.turn"))


def picture(page) -> tuple[Image.Image, dict]:
    svg = page.locator("#replay-picture svg")
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


@pytest.mark.parametrize("game", quick_first(sorted(GAMES)))
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
    move = kit.move_words(states[steps - 1], states[steps])
    status = [part for part in " · ".join(kit.status(states[steps])).split(" · ") if part != move]
    assert live.text_content() == f"Turn {steps} of {last}: {move}. {' · '.join(status)}"
    assert page.locator("#replay-scrub-label").text_content() == f"Turn {steps} of {last}"
    assert_picture_shows(page, scenes[steps], game)
    page.keyboard.press("ArrowLeft")
    assert turn(page) == steps - 1
    page.keyboard.press("End")
    assert turn(page) == last
    assert_picture_shows(page, scenes[last], game)
    page.keyboard.press("Home")
    assert turn(page) == 0
    assert_picture_shows(page, scenes[0], game)


@pytest.mark.slow
def test_a_click_in_the_move_list_jumps_there(open_page, pages):
    clip, _ = pages["load"]
    page = open_page("load")
    page.locator("#replay-moves li").nth(4).locator("button").click()
    assert turn(page) == 4
    move = page.locator("#replay-moves li").nth(4).locator("button")
    assert move.get_attribute("aria-current") == "step"
    assert move.get_attribute("aria-label").startswith("Turn 4: ")
    assert_picture_shows(page, list(clip.scenes())[4], "load")


def test_play_and_pause(open_page):
    page = open_page("loops", clock=True)
    page.keyboard.press("Space")  # 4 turns a second: turns 1 and 2 at 250 and 500 ms
    page.clock.run_for(700)
    page.keyboard.press("Space")
    assert turn(page) == 2
    page.clock.run_for(600)
    assert turn(page) == 2
    assert page.locator("#replay-play").text_content() == "Play (Space)"


@pytest.mark.slow
def test_the_board_button_reads_the_odds_and_evens_position_back(open_page, pages):
    clip, _ = pages["loops"]
    page = open_page("loops")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.locator("#replay-board").click()
    board = SCENES["loops"].board_words(clip.replay.frames()[2])
    assert page.locator("#replay-status").text_content() == board


def test_every_control_is_a_labelled_button_or_input_reachable_with_tab(open_page):
    page = open_page("tiles")
    names = []
    for _ in range(9):
        page.keyboard.press("Tab")
        names.append(
            page.evaluate(
                "(e => e.tagName + ':' + (e.labels && e.labels[0] ? e.labels[0].textContent"
                " : e.getAttribute('aria-label') || e.textContent))(document.activeElement)"
            )
        )
    assert names == [
        "BUTTON:Start (Home)",
        "BUTTON:Back (←)",
        "BUTTON:Play (Space)",
        "BUTTON:Step (→)",
        "BUTTON:End (End)",
        "BUTTON:Slower (−)",
        "BUTTON:Faster (+)",
        "BUTTON:Rules (?)",
        "INPUT:Turn 0 of " + page.evaluate("document.documentElement.dataset.turns"),
    ]
    page.keyboard.press("ArrowRight")  # the focused scrubber moves by one turn
    assert turn(page) == 1
    page.keyboard.press("Tab")  # then the move list, one stop at the turn shown
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Turn 1: " + (
        page.locator("#replay-moves button").nth(1).text_content()
    )


# --- the layout, the keys, the move list and the live region, on a phone and a desktop ----


def scroll_y(page) -> float:
    return page.evaluate("window.scrollY")


def assert_inside(page, selector: str, left: float, top: float, right: float, bottom: float):
    found = page.locator(selector).bounding_box()
    assert left - 0.5 <= found["x"] and found["x"] + found["width"] <= right + 0.5, selector
    assert top - 0.5 <= found["y"] and found["y"] + found["height"] <= bottom + 0.5, selector


def assert_in_view(page, selector: str, top: float = 0):
    """The element lies wholly inside the viewport, and below `top` (the board, on a phone)."""
    size = page.viewport_size
    assert_inside(page, selector, 0, top, size["width"], size["height"])


CURRENT = "#replay-moves [aria-current=step]"
# What Tab can reach: a closed dialog's buttons are in the page but not shown.
TAB_STOPS = (
    "[...document.querySelectorAll('button, input, [tabindex]')]"
    ".filter(e => e.tabIndex >= 0 && e.checkVisibility()).length"
)
# The board's box: the whole board, never scrolling inside it (see test_page_phone.py).
BOX = "#replay-board-box"
# The board's smallest text as drawn: each text's font size times the SVG's scale.
SMALLEST_TEXT = """(() => {
  const svg = document.querySelector('#replay-picture svg');
  const scale = svg.getScreenCTM().a;
  return Math.min(...[...svg.querySelectorAll('text')].map(
    (t) => parseFloat(getComputedStyle(t).fontSize) * scale));
})()"""


def assert_board_in_view(page):
    """The board's box lies in the screen; one taller than the screen only where fitting
    it would draw its text under 9 px (the page scrolls for the rest), and then from its
    top on."""
    size, board = page.viewport_size, page.locator(BOX).bounding_box()
    if board["height"] <= size["height"]:
        assert_in_view(page, BOX)
    else:
        assert page.evaluate(SMALLEST_TEXT) == pytest.approx(9, abs=0.01)
        assert_inside(page, BOX, 0, 0, size["width"], size["height"] + board["height"])


def focused(page) -> str:
    return page.evaluate(
        "(e => e === document.body ? '' : e.id || 'move ' + e.parentElement.value"
        " + (e.matches('[aria-current=step]') ? ' current' : ''))(document.activeElement)"
    )


@pytest.mark.slow  # the 9 px test steps the six-player page on a phone each run
@VIEWPORTS
@pytest.mark.parametrize("game", ["load-20x20", "tiles-6"])
def test_the_page_never_scrolls_itself_and_the_board_stays_in_view(open_page, game, viewport):
    """Stepping scrolls neither the page nor the board away; at 360x640 the board, the
    buttons and the scrubber fit the first screen, at 1920x1080 the whole page does, but
    for the 20x20 board at its narrowest (9 px text), 1,128 px tall: the page scrolls for
    its last 64 px, the buttons and the move list beside it."""
    page = open_page(game, viewport)
    last = int(page.evaluate("document.documentElement.dataset.turns"))
    board = page.locator(BOX).bounding_box()
    assert board["width"] >= 0.9 * viewport["width"] or board["height"] >= 0.9 * (
        viewport["height"] - 40
    )  # as big as the screen lets it be
    for key in ["End", "ArrowLeft", "ArrowLeft", "Home", "ArrowRight", "End"]:
        page.keyboard.press(key)
        assert scroll_y(page) == 0, key
        for part in ("#replay-title", "#replay-controls", "#replay-scrub"):
            assert_in_view(page, part)
        assert_board_in_view(page)
    assert turn(page) == last
    page.locator("#replay-back").click()
    page.locator("#replay-scrub").focus()
    page.keyboard.press("ArrowLeft")
    page.locator("#replay-start").click()
    assert turn(page) == 0
    assert scroll_y(page) == 0
    assert_board_in_view(page)
    if viewport is DESKTOP:  # the move list beside the board: nothing else to scroll
        page_height = page.evaluate("document.documentElement.scrollHeight")
        assert page_height <= max(viewport["height"], board["height"] + 16)  # padding .5rem
        assert_in_view(page, "#replay-moves")
        assert page.locator("#replay-moves").bounding_box()["x"] > board["x"] + board["width"]


@pytest.mark.slow
@VIEWPORTS
def test_the_move_list_is_one_tab_stop_stepped_with_its_keys(open_page, viewport):
    page = open_page("tiles-6", viewport)
    last = int(page.evaluate("document.documentElement.dataset.turns"))
    stops = []
    for _ in range(25):
        page.keyboard.press("Tab")
        stops.append(focused(page))
    ids = ["start", "back", "play", "step", "end", "slower", "faster", "scrub"]
    stops_expected = {f"replay-{name}" for name in ids} | {"rules-open", "move 0 current"}
    assert set(stops) - {""} == stops_expected
    assert page.evaluate(TAB_STOPS) == len(stops_expected)  # 157 moves, one tab stop
    assert page.locator("#replay-moves button[tabindex='0']").count() == 1

    page.locator("#replay-scrub").focus()
    page.keyboard.press("Tab")  # into the list: the whole list comes into view once
    assert focused(page) == "move 0 current"
    entered_at = scroll_y(page)
    board = page.locator(BOX).bounding_box()
    below_board = board["y"] + board["height"] if viewport is PHONE else 0  # or beside it
    box = page.locator("#replay-moves").bounding_box()
    list_box = (box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"])
    for key, expected in [
        ("ArrowDown", 1),
        ("ArrowDown", 2),
        ("ArrowDown", 3),
        ("ArrowUp", 2),
        ("End", last),
        ("ArrowDown", last),
        ("Home", 0),
        ("ArrowUp", 0),
        ("End", last),
    ]:
        page.keyboard.press(key)
        assert turn(page) == expected, key
        assert focused(page) == f"move {expected} current"
        assert scroll_y(page) == entered_at  # the list scrolls inside its box, not the page
        assert_in_view(page, BOX)
        assert_in_view(page, CURRENT, top=below_board)
        assert_inside(page, CURRENT, *list_box)
    assert page.evaluate("document.getElementById('replay-moves').scrollTop") > 0
    assert page.locator(CURRENT).count() == 1
    assert page.locator("#replay-moves button[tabindex='0']").get_attribute("aria-current")

    page.locator("#replay-moves button").nth(last - 2).click()  # a click shows that move
    assert turn(page) == last - 2
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # and the list's one stop is now that move
    assert focused(page) == f"move {last - 2} current"
    page.locator("#replay-play").evaluate("play => play.click()")  # the focus stays
    page.wait_for_function(f"document.documentElement.dataset.turn == {last}")
    assert focused(page) == f"move {last - 2}"  # playing leaves the focus where it is
    page.keyboard.press("Enter")  # Enter on a move shows it
    assert turn(page) == last - 2
    assert page.locator("#replay-play").text_content() == "Play (Space)"
    assert_in_view(page, BOX)


@pytest.mark.slow  # about a thousand clicks a viewport
@VIEWPORTS
def test_a_click_anywhere_raises_no_script_error(open_page, viewport):
    """The Load board's SVG has a <rect id="board">; no page id can be one of the SVG's."""
    page = open_page("load-20x20", viewport)
    ids = page.evaluate("[...document.querySelectorAll('[id]')].map(e => e.id)")
    assert len(ids) == len(set(ids))
    page.locator("#replay-picture svg #board").dispatch_event("click")
    page.locator("#replay-picture svg").click(position={"x": 2, "y": 2})  # the background
    width, height = viewport["width"], viewport["height"]
    for scrolled in ("0", "document.documentElement.scrollHeight"):  # the top, the bottom
        page.evaluate(f"window.scrollTo(0, {scrolled})")
        for y in range(3, height, height // 30):  # 30 rows of 16 clicks over the screen
            for x in range(3, width, width // 16):
                page.mouse.click(x, y)
    page.wait_for_timeout(300)
    assert page.errors == []


PICTURE_TEXTS = "[...document.querySelectorAll('#replay-picture svg text')].map(t => t.textContent)"
# The side's words as a reader meets them: the rules card's example is a picture too.
SIDE_WORDS = """(() => {
  const side = document.querySelector('#replay-side').cloneNode(true);
  side.querySelectorAll('svg, style').forEach(part => part.remove());
  return side.textContent;
})()"""


@pytest.mark.slow
def test_the_picture_is_hidden_from_screen_readers_the_words_are_not(open_page):
    page = open_page("tiles-6")
    assert page.locator("#replay-picture").get_attribute("aria-hidden") == "true"
    assert page.locator("#replay-picture svg").aria_snapshot() == ""
    tree = page.context.new_cdp_session(page).send("Accessibility.getFullAXTree")["nodes"]
    said = {
        node["name"]["value"]
        for node in tree
        if not node.get("ignored") and node.get("role", {}).get("value") == "StaticText"
    }
    drawn = set(page.evaluate(PICTURE_TEXTS))
    own_words = page.evaluate(SIDE_WORDS)
    only_drawn = {text for text in drawn if text not in own_words}
    assert len(drawn) > 100 and "Last dispute" in only_drawn
    assert said & only_drawn == set()
    snapshot = page.locator("body").aria_snapshot()
    assert "Last dispute" not in snapshot
    assert 'list "Moves"' in snapshot and "Turn 1: Tiles dealt for round 1" in snapshot


@pytest.mark.slow
def test_a_part_of_a_game_keeps_the_games_own_turn_numbers(open_page, exported):
    """`export --from 3 --to 9`: the label, the scrubber, data-turn and data-turns agree."""
    page = open_page("loops-3-to-9")
    scrub = page.locator("#replay-scrub")

    def agree(k):
        assert turn(page) == k
        assert page.evaluate("document.documentElement.dataset.turns") == "9"
        assert page.locator("#replay-scrub-label").text_content() == f"Turn {k} of 9"
        assert (scrub.get_attribute("min"), scrub.get_attribute("max")) == ("3", "9")
        assert scrub.input_value() == str(k)
        assert page.locator("#replay-status").text_content().startswith(f"Turn {k} of 9: ")

    agree(3)
    page.keyboard.press("ArrowRight")
    agree(4)
    page.keyboard.press("End")
    agree(9)
    scrub.focus()
    page.keyboard.press("Home")
    agree(3)
    page.keyboard.press("ArrowRight")  # the scrubber by one
    agree(4)
    scrub.fill("7")
    agree(7)
    moves = page.locator("#replay-moves li")
    assert moves.count() == 7
    assert moves.first.get_attribute("value") == "3"
    assert moves.first.locator("button").get_attribute("aria-label").startswith("Turn 3: ")
    clip = Clip(load_replay(exported["loops-3-to-9"][0]), first=3, last=9)
    assert_picture_shows(page, list(clip.scenes())[7 - 3], "loops")


@pytest.mark.slow
def test_space_plays_and_pauses_wherever_the_focus_is_but_on_a_button(open_page):
    page = open_page("tiles-6", clock=True)
    play = page.locator("#replay-play")
    page.locator("#replay-scrub").focus()
    page.keyboard.press("Space")  # on the scrubber
    assert play.text_content() == "Pause (Space)"
    page.clock.run_for(600)  # 4 turns a second: turns 1 and 2 at 250 and 500 ms
    page.keyboard.press("Space")
    assert play.text_content() == "Play (Space)"
    assert turn(page) == 2
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Space")  # on nothing
    assert play.text_content() == "Pause (Space)"
    page.keyboard.press("Space")
    assert play.text_content() == "Play (Space)"
    assert scroll_y(page) == 0  # and Space did not scroll the page
    at = turn(page)
    page.locator("#replay-step").focus()
    page.keyboard.press("Space")  # on a button: presses it
    assert (turn(page), play.text_content()) == (at + 1, "Play (Space)")
    page.locator("#replay-moves [tabindex='0']").focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Space")  # on a move: shows it
    assert (turn(page), play.text_content()) == (at, "Play (Space)")
    page.locator("#replay-play").focus()
    page.keyboard.press("Space")
    assert play.text_content() == "Pause (Space)"
    page.keyboard.press("Space")
    assert play.text_content() == "Play (Space)"


@pytest.mark.slow
def test_letter_keys_ignore_shift(open_page, pages):
    clip, _ = pages["loops"]
    page = open_page("loops")
    status = page.locator("#replay-status")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+B")
    assert status.text_content() == SCENES["loops"].board_words(clip.replay.frames()[1])
    page.keyboard.press("ArrowRight")
    page.keyboard.press("b")
    assert status.text_content() == SCENES["loops"].board_words(clip.replay.frames()[2])
    load = open_page("load")  # no board to read back: B does nothing, and nothing breaks
    load.keyboard.press("ArrowRight")
    spoken = load.locator("#replay-status").text_content()
    load.keyboard.press("Shift+B")
    load.keyboard.press("b")
    assert load.locator("#replay-status").text_content() == spoken


@pytest.mark.slow
def test_the_speed_reads_one_turn_a_second(open_page):
    page = open_page("loops")
    speed = page.locator("#replay-speed")
    assert speed.text_content() == "4 turns a second"
    page.keyboard.press("-")
    page.keyboard.press("-")
    assert speed.text_content() == "1 turn a second"
    page.keyboard.press("+")
    assert speed.text_content() == "2 turns a second"


LISTEN = """() => {
  const status = document.getElementById("replay-status");
  window.spoken = [];
  new MutationObserver((records) => records.forEach(() => window.spoken.push(
    [performance.now(), status.textContent, document.documentElement.dataset.turn]
  ))).observe(status, {childList: true, characterData: true, subtree: true});
}"""


def test_the_live_region_speaks_at_most_twice_a_second_while_playing(open_page):
    page = open_page("tiles-6", clock=True)
    for _ in range(4):
        page.keyboard.press("+")
    assert page.locator("#replay-speed").text_content() == "60 turns a second"
    page.evaluate(LISTEN)
    page.keyboard.press("Space")
    page.clock.run_for(2000)
    page.keyboard.press("Space")
    played = turn(page)
    spoken = page.evaluate("window.spoken")
    *playing, paused = spoken
    times = [at for at, _, _ in playing]
    # Many turns went by by the page's clock, and fewer were spoken, never two within
    # half a second (so at most five in two seconds).
    assert played >= 10 and 1 <= len(playing) < played
    assert all(later - earlier >= 499 for earlier, later in zip(times, times[1:], strict=False))
    for _, words, shown in spoken:  # the turn shown when it spoke: the latest
        assert words.startswith(f"Turn {shown} of ")
    assert paused[1].startswith(f"Turn {played} of ")  # pausing always speaks
    page.evaluate("window.spoken = []")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # and so does every step by hand, however quick
    assert [words.split(":")[0] for _, words, _ in page.evaluate("window.spoken")] == [
        f"Turn {played + 1} of 156",
        f"Turn {played + 2} of 156",
    ]


@pytest.mark.parametrize("name", ["loops", "timed-realtime"])  # real time's button pressed
def test_text_contrast_is_at_least_4_5_to_1(open_page, name):
    page = open_page(name)
    page.keyboard.press("ArrowRight")
    ratios = page.evaluate(
        TEXT_CONTRASTS, "h1, h2, button, label, #replay-speed, #replay-status, #replay-moves li"
    )
    assert len(ratios) > 12
    assert [name for name, ratio in ratios if ratio < 4.5] == []


def shows_for(page, k, ms):
    """Turn k stays on screen `ms` milliseconds by the page's clock, then the next shows."""
    page.clock.run_for(ms - 1)
    assert turn(page) == k
    page.clock.run_for(1)
    assert turn(page) == k + 1


def test_the_real_time_button_plays_each_turn_for_its_recorded_time(open_page):
    page = open_page("timed", clock=True)
    real, speed = page.locator("#replay-real"), page.locator("#replay-speed")
    assert real.text_content() == "Real time (R)"
    assert real.get_attribute("aria-pressed") == "false"
    page.keyboard.press("r")
    assert real.get_attribute("aria-pressed") == "true"
    assert speed.text_content() == "Real time ×1"
    page.keyboard.press("Space")
    for k, ms in enumerate(TIMED_SHOWN_MS):
        shows_for(page, k, ms)
    page.keyboard.press("+")  # twice as fast: turn 4's 20 ms (5 recorded), from now, in 10
    assert speed.text_content() == "Real time ×2"
    shows_for(page, 4, 10)
    real.click()  # off: the fixed pace again, as it was
    assert real.get_attribute("aria-pressed") == "false"
    assert speed.text_content() == "4 turns a second"
    shows_for(page, 5, 250)


def test_a_real_time_export_opens_in_real_time_and_a_recording_without_times_has_no_button(
    open_page,
):
    page = open_page("timed-realtime", clock=True)
    assert page.locator("#replay-real").get_attribute("aria-pressed") == "true"
    assert page.locator("#replay-speed").text_content() == "Real time ×1"
    page.locator("#replay-play").click()
    shows_for(page, 0, TIMED_SHOWN_MS[0])
    assert open_page("load").locator("#replay-real").count() == 0


# --- an analysed recording: the chance chart and the judged move list ---------------------

# `oddsevens analyze -o` of the Odds and Evens sample (exact, "!" on gold's turns 2, 4 and
# 8) and of a 3x3 Load board at Load 3 whose random player 1 throws its win at turn 5.
LOAD_BLUNDER = ["record", "load", "--rows", "3", "--cols", "3", "--load", "3", "--seed", "5"]
NB = NO_BREAK  # a number held to its unit
LOAD_BLUNDER_LABEL = f"Turn 5, red picked 8, blunder, chance 47{NB}% to 0{NB}%"
LOAD_BLUNDER_BEST = "Pick red 0 or Pick red 1"
CHART = "#replay-chart"
POINTS = ".eval-chart .eval-point"


@pytest.fixture(scope="module")
def analysed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("analysed")
    made = {}
    made_from = {
        "loops-analysed": (RECORDINGS / "loops-sample.jsonl", []),
        "loops-analysed-3-to-9": (RECORDINGS / "loops-sample.jsonl", ["--from", "3", "--to", "9"]),
        "load-analysed": (folder / "load.jsonl", []),
    }
    assert main([*LOAD_BLUNDER, "-o", str(folder / "load.jsonl")]) == 0
    for name, (recording, options) in made_from.items():
        annotated = folder / f"{name}.jsonl"
        assert main(["analyze", str(recording), "-o", str(annotated)]) == 0
        made[name] = (annotated, page_of(annotated, folder / f"{name}.html", options))
    return made


@pytest.fixture
def open_analysed(open_page, analysed, exported):
    def open_(name, viewport=None):
        exported[name] = analysed[name]  # open_page finds pages by name there
        return open_page(name, viewport)

    return open_


def points(page) -> list[int]:
    return [
        int(turn) for turn in page.eval_on_selector_all(POINTS, "ps => ps.map(p => p.dataset.turn)")
    ]


def current_point(page) -> list[int]:
    return [
        int(t)
        for t in page.eval_on_selector_all(
            f"{POINTS}[aria-current=step]", "ps => ps.map(p => p.dataset.turn)"
        )
    ]


def cursor_at_point(page, k: int) -> bool:
    """The dashed line marking the turn shown runs through the point of turn k."""
    return page.evaluate(
        f"""(() => {{
      const cursor = document.querySelector('{CHART} .chart-cursor').getBoundingClientRect();
      const dot = document.querySelector('{POINTS}[data-turn="{k}"] .dot').getBoundingClientRect();
      return Math.abs(cursor.x + cursor.width / 2 - (dot.x + dot.width / 2)) < 1;
    }})()"""
    )


def test_a_click_on_a_chart_point_shows_its_turn(open_analysed):
    page = open_analysed("load-analysed")
    assert page.locator(".eval-chart").count() == 1
    assert page.locator(CHART).evaluate("e => e.namespaceURI") == "http://www.w3.org/2000/svg"
    assert points(page) == list(range(1, 15))  # every move of this game is judged
    assert current_point(page) == []  # turn 0: the start, no move yet
    page.locator(f'{POINTS}[data-turn="5"]').click()
    assert turn(page) == 5
    assert current_point(page) == [5] and cursor_at_point(page, 5)
    page.locator(f'{POINTS}[data-turn="11"]').click()
    assert turn(page) == 11
    assert page.locator("#replay-scrub-label").text_content() == "Turn 11 of 14"
    assert page.locator("#replay-status").text_content().startswith("Turn 11 of 14: ")


@pytest.mark.slow
def test_the_chart_marks_the_turn_shown_by_the_scrubber_and_the_keys(open_analysed):
    page = open_analysed("loops-analysed")
    assert points(page) == list(range(1, 11))
    for key, expected in [("ArrowRight", 1), ("ArrowRight", 2), ("End", 10), ("ArrowLeft", 9)]:
        page.keyboard.press(key)
        assert turn(page) == expected
        assert current_point(page) == [expected] and cursor_at_point(page, expected)
    page.locator("#replay-scrub").fill("4")
    assert current_point(page) == [4] and cursor_at_point(page, 4)
    page.locator("#replay-moves button").nth(7).click()
    assert current_point(page) == [7] and cursor_at_point(page, 7)
    page.keyboard.press("Home")
    assert current_point(page) == []


@pytest.mark.slow
def test_the_chart_is_one_tab_stop_stepped_with_arrows_and_enter(open_analysed):
    page = open_analysed("load-analysed")
    page.keyboard.press("Tab")  # the chart comes first, under the board
    active = "document.activeElement"
    assert page.evaluate(f"{active}.matches('{POINTS}')")
    assert page.evaluate(f"{active}.dataset.turn") == "1"
    assert page.locator(f"{POINTS}[tabindex='0']").count() == 1
    page.keyboard.press("Tab")
    assert focused(page) == "replay-start"  # one stop: the next Tab leaves the chart
    page.keyboard.press("Shift+Tab")
    for key, expected in [
        ("ArrowRight", 2),
        ("ArrowRight", 3),
        ("ArrowDown", 4),
        ("ArrowLeft", 3),
        ("ArrowUp", 2),
        ("End", 14),
        ("ArrowRight", 14),
        ("Home", 1),
    ]:
        page.keyboard.press(key)
        assert turn(page) == expected, key
        assert page.evaluate(f"{active}.dataset.turn") == str(expected), key
        assert current_point(page) == [expected]
        assert scroll_y(page) == 0
    page.locator("#replay-scrub").fill("9")  # the chart's stop follows the turn shown
    page.locator(f'{POINTS}[data-turn="5"]').focus()
    page.keyboard.press("Enter")  # Enter shows the focused point
    assert turn(page) == 5
    page.locator(f'{POINTS}[data-turn="6"]').focus()
    page.keyboard.press("Space")  # so does Space, which plays nothing here
    assert turn(page) == 6
    assert page.locator("#replay-play").text_content() == "Play (Space)"


@pytest.mark.slow
def test_chart_points_are_named_buttons(open_analysed):
    page = open_analysed("load-analysed")
    blunder = page.locator(f'{POINTS}[data-turn="5"]')
    assert blunder.get_attribute("role") == "button"
    assert blunder.get_attribute("aria-label") == LOAD_BLUNDER_LABEL
    assert page.locator(f'{POINTS}[data-turn="1"]').get_attribute("aria-label") == (
        f"Turn 1, red picked 4, inaccuracy, chance 53{NB}% to 39{NB}%"
    )
    snapshot = page.locator("body").aria_snapshot()
    spoken = LOAD_BLUNDER_LABEL.replace(NB, " ")  # an accessible name reads it as a space
    assert f'button "{spoken}"' in snapshot
    assert "Red's chance to win" in page.locator(CHART).get_attribute("aria-label")
    assert page.locator("#replay-picture").get_attribute("aria-hidden") == "true"
    assert page.locator("#replay-chart-box").get_attribute("aria-hidden") is None
    # The glyph is written beside its dot, not told by its colour alone.
    assert blunder.locator("text").text_content() == "??"
    assert page.locator(f'{POINTS}[data-turn="7"] text').count() == 0  # no glyph at turn 7


@pytest.mark.slow
def test_the_move_list_shows_glyphs_and_the_best_move_of_a_mistake(open_analysed):
    page = open_analysed("load-analysed")
    moves = page.locator("#replay-moves button")
    blunder = moves.nth(5)
    assert blunder.locator(".glyph").text_content().strip() == "??"
    assert blunder.locator(".best-move").text_content() == f"best: {LOAD_BLUNDER_BEST}"
    assert blunder.get_attribute("aria-label") == (
        f"Turn 5: Red picked 8, blunder; best: {LOAD_BLUNDER_BEST}"
    )
    assert moves.nth(7).locator(".glyph, .best-move").count() == 0  # turn 7: no glyph
    blunder.click()
    spoken = page.locator("#replay-status").text_content()
    assert spoken.startswith(
        f"Turn 5 of 14: Red picked 8 (blunder, chance 47{NB}% to 0{NB}%; "
        f"best: {LOAD_BLUNDER_BEST})."
    )
    loops = open_analysed("loops-analysed")
    glyphs = loops.eval_on_selector_all(
        "#replay-moves button",
        "bs => bs.map(b => (b.querySelector('.glyph') || {textContent: ''}).textContent.trim())",
    )
    assert glyphs == ["", "", "!", "", "!", "", "", "", "!", "", ""]  # turns 0 to 10
    assert loops.locator("#replay-moves .best-move").count() == 0  # "!" is no mistake
    assert loops.locator("#replay-moves button").nth(2).get_attribute("aria-label") == (
        "Turn 2: Gold placed 2 pieces on right (now forces 2), only move"
    )


@pytest.mark.slow
def test_a_part_of_an_analysed_game_charts_its_own_turns(open_analysed):
    page = open_analysed("loops-analysed-3-to-9")
    assert points(page) == list(range(3, 10))
    assert current_point(page) == [3]
    page.locator(f'{POINTS}[data-turn="7"]').click()
    assert turn(page) == 7
    assert page.locator("#replay-scrub-label").text_content() == "Turn 7 of 9"
    assert current_point(page) == [7] and cursor_at_point(page, 7)


@pytest.mark.slow
def test_a_page_of_an_unanalysed_recording_has_no_chart(open_page, exported):
    page = open_page("loops-3-to-9")
    assert page.locator(".eval-chart, #replay-chart-box, .eval-point").count() == 0
    assert page.locator("#replay-moves .glyph, #replay-moves .best-move").count() == 0
    data = page.evaluate("JSON.parse(document.getElementById('replay-data').textContent)")
    assert "chart" not in data
    assert 'id="replay-chart' not in exported["loops-3-to-9"][1].read_text()


@pytest.mark.slow
@VIEWPORTS
def test_the_page_with_a_chart_never_scrolls_itself(open_analysed, viewport):
    page = open_analysed("load-analysed", viewport)
    # On a phone the 3x3 board is as wide as the screen (its 9 px text would need 420 px),
    # so the first screen holds it and the chart; the buttons follow, the page scrolling.
    parts = ("#replay-title", BOX, CHART)
    if viewport is DESKTOP:
        parts += ("#replay-controls", "#replay-scrub")
    for key in ["End", "ArrowLeft", "Home", "ArrowRight", "ArrowRight"]:
        page.keyboard.press(key)
        assert scroll_y(page) == 0, key
        for part in parts:
            assert_in_view(page, part)
    page.locator(f'{POINTS}[data-turn="9"]').click()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("End")
    assert turn(page) == 14 and scroll_y(page) == 0
    board = page.locator(BOX).bounding_box()
    chart = page.locator(CHART).bounding_box()
    assert chart["y"] >= board["y"] + board["height"] - 0.5  # under the board
    assert (
        chart["x"] <= board["x"] + 1
        and chart["x"] + chart["width"] >= board["x"] + board["width"] - 1
    )
    if viewport is DESKTOP:
        assert page.evaluate("document.documentElement.scrollHeight") <= viewport["height"]
        assert_in_view(page, "#replay-moves")
        assert board["height"] >= 0.8 * viewport["height"]


@pytest.mark.slow
def test_chart_and_move_list_text_contrast_is_at_least_4_5_to_1(open_analysed):
    page = open_analysed("load-analysed")
    page.locator("#replay-moves button").nth(5).click()
    ratios = page.evaluate(
        """() => {
      const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
      const lum = ([r, g, b]) => [r, g, b].map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
      const ratio = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const back = lum(rgb(getComputedStyle(document.querySelector('.chart-back')).fill));
      const texts = [...document.querySelectorAll('.eval-chart text')].map(
        (t) => [t.textContent, ratio(lum(rgb(getComputedStyle(t).fill)), back)]);
      const best = [...document.querySelectorAll('#replay-moves .best-move')].map((e) => {
        const button = e.closest('button');
        const bg = getComputedStyle(button).backgroundColor;
        const under = rgb(bg).length === 4 && rgb(bg)[3] === 0 ? [255, 255, 255] : rgb(bg);
        return [e.textContent, ratio(lum(rgb(getComputedStyle(e).color)), lum(under))];
      });
      return texts.concat(best);
    }"""
    )
    assert len(ratios) > 8
    assert [name for name, value in ratios if value < 4.5] == []


def test_an_address_with_a_turn_opens_the_page_there(open_page, pages):
    clip, _ = pages["load"]
    page = open_page("load", address="#turn=4")
    assert turn(page) == 4
    assert_picture_shows(page, list(clip.scenes())[4], "load")
    page.evaluate("location.hash = '#turn=2'")  # an address typed in, or a link followed
    page.wait_for_function("document.documentElement.dataset.turn === '2'")


def address(page) -> str:
    """The page's own address as its script left it (Playwright's `page.url` follows a
    replaced address only once an event has come through)."""
    return str(page.evaluate("location.hash"))


def test_the_address_follows_the_turn_shown_without_adding_history(open_page, pages):
    page = open_page("load")
    assert address(page) == ""  # opened at the start: the address as it was
    entries = page.evaluate("history.length")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert address(page) == "#turn=3" and page.evaluate("history.length") == entries
    page.keyboard.press("End")
    assert address(page) == f"#turn={turn(page)}"


@pytest.mark.slow
def test_a_part_of_a_game_keeps_the_games_own_turn_numbers_in_its_address(open_page):
    page = open_page("loops-3-to-9", address="#turn=5")
    assert turn(page) == 5
    page.keyboard.press("Home")
    assert address(page) == "#turn=3"


@pytest.mark.parametrize("width", [777, 913])  # scaled by a factor that is no whole number
def test_an_empty_load_cell_shows_no_hairline_where_its_halves_meet(open_page, pages, width):
    clip, _ = pages["load"]
    scene = list(clip.scenes())[0]  # the start: every cell empty
    page = open_page("load", viewport={"width": width, "height": 1400})
    image, box = picture(page)
    scale = box["width"] / scene.width
    white = scene.rgb("cell")
    for cell in range(7):
        green = scene.by_key()[f"green-{cell}"]  # the seam would run along its top edge
        for across in (0.12, 0.2, 0.8, 0.88):  # clear of the number's label
            x = round((green.x + green.w * across) * scale)
            for y in {int(green.y * scale), round(green.y * scale)}:
                pixel = image.getpixel((x, y))
                assert max(abs(a - b) for a, b in zip(pixel, white, strict=True)) <= 6, (cell, y)
