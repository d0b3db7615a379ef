"""The batched Even Odds playouts (games/tiles/batch.py) against the engine, move for
move: many games stepped together, every deal, tile and colour the batch chooses played
on an engine game beside it (the engine refuses anything illegal), the Medium player's
colour compared with the batch's at every turn, and the positions compared after each
move, the seats' standings at the end."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.depth import examples

from games.tiles import judging
from games.tiles.ai import SeatView, careful, random_deal, random_player
from games.tiles.batch import (
    FINISHED,
    NONE,
    Games,
    color_choices,
    mix,
    play_choices,
    played_out,
)
from games.tiles.engine import CHANCE, Choose, Deal, Play, TilesRules, TilesState, color_of


def engine_deal(games: Games, row: int) -> Deal:
    """The deal a batch game was just given, as the engine's move."""
    hands = tuple(tuple(np.flatnonzero(games.hands[row, seat])) for seat in range(games.players))
    removed = int(games.removed[row])
    return Deal(
        tuple(tuple(int(t) for t in h) for h in hands), None if removed == NONE else removed
    )


def assert_same(games: Games, row: int, state: TilesState) -> None:
    for seat, hand in enumerate(state.hands):
        assert sorted(hand) == np.flatnonzero(games.hands[row, seat]).tolist()
    assert games.to_move[row] == (FINISHED if state.to_move is None else state.to_move)
    assert games.played[row] == len(state.plays)
    assert games.current[row] == (NONE if state.current is None else state.current)
    assert games.choosing[row] == state.choosing
    assert games.leader[row] == state.leader
    assert games.round[row] == state.round
    assert games.scores[row, : len(state.scores)].tolist() == state.scores


def medium_color(state: TilesState) -> int:
    """The colour the Medium player plays or names (its tile among alike ones aside)."""
    move = careful(state, random.Random(0))
    return move.color if isinstance(move, Choose) else color_of(move.tile)


def step_both(games: Games, states: list[TilesState]) -> None:
    """One move in every game of the batch, the same move on its engine twin."""
    to_move = games.to_move.copy()
    dealing = np.flatnonzero(to_move == CHANCE)
    choosing = np.flatnonzero((to_move >= 0) & games.choosing)
    playing = np.flatnonzero((to_move >= 0) & ~games.choosing)
    games.deal(dealing)
    for row in dealing:
        states[row].apply(engine_deal(games, row))
    colors = color_choices(games, choosing)
    for row, color in zip(choosing, colors, strict=True):
        assert medium_color(states[row]) == color
        states[row].apply(Choose(states[row].to_move, int(color)))
    games.choose(choosing, colors)
    tiles = play_choices(games, playing)
    for row, tile in zip(playing, tiles, strict=True):
        assert medium_color(states[row]) == color_of(int(tile))
        states[row].apply(Play(states[row].to_move, int(tile)))
    games.play(playing, tiles)
    for row, state in enumerate(states):
        assert_same(games, row, state)


def started(players: int, seed: int, moves: int) -> TilesState:
    """A game `moves` moves in, played by random seats: positions of every kind."""
    rng = random.Random(seed)
    state = TilesState(TilesRules(players, leader=seed % players))
    while state.to_move is not None and state.turns < moves:
        if state.to_move == CHANCE:
            state.apply(random_deal(state, rng))
        else:
            state.apply(random_player(state, rng))
    return state


@settings(max_examples=examples(0.2), deadline=None)
@given(
    players=st.integers(3, 6),
    seeds=st.lists(st.integers(0, 10**6), min_size=1, max_size=6),
    moves=st.integers(0, 150),
)
def test_batched_games_move_as_the_engine_and_the_medium_player(players, seeds, moves):
    states = [started(players, seed, moves) for seed in seeds]
    games = Games.of(states, seeds)
    for row, state in enumerate(states):
        assert_same(games, row, state)
    while (games.to_move != FINISHED).any():
        step_both(games, states)
    for row, state in enumerate(states):
        assert games.standings()[row].tolist() == pytest.approx(state.standings())


SCORES = [
    [[5, 5, 6, 4], [3, 3, 3, 3], [2, 2, 3, 2]],  # totals 10, 10, 12, 9; last 2, 2, 3, 2
    [[5, 5, 6, 5], [1, 1, 3, 3], [4, 4, 3, 4]],  # totals 10, 10, 12, 12; last 4, 4, 3, 4
    [[5, 6, 6, 5], [2, 0, 3, 3], [3, 4, 3, 4]],  # totals 10, 10, 12, 12; last 3, 4, 3, 4
]
STANDINGS = [
    [1.5 / 3, 1.5 / 3, 0, 1],  # seat 3 first; 0 and 1 level (each beats 2, half of the other)
    [2.5 / 3, 2.5 / 3, 1 / 3, 0],  # 0 and 1 level ahead; of the 12s, seat 2's last 3 is ahead
    [1, 2 / 3, 1 / 3, 0],  # of the 10s seat 0's last 3 is ahead, of the 12s seat 2's
]


def test_a_standing_counts_the_seats_beaten_a_tie_half_the_last_round_breaking_totals():
    games = Games.empty(3, 4)
    games.scores[:] = SCORES
    assert np.allclose(games.standings(), STANDINGS)


@pytest.mark.parametrize(("scores", "expected"), list(zip(SCORES, STANDINGS, strict=True)))
def test_the_engine_stands_the_seats_as_the_batch_does(scores, expected):
    state = started(4, 1, 0)
    state.scores, state.finished = scores, True
    assert state.standings() == pytest.approx(expected)


def test_one_trial_deals_alike_whatever_was_played_before():
    """Two games of one trial at the end of a round get the same next hands; another
    trial's game gets other hands."""
    state = started(4, 3, 1)  # round 1 dealt
    while state.to_move != CHANCE:
        state.apply(random_player(state, random.Random(state.turns)))
    games = Games.of([state, state.copy(), state.copy()], [7, 7, 8])
    games.deal(np.arange(3))
    assert (games.hands[0] == games.hands[1]).all()
    assert not (games.hands[0] == games.hands[2]).all()


def test_keys_differ_by_trial_and_detail():
    keys = mix(np.arange(4, dtype=np.uint64)[:, None], np.arange(50)[None, :])
    assert len(np.unique(keys)) == 200


def test_playouts_of_a_game_end_with_standings_that_sum_to_half_the_seats():
    """Of each pair of seats one is ahead, or each stands half: 5 seats, 10 pairs, and
    each seat's standing is out of 4 others, so they sum to 10 / 4 = 2.5."""
    states = [started(5, seed, 30) for seed in range(4)]
    standings = played_out(Games.of(states, range(4)))
    assert standings.shape == (4, 5)
    assert np.allclose(standings.sum(axis=1), 2.5)


def test_the_medium_colour_of_a_seat_view_is_the_batch_colour_on_a_hand_made_dispute():
    """Seat 1 leads the dispute's second tile after red-9 from seat 0; it holds red and
    blue, must follow red: the batch plays red like the Medium player."""
    state = started(4, 11, 1)
    state.hands[0] = [8, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40]  # red-9 first
    state.hands[1] = [0, 41, 42, 43, 44, 45, 46, 47, 48, 49, 20, 21]
    state.hands[2] = [1, 2, 3, 4, 5, 22, 23, 24, 25, 26, 27, 28]
    state.hands[3] = [6, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]
    state.dealt = tuple(tuple(h) for h in state.hands)
    state.to_move = state.leader = 0
    state.apply(Play(0, 8))
    assert SeatView.of(state, 1).legal_colors() == [0]
    games = Games.of([state], [1])
    assert play_choices(games, np.array([0])).tolist() == [0]  # red-1, its only red


def test_the_analysis_samples_standings_which_sum_to_half_the_seats():
    """Each playout's four standings sum to 6 pairs of seats / 3 others = 2, where
    shares of the win would sum to 1."""
    state = started(4, 2, 40)
    options = judging.options(state)
    found = judging.sample(state, options, state.to_move, range(8), 0)
    assert found.shape == (len(options), 8, 4)
    assert np.allclose(found.sum(axis=2), 2)


def test_a_random_tile_of_the_batch_is_a_legal_one_and_repeated_games_are_alike():
    """Expert's playouts play a random legal tile at some turns (`random_tiles`)."""
    from games.tiles.batch import random_tiles

    rng = random.Random(3)
    for players in (3, 4, 6):
        state = TilesState(TilesRules(players=players))
        positions = []
        while state.to_move is not None:
            if state.to_move == CHANCE:
                state.apply(random_deal(state, rng))
                continue
            if not state.choosing:
                positions.append(state.copy())
            state.apply(random_player(state, rng))
        games = Games.of(positions, range(len(positions))).repeated(2)
        assert len(games.trial) == 2 * len(positions)
        assert (games.hands[: len(positions)] == games.hands[len(positions) :]).all()
        tiles = random_tiles(games, np.arange(len(positions)))
        for position, tile in zip(positions, tiles, strict=True):
            assert int(tile) in position.playable(position.to_move)
