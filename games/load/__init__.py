"""Load: red and green picks on a numbered grid, kept under a Load limit."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import GameBase, IllegalMove
from games.kit import GameKit
from games.load.engine import (
    DIM,
    MAX_LOAD,
    MIN_LOAD,
    NONE,
    ON,
    PASS,
    LoadRules,
    LoadState,
    Move,
    Pass,
    Pick,
    SetLoad,
    board,
)
from games.load.judging import JUDGING
from games.load.offered import OFFERED
from games.load.policies import PLAYERS, automatic

__all__ = [
    "DIM",
    "MAX_LOAD",
    "MIN_LOAD",
    "NONE",
    "ON",
    "PASS",
    "LoadGame",
    "LoadRules",
    "LoadState",
    "Move",
    "Pass",
    "Pick",
    "SetLoad",
    "board",
]


class LoadGame(GameBase[LoadRules, LoadState]):
    id = "load"
    name = "Load"
    default_players = OFFERED.default_players
    rules_type = LoadRules
    state_type = LoadState
    players = PLAYERS
    first_seat = OFFERED.first_seat

    def seats(self, rules: LoadRules) -> int:
        return 2

    def player_seats(self, name: str, rules: LoadRules) -> tuple[int, ...]:
        """A red player plays player 1, a green one player 2."""
        return (1,) if name.endswith("-red") else (2,)

    def move_from_event(self, state: LoadState, event: Mapping[str, Any]) -> Move:
        keys = set(event)
        if keys == {"load"}:
            return SetLoad(event["load"])
        player = event.get("player")
        if type(player) is not int:
            raise IllegalMove(f"not a Load event: {dict(event)}")
        if keys == {"player", "pass"} and event["pass"] is True and player == 2:
            return PASS
        if keys == {"player", "cell"} and player in (1, 2):
            cell = event["cell"]
            if type(cell) is not int:
                raise IllegalMove(f"cell must be a whole number, not {cell!r}")
            return Pick(player, cell)
        raise IllegalMove(f"not a Load event: {dict(event)}")

    def event_from_move(self, move: Move) -> dict[str, Any]:
        if isinstance(move, SetLoad):
            return {"load": move.load}
        if isinstance(move, Pass):
            return {"player": 2, "pass": True}
        return {"player": move.player, "cell": move.cell}

    def max_turns(self, rules: LoadRules) -> int:
        return 2 * rules.rows * rules.cols

    def auto_move(self, state: LoadState, rng: random.Random) -> Move:
        return automatic(state, rng)


KIT = GameKit(
    LoadGame(),
    sample="recordings/load-sample.jsonl",
    judging=JUDGING,
    sweep=OFFERED.sweep,
)
