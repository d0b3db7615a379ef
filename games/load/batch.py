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
    lost_at: Choices  # the stage a game was lost at (0 while it is not)

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
            np.array([state.stage if state.winner == 1 else 0 for state in states]),
        )

    def repeated(self, times: int) -> Boards:
        """Each game `times` over, in a row."""
        return self.taken(np.arange(len(self.alive)).repeat(times))

    def taken(self, games: Choices) -> Boards:
        """These games (row numbers), in this order."""
        return Boards(
            self.shape,
            self.load,
            self.stage,
            self.red_to_move,
            *(getattr(self, name)[games] for name in GAME_ROWS),
        )

    def put(self, games: Choices, played: Boards) -> None:
        """The rows `games` become `played`'s games, which are at its stage."""
        self.stage, self.red_to_move = played.stage, played.red_to_move
        for name in GAME_ROWS:
            getattr(self, name)[games] = getattr(played, name)

    def free_pairs(self) -> Cells:
        """[game, pair]: the pairs player 2 may still pick (neither cell blocked)."""
        free: Cells = ~(self.blocked[:, self.shape.low] | self.blocked[:, self.shape.high])
        return free

    def red_left_by_pairs(self) -> npt.NDArray[np.int64]:
        """[game, pair]: the uncleared red a pick of each pair leaves, the red in the
        cells below its first (a pair clears every red from its first cell up)."""
        uncleared = (self.red & ~self.red_cleared).astype(np.int64)
        below = np.zeros((len(uncleared), self.shape.cells + 1), np.int64)
        np.cumsum(uncleared, axis=1, out=below[:, 1:])
        left: npt.NDArray[np.int64] = below[:, self.shape.low]
        return left

    def uncleared(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Each game's uncleared red and green fills (counted the quick way for booleans)."""
        red: npt.NDArray[np.int64] = np.count_nonzero(self.red > self.red_cleared, axis=1)
        green: npt.NDArray[np.int64] = np.count_nonzero(self.green > self.green_cleared, axis=1)
        return red, green


GAME_ROWS = ("red", "red_cleared", "green", "green_cleared", "blocked", "alive", "lost_at")
"""The fields of Boards with a row a game, in the order Boards takes them."""

GreenPolicy = Callable[[Boards], Choices]
"""Player 2's choice in each game: a pair's number, or PASS_CHOICE."""


def holding_green(boards: Boards) -> Choices:
    """Pass while passing holds the stage; else the lowest pair that holds it (it clears
    the most red); else pass, and lose. Measured against the exact search in
    docs/analysis.md."""
    shape, load = boards.shape, boards.load
    red_left, green_left = boards.uncleared()
    holds = boards.free_pairs() & (boards.red_left_by_pairs() <= load)
    holds &= green_left[:, None] + shape.size <= load
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


def pick_red(boards: Boards, picked: Choices) -> None:
    """Each game's player 1 picks its cell."""
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
    held = (red_left <= boards.load) & (green_left <= boards.load)
    boards.lost_at[boards.alive & ~held] = boards.stage
    boards.alive &= held
    boards.stage += 1
    boards.red_to_move = True


Keys = npt.NDArray[np.float64]
Draw = Callable[[int, int], Keys]
"""Random keys in [0, 1) for (games, columns): a row a game."""


RedPolicy = Callable[[Boards, int, Choices], Choices]
"""Player 1's s-th pick from here in each game still in play (given as the row numbers
they had when play began)."""


def keyed_red(keys: Callable[[int, Choices], Keys]) -> RedPolicy:
    """Player 1 picks its unpicked cell of highest key, `keys(s, games)` giving the
    keys of its s-th pick: games handed the same keys pick alike where they can."""

    def pick(boards: Boards, picks: int, games: Choices) -> Choices:
        chosen: Choices = np.where(boards.red, -1.0, keys(picks, games)).argmax(axis=1)
        return chosen

    return pick


def ordered_red(order: Choices) -> RedPolicy:
    """Player 1 picks the cells of a game's row of `order` one after the other: with a
    random order for each game, uniformly at random among the cells not yet picked, for
    games that start with no red picked."""

    def pick(_boards: Boards, picks: int, games: Choices) -> Choices:
        chosen: Choices = order[games, picks]
        return chosen

    return pick


def played_out(boards: Boards, red: RedPolicy, green: GreenPolicy) -> Cells:
    """Whether player 2 holds every stage in each game, player 1 playing `red` and player 2
    `green`. A game lost leaves the arrays
    at once (most games end long before the last stage); the games still held are
    played to their end in `boards`, a lost game's row keeps its `lost_at`."""
    live = np.flatnonzero(boards.alive)
    playing, picks = boards.taken(live), 0
    while playing.stage <= playing.shape.cells and len(live):
        if playing.red_to_move:
            pick_red(playing, red(playing, picks, live))
            picks += 1
        play_green(playing, green(playing))
        if not playing.alive.all():
            lost = ~playing.alive
            boards.alive[live[lost]] = False
            boards.lost_at[live[lost]] = playing.lost_at[lost]
            kept = np.flatnonzero(playing.alive)
            live, playing = live[kept], playing.taken(kept)
    boards.put(live, playing)
    alive: Cells = boards.alive
    return alive


def stages_played(boards: Boards) -> Choices:
    """The stage each game ended at, played out: the stage it was lost at, or the last."""
    ended: Choices = np.where(boards.alive, boards.shape.cells, boards.lost_at)
    return ended


def every_third_green(draw: Draw) -> GreenPolicy:
    """SPEC 3.3's automatic player 2, as `every_third_stage_green` of policies.py: on
    stages divisible by 3, the free pair of highest key among those wholly below the
    top uncleared red (keys drawn on those stages alone); else, or with none, pass."""

    def choose(boards: Boards) -> Choices:
        shape = boards.shape
        if boards.stage % 3:
            return np.full(len(boards.alive), PASS_CHOICE)
        keys = draw(len(boards.alive), len(shape.low))
        uncleared = boards.red & ~boards.red_cleared
        top = np.where(uncleared.any(axis=1), shape.cells - 1 - uncleared[:, ::-1].argmax(1), 0)
        free = boards.free_pairs()
        below = np.arange(len(shape.low))[None, :] < (top // 2)[:, None]
        allowed = free & below
        keyed = np.where(allowed, keys, -1.0)
        return np.where(allowed.any(axis=1), keyed.argmax(axis=1), PASS_CHOICE)

    return choose


def balanced_green(draw: Draw) -> GreenPolicy:
    """`balanced_green` of policies.py: of passing and every free pair, the move that
    leaves the larger of the uncleared counts smallest, then the two closest, then
    clears the most red; ties to passing, else to the pair of highest key."""

    def choose(boards: Boards) -> Choices:
        shape = boards.shape
        keys = draw(len(boards.alive), len(shape.low))
        red_left, green_left = boards.uncleared()
        below = boards.red_left_by_pairs()
        green_after = green_left[:, None] + shape.size[None, :]
        scale = 2 * (shape.cells + 1)  # above any count: the parts of a key never mix
        pair_key = (
            np.maximum(below, green_after) * scale * scale
            + np.abs(below - green_after) * scale
            + (below - red_left[:, None])
        )
        pass_key = np.maximum(red_left, green_left) * scale * scale
        pass_key += np.abs(red_left - green_left) * scale
        free = boards.free_pairs()
        pair_key = np.where(free, pair_key, np.iinfo(np.int64).max)
        least = pair_key.min(axis=1)
        tied = pair_key == least[:, None]
        pick = np.where(tied, keys, -1.0).argmax(axis=1)
        return np.where(free.any(axis=1) & (least < pass_key), pick, PASS_CHOICE)

    return choose


GREEN_POLICIES: dict[str, Callable[[Draw], GreenPolicy]] = {
    "every-third-green": every_third_green,
    "balanced-green": balanced_green,
}
"""The automatic players 2 of policies.py, by the names `--by` gives them."""
