"""What the command line's options and help say of each game, without loading it.

The list of games gives each game's id and name (games/__init__.py), and what a game
offers (its rules' options, players and tiers) is declared beside its engine
(`offered.py`, games/registry.py): a game's help loads neither its engine nor its kit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import Offered


def game_names() -> dict[str, str]:
    """Every registered game's name by its id, in the order menus list them, loading
    none of them."""
    from games import KITS

    return {game_id: KITS.name(game_id) for game_id in KITS}


def options_of_game(game_id: str) -> Offered:
    from games import KITS

    return KITS.offered(game_id)
