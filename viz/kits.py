"""Where `viz` finds each game's scene kit, window class and sweep kit, by game id.

A product game's scene kit is `KIT` in `viz/scenes/GAME.py`, its window class `WINDOW`
in `viz/window/GAME.py` and, where its kit offers a sweep, its sweep kit `SWEEP` in
`viz/sweeps/GAME.py`; a game made elsewhere names its own as it registers (`register`).
Each is imported only when something draws the game, opens its window or sweeps it.
"""

from __future__ import annotations

from typing import NamedTuple

from games import register as register_rules
from games.kit import GameKit


class Shown(NamedTuple):
    scene: str  # import path of the SceneKit, `package.module:attribute`
    window: str  # import path of the window class
    sweep: str = ""  # import path of the SweepKit, where the game's kit offers a sweep


_ELSEWHERE: dict[str, Shown] = {}


def register(kit: GameKit, *, scene: str, window: str, sweep: str = "") -> None:
    """Add a game made outside the product: its kit, its scene kit, its window and,
    where its kit offers a sweep, its sweep kit."""
    register_rules(kit)
    _ELSEWHERE[kit.game.id] = Shown(scene, window, sweep)


def registered_elsewhere() -> list[tuple[GameKit, Shown]]:
    """The games made outside the product that this process registered, to be handed
    to its worker processes (`register_in_worker`)."""
    from games import KITS

    return [(KITS[game_id], where) for game_id, where in _ELSEWHERE.items()]


def register_in_worker(games: list[tuple[GameKit, Shown]]) -> None:
    """In a worker process: the games its parent registered from elsewhere, so that work
    on them finds their kits, scenes and windows there too."""
    from games import KITS

    for kit, where in games:
        if kit.game.id not in KITS:
            register(kit, scene=where.scene, window=where.window, sweep=where.sweep)


def shown(game_id: str) -> Shown:
    found = _ELSEWHERE.get(game_id)
    if found is not None:
        return found
    return Shown(
        f"viz.scenes.{game_id}:KIT", f"viz.window.{game_id}:WINDOW", f"viz.sweeps.{game_id}:SWEEP"
    )
