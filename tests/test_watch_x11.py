"""`watch GAME` under X: a game whose kit has tiers of automatic players plays itself with
the tier asked for in every seat, your seat too; Space pauses, Right plays one turn,
Left takes one back (real keys through xdotool, read back from the session recording)."""

from __future__ import annotations

from functools import partial

import pytest
from support.xsession import XWindow, wait_until

from viz.files import load_replay

pytestmark = [pytest.mark.x11, pytest.mark.slow]


@pytest.fixture
def watch(open_window):
    """A `watch` window, closed (and its exit checked) after the test."""
    return partial(open_window, "watch")


def players(window: XWindow) -> list[str]:
    return load_replay(window.sessions()[-1]).header["players"]


def paused_at(window: XWindow) -> int:
    """Pause (Space), and the number of events once no more come in."""
    window.key("space")
    counts: list[int] = []

    def settled() -> bool:
        counts.append(len(window.events()))
        return len(counts) >= 3 and len(set(counts[-3:])) == 1

    wait_until(settled, 5, 0.4)
    return counts[-1]


def test_odds_and_evens_plays_itself_with_the_tier_in_both_seats(watch):
    window = watch("loops", "--vs", "easy", "--seed", "3")
    events = window.wait_for_events(2, timeout=5)
    assert {event["player"] for event in events} == {0, 1}  # blue is the computer's too
    assert players(window) == ["easy", "easy"]
    count = paused_at(window)
    window.key("Right")  # one turn, one event
    assert len(window.wait_for_events(count + 1)) == count + 1
    window.key("Left")  # and back
    assert wait_until(lambda: len(window.events()) == count, 3)


def test_even_odds_plays_your_seat_too(watch):
    window = watch("tiles", "--players", "3", "--vs", "easy", "--seed", "2")
    assert wait_until(
        lambda: any(event.get("player") == 0 and "tile" in event for event in window.events()), 15
    ), window.events()
    assert players(window) == ["easy", "easy", "easy"]
    count = paused_at(window)
    window.key("Right")
    assert wait_until(lambda: len(window.events()) > count, 3)
    after = len(window.events())
    window.key("Left")
    assert wait_until(lambda: len(window.events()) < after, 3)
