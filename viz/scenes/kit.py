"""What a game's kit names for drawing and telling it (`GameKit.scene`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from viz.scenes.shapes import Palette, Scene


@dataclass(frozen=True)
class SceneKit:
    """How a game is drawn and told: its scene function, the canvas of its exports, its
    palettes by name, its status lines, its latest move in words, its result in words
    ("Who wins: why", empty while the game goes on) and (where the game has one) the
    whole position read back, as the window's `status` command does."""

    scene: Callable[..., Scene]
    export_size: Callable[[Any, int], tuple[int, int]]
    palettes: Mapping[str, Palette]
    status: Callable[[Any], list[str]]
    move_words: Callable[[Any, Any], str]
    outcome: Callable[[Any], str]
    board_words: Callable[[Any], str] | None = None
