"""The games a room can hold, as the start page offers them: each game's rules with
their defaults, its seats and the automatic players each seat may have."""

from __future__ import annotations

from typing import Any

import games
from viz.server.rooms import seat_players


def catalogue() -> list[dict[str, Any]]:
    found = []
    for game_id, kit in games.KITS.items():
        game = kit.game
        rules = game.rules({})
        seats = range(game.first_seat, game.first_seat + game.seats(rules))
        found.append(
            {
                "game": game_id,
                "name": game.name,
                "rules": game.rules_dict(rules),
                "first_seat": game.first_seat,
                "seats": len(seats),
                # where the seats follow a rule (Even Odds' players), its name
                "seats_rule": "players" if "players" in game.rules_dict(rules) else None,
                "players": {str(n): seat_players(kit, rules, n) for n in seats},
            }
        )
    return found
