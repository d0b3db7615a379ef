"""Each game's window, found by game id beside its scene: `play`, `watch` and `replay`
open any registered game's window without naming its class.

The window classes are imported only when one opens (pygame takes a while to load),
so an entry names its module and class, and what `play GAME --vs` may choose.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from viz.window.app import GameApp


@dataclass(frozen=True)
class WindowKit:
    load: Callable[[], type[GameApp[Any]]]
    opponents: tuple[str, ...] = ()  # the tiers `--vs` may name, if the computer plays
    default_opponent: str = ""


def _class(module: str, name: str) -> Callable[[], type[GameApp[Any]]]:
    def load() -> type[GameApp[Any]]:
        window: type[GameApp[Any]] = getattr(importlib.import_module(module), name)
        return window

    return load


WINDOWS: dict[str, WindowKit] = {
    "load": WindowKit(_class("viz.window.load", "LoadApp")),
    "loops": WindowKit(
        _class("viz.window.loops", "LoopsApp"), ("easy", "medium", "hard", "human"), "medium"
    ),
    "tiles": WindowKit(
        _class("viz.window.tiles", "TilesApp"), ("easy", "medium", "hard"), "medium"
    ),
}
