"""Defects found by using the windows as a person does, each with the test that keeps it fixed."""

import itertools
import math
import os
import subprocess
import sys

import pygame
import pytest
import test_load_window
import test_loops_window
from support.boards import SEVEN_BY_SEVEN
from test_load_window import cell_centre, click, press
from test_loops_window import run, type_line

from games import REGISTRY
from games.load import PASS, Pick, SetLoad
from games.loops import Place
from games.loops.text import read_back
from viz.scenes.load import status_lines
from viz.window.app import AI_DELAY_MS, GameApp
from viz.window.common import GAME_OVER
from viz.window.controls import hint_message
from viz.window.load import LoadWindow
from viz.window.loops import LoopsWindow

LOAD = REGISTRY["load"]
app = test_load_window.app  # the fixtures of the windows' own tests
make_app = test_loops_window.make_app


def digit(app, number):
    press(app, getattr(pygame, f"K_{number}"))


def test_typed_digits_show_at_once_over_another_message(app):
    click(app, cell_centre(app, 20))
    press(app, pygame.K_p)  # green passes: a message would hide the typing
    app.message = "Some other message"
    digit(app, 4)
    digit(app, 5)
    assert "Cell 45" in app.notes()[1]
    press(app, pygame.K_BACKSPACE)
    assert "Cell 4:" in app.notes()[1]
    digit(app, 5)
    press(app, pygame.K_RETURN)
    assert app.state.last == Pick(1, 45)


def finish_a_tiny_load_game(window):
    while window.state.to_move is not None:
        window.mode.step()


def test_the_load_slider_after_the_game_says_the_game_is_over(tmp_path):
    window = GameApp(LoadWindow, LOAD, LOAD.rules({"rows": 1, "cols": 2}), seed=1, size=(900, 700))
    try:
        finish_a_tiny_load_game(window)
        window.game_window.set_load(8)
        assert window.state.pending_load == LOAD.rules({}).load
        assert window.message == GAME_OVER
    finally:
        window.close()


def test_a_new_game_keeps_the_load_the_slider_shows(app):
    press(app, pygame.K_RIGHTBRACKET)
    press(app, pygame.K_RIGHTBRACKET)
    press(app, pygame.K_n)
    assert app.state.load == 7 and app.state.pending_load == 7
    assert app.rules.load == 7


def test_what_the_status_line_says_is_not_said_again_below_it(app):
    click(app, cell_centre(app, 20))
    press(app, pygame.K_p)
    assert app.state.last == PASS
    lines = [*status_lines(app.state), *app.notes()]
    firsts = [line.split(" · ")[0] for line in lines if line]
    assert len(firsts) == len(set(firsts)), lines
    press(app, pygame.K_n)
    assert app.message == ""


def test_every_window_says_the_game_is_over_in_the_same_words(tmp_path, make_app):
    window = GameApp(LoadWindow, LOAD, LOAD.rules({"rows": 1, "cols": 2}), seed=1, size=(900, 700))
    try:
        finish_a_tiny_load_game(window)
        for action in (
            window.step_or_explain,
            lambda: hint_message(window),
            lambda: window.game_window.pick(0),
        ):
            window.message = ""
            action()
            assert window.message == GAME_OVER
    finally:
        window.close()
    loops = make_app()
    loops.state.winner, loops.state.to_move = 0, None
    loops.game_window.try_move(Place(0, 0))
    assert loops.message == GAME_OVER


def test_after_enter_the_box_keeps_the_keys_with_no_placeholder(make_app):
    app = make_app()
    type_line(app, "right")
    entry = app.panel.entry()
    assert entry.is_focused and entry.get_text() == ""
    assert not entry.drawable_shape.theming.get("text", ""), "placeholder drawn under the typing"


def test_the_box_answer_lapses_at_the_next_move(make_app):
    app = make_app(vs="easy")
    type_line(app, "right")
    assert app.game_window.reply == "Place right: done."
    run(app, frames=2, dt=AI_DELAY_MS + 10)
    assert app.state.turns == 2 and app.game_window.reply == ""


def test_the_end_of_game_read_back_starts_with_the_result(make_app):
    app = make_app()
    state = app.state.copy()
    state.winner, state.to_move = 1, None
    assert read_back(state).startswith("Game over: gold wins.")


def test_replay_play_runs_to_the_end_and_again_from_the_start(tmp_path):
    moves = [Pick(1, 20), Pick(2, 7), Pick(1, 30), PASS, Pick(1, 40)]
    window = GameApp(LoadWindow, LOAD, LOAD.rules(SEVEN_BY_SEVEN), script=moves, size=(900, 700))
    try:
        total = window.mode.script.turns
        window.mode.toggle_loop()
        for _ in range(total + 2):
            window.frame(300)
        assert window.mode.turn == total and not window.looping
        window.mode.toggle_loop()  # at the end: from the start again
        for _ in range(3):
            window.frame(300)
        assert window.mode.turn == 3 and window.looping
    finally:
        window.close()


def test_a_bad_display_is_one_line_of_ours_and_none_of_sdls(tmp_path):
    env = {key: value for key, value in os.environ.items() if not key.startswith(("SDL_", "XDG_"))}
    env |= {"DISPLAY": ":97", "HOME": str(tmp_path)}
    env.pop("WAYLAND_DISPLAY", None)
    done = subprocess.run(
        [sys.executable, "-m", "viz", "watch"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("oddsevens: "), done.stderr


def test_you_win_a_dispute_and_score_in_the_second_person():
    from viz.scenes.tiles import dispute_text

    game = REGISTRY["tiles"]
    state = game.new_state(game.rules({"players": 3}))
    state.last_dispute = [(0, 9), (1, 3), (2, 25)]  # red-10 from seat 0 beats red-4
    assert dispute_text(state, 0) == (
        "You won the dispute with red-10 and take the 4: "
        "+4\u00a0points (lowest\u00a0total\u00a0wins)"
    )
    assert dispute_text(state, None) == (
        "Seat 0 won the dispute with red-10 and takes the 4: "
        "+4\u00a0points (lowest\u00a0total\u00a0wins)"
    )


def test_a_dispute_that_scores_one_says_one_point():
    """Issue 46, item 2: seat 1's green-3 (tile 22) takes green-1 (20) and yellow-2 (11)."""
    from viz.scenes.tiles import dispute_text

    game = REGISTRY["tiles"]
    state = game.new_state(game.rules({"players": 3}))
    state.last_dispute = [(0, 20), (1, 22), (2, 11)]
    assert dispute_text(state, 1) == (
        "You won the dispute with green-3 and take the 1: "
        "+1\u00a0point (lowest\u00a0total\u00a0wins)"
    )


@pytest.mark.parametrize("capacity", [11, 12])
@pytest.mark.parametrize("size", [(640, 480), (980, 720)])
def test_loops_windows_of_the_largest_capacities_keep_slots_apart(capacity, size):
    game = REGISTRY["loops"]
    window = GameApp(
        LoopsWindow, game, game.rules({"capacity": capacity}), vs="human", seed=1, size=size
    )
    try:
        window.frame(16)
        layout = window.game_window.layout()
        reach = layout.slot_radius * 1.3  # the widest ring drawn around a slot
        slots = [layout.slot(loop, i) for loop in (0, 1) for i in range(capacity)]
        for a, b in itertools.combinations(slots, 2):
            assert math.dist(a, b) >= 2 * reach, (a, b)
    finally:
        window.close()


def test_a_replay_at_turn_0_shows_a_load_change_made_before_the_first_pick():
    window = GameApp(
        LoadWindow, LOAD, LOAD.rules({}), script=[SetLoad(8), Pick(1, 20)], size=(900, 700)
    )
    try:
        window.mode.seek(1)
        window.mode.seek(0)
        assert window.state.turns == 0 and window.state.pending_load == 8
        assert "slider 8" in window.game_window.scene().by_key()["status-0"].text
    finally:
        window.close()
