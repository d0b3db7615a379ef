"""Pure rules engines, automatic players and AIs. No pygame, no Pillow, no file I/O."""

from __future__ import annotations

from games import load, loops, tiles
from games.base import AnyGame, Game, GameError, IllegalMove, RulesError
from games.kit import GameKit, Kits, KitView

# Every game, in the order menus list them: adding a game is its package and a line here.
KITS = Kits([load.KIT, loops.KIT, tiles.KIT])
REGISTRY: KitView[AnyGame] = KitView(KITS, lambda kit: kit.game)


def register(kit: GameKit) -> None:
    """Add a game that lives outside this package (a plug-in, the tests' own game)."""
    KITS.register(kit)


__all__ = ["KITS", "REGISTRY", "AnyGame", "Game", "GameError", "IllegalMove", "RulesError"]
