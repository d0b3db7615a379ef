"""Automatic games: the game's default automatic players, or chosen ones per seat."""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping
from typing import Any

from games.base import Game, Policy, StateT


def play(
    game: Game[StateT],
    rules: Any,
    rng: random.Random,
    seats: Mapping[int, Policy[StateT]] | None = None,
) -> tuple[StateT, list[Any]]:
    """Play one automatic game to its end; return the final state and the moves.

    `seats` picks the automatic player of some seats; the others, and chance
    events such as deals, use the game's default automatic players.
    """
    seats = seats or {}
    state = game.new_state(rules)
    moves: list[Any] = []
    limit = game.max_turns(rules)
    while state.to_move is not None:
        if state.turns >= limit:
            raise RuntimeError(f"{game.id} ran past its maximum of {limit} turns")
        policy = seats.get(state.to_move, game.auto_move)
        move = policy(state, rng)
        state.apply(move)
        moves.append(move)
    return state, moves


def seeded_chunks(trials: int, size: int, seed: int, *cell: object) -> list[tuple[int, int]]:
    """`trials` split into chunks of at most `size` games, each with a seed of its own made
    from `seed`, the cell and the chunk's number: the same for any number of workers, so
    a Monte Carlo result repeats however it is spread."""
    sizes = [size] * (trials // size) + ([trials % size] if trials % size else [])
    key = "/".join(map(str, (seed, *cell)))
    return [(games, zlib.crc32(f"{key}/{n}".encode())) for n, games in enumerate(sizes)]
