"""Automatic players for Load (docs/rules.md 3.3)."""

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


def balanced_green(state: LoadState, rng: random.Random) -> Move:
    """Player 2 after the advice of docs/rules.md 3.3: keep its own uncleared picks and player 1's
    close. Of passing and every legal pair, take the move that leaves the larger of the
    two counts smallest, then the two counts closest, then clears the most red (where
    player 1 is heaviest); ties are drawn at random."""
    board = state.board
    red = state.red ^ state.red_cleared
    green_count = (state.green ^ state.green_cleared).bit_count()
    red_count = red.bit_count()
    best_key = (max(red_count, green_count), abs(red_count - green_count), 0, 0.0)
    best: Move = PASS
    for pair in state.legal_pairs():
        left = (red & ~board.at_or_above[pair << 1]).bit_count()
        green_after = green_count + board.pair_masks[pair].bit_count()
        key = (max(left, green_after), abs(left - green_after), left - red_count, rng.random())
        if key < best_key:
            best_key, best = key, board.green_picks[2 * pair]
    return best


def automatic(state: LoadState, rng: random.Random) -> Move:
    """The move of whichever automatic player is to move."""
    if state.to_move == 1:
        return random_red(state, rng)
    return every_third_stage_green(state, rng)


PLAYERS = {
    "random-red": random_red,
    "every-third-green": every_third_stage_green,
    "balanced-green": balanced_green,
}
