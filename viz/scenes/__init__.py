"""One scene function per game, found by game id."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.loops.text import COLOR_NAMES, read_back
from viz.scenes import load, loops, tiles
from viz.scenes.shapes import Scene


@dataclass(frozen=True)
class SceneKit:
    """How a game is drawn and told: its scene function, the canvas of its exports, its
    status lines and its latest move in words, and (where the game has one) the whole
    position read back, as the window's `status` command does."""

    scene: Callable[..., Scene]
    export_size: Callable[[Any, int], tuple[int, int]]
    status: Callable[[Any], list[str]]
    move_words: Callable[[Any, Any], str]
    board_words: Callable[[Any], str] | None = None


SCENES: dict[str, SceneKit] = {
    "load": SceneKit(load.load_scene, load.export_size, load.status_lines, load.move_words),
    "loops": SceneKit(
        loops.loops_scene,
        loops.export_size,
        lambda state: loops.status_lines(state, COLOR_NAMES),
        loops.move_words,
        read_back,
    ),
    "tiles": SceneKit(
        tiles.tiles_scene,
        tiles.export_size,
        lambda state: tiles.status_lines(state, None),
        tiles.move_words,
    ),
}


# Every game's palettes by name: the same colour names, different colours.
PALETTES = {"load": load.PALETTES, "loops": loops.PALETTES, "tiles": tiles.PALETTES}
