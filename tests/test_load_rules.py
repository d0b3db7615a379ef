"""One test per Load rule clause (docs/rules.md 3.1-3.3), each worked out by hand."""

import random

import pytest

from games.base import IllegalMove, RulesError
from games.load import DIM, NONE, ON, PASS, LoadRules, LoadState, Pick, SetLoad, board
from games.load.policies import every_third_stage_green, random_red


def play(state, *moves):
    for move in moves:
        state.apply(move)
    return state


def red(cell):
    return Pick(1, cell)


def green(cell):
    return Pick(2, cell)


def new(rows=7, cols=7, load=5):
    return LoadState(LoadRules(rows, cols, load))


# --- board -------------------------------------------------------------------


def test_cells_are_numbered_row_by_row_and_pairs_are_2j_2j1():
    geometry = board(3, 4)
    assert geometry.neighbours(5) == [1, 9, 4, 6]
    assert geometry.pair_of(4) == (4, 5) and geometry.pair_of(5) == (4, 5)


def test_a_pair_wraps_from_the_end_of_a_row_to_the_next():
    state = play(new(), red(0), green(7))  # 7x7: cell 6 ends row 0, cell 7 starts row 1
    assert state.green_state(6) == ON and state.green_state(7) == ON
    assert state.uncleared_green() == 2


def test_the_lone_final_cell_is_picked_alone_and_counts_one():
    state = play(new(), red(0), green(48))
    assert [state.green_state(c) for c in (47, 48)] == [NONE, ON]
    assert state.uncleared_green() == 1


def test_end_of_row_and_start_of_next_row_are_not_adjacent():
    # 3x4: pair (2, 3) ends row 0; cell 4 starts row 1 and shares no edge with 3.
    state = play(new(3, 4), red(11), green(2))
    assert state.why_illegal(red(5)) is None
    play(state, red(10))
    assert state.why_illegal(green(4)) is None
    assert "touches" in state.why_illegal(green(6))  # 6 sits under 2
    assert "touches" in state.why_illegal(green(0))  # 1 is beside 2


def test_adjacency_counts_cleared_green_picks_too():
    state = play(new(3, 4), red(11), green(2), red(0))  # red 0 clears the green pair
    assert state.green_state(2) == DIM
    assert "touches" in state.why_illegal(green(6))


def test_a_pair_picked_before_cannot_be_picked_again():
    state = play(new(), red(20), green(10), red(30))
    assert "already picked" in state.why_illegal(green(11))


def test_player_1_never_picks_a_cell_twice():
    state = play(new(), red(3), PASS)
    with pytest.raises(IllegalMove, match="already picked cell 3"):
        state.apply(red(3))


def test_player_2_may_pick_cells_player_1_picked():
    state = play(new(), red(10), green(10))
    assert state.red_state(10) == DIM and state.green_state(10) == ON


def test_a_green_pick_clears_red_at_or_above_its_lowest_cell_including_this_stage():
    state = play(new(), red(3), PASS, red(20), green(9))  # pair (8, 9)
    assert state.red_state(3) == ON
    assert state.red_state(20) == DIM
    assert state.uncleared_red() == 1


def test_a_red_pick_clears_a_green_pair_through_its_higher_cell_only():
    state = play(new(), red(40), green(8), red(10))  # pair (8, 9) lies below 10
    assert state.green_state(8) == ON
    state = play(new(), red(40), green(8), red(9))  # 9 is the pair's higher cell
    assert state.green_state(8) == DIM and state.green_state(9) == DIM
    assert state.uncleared_green() == 0


def test_a_red_pick_clears_every_uncleared_green_pair_at_or_above_it():
    state = play(new(), red(48), green(40), red(47), green(20), red(0))
    assert state.uncleared_green() == 0
    assert state.red_state(48) == DIM and state.red_state(0) == ON


def test_a_pass_clears_nothing():
    state = play(new(), red(5), PASS)
    assert state.red_state(5) == ON and state.stage == 2


def test_exactly_load_uncleared_is_allowed_and_one_more_loses():
    state = play(new(load=3), red(1), PASS, red(2), PASS, red(3), PASS)
    assert state.uncleared_red() == 3 and state.winner is None
    play(state, red(4), PASS)
    assert state.result() == {"winner": 1, "stage": 4}
    assert state.to_move is None


def test_green_over_load_loses_counting_two_per_pair():
    # Pairs (0,1) and (4,5) are 4 green cells under load 3 once red sits below them.
    state = play(new(load=3), red(48), green(4), red(47), green(0))
    assert state.uncleared_green() == 4
    assert state.result() == {"winner": 1, "stage": 2}


def test_a_load_change_mid_stage_takes_effect_at_that_stage_end():
    state = play(new(load=3), red(1), PASS, red(2), PASS, red(3), PASS, red(4))
    state.apply(SetLoad(4))
    assert state.load == 3 and state.pending_load == 4
    state.apply(PASS)
    assert state.load == 4 and state.winner is None


def test_player_2_wins_after_the_last_stage():
    state = play(new(1, 2, 3), red(0), PASS, red(1))
    assert state.winner is None
    play(state, PASS)
    assert state.result() == {"winner": 2, "stage": 2}
    assert state.legal_moves() == []


def test_turns_alternate_and_out_of_turn_moves_are_refused():
    state = new()
    with pytest.raises(IllegalMove, match="player 1's turn"):
        state.apply(PASS)
    state.apply(red(0))
    with pytest.raises(IllegalMove, match="player 2's turn"):
        state.apply(red(1))


def test_nothing_is_accepted_after_the_game_ends():
    state = play(new(1, 2, 3), red(0), PASS, red(1), PASS)
    with pytest.raises(IllegalMove, match="over"):
        state.apply(SetLoad(4))


@pytest.mark.parametrize("move", [red(49), red(-1), SetLoad(9), SetLoad(2)])
def test_out_of_range_moves_are_refused(move):
    with pytest.raises(IllegalMove):
        new().apply(move)


@pytest.mark.parametrize(
    "params",
    [{"rows": 0}, {"cols": 21}, {"rows": 1, "cols": 1}, {"load": 9}, {"load": "5"}, {"size": 3}],
)
def test_bad_rules_are_refused(params):
    with pytest.raises(RulesError):
        LoadRules.from_dict(params)


def test_legal_moves_list_pairs_by_lowest_cell_then_pass():
    state = play(new(2, 3), red(5))  # pairs (0,1) (2,3) (4,5)
    assert state.legal_moves() == [green(0), green(2), green(4), PASS]
    play(state, green(0), red(4))  # cells 0,1 block 2 (beside 1), 3 (under 0), 4 (under 1)
    assert state.legal_moves() == [PASS]


# --- automatic players -------------------------------------------------------


def test_player_2_passes_on_stages_not_divisible_by_3():
    rng = random.Random(1)
    state = play(new(), red(40))
    assert every_third_stage_green(state, rng) == PASS


def test_player_2_picks_below_the_largest_uncleared_red_on_stage_3():
    state = play(new(), red(1), PASS, red(2), PASS, red(7))  # stage 3, largest red 7
    picks = {every_third_stage_green(state, random.Random(seed)).cell for seed in range(200)}
    assert picks == {0, 2, 4}  # pairs (0,1) (2,3) (4,5); (6,7) is not all below 7


def test_player_2_passes_on_stage_3_when_no_pair_lies_below_the_largest_uncleared_red():
    # Green (2,3) clears red 40, so on stage 3 the largest uncleared red is 1.
    state = play(new(), red(1), PASS, red(40), green(2), red(0))
    assert state.stage == 3 and state.red_state(40) == DIM
    assert every_third_stage_green(state, random.Random(0)) == PASS


def test_player_1_picks_uniformly_among_unpicked_cells():
    state = play(new(1, 4), red(1), PASS)
    picks = [random_red(state, random.Random(seed)).cell for seed in range(300)]
    assert set(picks) == {0, 2, 3}
    assert min(picks.count(c) for c in (0, 2, 3)) > 60


def test_the_outcome_names_the_winner_and_why():
    from games.base import Outcome

    overloaded = LoadState(LoadRules(rows=2, cols=2, load=1))
    overloaded.winner = 1
    assert overloaded.outcome() == Outcome((1,), "overloaded")
    held = LoadState(LoadRules(rows=2, cols=2, load=1))
    held.winner = 2
    assert held.outcome() == Outcome((2,), "held every stage")
