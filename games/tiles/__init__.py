"""Even Odds: 3-6 players, 50 tiles; you see every number but your own."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import GameBase, IllegalMove
from games.kit import GameKit
from games.tiles.ai import automatic
from games.tiles.engine import (
    CHANCE,
    COLORS,
    ROUNDS,
    Choose,
    Deal,
    Move,
    Play,
    TilesRules,
    TilesState,
    tile_from_name,
    tile_name,
)
from games.tiles.judging import JUDGING
from games.tiles.offered import OFFERED
from games.tiles.players import PLAYERS
from games.tiles.screens import SCREENS

__all__ = ["CHANCE", "Choose", "Deal", "Play", "TilesGame", "TilesRules", "TilesState"]


class TilesGame(GameBase[TilesRules, TilesState]):
    id = "tiles"
    name = "Even Odds"
    default_players = OFFERED.default_players
    rules_type = TilesRules
    state_type = TilesState
    players = PLAYERS

    def move_from_event(self, state: TilesState, event: Mapping[str, Any]) -> Move:
        keys = set(event)
        if keys in ({"deal"}, {"deal", "removed"}):
            return _deal_from_event(event)
        player = event.get("player")
        if type(player) is int and keys == {"player", "tile"}:
            return Play(player, tile_from_name(event["tile"]))
        if type(player) is int and keys == {"player", "color"} and event["color"] in COLORS:
            return Choose(player, COLORS.index(event["color"]))
        raise IllegalMove(f"not an Even Odds event: {dict(event)}")

    def event_from_move(self, move: Move) -> dict[str, Any]:
        if isinstance(move, Deal):
            event: dict[str, Any] = {"deal": [[tile_name(t) for t in hand] for hand in move.hands]}
            if move.removed is not None:
                event["removed"] = COLORS[move.removed]
            return event
        if isinstance(move, Choose):
            return {"player": move.player, "color": COLORS[move.color]}
        return {"player": move.player, "tile": tile_name(move.tile)}

    def seats(self, rules: TilesRules) -> int:
        return rules.players

    def max_turns(self, rules: TilesRules) -> int:
        return ROUNDS * (1 + 2 * rules.players * rules.hand_size)

    def auto_move(self, state: TilesState, rng: random.Random) -> Move:
        return automatic(state, rng)


def _deal_from_event(event: Mapping[str, Any]) -> Deal:
    hands = event["deal"]
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        raise IllegalMove("a deal is a list of hands, each a list of tiles")
    removed = event.get("removed")
    if removed is not None and removed not in COLORS:
        raise IllegalMove(f"no colour {removed!r}")
    return Deal(
        tuple(tuple(tile_from_name(t) for t in hand) for hand in hands),
        None if removed is None else COLORS.index(removed),
        CHANCE,
    )


KIT = GameKit(
    TilesGame(),
    sample="recordings/tiles-sample.jsonl",
    judging=JUDGING,
    opponents=OFFERED.opponents,
    default_opponent=OFFERED.default_opponent,
    screens=SCREENS,
)
