"""One scene function per game, found by game id."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from viz.scene import Scene
from viz.scenes import load, loops, tiles


@dataclass(frozen=True)
class SceneKit:
    """How a game is drawn: its scene function and the canvas of its exports."""

    scene: Callable[..., Scene]
    export_size: Callable[[Any, int], tuple[int, int]]


SCENES: dict[str, SceneKit] = {
    "load": SceneKit(load.load_scene, load.export_size),
    "loops": SceneKit(loops.loops_scene, loops.export_size),
    "tiles": SceneKit(tiles.tiles_scene, tiles.export_size),
}
