"""Rules engine for Odds and Evens: two loops, forced placement counts, flips.

Players are 0 and 1; a piece is the number of the player whose colour it shows.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from games.base import IllegalMove, Outcome, reject_unknown, require_int

LOOP_NAMES = ("left", "right")
LEFT, RIGHT = 0, 1


@dataclass(frozen=True, slots=True)
class Place:
    """Put the loop's forced number of the player's pieces on it."""

    player: int
    loop: int


@dataclass(frozen=True, slots=True)
class Flip:
    """Spend a flip to turn the loop's most recent piece to the player's colour."""

    player: int
    loop: int


Move = Place | Flip


@dataclass(frozen=True)
class LoopsRules:
    capacity: int = 7
    flips: int = 2
    first: int = 0

    @classmethod
    def from_dict(cls, params: dict[str, Any]) -> LoopsRules:
        reject_unknown(params, {"capacity", "flips", "first"})
        return cls(
            require_int(params, "capacity", 1, 12, 7),
            require_int(params, "flips", 0, 5, 2),
            require_int(params, "first", 0, 1, 0),
        )

    def to_dict(self) -> dict[str, int]:
        return {"capacity": self.capacity, "flips": self.flips, "first": self.first}


def forced_count(streak: int) -> int:
    """A bare loop or an even trailing streak forces 2; an odd one forces 1."""
    return 1 if streak % 2 else 2


class LoopsState:
    __slots__ = (
        "rules",
        "pieces",
        "locked",
        "flips_left",
        "to_move",
        "turns",
        "winner",
        "last",
        "placed",
    )

    def __init__(self, rules: LoopsRules) -> None:
        self.rules = rules
        self.pieces: tuple[list[int], list[int]] = ([], [])
        self.locked: tuple[list[bool], list[bool]] = ([], [])
        self.flips_left = [rules.flips, rules.flips]
        self.to_move: int | None = rules.first
        self.turns = 0
        self.winner: int | None = None
        self.last: Move | None = None
        self.placed = 0  # how many pieces the last move put down (none for a flip)
        if not self.legal_moves():  # a loop too small for even the first placement
            self.winner, self.to_move = 1 - rules.first, None

    def copy(self) -> LoopsState:
        twin = LoopsState.__new__(LoopsState)
        twin.rules, twin.to_move, twin.turns = self.rules, self.to_move, self.turns
        twin.winner, twin.last, twin.placed = self.winner, self.last, self.placed
        twin.pieces = (self.pieces[0].copy(), self.pieces[1].copy())
        twin.locked = (self.locked[0].copy(), self.locked[1].copy())
        twin.flips_left = self.flips_left.copy()
        return twin

    def snapshot(self) -> tuple[Hashable, ...]:
        return (
            self.rules,
            tuple(map(tuple, self.pieces)),
            tuple(map(tuple, self.locked)),
            tuple(self.flips_left),
            self.to_move,
            self.turns,
            self.winner,
        )

    # --- what a loop looks like ----------------------------------------------------

    def free(self, loop: int) -> int:
        return self.rules.capacity - len(self.pieces[loop])

    def streak(self, loop: int) -> tuple[int | None, int]:
        """The owner and length of the trailing streak (None, 0 on a bare loop)."""
        pieces = self.pieces[loop]
        if not pieces:
            return None, 0
        owner, length = pieces[-1], 0
        for piece in reversed(pieces):
            if piece != owner:
                break
            length += 1
        return owner, length

    def streak_below(self, loop: int) -> int:
        """The length of the run just under the trailing streak (0 when there is none)."""
        pieces = self.pieces[loop]
        _, streak = self.streak(loop)
        below = pieces[: len(pieces) - streak]
        length = 0
        for piece in reversed(below):
            if piece != below[-1]:
                break
            length += 1
        return length

    def forced(self, loop: int) -> int:
        return forced_count(self.streak(loop)[1])

    def loop_status(self, loop: int) -> str:
        """'full', 'jammed' (one slot short of the forced count) or the forced count."""
        if not self.free(loop):
            return "full"
        forced = self.forced(loop)
        return str(forced) if forced <= self.free(loop) else "jammed"

    def flippable(self, loop: int, player: int) -> bool:
        """Whether `player` could flip this loop's most recent piece, flips permitting."""
        pieces = self.pieces[loop]
        return (
            bool(pieces)
            and self.free(loop) > 0
            and pieces[-1] != player
            and not self.locked[loop][-1]
        )

    # --- playing ---------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        player = self.to_move
        if player is None:
            return []
        moves: list[Move] = []
        for loop in (LEFT, RIGHT):
            if self.forced(loop) <= self.free(loop):
                moves.append(Place(player, loop))
        if self.flips_left[player]:
            moves += [Flip(player, loop) for loop in (LEFT, RIGHT) if self.flippable(loop, player)]
        return moves

    def apply(self, move: Move) -> None:
        if self.to_move is None:
            raise IllegalMove("the game is over")
        if type(move) not in (Place, Flip):
            raise IllegalMove(f"not an Odds and Evens move: {move!r}")
        if move.player != self.to_move:
            raise IllegalMove(f"it is player {self.to_move}'s turn")
        if move.loop not in (LEFT, RIGHT):
            raise IllegalMove(f"no loop {move.loop!r}")
        reason = self.why_illegal(move)
        if reason:
            raise IllegalMove(reason)
        loop = move.loop
        if isinstance(move, Place):
            self.placed = self.forced(loop)
            self.pieces[loop].extend([move.player] * self.placed)
            self.locked[loop].extend([False] * self.placed)
        else:
            self.placed = 0
            self.pieces[loop][-1] = move.player
            self.locked[loop][-1] = True
            self.flips_left[move.player] -= 1
        self.turns += 1
        self.last = move
        self.to_move = 1 - move.player
        if not self.legal_moves():
            self.winner, self.to_move = move.player, None

    def why_illegal(self, move: Move) -> str | None:
        """The reason a move by the player to move is illegal, or None."""
        loop, name = move.loop, LOOP_NAMES[move.loop]
        if isinstance(move, Place):
            if not self.free(loop):
                return f"the {name} loop is full"
            if self.forced(loop) > self.free(loop):
                return f"the {name} loop is jammed: it forces 2 with 1 slot left"
            return None
        if not self.flips_left[move.player]:
            return "no flips left"
        if not self.pieces[loop]:
            return f"the {name} loop has no piece to flip"
        if not self.free(loop):
            return f"the {name} loop is full"
        if self.pieces[loop][-1] == move.player:
            return f"the last piece on the {name} loop is already yours"
        if self.locked[loop][-1]:
            return f"the last piece on the {name} loop was flipped before and is locked"
        return None

    def result(self) -> dict[str, int] | None:
        if self.winner is None:
            return None
        return {"winner": self.winner, "turns": self.turns}

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome((self.winner,), "the other side cannot move")

    def empty_slots(self) -> int:
        return 2 * self.rules.capacity - len(self.pieces[0]) - len(self.pieces[1])
