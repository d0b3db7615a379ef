"""A game's kit: the one object through which the shared code meets a game.

A kit holds the rules engine, how the analysis judges the game, its sample recording
and the tiers its window may offer. What draws the game and its window live in `viz`,
which finds them by game id: `games` names nothing of `viz`.

The product's games are listed in `games/__init__.py` (see games/registry.py).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games.base import AnyGame
from games.registry import SweepOffer
from games.screens import OPEN, Screens

if TYPE_CHECKING:  # numpy is loaded by the analysis alone: the command line starts at once
    import numpy as np
    import numpy.typing as npt

    Shares = npt.NDArray[np.float64]
    """Playouts' results: each seat's figure, 0 to 1 with 0.5 fair (its share of the win
    in a two-seat game; in Even Odds its standing), indexed [option, trial, seat]."""

    Sampler = Callable[[Any, Sequence[Any], int, range, int], Shares]
    """Playouts of `options` from a position for the mover `seat`: (state, options, seat,
    trials, seed). Trial t draws the same chances whichever option it follows."""

ExactValue = Callable[[Any, int], float]
"""A solved position's value for a seat: its share of the win, 0 to 1."""


@dataclass(frozen=True)
class Reading:
    """What a game's chances mean: `meaning` says it in a sentence for the output's
    header; `estimated` is False where only the exact search can give them."""

    meaning: str
    estimated: bool = True


def _no_exact(state: Any, reading: str) -> ExactValue | None:
    return None


def _legal_moves(state: Any) -> list[Any]:
    return list(state.legal_moves())


@dataclass(frozen=True)
class Judging:
    """How the analysis values a game's positions.

    `readings` name what the chances may mean, the default first. `exact(state,
    reading)` gives the solved value where the rest of the game from `state` is solved,
    else None, and the position is estimated by playouts, at most `trials` an option:
    `sample`'s, or by default games played to the end one at a time by the game's
    automatic players. The mover chooses among `options` (the moves it can tell apart;
    `same_option` says when two moves are one)."""

    readings: Mapping[str, Reading]
    trials: int | None = 1024  # None: the game is always solved, never estimated
    exact: Callable[[Any, str], ExactValue | None] = _no_exact
    options: Callable[[Any], list[Any]] = _legal_moves
    same_option: Callable[[Any, Any], bool] = operator.eq
    sample: Sampler | None = None


@dataclass(frozen=True)
class GameKit:
    """One game: its rules engine and how it is judged. `sample` is its golden
    recording's path from the project's root; `opponents` the tiers `play --vs` may
    name; `screens` what each screen of a game played together may see (everything,
    by default); `sweep` what its fairness sweep offers, if it has one (its work is
    viz's: viz/kits.py finds it by game id)."""

    game: AnyGame
    sample: str
    judging: Judging
    opponents: tuple[str, ...] = ()
    default_opponent: str = ""
    screens: Screens = OPEN
    sweep: SweepOffer | None = None
