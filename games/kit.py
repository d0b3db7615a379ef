"""A game's kit: the one object through which the shared code meets a game.

A kit holds the rules engine itself and, named by import path (`module:attribute`),
what draws and tells the game and its window: those live in `viz`, which `games`
never imports, and are loaded only when something draws or opens a window. The
analysis reaches a game through the kit's `Judging` hooks alone.

The kits of the product's games are listed in `games/__init__.py`; `register` adds
another (a plug-in, or the tests' own game).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from games.base import AnyGame
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

T = TypeVar("T")

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
    """One game: its rules engine, how it is judged, and (by import path, loaded when
    needed) its scene kit and its window class. `sample` is its golden recording's
    path from the project's root; `opponents` the tiers `play --vs` may name; `screens`
    what each screen of a game played together may see (everything, by default)."""

    game: AnyGame
    scene: str
    window: str
    sample: str
    judging: Judging
    opponents: tuple[str, ...] = ()
    default_opponent: str = ""
    screens: Screens = OPEN


def load_named(path: str) -> Any:
    """The object an import path `package.module:attribute` names."""
    import importlib

    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


class Kits(Mapping[str, GameKit]):
    """The registered kits by game id, in the order they were registered."""

    def __init__(self, kits: Sequence[GameKit]) -> None:
        self._kits: dict[str, GameKit] = {}
        for kit in kits:
            self.register(kit)

    def register(self, kit: GameKit) -> None:
        if kit.game.id in self._kits:
            raise ValueError(f"a game {kit.game.id!r} is registered already")
        self._kits[kit.game.id] = kit

    def __getitem__(self, game_id: str) -> GameKit:
        return self._kits[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._kits)

    def __len__(self) -> int:
        return len(self._kits)


class KitView(Mapping[str, T]):
    """One part of each registered kit, by game id: a view of the kits, never a list of
    its own, so a kit registered later is in it too."""

    def __init__(self, kits: Kits, part: Callable[[GameKit], T]) -> None:
        self._kits = kits
        self._part = part

    def __getitem__(self, game_id: str) -> T:
        return self._part(self._kits[game_id])

    def __iter__(self) -> Iterator[str]:
        return iter(self._kits)

    def __len__(self) -> int:
        return len(self._kits)
