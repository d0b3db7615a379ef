"""How the analysis values Load (docs/analysis.md).

By default a chance is player 2's chance to hold every stage against a player 1 who
picks uniformly at random (the automatic player 1), player 2 playing its best; player
1's is the rest. It is exact where the exact search (games/load/exact.py) reaches the
rest of the game (a board of at most 14 cells, or the last 12 picks of any board, in
positions of at most 64 bits), and estimated elsewhere by playouts in numpy arrays
(games/load/batch.py), player 2 then playing the exact search's move wherever that
reaches the rest of the game and `weighed_green` before. The reading `perfect` is perfect
play on both sides, 1 or 0, for the positions the exact search reaches.
Either way the Load is the one the slider shows: its later moves are not foreseen.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from games.kit import ExactValue, Judging, Reading
from games.load.engine import LoadState, Pick

if TYPE_CHECKING:
    from games.kit import Shares
    from games.load.batch import GreenPolicy
    from games.load.exact import LoadSolver

EXACT_LOAD_CELLS = 14  # a whole board: 1x14 at Load 8, 4.9 million positions, 1 to 2 s
ENDGAME_PICKS = 12  # the shared 7x7 game: 130,000 positions, 0.1 to 0.3 s; at 14, 2 s

RANDOM, PERFECT = "random", "perfect"
READINGS = {
    RANDOM: Reading(
        "player 2's chance to hold every stage against a player 1 picking at random, "
        "player 2 playing its best; player 1's chance is the rest"
    ),
    PERFECT: Reading(
        "whether the mover wins with perfect play on both sides (1 or 0); only the "
        "positions the exact search reaches are judged",
        estimated=False,
    ),
}


def reached(state: LoadState) -> bool:
    """Whether the exact search reaches the rest of the game from `state`."""
    if state.board.cells <= EXACT_LOAD_CELLS:
        return True
    from games.load.exact import reaches  # numpy: the command line starts at once

    return len(state.red_pool) <= ENDGAME_PICKS and reaches(state)


def held_search(state: LoadState) -> LoadSolver | None:
    """The exact search, holding the rest of the game from `state`, where it reaches."""
    if not reached(state):
        return None
    search = exact_search(state.rules.rows, state.rules.cols, state.pending_load)
    search.hold(state)
    return search


def exact_value(state: LoadState, reading: str) -> ExactValue | None:
    search = held_search(state)
    if search is None:
        return None
    if reading == PERFECT:
        return lambda position, player: float(search.player2_wins(position) == (player == 2))
    return lambda position, player: _for(player, search.player2_chance(position))


def _for(player: int, chance: float) -> float:
    return chance if player == 2 else 1 - chance


@cache
def exact_search(rows: int, cols: int, load: int) -> LoadSolver:
    from games.load.exact import LoadSolver

    return LoadSolver(rows, cols, load, whole=rows * cols <= EXACT_LOAD_CELLS)


def same_option(a: Any, b: Any) -> bool:
    """Player 2 picks a pair by either of its cells."""
    if isinstance(a, Pick) and isinstance(b, Pick) and a.player == b.player == 2:
        return a.cell >> 1 == b.cell >> 1
    return bool(a == b)


def sample(state: LoadState, options: Sequence[Any], seat: int, trials: range, seed: int) -> Shares:
    """Playouts of each option on the same keys for player 1, [option, trial, seat]."""
    import numpy as np  # loaded here, by the analysis alone: the command line starts at once

    from games.load.batch import Boards, first_unpicked_red, played_out

    positions = []
    for option in options:
        position = state.copy()
        position.apply(option)
        positions.append(position)
    going = [n for n, p in enumerate(positions) if p.to_move is not None]
    wins = np.array([float(p.winner == 2) for p in positions])[:, None].repeat(len(trials), 1)
    if going:
        boards = Boards.of([positions[n] for n in going]).repeated(len(trials))
        draws = np.random.default_rng([seed, trials.start, len(trials)])
        cells = state.board.cells
        unpicked = np.array([c for c in range(cells) if not state.red >> c & 1], np.int64)
        order = unpicked[np.argsort(draws.random((len(trials), len(unpicked))), axis=1)]
        red = first_unpicked_red(order)  # trial t's order: the same after every option
        held = played_out(boards, red, _green_policy(state))
        wins[going] = held.reshape(len(going), len(trials))
    return np.stack([1 - wins, wins], axis=2)


def start_chance(state: LoadState, games: int, seed: int) -> tuple[float, float]:
    """Green's chance from a position with no red picked yet, as the analysis reads it
    (green at its best, red at random), and its standard error: exact where the search
    reaches the whole game (error 0), else the share of `games` playouts held."""
    import numpy as np

    from games.load.batch import Boards, ordered_red, played_out, weighed_green

    search = held_search(state)
    if search is not None:
        return search.player2_chance(state), 0.0
    cells = state.board.cells
    rng = np.random.default_rng(seed)
    orders = rng.permuted(np.tile(np.arange(cells), (games, 1)), axis=1)
    held = played_out(Boards.of([state]).repeated(games), ordered_red(orders), weighed_green)
    chance = float(held.mean())
    return chance, (chance * (1 - chance) / games) ** 0.5


def _green_policy(state: LoadState) -> GreenPolicy:
    """The exact search's green wherever it reaches the rest of the game from `state`
    (every playout's position then lies in the one table held), else `weighed_green`."""
    from games.load.batch import solver_green, weighed_green

    search = held_search(state)
    return weighed_green if search is None else solver_green(search)


JUDGING = Judging(readings=READINGS, exact=exact_value, same_option=same_option, sample=sample)
