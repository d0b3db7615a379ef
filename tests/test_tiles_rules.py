"""Even Odds rules (docs/rules.md 5.1) on hand-worked deals, and what each seat may see."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.depth import examples

from games import REGISTRY
from games.base import IllegalMove, RulesError
from games.recording import RecordingError, parse
from games.tiles import CHANCE, Choose, Deal, Play, TilesRules, TilesState
from games.tiles.ai import SeatView, careful, random_deal
from games.tiles.engine import COLORS, HAND_SIZES, tile_from_name, tile_name

RED, YELLOW, GREEN, BLUE, PURPLE = range(5)


def t(name):
    return tile_from_name(name)


def tiles(color, low, high):
    return tuple(t(f"{color}-{v}") for v in range(low, high + 1))


# Five players hold all 50 tiles: two colour runs each, and seat 4 every purple.
FIVE = Deal(
    (
        tiles("red", 1, 5) + tiles("yellow", 1, 5),
        tiles("red", 6, 10) + tiles("yellow", 6, 10),
        tiles("green", 1, 5) + tiles("blue", 1, 5),
        tiles("green", 6, 10) + tiles("blue", 6, 10),
        tiles("purple", 1, 10),
    )
)


def dealt(deal=FIVE, leader=0):
    state = TilesState(TilesRules(players=len(deal.hands), leader=leader))
    state.apply(deal)
    return state


def play(state, *moves):
    for seat, name in moves:
        state.apply(Play(seat, t(name)))
    return state


def test_tile_names_round_trip():
    assert [tile_name(n) for n in (0, 9, 49)] == ["red-1", "red-10", "purple-10"]
    assert all(tile_from_name(tile_name(n)) == n for n in range(50))
    with pytest.raises(IllegalMove):
        tile_from_name("pink-3")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_deal_sizes_and_the_colour_taken_out_for_three(players):
    state = TilesState(TilesRules(players=players))
    deal = random_deal(state, random.Random(players))
    state.apply(deal)
    assert [len(hand) for hand in state.hands] == [HAND_SIZES[players]] * players
    assert (deal.removed is not None) == (players == 3)
    if players == 3:
        assert all(tile // 10 != deal.removed for hand in state.hands for tile in hand)


@pytest.mark.parametrize(
    "deal, reason",
    [
        (Deal(FIVE.hands[:4]), "needs 5 hands"),
        (Deal((FIVE.hands[0][:9],) + FIVE.hands[1:]), "holds 10 tiles"),
        (Deal((FIVE.hands[1],) + FIVE.hands[1:]), "at most once"),
        (Deal(FIVE.hands, removed=PURPLE), "exactly when 3 play"),
    ],
)
def test_bad_deals_are_refused(deal, reason):
    with pytest.raises(IllegalMove, match=reason):
        TilesState(TilesRules(players=5)).apply(deal)


def test_a_deal_comes_first_and_only_from_chance():
    state = TilesState(TilesRules(players=5))
    assert state.to_move == CHANCE and state.legal_moves() == []
    with pytest.raises(IllegalMove, match="the deal's turn"):
        state.apply(Play(0, t("red-1")))


def test_the_leader_plays_any_tile_and_sets_the_colour():
    state = dealt()
    assert len(state.legal_moves()) == 10
    play(state, (0, "yellow-2"))
    assert state.current == YELLOW and state.to_move == 1


def test_a_player_holding_the_colour_must_follow_it():
    state = play(dealt(), (0, "red-3"))
    assert {tile_name(m.tile) for m in state.legal_moves()} == {f"red-{v}" for v in range(6, 11)}
    with pytest.raises(IllegalMove, match="must follow red"):
        state.apply(Play(1, t("yellow-8")))


def test_a_player_without_the_colour_plays_any_and_changes_it():
    state = play(dealt(), (0, "red-3"), (1, "red-6"))
    assert len(state.legal_moves()) == 10  # seat 2 holds no red
    play(state, (2, "green-2"))
    assert state.current == GREEN


def test_a_ten_chooses_the_next_colour_and_the_highest_wins_scoring_the_lowest():
    state = play(dealt(), (0, "red-3"), (1, "red-6"), (2, "green-2"), (3, "green-10"))
    assert state.choosing and state.to_move == 3
    assert state.legal_moves() == [Choose(3, c) for c in range(5)]
    with pytest.raises(IllegalMove, match="choose the colour"):
        state.apply(Play(3, t("blue-6")))
    state.apply(Choose(3, PURPLE))
    assert state.current == PURPLE and state.to_move == 4
    play(state, (4, "purple-1"))
    # 3, 6, 2, 10, 1: seat 3's 10 wins and scores the lowest tile, 1; seat 3 leads next.
    assert state.scores == [[0, 0, 0, 1, 0]] and state.to_move == 3 and state.plays == []


def test_a_tie_goes_to_the_later_player_of_the_top_value():
    state = dealt(leader=3)
    play(state, (3, "green-7"), (4, "purple-7"), (0, "yellow-5"), (1, "yellow-7"), (2, "blue-1"))
    # Sevens from seats 3, 4 and 1, in that order: seat 1 played the last of them.
    assert state.scores[0][1] == 1 and state.to_move == 1


def test_a_ten_as_the_last_tile_chooses_nothing():
    state = dealt(leader=1)
    play(state, (1, "yellow-6"), (2, "green-1"), (3, "green-6"), (4, "purple-2"), (0, "red-1"))
    assert not state.choosing
    state = dealt(leader=0)
    play(state, (0, "red-1"), (1, "red-6"), (2, "blue-1"), (3, "blue-6"), (4, "purple-10"))
    assert not state.choosing and state.scores[0][4] == 1


def test_rounds_end_with_a_new_deal_and_the_game_after_three():
    game = REGISTRY["tiles"]
    rng = random.Random(4)
    state = game.new_state(game.rules({"players": 4}))
    deals = 0
    while state.to_move is not None:
        deals += state.to_move == CHANCE
        state.apply(game.auto_move(state, rng))
    assert deals == 3 and len(state.scores) == 3
    assert state.result()["totals"] == [sum(r[s] for r in state.scores) for s in range(4)]


def test_a_deal_keeps_the_last_dispute_of_the_round_before_until_the_next_play():
    game = REGISTRY["tiles"]
    rng = random.Random(4)
    state = game.new_state(game.rules({"players": 4}))
    state.apply(game.auto_move(state, rng))  # the first deal
    while state.to_move != CHANCE:
        state.apply(game.auto_move(state, rng))
    settled = list(state.last_dispute)
    assert len(settled) == 4 and state.plays == []
    state.apply(game.auto_move(state, rng))  # the second deal
    assert state.last_dispute == settled and state.plays == []
    state.apply(next(m for m in state.legal_moves() if isinstance(m, Play)))
    assert state.last_dispute == settled and len(state.plays) == 1


@pytest.mark.parametrize(
    "scores, winners",
    [
        ([[3, 5, 9], [4, 2, 1], [2, 4, 0]], [0]),  # totals 9, 11, 10
        ([[3, 5, 6], [4, 2, 1], [2, 2, 2]], [0, 1, 2]),  # 9, 9, 9 and 2, 2, 2: shared
        ([[0, 5, 6], [4, 2, 1], [5, 2, 2]], [1, 2]),  # 9, 9, 9; seats 1 and 2 took 2 last
    ],
)
def test_lowest_total_wins_then_lowest_last_round_then_shared(scores, winners):
    state = TilesState(TilesRules(players=3))
    state.scores, state.finished = scores, True
    result = state.result()
    assert result["winners"] == winners
    assert result["winner"] == (winners[0] if len(winners) == 1 else None)


def test_a_tie_on_totals_is_broken_by_the_last_round():
    state = TilesState(TilesRules(players=3))
    state.scores, state.finished = [[5, 1, 0], [0, 4, 9]], True  # totals 5, 5, 9
    assert state.result()["winners"] == [0]


@pytest.mark.parametrize("params", [{"players": 2}, {"players": 7}, {"leader": 4}, {"seats": 4}])
def test_bad_rules_are_refused(params):
    with pytest.raises(RulesError):
        TilesRules.from_dict(params)


def test_a_seat_sees_every_number_but_its_own():
    state = dealt()
    view = SeatView.of(state, 2)
    assert view.own_colors == (GREEN,) * 5 + (BLUE,) * 5
    assert 2 not in view.hands and view.hands[0] == FIVE.hands[0]
    assert view.possible_values(GREEN) == [1, 2, 3, 4, 5]  # deduced from the other hands


def test_the_ai_decides_from_its_own_view_only():
    # Swap the values within seat 2's colours: what seat 2 sees does not change.
    twin = Deal(
        FIVE.hands[:2] + (tiles("green", 1, 5)[::-1] + tiles("blue", 1, 5)[::-1],) + FIVE.hands[3:]
    )
    for leader in range(5):
        a, b = dealt(FIVE, leader), dealt(twin, leader)
        rng_a, rng_b = random.Random(leader), random.Random(leader)
        while a.to_move != 2:
            a.apply(careful(a, rng_a))
            b.apply(careful(b, rng_b))
        index = a.hands[2].index(careful(a, random.Random(9)).tile)
        assert b.hands[2].index(careful(b, random.Random(9)).tile) == index


def test_colour_names():
    assert COLORS == ("red", "yellow", "green", "blue", "purple")


@settings(max_examples=examples(0.3))
@given(st.integers(3, 6), st.randoms(use_true_random=False))
def test_random_games_keep_every_tile_and_follow_suit(players, rng):
    game = REGISTRY["tiles"]
    state = game.new_state(game.rules({"players": players, "leader": rng.randrange(players)}))
    while state.to_move is not None:
        before = state.copy()
        legal = state.legal_moves()
        move = game.auto_move(state, rng) if not legal or rng.random() < 0.5 else rng.choice(legal)
        state.apply(move)
        if isinstance(move, Play) and before.plays:
            held = [t for t in before.hands[move.player] if t // 10 == before.current]
            assert not held or move.tile // 10 == before.current  # followed when able
        in_hands = [t for hand in state.hands for t in hand]
        on_table = state.discards + [t for _, t in state.plays]
        assert sorted(in_hands + on_table) == sorted(t for hand in state.dealt for t in hand)
        if isinstance(move, Play) and not state.plays:  # a dispute was just settled
            values = [t % 10 + 1 for _, t in state.last_dispute]
            gained = [a - b for a, b in zip(state.scores[-1], before.scores[-1], strict=True)]
            assert sorted(gained, reverse=True)[0] == min(values) and sum(gained) == min(values)
    assert len(state.scores) == 3 and state.result() is not None


def test_a_recording_with_a_bad_tile_names_its_line():
    header = (
        '{"format": "oddsevens-recording", "version": 1, "game": "tiles", '
        '"rules": {"players": 5}, "seed": null}\n'
    )
    deal = REGISTRY["tiles"].event_from_move(FIVE)
    lines = [header, json.dumps(deal) + "\n", '{"player": 0, "tile": "pink-3"}\n']
    with pytest.raises(RecordingError, match="line 3: not a tile"):
        parse(lines)
    lines[2] = '{"player": 0, "tile": "green-3"}\n'
    with pytest.raises(RecordingError, match="line 3: player 0 does not hold green-3"):
        parse(lines)
