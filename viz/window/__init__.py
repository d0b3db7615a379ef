"""Each game's window, found by game id beside its scene: `play`, `watch` and `replay`
open any registered game's window without naming its class.

A game's window (hooks.GameWindow) is imported only when one opens (pygame takes a
while to load), so an entry names its module and class, and what `play GAME --vs` may
choose; `open` builds the shell around it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games import KITS
from games.base import Game
from games.kit import GameKit
from games.registry import KitView, load_named
from viz.kits import shown

if TYPE_CHECKING:
    from viz.window.app import Declared, GameApp


@dataclass(frozen=True)
class WindowKit:
    load: Callable[[], Declared]  # the game's window, imported when asked
    opponents: tuple[str, ...] = ()  # the tiers `--vs` may name, if the computer plays
    default_opponent: str = ""

    def open(self, game: Game[Any], rules: Any, **options: Any) -> GameApp[Any]:
        """The game's window in its shell, with the shell's keyword options."""
        from viz.window.app import GameApp

        return GameApp(self.load(), game, rules, **options)


def _window_kit(kit: GameKit) -> WindowKit:
    def load() -> Declared:
        window: Declared = load_named(shown(kit.game.id).window)
        return window

    return WindowKit(load, kit.opponents, kit.default_opponent)


WINDOWS: KitView[WindowKit] = KitView(KITS, _window_kit)
