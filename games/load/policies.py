"""Automatic players for Load (SPEC 3.3)."""

from __future__ import annotations

import random

from games.load.engine import PASS, LoadState, Move


def random_red(state: LoadState, rng: random.Random) -> Move:
    """Player 1: a uniformly random cell that player 1 has not picked."""
    return state.board.red_picks[rng.choice(state.red_pool)]


def every_third_stage_green(state: LoadState, rng: random.Random) -> Move:
    """Player 2: on stages divisible by 3, a random legal pair below the top uncleared red."""
    if state.stage % 3:
        return PASS
    uncleared = state.red ^ state.red_cleared
    if not uncleared:
        return PASS
    pairs = state.legal_pairs(below=uncleared.bit_length() - 1)
    if not pairs:
        return PASS
    return state.board.green_picks[2 * rng.choice(pairs)]


def automatic(state: LoadState, rng: random.Random) -> Move:
    """The move of whichever automatic player is to move."""
    if state.to_move == 1:
        return random_red(state, rng)
    return every_third_stage_green(state, rng)
