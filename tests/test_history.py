"""The move history: moves, the position after each, and where turns end."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.depth import examples

from games import REGISTRY
from games.base import IllegalMove
from games.history import History
from games.load import Pass, Pick, SetLoad

LOAD = REGISTRY["load"]
# A slider change before the first pick, red 10, green 20+21, a slider change, red 3.
MOVES = [SetLoad(4), Pick(1, 10), Pick(2, 20), SetLoad(6), Pick(1, 3)]


def load_history(moves=MOVES) -> History:
    return History(LOAD.new_state(LOAD.rules({})), moves)


def test_turns_are_the_moves_that_raise_the_turn_count():
    history = load_history()
    assert history.turns == 3
    assert len(history) == 5
    assert [history.is_turn(i) for i in range(5)] == [False, True, True, False, True]


def test_a_turns_position_holds_the_settings_made_after_it():
    history = load_history()
    start = history.at_turn(0)
    assert start.turns == 0 and start.pending_load == 4  # the slider moved before the first pick
    assert history.turn_length(0) == 1
    second = history.at_turn(2)
    assert second.turns == 2 and second.pending_load == 6 and second.load == 4
    assert history.turn_length(2) == 4
    assert history.at_turn(3) is history.state
    assert history.at_turn(99) is history.state and history.at_turn(-5) is history.at_turn(0)
    assert [frame.turns for frame in history.frames()] == [0, 1, 2, 3]


def test_turn_of_names_the_turn_a_prefix_belongs_to():
    history = load_history()
    assert [history.turn_of(length) for length in range(6)] == [0, 0, 1, 2, 2, 3]


def test_truncate_forgets_the_later_moves_and_turns():
    history = load_history()
    history.truncate(2)
    assert history.moves == MOVES[:2] and history.turns == 1
    assert history.state.red == 1 << 10 and history.state.to_move == 2
    history.push(Pass())
    assert history.turns == 2 and history.turn_length(1) == 2


def test_an_illegal_move_changes_nothing():
    history = load_history()
    before = history.state.snapshot()
    with pytest.raises(IllegalMove):
        history.push(Pick(1, 10))  # red already picked 10
    assert history.state.snapshot() == before and len(history) == 5 and history.turns == 3


def test_positions_are_not_shared_with_the_caller():
    start = LOAD.new_state(LOAD.rules({}))
    history = History(start, MOVES)
    assert start.turns == 0 and history.before(0) is not start
    assert history.before(2).red == 1 << 10 and history.before(2).green == 0


@settings(max_examples=examples(0.1))  # Hypothesis' own default, 100, in CI
@given(st.randoms(use_true_random=False), st.sampled_from(sorted(REGISTRY)))
def test_frames_agree_with_a_plain_replay(rng, game_id):
    """Frame k is the position after the last event before turn k + 1, for every game."""
    game = REGISTRY[game_id]
    state = game.new_state(game.rules({}))
    history = History(state)
    expected = [state.copy()]
    while state.to_move is not None:
        move = game.auto_move(state, rng)
        turns = state.turns
        state.apply(move)
        history.push(move)
        if state.turns > turns:
            assert state.turns == turns + 1
            expected.append(state.copy())
        else:
            expected[-1] = state.copy()
    assert [f.snapshot() for f in history.frames()] == [f.snapshot() for f in expected]
    assert history.state.snapshot() == state.snapshot()
