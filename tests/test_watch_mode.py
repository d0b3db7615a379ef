"""`watch` on a game with tiers (WatchMode), frame by frame: the tier plays every seat, yours
too, at the delay of the game's computer seats; Space pauses, Right plays one turn, Left
takes one back while paused; a click on the board is refused with a line."""

from __future__ import annotations

from functools import partial

import pygame
import pytest
from test_load_window import click, press

from games import REGISTRY
from games.tiles import Play
from viz.window.app import AI_DELAY_MS, GameApp
from viz.window.loops import LoopsWindow
from viz.window.modes import WATCH_HINT, WatchMode
from viz.window.settings import Settings
from viz.window.tiles import RESULT_HOLD_MS, TilesWindow

TIERS = ("easy", "medium", "hard")


@pytest.fixture
def watched(tmp_path):
    opened = []

    def open_(declared, game_id, rules, vs):
        game = REGISTRY[game_id]
        window = GameApp(
            declared,
            game,
            game.rules(rules),
            seed=2,
            vs=vs,
            settings=Settings(None),
            session_dir=tmp_path / "sessions",
            mode=partial(WatchMode, tiers=TIERS),
        )
        opened.append(window)
        window.frame(16)
        return window

    yield open_
    for window in opened:
        window.close()


def moves_after(window, delays: int) -> int:
    before = len(window.history)
    for _ in range(delays):
        window.frame(max(AI_DELAY_MS, RESULT_HOLD_MS))
    return len(window.history) - before


def test_even_odds_is_played_in_every_seat_by_the_tier(watched):
    window = watched(TilesWindow, "tiles", {"players": 3, "leader": 0}, "easy")
    assert moves_after(window, 4) >= 4
    plays = [move for move in window.history.moves if isinstance(move, Play)]
    assert 0 in {move.player for move in plays}  # your seat is the computer's too
    assert window.game_window.seat_players() == ["easy", "easy", "easy"]
    assert window.mode.status() == "Watching Easy in every seat · Space pauses"
    assert window.game_window.viewer() is None  # every hand shown


def test_space_pauses_right_plays_one_turn_and_left_takes_it_back(watched):
    window = watched(LoopsWindow, "loops", {}, "medium")
    assert moves_after(window, 2) == 2  # blue, then gold: both the computer's
    press(window, pygame.K_SPACE)
    assert moves_after(window, 3) == 0
    turns = window.state.turns
    press(window, pygame.K_RIGHT)
    assert window.state.turns == turns + 1
    press(window, pygame.K_LEFT)
    assert window.state.turns == turns
    press(window, pygame.K_SPACE)  # goes on
    assert moves_after(window, 1) == 1


def test_left_while_playing_asks_for_a_pause_and_a_click_is_refused(watched):
    window = watched(LoopsWindow, "loops", {}, "easy")
    moves_after(window, 2)
    press(window, pygame.K_LEFT)
    assert window.message == "Pause (Space) before stepping back" and len(window.history) == 2
    click(window, (200, 200))
    assert window.message == WATCH_HINT and len(window.history) == 2


def test_a_number_key_sets_the_tier_of_every_seat(watched):
    window = watched(LoopsWindow, "loops", {}, "easy")
    press(window, pygame.K_3)
    assert window.vs == "hard" and window.message == "Every seat: Hard"
    assert window.game_window.seat_players() == ["hard", "hard"]
