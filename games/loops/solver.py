"""Perfect play, exact random-play odds and Monte Carlo for Odds and Evens.

The search runs on compact positions seen from the side to move. A loop is
summarised by what its future depends on: how many pieces it holds, whose
colour its last piece shows, its trailing streak, whether that piece is
locked, and, while the last piece is a lone unlocked one, the length of the
run below it (what a flip would join). Only parities matter once a streak is
longer than one or its last piece is locked. The two loops are sorted, since
swapping Left and Right changes nothing.
"""

from __future__ import annotations

import random
from functools import cache
from typing import NamedTuple

from games.loops.engine import LoopsState, forced_count


class Loop(NamedTuple):
    pieces: int
    theirs: int  # 1 when the last piece shows the opponent's colour
    streak: int  # 1; 2 = even; 3 = odd and longer than 1 (unlocked only)
    below: int  # parity of the run under a lone unlocked last piece, else 0
    locked: int


class Position(NamedTuple):
    loops: tuple[Loop, Loop]
    my_flips: int
    their_flips: int


def _loop(capacity: int, pieces: int, theirs: int, streak: int, below: int, locked: int) -> Loop:
    if pieces == 0 or pieces == capacity:
        return Loop(pieces, 0, 0, 0, 0)
    if locked:
        return Loop(pieces, theirs, 2 - streak % 2, 0, 1)
    if streak == 1:
        return Loop(pieces, theirs, 1, below % 2, 0)
    return Loop(pieces, theirs, 2 if streak % 2 == 0 else 3, 0, 0)


def _position(a: Loop, b: Loop, my_flips: int, their_flips: int) -> Position:
    return Position((a, b) if a <= b else (b, a), my_flips, their_flips)


# --- moves on one loop: a capacity has few distinct loops, so each is worked out once ---


@cache
def after_place(capacity: int, loop: Loop) -> Loop | None:
    forced = 2 if loop.pieces == 0 else forced_count(loop.streak)
    if loop.pieces + forced > capacity:
        return None
    if loop.pieces and not loop.theirs:
        return _loop(capacity, loop.pieces + forced, 0, loop.streak + forced, 0, 0)
    below = loop.streak if forced == 1 else 0
    return _loop(capacity, loop.pieces + forced, 0, forced, below, 0)


@cache
def after_flip(capacity: int, loop: Loop) -> Loop | None:
    if not (0 < loop.pieces < capacity and loop.theirs and not loop.locked):
        return None
    streak = loop.below + 1 if loop.streak == 1 else 1
    return _loop(capacity, loop.pieces, 0, streak, 0, 1)


@cache
def swap(capacity: int, loop: Loop) -> Loop:
    """The loop seen by the other side."""
    if loop.pieces in (0, capacity):
        return loop
    return loop._replace(theirs=1 - loop.theirs)


class Solver:
    """Memoized search over the positions of one capacity."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._children: dict[Position, tuple[Position, ...]] = {}
        self._wins: dict[Position, bool] = {}
        self._random: dict[Position, float] = {}

    def start(self, flips: int) -> Position:
        bare = Loop(0, 0, 0, 0, 0)
        return Position((bare, bare), flips, flips)

    def key(self, state: LoopsState) -> Position:
        """The compact position of an engine state, seen from the side to move."""
        mover = state.to_move
        if mover is None:  # the game is over: seen from the loser's side
            assert state.winner is not None
            mover = 1 - state.winner
        loops = []
        for loop in (0, 1):
            owner, streak = state.streak(loop)
            pieces = state.pieces[loop]
            below = state.streak_below(loop) if streak == 1 else 0
            locked = int(bool(pieces) and state.locked[loop][-1])
            loops.append(
                _loop(
                    self.capacity,
                    len(pieces),
                    int(owner not in (None, mover)),
                    streak,
                    below,
                    locked,
                )
            )
        flips = state.flips_left
        return _position(loops[0], loops[1], flips[mover], flips[1 - mover])

    def children(self, position: Position) -> tuple[Position, ...]:
        """Positions after each legal move (one entry per move), seen by the next mover."""
        found = self._children.get(position)
        if found is not None:
            return found
        (a, b), mine, theirs = position
        result = []
        capacity = self.capacity
        for moved, other in ((a, b), (b, a)):
            unmoved = swap(capacity, other)
            placed = after_place(capacity, moved)
            if placed is not None:
                result.append(_position(swap(capacity, placed), unmoved, theirs, mine))
            if mine:
                flipped = after_flip(capacity, moved)
                if flipped is not None:
                    result.append(_position(swap(capacity, flipped), unmoved, theirs, mine - 1))
        found = self._children[position] = tuple(result)
        return found

    # --- values -------------------------------------------------------------------

    def wins(self, position: Position) -> bool:
        """Whether the side to move wins with perfect play."""
        known = self._wins.get(position)
        if known is None:
            known = self._wins[position] = not all(
                self.wins(child) for child in self.children(position)
            )
        return known

    def random_win_probability(self, position: Position) -> float:
        """The chance the side to move wins when both sides move uniformly at random."""
        known = self._random.get(position)
        if known is None:
            kids = self.children(position)
            known = (
                sum(1 - self.random_win_probability(k) for k in kids) / len(kids) if kids else 0.0
            )
            self._random[position] = known
        return known

    def mistakes_left(self, position: Position) -> int:
        """How many moves from `position` hand the game to the other side."""
        return sum(self.wins(child) for child in self.children(position))

    # --- Monte Carlo --------------------------------------------------------------

    def walk_table(self, start: Position) -> list[tuple[int, ...]]:
        """Every position reachable from `start` as an index, with its children's indices."""
        index = {start: 0}
        order = [start]
        for position in order:
            for child in self.children(position):
                if child not in index:
                    index[child] = len(order)
                    order.append(child)
        return [tuple(index[c] for c in self.children(p)) for p in order]


def random_games(table: list[tuple[int, ...]], games: int, seed: int) -> int:
    """Play `games` uniformly random games on a walk table; return the first mover's wins."""
    rng = random.Random(seed)
    choice = rng.choice
    first_wins = 0
    for _ in range(games):
        node, moves = 0, 0
        kids = table[0]
        while kids:
            node = choice(kids)
            kids = table[node]
            moves += 1
        first_wins += moves & 1  # the side left without a move loses
    return first_wins


@cache
def solver(capacity: int) -> Solver:
    return Solver(capacity)
