"""How the analysis values Odds and Evens: the game is always solved."""

from __future__ import annotations

from games.kit import ExactValue, Judging, Reading
from games.loops.engine import LoopsState
from games.loops.solver import solver


def value(state: LoopsState, player: int) -> float:
    """1 if `player` wins with perfect play, else 0."""
    if state.to_move is None:
        return float(state.winner == player)
    search = solver(state.rules.capacity)
    return float(search.wins(search.key(state)) == (state.to_move == player))


def exact_value(state: LoopsState, reading: str) -> ExactValue:
    return value


READINGS = {"perfect": Reading("whether the mover wins with perfect play on both sides (1 or 0)")}
JUDGING = Judging(readings=READINGS, trials=None, exact=exact_value)
