"""H in every window: the best move for the side to move, as `analyze` judges it."""

from __future__ import annotations

import random

import pygame
import pytest
from test_load_window import press, run

from games import REGISTRY
from games.analysis import hint
from viz.scenes import SCENES
from viz.window.hooks import GAME_OVER
from viz.window.load import LoadApp
from viz.window.loops import LoopsApp
from viz.window.settings import Settings
from viz.window.tiles import TilesApp


@pytest.fixture
def opened():
    windows = []
    yield windows
    for window in windows:
        window.close()


def test_the_hint_in_odds_and_evens_names_only_winning_moves(opened, tmp_path):
    game = REGISTRY["loops"]
    window = LoopsApp(
        game, game.rules({}), vs="human", seed=1, settings=Settings.load(tmp_path / "s.json")
    )
    opened.append(window)
    run(window)
    for _ in range(3):  # a few moves in, where a side has a winning move
        window.play(window.state.legal_moves()[0])
    window.manager.set_focus_set(None)  # the keyboard box lets the window have the keys
    press(window, pygame.K_h)
    state = window.state
    words = SCENES["loops"].move_words
    best = hint(game, state, list(window.history.moves), 0.0, random.Random(0))
    said = {w for w in window.message.split("“")[1:] for w in [w.split("”")[0]]}

    def words_of(move):
        after = state.copy()
        after.apply(move)
        return words(state, after)

    assert window.message.startswith("Hint: best is “") and said
    assert said <= {words_of(move) for move in best}
    mover = state.to_move
    winning = [m for m in state.legal_moves() if judge_value(state, m, mover)]
    assert not winning or set(best) == set(winning)


def judge_value(state, move, mover):
    """Whether `move` wins for `mover`, by the solver the analysis rests on."""
    from games.loops.judging import value

    after = state.copy()
    after.apply(move)
    return value(after, mover) == 1


def test_the_hint_in_load_names_a_legal_pick_within_its_budget(opened):
    game = REGISTRY["load"]
    window = LoadApp(game, game.rules({}), seed=2, size=(900, 700))
    opened.append(window)
    run(window)
    press(window, pygame.K_h)
    assert window.message.startswith("Hint: best is “Red picked ")
    cell = int(window.message.split("Red picked ")[1].split(",")[0].split("”")[0])
    assert cell in range(49)


def test_the_hint_in_even_odds_names_a_colour_you_may_play(opened):
    game = REGISTRY["tiles"]
    window = TilesApp(game, game.rules({"players": 3, "leader": 0}), seed=3, size=(1100, 720))
    opened.append(window)
    run(window)  # the deal, then you lead
    assert window.state.to_move == 0
    press(window, pygame.K_h)
    assert window.message.startswith("Hint: best is “play a ")
    assert "-" not in window.message  # no number of your own tiles is given away


def test_no_hint_once_the_game_is_over(opened):
    game = REGISTRY["load"]
    window = LoadApp(game, game.rules({"rows": 1, "cols": 2}), seed=2, size=(900, 700))
    opened.append(window)
    run(window)
    while window.state.to_move is not None:
        window.mode.step()
    press(window, pygame.K_h)
    assert window.message == GAME_OVER
