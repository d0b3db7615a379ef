"""A window showing a recording: the turn scrubber, the replay keys and status line, and
the refusal of clicks on the board, the same for every game's window."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from games.history import History
from viz.window.panel import Button, Control, Label, Slider

if TYPE_CHECKING:
    from viz.window.app import GameApp

REPLAY_HINT = "Replay: step with the Right and Left arrows, or Space to play"


class ReplayMode:
    def __init__(self, app: GameApp[Any], moves: list[Any]) -> None:
        self.app = app
        self.script = History(app.game.new_state(app.rules), moves)

    @property
    def turn(self) -> int:
        return self.app.state.turns

    def seek(self, turn: int) -> None:
        """Show turn `turn`, with the events that follow it before the next turn."""
        app = self.app
        app.looping = False
        target = self.script.turn_length(turn)
        app.rewind(target)
        while len(app.history) < target:
            app.play(self.script.moves[len(app.history)])

    def step(self) -> bool:
        """Show the next turn; False at the end. Play goes on, if it is on."""
        if self.turn >= self.script.turns:
            return False
        playing = self.app.looping
        self.seek(self.turn + 1)
        self.app.looping = playing
        return True

    def back(self) -> None:
        if self.app.looping:
            self.app.message = "Pause before stepping back"
        else:
            self.seek(self.turn - 1)

    def to_end(self) -> None:
        self.seek(self.script.turns)

    def toggle_loop(self) -> None:
        """Play from where the replay is; at the end, play it again from the start."""
        app = self.app
        if not app.looping and self.turn >= self.script.turns:
            self.seek(0)
        app.looping = not app.looping
        app.elapsed_ms = 0.0

    def controls(self) -> list[Control]:
        app, total = self.app, self.script.turns
        return [
            Label(f"Turn {self.turn} of {total}"),
            Slider(self.turn, 0, total, self.seek),
            Button("Pause  (Space)" if app.looping else "Play  (Space)", self.toggle_loop),
            Button("Step  (Right)", app.step_or_explain),
            Button("Back  (Left)", self.back, enabled=not app.looping),
            Button("Start  (Home)", lambda: self.seek(0)),
            Button("End  (End)", self.to_end),
            Button("GIF  (G)", app.download, enabled=not app.looping),
            *app.speed_controls(),
            *app.view_controls(),
        ]

    def keys(self) -> dict[int, Callable[[], object]]:
        return self.app.playback_keys() | {
            pygame.K_SPACE: self.toggle_loop,
            pygame.K_LEFT: self.back,
            pygame.K_HOME: lambda: self.seek(0),
            pygame.K_END: self.to_end,
        }

    def mode(self) -> str:
        state = "playing" if self.app.looping else "paused"
        return f"Replay {state} · speed {self.app.speed_text()}"
