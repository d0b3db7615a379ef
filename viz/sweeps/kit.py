"""What a game's fairness sweep holds for `oddsevens sweep GAME` (found through
viz/kits.py): the command line reads the options from the game's declaration
(`SweepOffer`), checks them against the rules, and hands the cells to the sweep kit,
which plays them and says what it found as a table, rows and a chart."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games.registry import load_named
from viz.kits import shown

if TYPE_CHECKING:
    from viz.scenes.shapes import Scene
    from viz.sweeps.runner import Workers
    from viz.sweeps.trials import Games

Rules = dict[str, int]  # one cell: the swept rules' values, by option name


@dataclass(frozen=True)
class SweepAsked:
    """One sweep as the command line asks it: its cells, the games a cell (None: the
    exact search), the seed and workers of the Monte Carlo games, the automatic players
    in the seats (`--by`, else the game's defaults) and the switches given."""

    cells: list[Rules]
    games: Games | None
    seed: int
    workers: Workers
    players: tuple[str, ...]
    switches: frozenset[str]


@dataclass(frozen=True)
class Swept:
    """What a sweep found: its rows (dataclasses, each a JSON line), its table, its
    chart if one can be drawn, and each row's rate and games with the games a chunk
    has, so that the command can say which cells stopped short of a precision."""

    rows: Sequence[Any]
    table: str
    chart: Callable[[], Scene] | None
    rates: list[tuple[float, int]]
    chunk: int


def every_combination(values: Mapping[str, Sequence[int]], switches: frozenset[str]) -> list[Rules]:
    """The cells of every combination of the swept rules' values, the first the slowest."""
    return [dict(zip(values, cell, strict=True)) for cell in itertools.product(*values.values())]


@dataclass(frozen=True)
class SweepKit:
    """A game's sweep: `run` plays the cells asked; `cells` makes them of the swept
    rules' values and the switches (every combination, by default); `refusal` says why
    a sweep asked cannot run (empty: it can), before any of it does."""

    run: Callable[[SweepAsked], Swept]
    cells: Callable[[Mapping[str, Sequence[int]], frozenset[str]], list[Rules]] = every_combination
    refusal: Callable[[SweepAsked], str] = lambda asked: ""


def sweep_kit(game_id: str) -> SweepKit:
    """The sweep kit of a game whose kit offers a sweep (viz/kits.py says where)."""
    kit: SweepKit = load_named(shown(game_id).sweep)
    return kit
