"""Each game's scene kit, found by game id (viz/kits.py)."""

from __future__ import annotations

from collections.abc import Mapping

from games import KITS
from games.registry import KitView, load_named
from viz.kits import shown
from viz.scenes.kit import SceneKit
from viz.scenes.shapes import Palette

SCENES: KitView[SceneKit] = KitView(KITS, lambda kit: load_named(shown(kit.game.id).scene))

# Every game's palettes by name: the same colour names, different colours.
PALETTES: KitView[Mapping[str, Palette]] = KitView(KITS, lambda kit: SCENES[kit.game.id].palettes)

__all__ = ["PALETTES", "SCENES", "SceneKit"]
