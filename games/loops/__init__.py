"""Odds and Evens: two loops, forced placement counts, flips."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import GameBase, IllegalMove
from games.kit import GameKit
from games.loops.ai import PLAYERS, medium
from games.loops.engine import LOOP_NAMES, Flip, LoopsRules, LoopsState, Move, Place
from games.loops.judging import JUDGING
from games.loops.offered import OFFERED

__all__ = ["Flip", "LoopsGame", "LoopsRules", "LoopsState", "Move", "Place"]


class LoopsGame(GameBase[LoopsRules, LoopsState]):
    id = "loops"
    name = "Odds and Evens"
    default_players = OFFERED.default_players
    rules_type = LoopsRules
    state_type = LoopsState
    players = PLAYERS

    def move_from_event(self, state: LoopsState, event: Mapping[str, Any]) -> Move:
        keys = set(event)
        player = event.get("player")
        if len(keys) == 2 and player in (0, 1) and type(player) is int:
            kind = (keys - {"player"}).pop()
            if kind in ("place", "flip") and event[kind] in LOOP_NAMES:
                loop = LOOP_NAMES.index(event[kind])
                return Place(player, loop) if kind == "place" else Flip(player, loop)
        raise IllegalMove(f"not an Odds and Evens event: {dict(event)}")

    def event_from_move(self, move: Move) -> dict[str, Any]:
        kind = "place" if isinstance(move, Place) else "flip"
        return {"player": move.player, kind: LOOP_NAMES[move.loop]}

    def seats(self, rules: LoopsRules) -> int:
        return 2

    def max_turns(self, rules: LoopsRules) -> int:
        return 2 * rules.capacity + 2 * rules.flips

    def auto_move(self, state: LoopsState, rng: random.Random) -> Move:
        return medium(state, rng)


KIT = GameKit(
    LoopsGame(),
    sample="recordings/loops-sample.jsonl",
    judging=JUDGING,
    opponents=OFFERED.opponents,
    default_opponent=OFFERED.default_opponent,
    sweep=OFFERED.sweep,
)
