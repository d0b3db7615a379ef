"""H in every window: the best moves for the side to move as `analyze` judges them, in
the present tense, outlined on the board."""

from __future__ import annotations

import pygame
import pytest
from test_load_window import press, run

from games import REGISTRY
from games.analysis import Hint, hint
from viz.export.judged import best_words, hint_text
from viz.scenes import SCENES
from viz.window.app import GameApp
from viz.window.common import GAME_OVER
from viz.window.load import LoadWindow
from viz.window.loops import LoopsWindow
from viz.window.settings import Settings
from viz.window.tiles import TilesWindow


def hinted(window):
    """H, and the frames until the hint, thought of beside the window, is shown."""
    press(window, pygame.K_h)
    if window.jobs.hinting is not None:
        window.jobs.hinting.wait()
    run(window)


@pytest.fixture
def opened():
    windows = []
    yield windows
    for window in windows:
        window.close()


def test_the_hint_in_odds_and_evens_names_every_winning_move_and_outlines_it(opened, tmp_path):
    game = REGISTRY["loops"]
    window = GameApp(
        LoopsWindow,
        game,
        game.rules({}),
        vs="human",
        seed=1,
        settings=Settings.load(tmp_path / "s.json"),
    )
    opened.append(window)
    run(window)
    for _ in range(3):  # a few moves in, where a side has a winning move
        window.play(window.state.legal_moves()[0])
    window.manager.set_focus_set(None)  # the keyboard box lets the window have the keys
    hinted(window)
    state = window.state
    mover = state.to_move
    winning = [m for m in state.legal_moves() if judge_value(state, m, mover)]
    advice = SCENES["loops"].advice
    if winning and len(winning) < len(state.legal_moves()):
        named = [advice(state, m) for m in winning]
        assert (
            window.message
            == f"Hint: {best_words(named, len(state.legal_moves()))} (100\u00a0% chance)"
        )
    elif not winning:
        assert window.message == "Hint: lost whatever you play"
    run(window)
    outlined = {s.key for s in window.board.drawn.shapes if s.key.startswith("hint-")}
    keys = {
        f"hint-{key}"
        for move in hint(game, state, lambda: True).best
        for key in window.game_window.move_keys(move)
    }
    assert outlined == keys and keys
    window.play(window.state.legal_moves()[0])
    run(window)
    assert not any(s.key.startswith("hint-") for s in window.board.drawn.shapes)  # moved on


def judge_value(state, move, mover):
    """Whether `move` wins for `mover`, by the solver the analysis rests on."""
    from games.loops.judging import value

    after = state.copy()
    after.apply(move)
    return value(after, mover) == 1


def test_the_hint_in_load_speaks_in_the_present_tense(opened):
    game = REGISTRY["load"]
    window = GameApp(LoadWindow, game, game.rules({}), seed=2, size=(900, 700))
    opened.append(window)
    run(window)
    hinted(window)
    assert window.message.startswith("Hint: ") and "picked" not in window.message
    assert "Pick red " in window.message or "whatever you play" in window.message


def test_the_hint_in_even_odds_names_a_colour_you_may_play(opened):
    game = REGISTRY["tiles"]
    window = GameApp(
        TilesWindow, game, game.rules({"players": 3, "leader": 0}), seed=3, size=(1100, 720)
    )
    opened.append(window)
    run(window)  # the deal, then you lead
    assert window.state.to_move == 0
    hinted(window)
    assert window.message.startswith("Hint: ") and "Play a" in window.message
    assert "-" not in window.message  # no number of your own tiles is given away


@pytest.mark.parametrize(
    "found, words",
    [
        (Hint(("a",), 3, 0.0, False), "a (0\u00a0% chance)"),
        (Hint(("a", "b", "c"), 3, 0.0, True), "lost whatever you play"),
        (Hint(("a", "b"), 2, 1.0, True), "won whatever you play"),
        (Hint(("a", "b"), 2, 0.0, True, exact=False), "lost in every playout whatever you play"),
        (Hint(("a", "b"), 2, 0.5, True), "a or b (50\u00a0% chance)"),
        (Hint(("a", "b"), 5, 0.25, False), "a or b (25\u00a0% chance)"),
        (Hint(("a", "b", "c"), 5, 0.25, False), "a, b or c (25\u00a0% chance)"),
        (
            Hint(("a", "b", "c", "d"), 12, 0.25, False),
            "any of 4 moves, such as a (25\u00a0% chance)",
        ),
        (
            Hint(("a", "b", "c", "d"), 4, 0.25, True),
            "any of the 4 moves, such as a (25\u00a0% chance)",
        ),
    ],
)
def test_a_hint_in_words(found, words):
    assert hint_text(found, lambda move: move) == words


def test_no_hint_once_the_game_is_over(opened):
    game = REGISTRY["load"]
    window = GameApp(LoadWindow, game, game.rules({"rows": 1, "cols": 2}), seed=2, size=(900, 700))
    opened.append(window)
    run(window)
    while window.state.to_move is not None:
        window.mode.step()
    hinted(window)
    assert window.message == GAME_OVER
