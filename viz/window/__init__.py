"""Each game's window, found by game id beside its scene: `play`, `watch` and `replay`
open any registered game's window without naming its class.

The window classes are imported only when one opens (pygame takes a while to load),
so an entry names its module and class, and what `play GAME --vs` may choose.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games import KITS
from games.kit import GameKit
from games.registry import KitView, load_named
from viz.kits import shown

if TYPE_CHECKING:
    from viz.window.app import GameApp


@dataclass(frozen=True)
class WindowKit:
    load: Callable[[], type[GameApp[Any]]]
    opponents: tuple[str, ...] = ()  # the tiers `--vs` may name, if the computer plays
    default_opponent: str = ""


def _window_kit(kit: GameKit) -> WindowKit:
    def load() -> type[GameApp[Any]]:
        window: type[GameApp[Any]] = load_named(shown(kit.game.id).window)
        return window

    return WindowKit(load, kit.opponents, kit.default_opponent)


WINDOWS: KitView[WindowKit] = KitView(KITS, _window_kit)
