"""Even Odds' Expert player: it decides from its seat's view alone, follows the rules,
is offered by name, and (slow) wins more than its share against three Hard seats."""

from __future__ import annotations

import os
import random

import pytest
from test_tiles_hard import assert_plays_a_whole_game_by_the_rules

from games import KITS, REGISTRY
from games.tiles import CHANCE, TilesRules, TilesState
from games.tiles.ai import SeatView, random_deal, random_player
from games.tiles.engine import Choose, color_of
from games.tiles.expert import expert
from games.tiles.players import TIERS, contest_game
from games.tiles.search import hard
from viz.cli import main

GAME = REGISTRY["tiles"]


def positions_with_a_choice(players: int, seed: int) -> list[TilesState]:
    """Every position of a random game where the mover has more than one colour."""
    rng = random.Random(seed)
    state, found = TilesState(TilesRules(players=players)), []
    while state.to_move is not None:
        if state.to_move == CHANCE:
            state.apply(random_deal(state, rng))
            continue
        view = SeatView.of(state, state.to_move)
        if view.choosing or len(view.legal_colors()) > 1:
            found.append(state.copy())
        state.apply(random_player(state, rng))
    return found


def with_a_hidden_value_swapped(state: TilesState) -> TilesState | None:
    """The position with one of the mover's tiles swapped for an undealt tile of its
    colour: what the mover sees is the same, its own values are not."""
    seat = state.to_move
    assert seat is not None and seat >= 0
    dealt = {tile for hand in state.dealt for tile in hand}
    for own in state.hands[seat]:
        undealt = [t for t in range(50) if color_of(t) == color_of(own) and t not in dealt]
        if undealt:
            twin = state.copy()
            twin.hands[seat] = [undealt[0] if t == own else t for t in twin.hands[seat]]
            twin.dealt = tuple(
                tuple(undealt[0] if t == own else t for t in hand) for hand in state.dealt
            )
            return twin
    return None


def colour_chosen(move: object) -> int:
    return move.color if isinstance(move, Choose) else color_of(move.tile)  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [3, 4, 6])
def test_expert_decides_from_its_own_view_only(players):
    compared = 0
    for position in positions_with_a_choice(players, seed=players)[::3]:
        twin = with_a_hidden_value_swapped(position)
        if twin is None:
            continue
        assert SeatView.of(twin, twin.to_move) == SeatView.of(position, position.to_move)
        chosen = colour_chosen(expert(position, random.Random(7)))
        assert colour_chosen(expert(twin, random.Random(7))) == chosen, position.turns
        compared += 1
    assert compared >= 8


@pytest.mark.parametrize("players", [3, 5])
def test_expert_follows_the_rules_in_a_whole_game(players):
    assert_plays_a_whole_game_by_the_rules(expert, players, random.Random(players))


def test_expert_is_a_tier_of_the_window_and_a_player_of_record(tmp_path):
    assert "expert" in TIERS and "expert" in GAME.players
    assert "expert" in KITS["tiles"].opponents  # `play tiles --vs expert`
    out = tmp_path / "expert.jsonl"
    argv = ["record", "tiles", "--by", "expert", "hard", "hard", "--players", "3"]
    assert main([*argv, "--seed", "2", "-o", str(out)]) == 0
    assert '"players": ["expert", "hard", "hard"]' in out.read_text().splitlines()[0]


# At least these shares of the win for one Expert seat among Hard seats: at 4 seats
# 32 % (a fair share is 25 %), else 1.2 times the fair share.
LEAST_SHARE = {3: 1.2 / 3, 4: 0.32, 5: 1.2 / 5, 6: 1.2 / 6}


# 4,000 games at 4 seats and 1,000 at each other size take hours on one core, past CI's
# whole budget: run on request (ODDSEVENS_STRENGTH=1), as bench/tiles_ai.py measures it.
@pytest.mark.skipif(
    os.environ.get("ODDSEVENS_STRENGTH") != "1",
    reason="hours of play: set ODDSEVENS_STRENGTH=1 to measure the Expert's strength",
)
@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_expert_wins_more_than_its_share_against_hard_seats(players):
    games = 4000 if players == 4 else 1000
    won = sum(contest_game(expert, hard, players, number) for number in range(games))
    assert won / games >= LEAST_SHARE[players]
