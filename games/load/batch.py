"""Many Load games played on at once in numpy arrays, for the analysis's estimates.

Player 1 picks uniformly at random: each game draws a random key per cell each stage
and picks the unpicked cell with the highest key, so games handed the same keys (one
trial, played after different options) pick alike wherever their boards allow.
Player 2 plays a `GreenPolicy`. The rules are the engine's (games/load/engine.py),
tested against it game for game.

A board is a row of booleans per game, one per cell: boards of up to 400 cells do not
fit the engine's integer bit masks in numpy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from games.load.engine import LoadState, board
from games.load.exact import LoadSolver, Pairs

Cells = npt.NDArray[np.bool_]
Choices = npt.NDArray[np.int64]
PASS_CHOICE = -1


@dataclass(frozen=True)
class Geometry:
    """A board's pairs and masks as arrays: `at_or_above[c]` marks the cells >= c,
    `blocks[j]` the cells pair j and its neighbours cover."""

    cells: int
    low: npt.NDArray[np.int64]  # each pair's first cell
    high: npt.NDArray[np.int64]  # ... and its last (the same for a lone final cell)
    size: npt.NDArray[np.int64]
    at_or_above: Cells
    blocks: Cells


@cache
def geometry(rows: int, cols: int) -> Geometry:
    grid = board(rows, cols)
    cells = np.arange(grid.cells)
    low = np.arange(0, grid.cells, 2)
    high = np.minimum(low + 1, grid.cells - 1)
    blocks = np.array(
        [[bool(mask >> c & 1) for c in range(grid.cells)] for mask in grid.pair_blocks]
    )
    return Geometry(grid.cells, low, high, high - low + 1, cells[None, :] >= cells[:, None], blocks)


@dataclass
class Boards:
    """Games in play, one row each, all at the same stage with the same side to move."""

    shape: Geometry
    load: int
    stage: int
    red_to_move: bool
    red: Cells
    red_cleared: Cells
    green: Cells
    green_cleared: Cells
    blocked: Cells
    alive: npt.NDArray[np.bool_]  # not yet lost by player 2

    @classmethod
    def of(cls, states: list[LoadState]) -> Boards:
        """The games of engine positions, which must be at one stage, one side to move."""
        first = states[0]
        shape = geometry(first.rules.rows, first.rules.cols)

        def cells(name: str) -> Cells:
            masks = [getattr(state, name) for state in states]
            return np.array([[bool(m >> c & 1) for c in range(shape.cells)] for m in masks])

        return cls(
            shape,
            first.pending_load,
            first.stage,
            first.to_move == 1,
            cells("red"),
            cells("red_cleared"),
            cells("green"),
            cells("green_cleared"),
            cells("blocked"),
            np.array([state.winner != 1 for state in states]),
        )

    def repeated(self, times: int) -> Boards:
        """Each game `times` over, in a row."""

        def more(cells: Cells) -> Cells:
            return cells.repeat(times, axis=0)

        return Boards(
            self.shape,
            self.load,
            self.stage,
            self.red_to_move,
            more(self.red),
            more(self.red_cleared),
            more(self.green),
            more(self.green_cleared),
            more(self.blocked),
            more(self.alive),
        )

    def uncleared(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        return (
            (self.red & ~self.red_cleared).sum(axis=1),
            (self.green & ~self.green_cleared).sum(axis=1),
        )


GreenPolicy = Callable[[Boards], Choices]
"""Player 2's choice in each game: a pair's number, or PASS_CHOICE."""


def holding_green(boards: Boards) -> Choices:
    """Pass while passing holds the stage; else the lowest pair that holds it (it clears
    the most red); else pass, and lose. Measured against the exact search in
    docs/analysis.md."""
    shape, load = boards.shape, boards.load
    red_left, green_left = boards.uncleared()
    uncleared_red = (boards.red & ~boards.red_cleared).astype(np.int64)
    below = np.concatenate(
        [np.zeros((len(red_left), 1), np.int64), np.cumsum(uncleared_red, axis=1)], axis=1
    )  # below[:, c]: uncleared red in cells < c, all a pair from cell c leaves
    free = ~(boards.blocked[:, shape.low] | boards.blocked[:, shape.high])
    holds = free & (below[:, shape.low] <= load) & (green_left[:, None] + shape.size <= load)
    passing = (red_left <= load) & (green_left <= load)
    lowest = np.where(holds.any(axis=1), holds.argmax(axis=1), PASS_CHOICE)
    return np.where(passing, PASS_CHOICE, lowest)


def solver_green(solver: LoadSolver) -> GreenPolicy:
    """Player 2's best move by the exact search, game by game (for boards it reaches);
    in a game already lost it passes."""

    def choose(boards: Boards) -> Choices:
        choices = np.full(len(boards.alive), PASS_CHOICE, np.int64)
        on = boards.alive
        if on.any():
            pairs = Pairs.of_cells(
                solver.grid,
                boards.red[on],
                boards.red_cleared[on],
                boards.green[on],
                boards.green_cleared[on],
                boards.blocked[on],
            )
            choices[on] = solver.best_greens(pairs)
        return choices

    return choose


def pick_red(boards: Boards, keys: npt.NDArray[np.float64]) -> None:
    """Each game's player 1 picks its unpicked cell of highest key."""
    picked = np.where(boards.red, -1.0, keys).argmax(axis=1)
    rows = np.arange(len(picked))
    boards.red[rows, picked] = True
    boards.green_cleared |= boards.green & boards.shape.at_or_above[picked & ~1]
    boards.red_to_move = False


def play_green(boards: Boards, choices: Choices) -> None:
    """Each game's player 2 takes its choice, and the stage ends."""
    shape = boards.shape
    picking = np.flatnonzero(choices != PASS_CHOICE)
    pairs = choices[picking]
    boards.green[picking, shape.low[pairs]] = True
    boards.green[picking, shape.high[pairs]] = True
    boards.blocked[picking] |= shape.blocks[pairs]
    boards.red_cleared[picking] |= boards.red[picking] & shape.at_or_above[shape.low[pairs]]
    red_left, green_left = boards.uncleared()
    boards.alive &= (red_left <= boards.load) & (green_left <= boards.load)
    boards.stage += 1
    boards.red_to_move = True


def played_out(
    boards: Boards, keys: npt.NDArray[np.float64], green: GreenPolicy
) -> npt.NDArray[np.bool_]:
    """Whether player 2 holds every stage in each game; `keys[:, s]` are player 1's
    keys for the s-th red pick from here."""
    picks = 0
    while boards.stage <= boards.shape.cells and boards.alive.any():
        if boards.red_to_move:
            pick_red(boards, keys[:, picks])
            picks += 1
        play_green(boards, green(boards))
    return boards.alive
