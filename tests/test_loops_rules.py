"""Odds and Evens rules (docs/rules.md 4.1) on hand-worked positions."""

import pytest

from games.base import IllegalMove, RulesError
from games.loops import Flip, LoopsRules, LoopsState, Place
from games.loops.engine import LEFT, RIGHT


def play(state, *moves):
    for move in moves:
        state.apply(move)
    return state


def new(capacity=7, flips=2, first=0):
    return LoopsState(LoopsRules(capacity, flips, first))


def test_a_bare_loop_forces_two():
    state = new()
    assert state.forced(LEFT) == 2
    play(state, Place(0, LEFT))
    assert state.pieces[LEFT] == [0, 0]


def test_an_even_trailing_streak_forces_two():
    state = play(new(), Place(0, LEFT))  # streak 2 of player 0
    assert state.streak(LEFT) == (0, 2) and state.forced(LEFT) == 2
    play(state, Place(1, LEFT))  # player 1 adds 2 of its own: streak 2 of player 1
    assert state.pieces[LEFT] == [0, 0, 1, 1] and state.forced(LEFT) == 2


def test_an_odd_trailing_streak_forces_one():
    state = play(new(), Place(0, LEFT), Flip(1, LEFT))  # [0, 1*]: streak 1 of player 1
    assert state.streak(LEFT) == (1, 1) and state.forced(LEFT) == 1
    play(state, Place(0, LEFT))
    assert state.pieces[LEFT] == [0, 1, 0]


def test_a_flip_changes_the_forced_count_and_can_join_the_run_below():
    state = play(new(), Place(0, LEFT), Place(1, LEFT), Flip(0, LEFT))
    # [0, 0, 1, 1] -> [0, 0, 1, 0*]: the flipped piece stands alone, forcing 1.
    assert state.pieces[LEFT] == [0, 0, 1, 0] and state.forced(LEFT) == 1
    play(state, Place(1, LEFT))  # [0, 0, 1, 0*, 1]
    play(state, Flip(0, LEFT))  # [0, 0, 1, 0*, 0*]: streak 2, forces 2
    assert state.streak(LEFT) == (0, 2) and state.forced(LEFT) == 2


def test_a_loop_with_one_slot_that_forces_two_is_jammed():
    state = play(new(), Place(0, LEFT), Place(1, LEFT), Place(0, LEFT))  # 6 of 7, streak 2
    assert state.loop_status(LEFT) == "jammed"
    assert Place(1, LEFT) not in state.legal_moves()
    with pytest.raises(IllegalMove, match="jammed"):
        state.apply(Place(1, LEFT))


def test_a_flipped_piece_is_locked_for_good():
    state = play(new(), Place(0, LEFT), Flip(1, LEFT))
    assert state.locked[LEFT] == [False, True]
    assert Flip(0, LEFT) not in state.legal_moves()
    with pytest.raises(IllegalMove, match="locked"):
        state.apply(Flip(0, LEFT))


def test_no_flip_on_a_full_loop():
    state = play(new(capacity=2), Place(0, LEFT))
    assert state.loop_status(LEFT) == "full"
    with pytest.raises(IllegalMove, match="full"):
        state.apply(Flip(1, LEFT))


def test_no_flip_of_your_own_piece():
    state = play(new(), Place(0, LEFT), Place(1, RIGHT))
    with pytest.raises(IllegalMove, match="already yours"):
        state.apply(Flip(0, LEFT))


def test_no_flip_without_flips_left():
    state = play(new(flips=0), Place(0, LEFT))
    with pytest.raises(IllegalMove, match="no flips left"):
        state.apply(Flip(1, LEFT))
    state = play(new(flips=1), Place(0, LEFT), Flip(1, LEFT), Place(0, RIGHT))
    assert state.flips_left == [1, 0]
    assert not any(isinstance(m, Flip) for m in state.legal_moves())


def test_a_flip_is_spent_and_never_earned_back():
    state = play(new(), Place(0, LEFT), Flip(1, LEFT), Place(0, LEFT))
    assert state.flips_left == [2, 1]


def test_the_side_with_no_legal_move_loses():
    # Capacity 2: both loops fill in one placement each; player 0 then has nothing.
    state = play(new(capacity=2), Place(0, LEFT))
    assert state.winner is None
    play(state, Place(1, RIGHT))
    assert state.legal_moves() == [] and state.result() == {"winner": 1, "turns": 2}


def test_a_jam_everywhere_with_no_flip_loses():
    # Capacity 3, no flips: [0,0] and [1,1] both force 2 with 1 slot left; player 0 is stuck.
    state = play(new(capacity=3, flips=0), Place(0, LEFT), Place(1, RIGHT))
    assert state.result() == {"winner": 1, "turns": 2}


def test_capacity_one_leaves_the_first_mover_without_a_move():
    assert new(capacity=1, first=1).result() == {"winner": 0, "turns": 0}


def test_turn_order_and_out_of_turn_moves():
    state = new(first=1)
    assert state.to_move == 1
    with pytest.raises(IllegalMove, match="player 1's turn"):
        state.apply(Place(0, LEFT))


@pytest.mark.parametrize(
    "params",
    [{"capacity": 0}, {"capacity": 13}, {"flips": 6}, {"first": 2}, {"flips": True}, {"loops": 3}],
)
def test_bad_rules_are_refused(params):
    with pytest.raises(RulesError):
        LoopsRules.from_dict(params)
