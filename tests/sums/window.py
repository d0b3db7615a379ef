"""Sums in a window: click a number to take it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from sums import Take
from sums.scene import sums_scene
from viz.scenes.shapes import Scene
from viz.window.board import MAX_TEXT
from viz.window.hooks import GameWindow, Host
from viz.window.panel import Button, Control


class SumsWindow(GameWindow):
    def __init__(self, app: Host) -> None:
        self.app = app

    def scene(self) -> Scene:
        width, height = self.app.board_width(), self.app.board_height()
        return sums_scene(
            self.app.state,
            width,
            height,
            notes=self.app.notes(),
            max_font=MAX_TEXT,
            palette=self.app.settings.palette,
        )

    def board_click(self, pos: tuple[int, int]) -> None:
        cell = self.app.shown_layout().cell_at(*pos)
        if cell is not None and self.app.state.to_move is not None:
            self.app.message = self.app.play(Take(self.app.state.to_move, cell)) or ""

    def play_keys(self) -> dict[int, Callable[[], object]]:
        return {pygame.K_n: self.app.new_game, pygame.K_g: self.app.download}

    def play_controls(self) -> list[Control]:
        return [Button("New game  (N)", self.app.new_game), Button("GIF  (G)", self.app.download)]

    def play_mode(self) -> str:
        return "Click a number to take it"


WINDOW = SumsWindow  # what tests/conftest.py registers
