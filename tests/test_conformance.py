"""One conformance test run over every registered game (SPEC 1)."""

import random

import pytest

from games import REGISTRY
from games.recording import parse
from viz.files import recording_text

SEEDS = range(60)


def random_game(game, seed):
    """Mix the automatic players with uniformly random legal moves."""
    rng = random.Random(seed)
    rules = game.rules({})
    state = game.new_state(rules)
    moves, snapshots = [], [state.snapshot()]
    while state.to_move is not None:
        legal = state.legal_moves()
        assert legal == state.legal_moves(), "legal moves must come in a stable order"
        assert len(set(map(repr, legal))) == len(legal), "legal moves must be unique"
        for move in legal:
            state.copy().apply(move)  # each listed move is accepted
        chance = not legal  # a deal: its event comes from the automatic players
        move = game.auto_move(state, rng) if chance or rng.random() < 0.5 else rng.choice(legal)
        event = game.event_from_move(move)
        assert game.move_from_event(state, event) == move
        state.apply(move)
        moves.append(move)
        snapshots.append(state.snapshot())
        assert state.turns <= game.max_turns(rules)
    return rules, state, moves, snapshots


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_random_games_round_trip_through_recordings(game_id):
    game = REGISTRY[game_id]
    for seed in SEEDS:
        rules, state, moves, snapshots = random_game(game, seed)
        assert state.result() is not None and state.legal_moves() == []
        text = recording_text(game, rules, seed, moves, state.result())
        replay = parse(text.splitlines(keepends=True))
        replayed = replay.start()
        assert replayed.snapshot() == snapshots[0]
        for move, expected in zip(replay.moves, snapshots[1:], strict=True):
            replayed.apply(move)
            assert replayed.snapshot() == expected


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_copies_are_independent(game_id):
    game = REGISTRY[game_id]
    state = game.new_state(game.rules({}))
    twin = state.copy()
    state.apply(game.auto_move(state, random.Random(1)))
    assert twin.snapshot() != state.snapshot()
    assert twin.snapshot() == game.new_state(game.rules({})).snapshot()
