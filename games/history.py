"""One game's move history: the moves from the start, the position after each, and
where each turn ends.

Like a chess library's move stack, it is the one place that knows how events
group into turns: a replay, an export, a window's Back and every seek read it.
A turn is a move that raises the state's `turns`; other events (a deal, a
change of the Load between stages) belong to the turn before them, so the
position shown for turn K is the one just before turn K + 1 is played.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic

from games.base import StateT


class History(Generic[StateT]):
    def __init__(self, start: StateT, moves: Iterable[Any] = ()) -> None:
        self._states = [start.copy()]
        self.moves: list[Any] = []
        self._turn_moves: list[int] = []  # the index in `moves` of each turn's move
        for move in moves:
            self.push(move)

    @property
    def state(self) -> StateT:
        """The position after every move (shared: copy it before changing it)."""
        return self._states[-1]

    @property
    def turns(self) -> int:
        return len(self._turn_moves)

    def __len__(self) -> int:
        return len(self.moves)

    def push(self, move: Any) -> None:
        """Play `move` after the others; an illegal one raises IllegalMove and changes nothing."""
        state = self.state.copy()
        state.apply(move)
        if state.turns > self.state.turns:
            self._turn_moves.append(len(self.moves))
        self.moves.append(move)
        self._states.append(state)

    def truncate(self, length: int) -> None:
        """Keep only the first `length` moves."""
        length = max(0, length)
        del self.moves[length:]
        del self._states[length + 1 :]
        while self._turn_moves and self._turn_moves[-1] >= length:
            self._turn_moves.pop()

    def before(self, index: int) -> StateT:
        """The position before move `index` (after `index` moves)."""
        return self._states[index]

    def is_turn(self, index: int) -> bool:
        """Whether move `index` is a turn (raises the turn count), not a deal or a setting."""
        return self._states[index + 1].turns > self._states[index].turns

    def turn_length(self, turn: int) -> int:
        """How many moves the position of turn `turn` follows: every move up to the next turn's."""
        turn = min(max(turn, 0), self.turns)
        return self._turn_moves[turn] if turn < self.turns else len(self.moves)

    def at_turn(self, turn: int) -> StateT:
        """The position shown for turn `turn` (0: the start), clamped to the turns played."""
        return self._states[self.turn_length(turn)]

    def frames(self) -> list[StateT]:
        """The position of each turn, from turn 0 to the last."""
        return [self.at_turn(turn) for turn in range(self.turns + 1)]

    def turn_of(self, length: int) -> int:
        """The turn whose position the first `length` moves belong to."""
        return self._states[max(0, min(length, len(self.moves)))].turns
