"""A window joined to a browser's room (`play tiles --join URL`), on a real X server:
the host plays in Chromium, the window's seat by real key presses (xdotool). The window
holds only its views; it keeps its session as a local window does (move by move where
nothing is hidden, whole once the game has ended), and G saves the ended game."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable
from functools import partial

import numpy as np
import pytest
from support.serving import Screen, Served
from support.xsession import XServer, XWindow, wait_until
from test_server_browser import Person, open_room

from games import REGISTRY
from games.history import History
from games.load import Pick
from viz.scenes import PALETTES


def events_of(path) -> list[dict]:
    lines = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    return [{k: v for k, v in line.items() if k != "ms"} for line in lines if "result" not in line]


def saved_by_g(window: XWindow, game: str) -> set[str]:
    """G, once the game has ended: the kinds of file it wrote."""
    window.key("g")
    made = wait_until(
        lambda: {p.suffix for p in window.out.glob(f"{game}-*")} >= {".gif", ".svg"}, 60
    )
    assert made, (window.folder / "window.log").read_text()
    return {p.suffix for p in window.out.glob(f"{game}-*")}


pytestmark = [pytest.mark.x11, pytest.mark.browser]


@pytest.mark.slow
def test_a_window_plays_a_seat_of_a_browsers_room_to_the_end(chromium, tmp_path):
    served = Served(tmp_path / "server").start()
    display = XServer()
    try:
        host = open_room(chromium, served, "tiles", {"players": 3}, {"2": "hard"})
        room = host.page.url.rsplit("/", 1)[1]
        invite = f"{served.base}/r/{room}?seat=1"
        window = XWindow(display, tmp_path, "play", "tiles", "--join", invite, "--name", "Win")
        host.page.wait_for_selector("#seat-list:has-text('Seat 1: Win')")
        host.page.click("#start")
        watcher = Screen(served, room, {"type": "watch"})
        view, played, hinted = watcher.next("view"), 0, ""
        log = tmp_path / "window.log"
        for _ in range(2000):  # each pass a move, or a key pressed again
            if view["ended"]:
                break
            if view["to_move"] == 0:
                host.play_first_move()
            elif view["to_move"] == 1:
                if not hinted:  # H once: the server's hint, said as a screen reader says it
                    window.key("h")
                    hinted = wait_until(lambda: re.search(r"Hint: .*", log.read_text()), 20)
                    assert hinted, log.read_text()
                window.key("Right", "Return", pause=0.05)  # the second move offered
            try:
                after = watcher.next("view", timeout=2)
            except TimeoutError:  # the window had not drawn that view yet: press again
                continue
            played += view["to_move"] == 1 and after["turn"] > view["turn"]
            view = after
            if played == 5:  # the deal is hidden from the seat: nothing of it on its disk
                assert window.sessions() == []
        assert view["ended"]
        assert played >= 3 * 12  # every tile of the window's seat was played by a key
        whole = served.get(f"/api/rooms/{room}/recording")
        kept = wait_until(lambda: [p for p in window.sessions() if p.read_bytes() == whole], 20)
        assert kept, (tmp_path / "window.log").read_text()
        lines = kept[0].read_text().splitlines()
        assert json.loads(lines[0])["names"][1] == "Win" and "result" in json.loads(lines[-1])
        assert saved_by_g(window, "tiles") >= {".jsonl", ".gif", ".svg"}
        assert window.close() == 0
        host.close()
        watcher.close()
    finally:
        display.close()
        served.stop()


@pytest.mark.slow
def test_a_window_opens_a_room_a_browser_joins_and_the_window_starts_it(chromium, tmp_path):
    served = Served(tmp_path / "server").start()
    display = XServer()
    try:
        window = XWindow(display, tmp_path, "play", "loops", "--host", served.base)
        said = wait_until(lambda: re.search(r"/r/([\w-]+)", (tmp_path / "window.log").read_text()))
        assert said, (tmp_path / "window.log").read_text()
        room = said[1]
        guest = Person(chromium, f"{served.base}/r/{room}?seat=1")
        guest.take_seat(1, "Guest")
        window.key("s")
        guest.page.wait_for_selector("body[data-turn]")
        watcher = Screen(served, room, {"type": "watch"})
        view, looked = watcher.next("view"), False
        for _ in range(400):
            if view["ended"]:
                break
            if view["to_move"] == 1:
                guest.play_first_move()
            elif view["to_move"] == 0:
                if view["turn"] >= 2 and not looked:
                    looked = look_and_switch(window, view)
                window.key("Return", pause=0.05)
            with contextlib.suppress(TimeoutError):
                view = watcher.next("view", timeout=2)
        assert view["ended"] and view["seats"][0]["kind"] == "person" and looked
        whole = served.get(f"/api/rooms/{room}/recording")
        kept = wait_until(lambda: [p for p in window.sessions() if p.read_bytes() == whole], 20)
        assert kept, (tmp_path / "window.log").read_text()
        assert saved_by_g(window, "loops") >= {".jsonl", ".gif", ".svg"}
        assert window.close() == 0
        guest.close()
        watcher.close()
    finally:
        display.close()
        served.stop()


def shows(window: XWindow, colour: tuple[int, int, int]) -> bool:
    """Whether a pixel of the window is of that very colour."""
    pixels = np.asarray(window.screenshot())
    return bool((pixels == colour).all(axis=-1).any())


def look_and_switch(window: XWindow, view: dict) -> bool:
    """Mid-game: the session file so far, then C (colours), M (motion) and ? (the rules
    card) as in a local window."""
    turns = view["turn"]
    live = wait_until(lambda: window.sessions() and len(events_of(window.sessions()[0])) >= turns)
    assert live, "no live session file"
    assert len(events_of(window.sessions()[0])) == turns  # each move once, as it came
    blue = PALETTES["loops"]["high-contrast"].colors["p0"]
    assert not shows(window, blue)
    window.key("c", pause=0.5)
    assert wait_until(lambda: shows(window, blue), 10)
    window.key("m")
    settings = window.folder / "config" / "oddsevens" / "settings.json"
    saved = wait_until(lambda: settings.exists() and json.loads(settings.read_text()), 10)
    assert saved["motion"] == "reduced" and saved["palette"] == "high-contrast"
    window.key("question")
    log = window.folder / "window.log"
    assert wait_until(lambda: "Odds and Evens: the rules" in log.read_text(), 10)
    window.key("Escape")
    return True


def on_screen(window: XWindow, view: dict, key: str) -> tuple[int, int]:
    """Where a shape of the view's scene lies in the window: the board is the scene
    scaled to the room beside the column (a third of the window, 220 to 300 px)."""
    width, height = window.size()
    side = max(220, min(300, width // 3))
    scene = view["scene"]
    scale = min((width - side) / scene["width"], height / scene["height"])
    shape = next(s for s in scene["shapes"] if s[1] == key)
    x, y, w, h = shape[2:6]
    return round((x + w / 2) * scale), round((y + h / 2) * scale)


def room_with_a_bot(served: Served, game: str, seat: int) -> tuple[str, Callable, str]:
    """A two-seat room whose `seat` a bot has taken: its id, what starts it (once the
    window has taken the other seat), and the bot's token."""
    made = served.post("/api/rooms", {"game": game, "rules": {}, "seats": ["open"] * 2})
    room = made["room"]
    bot = served.post(f"/api/rooms/{room}/seats/{seat}", {"name": "Bot"})["token"]
    return room, partial(served.post, f"/api/rooms/{room}/start", {}, made["host"]), bot


def red_may_pick(green: Screen) -> list[int]:
    """The cells red may pick now, from the moves so far (Load hides nothing: the
    changes' events replayed through the rules)."""
    game = REGISTRY["load"]
    green.socket.send(json.dumps({"type": "since", "seq": 0}))
    history = History(game.new_state(game.rules({})))
    for change in green.next("changes")["changes"]:
        if "event" in change:
            history.push(game.move_from_event(history.state, change["event"]))
    return [move.cell for move in history.state.legal_moves() if isinstance(move, Pick)]


@pytest.mark.slow
def test_a_window_plays_load_by_clicks_on_the_cells(tmp_path):
    """Red in the window picks by clicking a cell (the top half of one cell, the bottom
    half of the next), green is a bot on the socket: each click plays its cell."""
    served = Served(tmp_path / "server").start()
    display = XServer()
    try:
        room, start, bot = room_with_a_bot(served, "load", 2)
        invite = f"{served.base}/r/{room}?seat=1"
        window = XWindow(display, tmp_path, "play", "load", "--join", invite, "--window", "980x720")
        start()
        green = Screen(served, room, {"type": "hello", "token": bot})
        view, clicked = green.next("view"), []
        while len(clicked) < 4 and not view["ended"]:
            if view["to_move"] == 2:
                green.play(view)
            elif view["to_move"] == 1 and (cells := red_may_pick(green)):
                cell = cells[len(clicked) * 7 % len(cells)]
                half = ("red", "green")[len(clicked) % 2]
                window.click(*on_screen(window, view, f"{half}-{cell}"))
                clicked.append(cell)
            view = green.next("view", timeout=20)
            while view["to_move"] == 1 and len(clicked) and view["turn"] < 2 * len(clicked):
                view = green.next("view", timeout=20)  # until the click's move has come
        green.socket.send(json.dumps({"type": "since", "seq": 0}))
        events = [c["event"] for c in green.next("changes")["changes"] if "event" in c]
        picks = [e["cell"] for e in events if e.get("player") == 1]
        assert len(clicked) == 4 and picks[:4] == clicked
        assert window.close() == 0
        green.close()
    finally:
        display.close()
        served.stop()


@pytest.mark.slow
def test_a_window_plays_on_once_its_killed_server_is_back(tmp_path):
    """Odds and Evens, the window at seat 0 and a bot at seat 1: the server is killed
    (-9) mid-game and started again on its port; the window connects again by itself
    and its next key plays, and its live session holds every move once."""
    served = Served(tmp_path / "server").start()
    display = XServer()
    try:
        room, start, bot = room_with_a_bot(served, "loops", 1)
        window = XWindow(display, tmp_path, "play", "loops", "--join", f"{served.base}/r/{room}")
        start()

        def play_until(turn: int, seat: Screen) -> dict:
            view = seat.next("view")
            for _ in range(40):  # each pass a move, or a key pressed again
                if view["turn"] >= turn or view["ended"]:
                    break
                if view["to_move"] == 1:
                    seat.play(view)
                else:
                    window.key("Return")
                with contextlib.suppress(TimeoutError):
                    view = seat.next("view", timeout=2)
            return view

        before = play_until(3, Screen(served, room, {"type": "hello", "token": bot}))
        served.kill()
        served.start()
        after = play_until(
            before["turn"] + 2, Screen(served, room, {"type": "hello", "token": bot})
        )
        assert after["turn"] >= before["turn"] + 2 or after["ended"]
        assert wait_until(lambda: len(events_of(window.sessions()[0])) >= after["turn"], 20)
        assert len(events_of(window.sessions()[0])) == after["turn"]
        assert window.close() == 0
    finally:
        display.close()
        served.stop()
