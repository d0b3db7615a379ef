"""Automatic players for Odds and Evens: Random, Easy, Medium, Hard (docs/rules.md 4.2).

Easy and Medium are gated by how much of the board is left, not by search
depth: they move at random until at most E or M slots are empty, then play
like Hard.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.loops.engine import LoopsState, Move
from games.loops.solver import solver

MEDIUM_EMPTY_SLOTS = 8
EASY_EMPTY_SLOTS = 4


def random_player(state: LoopsState, rng: random.Random) -> Move:
    return rng.choice(state.legal_moves())


def hard(state: LoopsState, rng: random.Random) -> Move:
    """A winning move when there is one; else the move leaving the most ways to go wrong."""
    search = solver(state.rules.capacity)
    scored = []
    for move in state.legal_moves():
        after = state.copy()
        after.apply(move)
        if after.to_move is None:
            return move  # the opponent is left without a move
        child = search.key(after)
        opponent_wins = search.wins(child)
        mistakes = search.mistakes_left(child)
        share = mistakes / len(search.children(child))
        scored.append((not opponent_wins, mistakes, share, move))
    best = max(score[:3] for score in scored)
    return rng.choice([move for *score, move in scored if tuple(score) == best])


def gated(empty_slots: int) -> Callable[[LoopsState, random.Random], Move]:
    """Random while more than `empty_slots` slots are empty, then Hard."""

    def play(state: LoopsState, rng: random.Random) -> Move:
        if state.empty_slots() * 14 > empty_slots * 2 * state.rules.capacity:
            return random_player(state, rng)
        return hard(state, rng)

    play.__name__ = f"gated_{empty_slots}"
    return play


easy = gated(EASY_EMPTY_SLOTS)
medium = gated(MEDIUM_EMPTY_SLOTS)

PLAYERS = {"random": random_player, "easy": easy, "medium": medium, "hard": hard}
