"""Automatic games: the game's default automatic players, or chosen ones per seat."""

from __future__ import annotations

import math
import zlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # the sweeps' help reads PRECISION_CAP: it loads no engine
    import random

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


def seeded_chunks(
    trials: int, size: int, seed: int, *cell: object, first: int = 0
) -> list[tuple[int, int]]:
    """`trials` split into chunks of at most `size` games, each with a seed of its own made
    from `seed`, the cell and the chunk's number (counted from `first`, for chunks added
    after `first` others): the same for any number of workers, so a Monte Carlo result
    repeats however it is spread."""
    sizes = [size] * (trials // size) + ([trials % size] if trials % size else [])
    key = "/".join(map(str, (seed, *cell)))
    return [(games, zlib.crc32(f"{key}/{n}".encode())) for n, games in enumerate(sizes, first)]


PRECISION_CAP = 1_000_000  # the games a cell plays at most when a precision is asked
FIRST_ROUND = 2_000  # ... and at least: a rate is not judged on fewer


def standard_error(rate: float, trials: int) -> float:
    """The standard error of a rate measured in `trials` independent games."""
    return math.sqrt(rate * (1 - rate) / trials)


class Precision(NamedTuple):
    """Games added to a cell in rounds of whole chunks until the standard error of its
    rate is below `error`, or it has played `cap` games (rounded down to whole chunks).
    Each round is decided on the games before it alone, so the games a cell plays are
    the same however its chunks are spread."""

    error: float
    cap: int = PRECISION_CAP

    def first_round(self, size: int) -> int:
        """The games of a cell's first round: whole chunks of `size`, FIRST_ROUND or
        just over."""
        return min(-(-FIRST_ROUND // size), self.cap // size) * size

    def more(self, trials: int, wins: int, size: int) -> int:
        """The games to add to a cell that has won `wins` of `trials` (0: it is done):
        as many whole chunks as its rate says it needs, at most as many as it has played
        (a small first sample may misjudge the rate) and never past the cap."""
        rate = wins / trials
        if standard_error(rate, trials) < self.error or self.capped(trials, size):
            return 0
        needed = math.floor(rate * (1 - rate) / self.error**2) + 1  # its error then below
        chunks = -(-(needed - trials) // size)
        # at least one, should rounding put `needed` a game short of what the error said
        return max(1, min(chunks, trials // size, (self.cap - trials) // size)) * size

    def capped(self, trials: int, size: int) -> bool:
        """Whether another chunk of `size` would take a cell past the cap."""
        return trials + size > self.cap

    def short(self, rate: float, trials: int, size: int) -> bool:
        """Whether a cell stopped at the cap with its error not yet below the target."""
        return self.capped(trials, size) and standard_error(rate, trials) >= self.error
