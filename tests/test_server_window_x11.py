"""A window joined to a browser's room (`play tiles --join URL`), on a real X server:
the host plays in Chromium, the window's seat by real key presses (xdotool), and the
window, which holds only its views, saves the finished game's recording."""

from __future__ import annotations

import contextlib
import json
import re

import pytest
from support.serving import Screen, Served
from support.xsession import XServer, XWindow, wait_until
from test_server_browser import Person, open_room

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
        assert view["ended"]
        assert played >= 3 * 12  # every tile of the window's seat was played by a key
        saved = wait_until(lambda: list((tmp_path / "out").glob("room-*.jsonl")), 20)
        assert window.close() == 0
        assert saved, (tmp_path / "window.log").read_text()
        lines = saved[0].read_text().splitlines()
        assert json.loads(lines[0])["names"][1] == "Win" and "result" in json.loads(lines[-1])
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
        view = watcher.next("view")
        for _ in range(400):
            if view["ended"]:
                break
            if view["to_move"] == 1:
                guest.play_first_move()
            elif view["to_move"] == 0:
                window.key("Return", pause=0.05)
            with contextlib.suppress(TimeoutError):
                view = watcher.next("view", timeout=2)
        assert view["ended"] and view["seats"][0]["kind"] == "person"
        assert window.close() == 0
        guest.close()
        watcher.close()
    finally:
        display.close()
        served.stop()
