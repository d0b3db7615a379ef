"""How the analysis values Load: exactly where the game is small enough to solve, by
playouts of the automatic players elsewhere (docs/analysis.md)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from games.kit import ExactValue, Judging
from games.load.engine import LoadState, SetLoad
from games.load.sweep import LoadSolver

# Load is solved exactly up to 10 cells: 130,000 positions and a second at 9 cells, but
# over four million positions, a minute or two and gigabytes at 12 (docs/analysis.md).
EXACT_LOAD_CELLS = 10


def exact_value(start: LoadState, moves: Sequence[Any]) -> ExactValue | None:
    """Perfect play's value on a small board whose Load never moves, else None."""
    rules = start.rules
    if rules.rows * rules.cols > EXACT_LOAD_CELLS or any(isinstance(m, SetLoad) for m in moves):
        return None
    search = _search(rules.rows, rules.cols, rules.load)
    return lambda position, player: float(search.player2_wins(position) == (player == 2))


@cache
def _search(rows: int, cols: int, load: int) -> LoadSolver:
    return LoadSolver(rows, cols, load)


JUDGING = Judging(trials=96, exact=exact_value)
