"""Automatic games played by a game's default automatic players."""

from __future__ import annotations

import random
from typing import Any

from games.base import Game, State


def play(game: Game, rules: Any, rng: random.Random) -> tuple[State, list[Any]]:
    """Play one automatic game to its end; return the final state and the moves."""
    state = game.new_state(rules)
    moves = []
    limit = game.max_turns(rules)
    while state.to_move is not None:
        if state.turns >= limit:
            raise RuntimeError(f"{game.id} ran past its maximum of {limit} turns")
        move = game.auto_move(state, rng)
        state.apply(move)
        moves.append(move)
    return state, moves
