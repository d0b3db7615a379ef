"""Rules engine for Load.

Cells are numbered 0 .. N-1 row by row. Every set of cells is an int bit
mask (bit c is cell c), so a turn is a handful of integer operations.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from games.base import IllegalMove, Outcome, RulesError, TriedMoves, reject_unknown, require_int

NONE, ON, DIM = 0, 1, 2
"""A cell half's state: never picked, picked and uncleared, picked and cleared."""

MIN_LOAD, MAX_LOAD = 3, 8
MAX_SIDE = 20


@dataclass(frozen=True, slots=True)
class Pick:
    """Player 1 picks a cell, or player 2 picks the pair holding `cell`."""

    player: int
    cell: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Player 2 passes."""

    player: int = 2


@dataclass(frozen=True, slots=True)
class SetLoad:
    """The Load slider moves; the value is taken when the current stage ends."""

    load: int


PASS = Pass()
Move = Pick | Pass | SetLoad


@dataclass(frozen=True)
class Board:
    """Geometry of a rows x cols grid, as bit masks, with its premade moves."""

    rows: int
    cols: int
    cells: int
    pair_masks: tuple[int, ...]
    pair_blocks: tuple[int, ...]
    at_or_above: tuple[int, ...]
    red_picks: tuple[Pick, ...] = field(repr=False)
    green_picks: tuple[Pick, ...] = field(repr=False)

    def pair_of(self, cell: int) -> tuple[int, ...]:
        """The cells of the pair holding `cell` (one cell for a lone final cell)."""
        low = cell & ~1
        return tuple(c for c in (low, low + 1) if c < self.cells)

    def neighbours(self, cell: int) -> list[int]:
        """Cells sharing an edge with `cell`."""
        row, col = divmod(cell, self.cols)
        found = []
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if 0 <= r < self.rows and 0 <= c < self.cols:
                found.append(r * self.cols + c)
        return found


@cache
def board(rows: int, cols: int) -> Board:
    cells = rows * cols
    geometry = Board(rows, cols, cells, (), (), (), (), ())
    pair_masks = []
    pair_blocks = []
    for low in range(0, cells, 2):
        members = geometry.pair_of(low)
        mask = sum(1 << c for c in members)
        edges = sum(1 << n for c in members for n in geometry.neighbours(c))
        pair_masks.append(mask)
        pair_blocks.append(mask | edges)
    full = (1 << cells) - 1
    return Board(
        rows,
        cols,
        cells,
        tuple(pair_masks),
        tuple(pair_blocks),
        tuple(full & ~((1 << c) - 1) for c in range(cells)),
        tuple(Pick(1, c) for c in range(cells)),
        tuple(Pick(2, c) for c in range(cells)),
    )


@dataclass(frozen=True)
class LoadRules:
    """The default board and Load give green, against the random red, a chance of
    about 58 % with its best play (measured: docs/load.md, "The default board")."""

    rows: int = 5
    cols: int = 5
    load: int = 6

    @classmethod
    def from_dict(cls, params: dict[str, Any]) -> LoadRules:
        reject_unknown(params, {"rows", "cols", "load"})
        rules = cls(
            require_int(params, "rows", 1, MAX_SIDE, cls.rows),
            require_int(params, "cols", 1, MAX_SIDE, cls.cols),
            require_int(params, "load", MIN_LOAD, MAX_LOAD, cls.load),
        )
        if rules.rows * rules.cols < 2:
            raise RulesError("the board needs at least 2 cells")
        return rules

    def to_dict(self) -> dict[str, int]:
        return {"rows": self.rows, "cols": self.cols, "load": self.load}


class LoadState(TriedMoves):
    """A Load position. Player 1 (red) and player 2 (green) alternate within a stage."""

    __slots__ = (
        "rules",
        "board",
        "stage",
        "to_move",
        "load",
        "pending_load",
        "turns",
        "winner",
        "red",
        "red_cleared",
        "green",
        "green_cleared",
        "blocked",
        "red_pool",
        "last",
        "cleared_now",
    )

    def __init__(self, rules: LoadRules) -> None:
        self.rules = rules
        self.board = board(rules.rows, rules.cols)
        self.stage = 1
        self.to_move: int | None = 1
        self.load = self.pending_load = rules.load
        self.turns = 0
        self.winner: int | None = None
        self.red = self.red_cleared = 0
        self.green = self.green_cleared = 0
        self.blocked = 0  # cells no new green pair may touch
        self.red_pool = list(range(self.board.cells))  # cells player 1 may still pick, sorted
        self.last: Pick | Pass | None = None  # the move of the latest turn
        # The red and the green cells the latest turn cleared (bit masks), for pictures.
        self.cleared_now: tuple[int, int] = (0, 0)

    def copy(self) -> LoadState:
        twin = LoadState.__new__(LoadState)
        for name in LoadState.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.red_pool = self.red_pool.copy()
        return twin

    def snapshot(self) -> tuple[Hashable, ...]:
        return (
            self.rules,
            self.stage,
            self.to_move,
            self.load,
            self.pending_load,
            self.turns,
            self.winner,
            self.red,
            self.red_cleared,
            self.green,
            self.green_cleared,
        )

    # --- playing -----------------------------------------------------------------

    def apply(self, move: Move) -> None:
        if self.to_move is None:
            raise IllegalMove("the game is over")
        if isinstance(move, SetLoad):
            self._set_load(move.load)
            return
        if not isinstance(move, Pick | Pass):
            raise IllegalMove(f"not a Load move: {move!r}")
        if move.player != self.to_move:
            raise IllegalMove(f"it is player {self.to_move}'s turn")
        if isinstance(move, Pass):
            self.cleared_now = (0, 0)
            self._end_stage()
        elif move.player == 1:
            self._pick_red(move.cell)
        else:
            self._pick_green(move.cell)
        self.last = move

    def _check_cell(self, cell: int) -> None:
        if type(cell) is not int or not 0 <= cell < self.board.cells:
            raise IllegalMove(f"cell {cell!r} is not on the board (0 to {self.board.cells - 1})")

    def _set_load(self, load: int) -> None:
        if type(load) is not int or not MIN_LOAD <= load <= MAX_LOAD:
            raise IllegalMove(f"load must be from {MIN_LOAD} to {MAX_LOAD}, not {load!r}")
        self.pending_load = load

    def _pick_red(self, cell: int) -> None:
        self._check_cell(cell)
        bit = 1 << cell
        if self.red & bit:
            raise IllegalMove(f"player 1 already picked cell {cell}")
        self.red |= bit
        self.red_pool.remove(cell)
        # Every green pair with a cell >= `cell` clears: its higher cell decides.
        cleared = self.green & self.board.at_or_above[cell & ~1]
        self.cleared_now = (0, cleared & ~self.green_cleared)
        self.green_cleared |= cleared
        self.to_move = 2
        self.turns += 1

    def _pick_green(self, cell: int) -> None:
        self._check_cell(cell)
        pair = cell >> 1
        mask = self.board.pair_masks[pair]
        if self.green & mask:
            raise IllegalMove(f"player 2 already picked the pair of cell {cell}")
        if self.blocked & mask:
            raise IllegalMove(f"the pair of cell {cell} touches an earlier green pick")
        self.green |= mask
        self.blocked |= self.board.pair_blocks[pair]
        cleared = self.red & self.board.at_or_above[pair << 1]
        self.cleared_now = (cleared & ~self.red_cleared, 0)
        self.red_cleared |= cleared
        self._end_stage()

    def _end_stage(self) -> None:
        self.turns += 1
        self.load = self.pending_load
        if self.uncleared_red() > self.load or self.uncleared_green() > self.load:
            self.winner = 1
        elif self.stage == self.board.cells:
            self.winner = 2
        else:
            self.stage += 1
            self.to_move = 1
            return
        self.to_move = None

    # --- questions a front end asks --------------------------------------------

    def legal_moves(self) -> list[Pick | Pass]:
        if self.to_move is None:
            return []
        if self.to_move == 1:
            return [self.board.red_picks[c] for c in self.red_pool]
        picks = self.board.green_picks
        return [picks[2 * j] for j in self.legal_pairs()] + [PASS]

    def legal_pairs(self, below: int | None = None) -> list[int]:
        """Pairs player 2 may pick, optionally only those whose cells are all < below."""
        masks = self.board.pair_masks
        end = len(masks) if below is None else below // 2
        blocked = self.blocked
        return [j for j in range(end) if not blocked & masks[j]]

    def uncleared_red(self) -> int:
        return (self.red ^ self.red_cleared).bit_count()

    def uncleared_green(self) -> int:
        return (self.green ^ self.green_cleared).bit_count()

    def red_state(self, cell: int) -> int:
        return _half_state(self.red, self.red_cleared, cell)

    def green_state(self, cell: int) -> int:
        return _half_state(self.green, self.green_cleared, cell)

    def half_states(self) -> list[tuple[int, int]]:
        """Every cell's red and green state, in cell order (a picture asks for all)."""
        red, red_cleared, green, green_cleared = (
            self.red,
            self.red_cleared,
            self.green,
            self.green_cleared,
        )
        return [
            (_half_state(red, red_cleared, cell), _half_state(green, green_cleared, cell))
            for cell in range(self.board.cells)
        ]

    def result(self) -> dict[str, int] | None:
        if self.winner is None:
            return None
        return {"winner": self.winner, "stage": self.stage}

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome((self.winner,), "overloaded" if self.winner == 1 else "held every stage")


def _half_state(picked: int, cleared: int, cell: int) -> int:
    if not picked >> cell & 1:
        return NONE
    return DIM if cleared >> cell & 1 else ON
