"""Random Load games checked against invariants and a plain set-based model of the rules."""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st
from support.depth import examples

from games import REGISTRY
from games.load import DIM, NONE, ON, PASS, LoadRules, LoadState, Pick, SetLoad
from games.load.policies import automatic
from games.load.reference import SetModel
from games.recording import parse
from viz.files import recording_text


def random_move(state, rng):
    if rng.random() < 0.05:
        return SetLoad(rng.randint(3, 8))
    if rng.random() < 0.5:
        return automatic(state, rng)
    return rng.choice(state.legal_moves())


def check_against_model(state, model):
    half_states = state.half_states()
    assert len(half_states) == model.cells
    for cell in range(model.cells):
        expected_red = NONE if cell not in model.red else (DIM if cell in model.red_cleared else ON)
        expected_green = (
            NONE if cell not in model.green else (DIM if cell in model.green_cleared else ON)
        )
        assert state.red_state(cell) == expected_red
        assert state.green_state(cell) == expected_green
        assert half_states[cell] == (expected_red, expected_green)


boards = st.tuples(st.integers(1, 9), st.integers(1, 9), st.integers(3, 8)).filter(
    lambda b: b[0] * b[1] >= 2
)


@settings(max_examples=examples(1.5))
@given(boards, st.randoms(use_true_random=False))
def test_random_games_follow_the_set_model_and_invariants(board, rng):
    rows, cols, load = board
    state, model = LoadState(LoadRules(rows, cols, load)), SetModel(rows, cols, load)
    moves = []
    while state.to_move is not None:
        before = state.copy()
        move = random_move(state, rng)
        if state.to_move == 2 and isinstance(move, Pick):
            legal = {c for c in range(model.cells) if model.green_legal(c)}
            assert {m.cell for m in state.legal_moves() if m != PASS} == {
                min(model.pair(c)) for c in legal
            }
        state.apply(move)
        moves.append(move)
        if isinstance(move, SetLoad):
            model.pending_load = move.load
            continue
        if isinstance(move, Pick) and move.player == 1:
            model.pick_red(move.cell)
        else:
            if isinstance(move, Pick):
                model.pick_green(move.cell)
            else:
                model.end_stage()
            assert state.winner == model.winner
        check_against_model(state, model)
        assert before.red_cleared & ~state.red_cleared == 0  # cleared stays cleared
        assert before.green_cleared & ~state.green_cleared == 0
        assert state.uncleared_red() >= 0 and state.uncleared_green() >= 0
    assert state.turns <= 2 * model.cells
    game = REGISTRY["load"]
    text = recording_text(game, state.rules, None, moves, state.result())
    replayed = parse(text.splitlines(keepends=True)).final()
    assert replayed.snapshot() == state.snapshot()


@given(boards, st.randoms(use_true_random=False))
def test_automatic_players_only_make_legal_moves(board, rng):
    state = LoadState(LoadRules(*board))
    while state.to_move is not None:
        move = automatic(state, rng)
        assert move in state.legal_moves()
        state.apply(move)


@settings(max_examples=examples(0.5))
@given(boards, st.randoms(use_true_random=False))
def test_automatic_games_match_the_set_model_draw_for_draw(board, engine_rng):
    # Both draw from equally ordered candidate lists, so one random sequence gives one
    # game: a copy of Hypothesis' generator repeats its answers to the same calls.
    model_rng = copy.copy(engine_rng)
    state, model = LoadState(LoadRules(*board)), SetModel(*board)
    while state.to_move is not None:
        state.apply(automatic(state, engine_rng))
    while model.winner is None:
        model.play_stage(model_rng)
    assert state.result() == {"winner": model.winner, "stage": model.stage}
