"""The compact solver against the engine, the figures of docs/rules.md 4.4, and the AI tiers."""

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.depth import examples

from games.loops import LoopsRules, LoopsState
from games.loops.ai import PLAYERS, hard
from games.loops.solver import random_games, solver
from games.loops.sweep import exact_rows, head_to_head, monte_carlo_chunk


def exact_rate(capacity: int, flips: int) -> float:
    """The first mover's exact win rate under random play, from one sweep row."""
    (row,) = exact_rows([capacity], [flips])  # run to the end: the collector back on
    return row.first_mover_win_rate


def random_position(capacity, flips, rng):
    state = LoopsState(LoopsRules(capacity, flips, rng.randrange(2)))
    for _ in range(rng.randrange(2 * capacity + 2 * flips + 1)):
        if state.to_move is None:
            break
        state.apply(rng.choice(state.legal_moves()))
    return state


def after(state, move):
    child = state.copy()
    child.apply(move)
    return child


@settings(max_examples=examples(2))
@given(st.integers(1, 10), st.integers(0, 4), st.randoms(use_true_random=False))
def test_compact_moves_match_the_engine_move_for_move(capacity, flips, rng):
    state = random_position(capacity, flips, rng)
    search = solver(capacity)
    if state.to_move is None:
        assert search.children(search.key(state)) == ()
        return
    from_engine = sorted(search.key(after(state, m)) for m in state.legal_moves())
    assert sorted(search.children(search.key(state))) == from_engine


@cache
def engine_value(state_key, capacity):
    """Brute force on full engine states: (mover wins, mover's random-play win chance)."""
    state = _states[state_key]
    moves = state.legal_moves()
    if not moves:
        return False, 0.0
    results = []
    for move in moves:
        child = after(state, move)
        _states[child.snapshot()] = child
        results.append(engine_value(child.snapshot(), capacity))
    return (
        not all(win for win, _ in results),
        sum(1 - chance for _, chance in results) / len(results),
    )


_states = {}


@pytest.mark.parametrize("capacity, flips", [(2, 1), (3, 2), (4, 2), (5, 1), (5, 2)])
def test_solver_values_equal_a_brute_force_over_engine_states(capacity, flips):
    search = solver(capacity)
    for seed in range(40):
        state = random_position(capacity, flips, random.Random(seed))
        if state.to_move is None:
            continue
        _states[state.snapshot()] = state
        wins, chance = engine_value(state.snapshot(), capacity)
        key = search.key(state)
        assert search.wins(key) == wins
        assert search.random_win_probability(key) == pytest.approx(chance, abs=1e-12)


# --- the figures to reproduce (docs/rules.md 4.4) ---------------------------------------


def test_capacity_4_with_2_flips_gives_the_first_mover_14_to_15_percent():
    assert 0.14 <= exact_rate(4, 2) <= 0.15


def test_capacity_7_with_2_flips_is_48_5_percent_exactly_and_by_monte_carlo():
    exact = exact_rate(7, 2)
    assert abs(exact - 0.485) < 0.007  # the 20,000-game figure of docs/rules.md 4.4, within 2 sigma
    measured = monte_carlo_chunk(7, 2, 20_000, seed=2026) / 20_000
    assert abs(measured - exact) < 0.007


def test_capacity_7_is_the_first_from_3_to_9_within_2_points_of_fair():
    close = [c for c in range(3, 10) if abs(exact_rate(c, 2) - 0.5) <= 0.02]
    assert close[0] == 7


def test_two_flips_is_the_fairest_budget_on_capacity_7():
    distance = {f: abs(exact_rate(7, f) - 0.5) for f in (1, 2, 3)}
    assert min(distance, key=distance.get) == 2


def test_default_board_is_a_second_mover_win_with_perfect_play():
    search = solver(7)
    assert not search.wins(search.start(2))


def test_random_walks_count_first_mover_wins():
    # Capacity 2: two placements fill both loops; the first mover always loses.
    search = solver(2)
    assert random_games(search.walk_table(search.start(0)), 50, seed=1) == 0


# --- AI -------------------------------------------------------------------------------


@pytest.mark.parametrize("opponent", sorted(PLAYERS))
def test_hard_never_loses_a_position_the_solver_calls_won(opponent):
    search = solver(7)
    rng = random.Random(7)
    checked = 0
    for seed in range(400):
        state = random_position(7, 2, random.Random(seed))
        if state.to_move is None or not search.wins(search.key(state)):
            continue
        hard_side = state.to_move
        while state.to_move is not None:
            player = hard if state.to_move == hard_side else PLAYERS[opponent]
            state.apply(player(state, rng))
        assert state.winner == hard_side
        checked += 1
    assert checked > 100


def test_each_tier_beats_the_one_below_with_the_first_mover_alternating():
    assert head_to_head("easy", "random", 600, seed=1) > 0.5
    assert head_to_head("medium", "easy", 600, seed=2) > 0.5
    assert head_to_head("hard", "medium", 600, seed=3) > 0.5


def test_ai_players_only_make_legal_moves():
    rng = random.Random(3)
    for seed in range(200):
        state = random_position(7, 2, random.Random(seed))
        for player in PLAYERS.values():
            if state.to_move is not None:
                assert player(state, rng) in state.legal_moves()
