"""One conformance test run over every registered game (docs/rules.md 1)."""

import random

import pytest
from conftest import CI
from support.depth import cases

from games import REGISTRY
from games.base import IllegalMove
from games.recording import parse
from viz.files import recording_text

SEEDS = range(cases(60, 15))  # games per game: 60 in CI, 15 in a local run


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


IMMUTABLE = (int, float, str, bytes, bool, type(None), frozenset)


def mutable_parts(value, seen=None) -> dict[int, object]:
    """Every mutable object reachable from `value`, by id: lists, dicts, sets and objects
    whose attributes can be set. Frozen dataclasses and tuples are walked, not counted."""
    seen = {} if seen is None else seen
    if isinstance(value, IMMUTABLE) or id(value) in seen:
        return seen
    frozen = getattr(getattr(value, "__dataclass_params__", None), "frozen", False)
    if not isinstance(value, tuple) and not frozen:
        seen[id(value)] = value
    if isinstance(value, dict):
        children = [*value.keys(), *value.values()]
    elif isinstance(value, list | tuple | set):
        children = list(value)
    else:
        names = getattr(type(value), "__slots__", ()) or vars(value).keys()
        children = [getattr(value, name) for name in names if hasattr(value, name)]
    for child in children:
        mutable_parts(child, seen)
    return seen


def midgame(game, seed):
    """A position a few turns into a random game, with its rules."""
    rng = random.Random(seed)
    rules = game.rules({})
    state = game.new_state(rules)
    for _ in range(rng.randrange(1, 12)):
        if state.to_move is None:
            break
        state.apply(game.auto_move(state, rng))
    return rules, state


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_copies_share_no_mutable_part(game_id):
    game = REGISTRY[game_id]
    for seed in range(20):
        _, state = midgame(game, seed)
        twin = state.copy()
        shared = mutable_parts(state).keys() & mutable_parts(twin).keys()
        assert not shared, f"copy shares {[type(mutable_parts(state)[i]) for i in shared]}"


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_playing_on_a_copy_leaves_the_original_as_it_was(game_id):
    game = REGISTRY[game_id]
    for seed in range(cases(20, 8)):  # each plays a copy to the end: 20 in CI, 8 locally
        _, state = midgame(game, seed)
        before = state.snapshot()
        twin, rng = state.copy(), random.Random(seed)
        while twin.to_move is not None:
            twin.apply(game.auto_move(twin, rng))
        assert state.snapshot() == before


def refused_moves(game, state, rng):
    """Moves the position must refuse: things that are no move at all, and moves that
    were legal in another position of the game but are not here (chance events such as
    deals are never listed as legal, so none is tried)."""
    yield from (None, 42, "left", object(), ("player", 1))
    other = game.new_state(state.rules)
    legal_here = {repr(move) for move in state.legal_moves()}
    for _ in range(30):
        if other.to_move is None:
            break
        for move in other.legal_moves():
            if repr(move) not in legal_here:
                yield move
        other.apply(game.auto_move(other, rng))


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_a_refused_move_raises_illegal_move_and_changes_nothing(game_id):
    game = REGISTRY[game_id]
    for seed in range(10):
        rng = random.Random(seed)
        _, state = midgame(game, seed)
        for move in refused_moves(game, state, rng):
            before = state.snapshot()
            with pytest.raises(IllegalMove):
                state.apply(move)
            assert state.snapshot() == before, f"{move!r} changed the position"


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_automatic_players_make_only_legal_moves_in_the_seats_they_can_hold(game_id):
    game = REGISTRY[game_id]
    rules = game.rules({})
    for number, (name, policy) in enumerate(game.players.items()):
        seats = list(game.player_seats(name, rules))
        # Every seat for every player in CI; locally one seat each, a different seat for each
        # player in turn, so that the players between them still hold every seat.
        held = [seats[(number + k) % len(seats)] for k in range(cases(len(seats), 1))]
        for seat in held:
            rng = random.Random(f"{name}/{seat}")
            for _ in range(3 if CI else 1):
                state = game.new_state(rules)
                while state.to_move is not None:
                    if state.to_move == seat:
                        move = policy(state, rng)
                        assert state.why_illegal(move) is None, f"{name} as seat {seat}: {move}"
                    else:
                        move = game.auto_move(state, rng)
                    state.apply(move)


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_the_outcome_is_none_until_the_end_and_names_winners_among_the_seats(game_id):
    game = REGISTRY[game_id]
    for seed in SEEDS:
        rules, state, moves, _ = random_game(game, seed)
        seats = range(game.first_seat, game.first_seat + game.seats(rules))
        outcome = state.outcome()
        assert outcome is not None and outcome.reason
        assert outcome.winners and set(outcome.winners) <= set(seats)
        assert len(outcome.scores) in (0, len(seats))
        assert game.new_state(rules).outcome() is None
        if moves:
            replayed = game.new_state(rules)
            for move in moves[:-1]:
                replayed.apply(move)
            assert replayed.outcome() is None  # one move before the end, it still runs
