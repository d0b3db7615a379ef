"""Write the windows' screenshots in assets/, where the docs show them: each window
mid-motion, at an ending, at the smallest window size, and at its largest game (Load
on a 20x20 board, also at the smallest size; Odds and Evens with loops of 12; Even Odds
with six seats); the default Load game as `watch` opens it, with green's chance, and
Load's rules card. The windows run headless (SDL's dummy driver) through the same
frames a screen shows.

Run: python docs/screenshots.py
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

from games import REGISTRY  # noqa: E402
from viz.window import WINDOWS  # noqa: E402
from viz.window.app import GameApp  # noqa: E402
from viz.window.controls import toggle_rules  # noqa: E402
from viz.window.loop import FRAME_MS  # noqa: E402
from viz.window.settings import Settings  # noqa: E402

OUT = Path(__file__).parent.parent / "assets"  # the pictures the README and docs/ show
RULES = {"load": {"rows": 7, "cols": 7, "load": 5}, "loops": {}, "tiles": {"players": 5}}
LARGEST = {"load": {"rows": 20, "cols": 20}, "loops": {"capacity": 12}, "tiles": {"players": 6}}
OPTIONS = {"load": {}, "loops": {"vs": "human"}, "tiles": {}}


def window(game_id: str, size: tuple[int, int], rules: dict[str, int]) -> GameApp:
    game = REGISTRY[game_id]
    settings = Settings(path=None)
    app = WINDOWS[game_id].open(
        game, game.rules(rules), seed=11, size=size, settings=settings, **OPTIONS[game_id]
    )
    app.frame(16)
    return app


def advance(app: GameApp, turns: int) -> None:
    """`turns` turns of the automatic players, then the frames that settle the picture."""
    for _ in range(turns):
        if not app.mode.step():
            break
    app.frame(400)
    app.frame(16)


def shot(
    name: str,
    game_id: str,
    size: tuple[int, int],
    setup: Callable[[GameApp], None],
    rules: dict[str, int] | None = None,
) -> None:
    app = window(game_id, size, RULES[game_id] if rules is None else rules)
    try:
        setup(app)
        pygame.image.save(app.screen, OUT / f"{name}.png")
    finally:
        app.close()


def mid_motion(turns: int) -> Callable[[GameApp], None]:
    """After `turns` moves, one more, caught a third of the way through its motion."""

    def caught(app: GameApp) -> None:
        advance(app, turns)
        app.mode.step()
        app.frame(16)
        for _ in range(4):  # a motion moves on a frame's time a frame: 67 ms of 220
            app.frame(FRAME_MS)

    return caught


def ending(app: GameApp) -> None:
    advance(app, 10_000)
    if app.jobs.judging is not None:
        app.jobs.judging.wait()
    app.frame(16)
    app.frame(16)


def at_the_start(app: GameApp) -> None:
    """Green's chance worked out and shown, before the first pick."""
    app.notes()  # asks for the chance
    app.odds.wait()
    app.frame(16)


def rules_shown(app: GameApp) -> None:
    toggle_rules(app)
    app.frame(16)
    app.frame(16)


def main() -> None:
    OUT.mkdir(exist_ok=True)
    shot("load-default", "load", (980, 720), at_the_start, {})
    shot("rules-card", "load", (980, 720), rules_shown, {})
    for game_id, turns in (("load", 11), ("loops", 6), ("tiles", 8)):
        shot(f"{game_id}-motion", game_id, (980, 720), mid_motion(turns))
        shot(f"{game_id}-ending", game_id, (980, 720), ending)
        shot(f"{game_id}-640x480", game_id, (640, 480), lambda app, n=turns: advance(app, n))
    largest = [
        ("load-20x20", "load", (980, 720), 40),
        ("load-20x20-640x480", "load", (640, 480), 40),
        ("loops-12", "loops", (980, 720), 12),
        ("tiles-6-players", "tiles", (980, 720), 20),
    ]
    for name, game_id, size, turns in largest:
        shot(name, game_id, size, lambda app, n=turns: advance(app, n), LARGEST[game_id])
    print(f"wrote {11 + len(largest)} screenshots in {OUT}")


if __name__ == "__main__":
    main()
