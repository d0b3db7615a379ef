"""Sums: a fourth game that lives only in the tests, written as docs/developing.md's "Adding a
game" says, to prove that a game needs no change outside its own package: its rules
here, its scene in `scene.py`, its window in `window.py`, and one line registers it.

Cells hold the numbers 1 to N (N from 2 to 6, 4 by default). Two players take turns
taking a free cell; when every cell is taken, player 0 wins if the numbers they took
add up to an odd total, and player 1 wins otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from games.base import GameBase, IllegalMove, Outcome, reject_unknown, require_int
from games.kit import GameKit, Judging, Reading
from games.registry import SweepOffer


@dataclass(frozen=True)
class SumsRules:
    cells: int = 4

    @classmethod
    def from_dict(cls, params: dict[str, Any]) -> SumsRules:
        reject_unknown(params, {"cells"})
        return cls(require_int(params, "cells", 2, 6, 4))

    def to_dict(self) -> dict[str, Any]:
        return {"cells": self.cells}


@dataclass(frozen=True)
class Take:
    player: int
    cell: int  # 0-based: cell k holds the number k + 1


class SumsState:
    def __init__(self, rules: SumsRules) -> None:
        self.rules = rules
        self.owners: list[int | None] = [None] * rules.cells
        self.to_move: int | None = 0
        self.turns = 0
        self.last: Take | None = None

    def legal_moves(self) -> list[Take]:
        if self.to_move is None:
            return []
        return [Take(self.to_move, c) for c, owner in enumerate(self.owners) if owner is None]

    def why_illegal(self, move: Any) -> str | None:
        if self.to_move is None:
            return "the game is over"
        if not isinstance(move, Take) or move not in self.legal_moves():
            return f"{move!r} is not a free cell for player {self.to_move}"
        return None

    def apply(self, move: Any) -> None:
        reason = self.why_illegal(move)
        if reason:
            raise IllegalMove(reason)
        self.owners[move.cell] = move.player
        self.turns += 1
        self.last = move
        self.to_move = None if None not in self.owners else 1 - move.player

    def total(self, player: int) -> int:
        return sum(c + 1 for c, owner in enumerate(self.owners) if owner == player)

    def result(self) -> dict[str, Any] | None:
        if self.to_move is not None:
            return None
        return {"winner": 0 if self.total(0) % 2 else 1, "totals": [self.total(0), self.total(1)]}

    def outcome(self) -> Outcome | None:
        result = self.result()
        if result is None:
            return None
        return Outcome((result["winner"],), "odd total" if result["winner"] == 0 else "even total")

    def copy(self) -> SumsState:
        twin = SumsState(self.rules)
        twin.owners, twin.to_move = self.owners.copy(), self.to_move
        twin.turns, twin.last = self.turns, self.last
        return twin

    def snapshot(self) -> tuple[Hashable, ...]:
        return (self.rules, tuple(self.owners), self.to_move, self.turns)


def random_player(state: SumsState, rng: random.Random) -> Take:
    return rng.choice(state.legal_moves())


class SumsGame(GameBase[SumsRules, SumsState]):
    id = "sums"
    name = "Sums"
    rules_type = SumsRules
    state_type = SumsState
    players: Mapping[str, Callable[[SumsState, random.Random], Any]] = {"random": random_player}

    def seats(self, rules: SumsRules) -> int:
        return 2

    def move_from_event(self, state: SumsState, event: Mapping[str, Any]) -> Take:
        if set(event) != {"player", "cell"}:
            raise IllegalMove("an event names a player and a cell")
        return Take(event["player"], event["cell"])

    def event_from_move(self, move: Take) -> dict[str, Any]:
        return {"player": move.player, "cell": move.cell}

    def max_turns(self, rules: SumsRules) -> int:
        return rules.cells

    def auto_move(self, state: SumsState, rng: random.Random) -> Take:
        return random_player(state, rng)


KIT = GameKit(
    SumsGame(),
    sample="tests/sums/sample.jsonl",
    judging=Judging(readings={"random": Reading("the mover's chance, both seats at random")}),
    sweep=SweepOffer(
        "player 0's chances, both seats at random",
        ranges=(("cells", 2, 6, "counts of cells"),),
        trials=2_000,
    ),
)
