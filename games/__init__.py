"""Pure rules engines, automatic players and AIs. No pygame, no Pillow, no file I/O."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.registry import Kits, KitView, Listed

if TYPE_CHECKING:
    from games.base import AnyGame
    from games.kit import GameKit

# Every game, in the order menus list them: adding a game is its package and a line here.
KITS = Kits(
    [
        Listed("load", "Load", "games.load:KIT"),
        Listed("loops", "Odds and Evens", "games.loops:KIT"),
        Listed("tiles", "Even Odds", "games.tiles:KIT"),
    ]
)
REGISTRY: KitView[AnyGame] = KitView(KITS, lambda kit: kit.game)


def register(kit: GameKit) -> None:
    """Add a game that lives outside this package (a plug-in, the tests' own game)."""
    KITS.register(kit)


__all__ = ["KITS", "REGISTRY", "register"]
