"""The game server's pages in real headless Chromium (Playwright driving Debian's
chromium): people open a room, take their seats from the invite link and play to the
end, each on a page of their own; every WebSocket frame each page received and each
page's DOM are read for the numbers of that seat's own hidden tiles."""

from __future__ import annotations

import json

import pytest
from support.server import leaks, tile_words
from support.serving import Served

from games.recording import parse, split_lines

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}


@pytest.fixture
def served(tmp_path):
    server = Served(tmp_path).start()
    yield server
    server.stop()


class Person:
    """A person at a page of their own: what its WebSocket received, and its DOM at
    every turn it was looked at."""

    def __init__(self, browser, url, viewport=PHONE):
        self.context = browser.new_context(viewport=viewport)
        self.page = self.context.new_page()
        self.frames: list[str] = []
        self.doms: list[tuple[int, str]] = []
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("websocket", self._listen)
        self.page.goto(url)

    def _listen(self, socket):
        socket.on("framereceived", lambda payload: self.frames.append(str(payload)))

    def take_seat(self, seat, name):
        self.page.fill(f"#claim-name-{seat}", name)
        self.page.click(f"text=Take seat {seat}")
        self.page.wait_for_selector("#title:has-text('you are')")

    def look(self):
        turn = self.page.evaluate("document.body.dataset.turn")
        if turn is not None:
            self.doms.append((int(turn), self.page.content()))

    def play_first_move(self, keyboard=False):
        """Play the first move offered, if any (by the keyboard alone when asked)."""
        buttons = self.page.locator("#moves button")
        if not buttons.count():
            return False
        if keyboard:
            buttons.first.focus()
            self.page.keyboard.press("Enter")
        else:
            buttons.first.click()
        return True

    def ended(self):
        return self.page.locator("#ended").is_visible()

    def close(self):
        self.context.close()


def open_room(browser, served, game, rules, seats, viewport=PHONE):
    """The host opens a room from the start page and sits at its first seat."""
    host = Person(browser, served.base + "/", viewport)
    host.page.select_option("#game", game)
    for name, value in rules.items():
        host.page.fill(f"#rule-{name}", str(value))
    for number, held in seats.items():
        host.page.select_option(f"#seat-{number}", held)
    host.page.fill("#name", "Host")
    host.page.click("text=Open the room")
    host.page.wait_for_url("**/r/*")
    host.page.wait_for_selector("#title:has-text('you are')")
    return host


def play_to_the_end(people, keyboard=False, rounds=2000):
    for _ in range(rounds):
        if all(person.ended() for person in people):
            return
        for person in people:
            person.look()
            person.play_first_move(keyboard)
            person.page.wait_for_timeout(20)
    raise AssertionError("the game did not end")


def hands_at_each_turn(recording):
    """The hands as they were after each turn, from the finished game's recording."""
    replay = parse(split_lines(recording))
    return [[list(hand) for hand in state.hands] for state in replay.frames()]


@pytest.mark.slow
def test_four_people_play_even_odds_to_the_end_and_no_page_sees_its_own_numbers(chromium, served):
    host = open_room(chromium, served, "tiles", {"players": 4}, {})
    url = host.page.url
    people = [host]
    for seat in (1, 2, 3):
        person = Person(chromium, f"{url}?seat={seat}")
        person.take_seat(seat, f"Friend {seat}")
        people.append(person)
    host.page.click("#start")
    play_to_the_end(people)
    room = url.rsplit("/", 1)[1]
    hands = hands_at_each_turn(served.get(f"/api/rooms/{room}/recording").decode())
    for seat, person in enumerate(people):
        views = [json.loads(frame) for frame in person.frames]
        views = [view for view in views if view.get("type") == "view"]
        assert views and views[-1]["ended"]
        for view in views:
            if view["started"] and not view["ended"]:
                held = hands[view["turn"]][seat]
                assert not leaks(json.dumps(view), held), (seat, view["turn"])
        for turn, dom in person.doms:
            if turn < len(hands) - 1:
                words = [p for tile in hands[turn][seat] for p in tile_words(tile)]
                assert not [w.pattern for w in words if w.search(_board(dom))], (seat, turn)
        assert not person.errors
    banner = host.page.inner_text("#ended")
    assert "wins" in banner or "share" in banner
    for person in people:
        person.close()


def _board(dom):
    """The page's board, status line and move buttons: what shows the current round (the
    list of moves played goes back to rounds before, whose tiles are all dealt again)."""
    start = dom.index('<svg id="board"')
    status = dom.index('id="status"')
    return dom[start : dom.index("</svg>", start)] + dom[status : dom.index('id="notice"')]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["loops", "load"])
def test_two_people_play_an_open_game_by_the_keyboard_alone(chromium, served, game):
    first = "1" if game == "load" else "0"
    second = str(int(first) + 1)
    rules = {"rows": 3, "cols": 3} if game == "load" else {}
    host = open_room(chromium, served, game, rules, {})
    guest = Person(chromium, f"{host.page.url}?seat={second}")
    guest.take_seat(int(second), "Guest")
    host.page.focus("#start")
    host.page.keyboard.press("Enter")
    play_to_the_end([host, guest], keyboard=True)
    for person in (host, guest):
        assert person.page.inner_text("#result")
        assert not person.errors
    gif = host.page.evaluate("fetch(document.getElementById('get-gif').href).then(r => r.status)")
    assert gif == 200
    host.close()
    guest.close()


@pytest.mark.parametrize("width", [320, pytest.param(768, marks=pytest.mark.slow)])
def test_the_pages_fit_a_phone_held_upright_and_axe_finds_no_violation(chromium, served, width):
    from axe_playwright_python.sync_playwright import Axe

    viewport = {"width": width, "height": 700}
    start = Person(chromium, served.base + "/", viewport)
    assert Axe().run(start.page).violations_count == 0
    start.close()
    seats = {"1": "hard", "2": "hard"}
    host = open_room(chromium, served, "tiles", {"players": 3}, seats, viewport)
    host.page.click("#start")
    host.page.wait_for_selector("#moves button")
    page = host.page
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    board = page.locator("#board").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= width
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()
    assert page.get_attribute("#status", "aria-live") == "polite"
    host.close()


@pytest.mark.parametrize(
    ("game", "rules", "seats", "shape"),
    [
        ("tiles", {"players": 3}, {"1": "hard", "2": "hard"}, "hidden-0-"),  # your tile
        ("load", {}, {"2": "balanced-green"}, "red-"),  # a cell
        ("loops", {}, {"1": "easy"}, "slot-"),  # a loop's slot
    ],
)
def test_a_tap_on_the_board_plays_the_move_there(chromium, served, game, rules, seats, shape):
    host = open_room(chromium, served, game, rules, seats)
    host.page.click("#start")
    host.page.wait_for_selector("#moves button")
    turn = int(host.page.evaluate("document.body.dataset.turn"))
    target = host.page.locator("#board [data-move]").first
    assert target.get_attribute("data-key").startswith(shape)
    target.click()
    host.page.wait_for_selector(f"body:not([data-turn='{turn}'])")
    assert not host.errors
    host.close()


def test_the_rules_card_opens_from_the_keyboard_at_the_table(chromium, served):
    from axe_playwright_python.sync_playwright import Axe

    host = open_room(chromium, served, "loops", {}, {"1": "easy"})
    page = host.page
    page.keyboard.press("?")
    card = page.locator("#rules-card")
    card.wait_for(state="visible")
    assert "Odds and Evens" in card.inner_text() and "Even Odds" not in card.inner_text()
    assert Axe().run(page).violations_count == 0
    page.keyboard.press("Escape")
    card.wait_for(state="hidden")
    assert page.evaluate("document.activeElement.id") == "rules-open"
    host.close()
