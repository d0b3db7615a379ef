"""Even Odds' automatic players by name: the tiers a person chooses between (easy,
medium, hard, expert) and the names earlier recordings use (random, careful)."""

from __future__ import annotations

import random
from collections.abc import Callable

from games.tiles.ai import careful, random_deal, random_player
from games.tiles.engine import CHANCE, Move, TilesRules, TilesState
from games.tiles.search import hard

Player = Callable[[TilesState, random.Random], Move]


def expert(state: TilesState, rng: random.Random) -> Move:
    """The Expert player (games/tiles/expert.py), whose numpy is loaded by its first
    move: the command line and the other tiers start without it."""
    from games.tiles.expert import expert as choose

    return choose(state, rng)


TIERS = {"easy": random_player, "medium": careful, "hard": hard, "expert": expert}
PLAYERS = {"random": random_player, "careful": careful, **TIERS}


def contest_game(one: Player, others: Player, players: int, number: int) -> float:
    """Game `number` of a contest of one seat against the rest: the seat (`number` mod
    `players`) plays as `one`, every other seat as `others`, the first leader rotates
    too (`number // players`), and the deal comes from Random(number); the seat's
    share of the win, a shared win counted as a fraction."""
    rng, seat = random.Random(number), number % players
    state = TilesState(TilesRules(players=players, leader=(number // players) % players))
    while state.to_move is not None:
        if state.to_move == CHANCE:
            move: Move = random_deal(state, rng)
        else:
            move = (one if state.to_move == seat else others)(state, rng)
        state.apply(move)
    result = state.result()
    assert result is not None  # the loop ends with the game
    winners = result["winners"]
    return (seat in winners) / len(winners)
