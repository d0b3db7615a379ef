"""Sums in a window: click a number to take it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from sums import SumsState, Take
from sums.scene import sums_scene
from viz.scenes.shapes import Scene
from viz.window.app import GameApp
from viz.window.board import MAX_TEXT
from viz.window.panel import Button, Control


class SumsApp(GameApp[SumsState]):
    def scene(self) -> Scene:
        width, height = self.board_width(), self.board_height()
        return sums_scene(
            self.state,
            width,
            height,
            notes=self.notes(),
            max_font=MAX_TEXT,
            palette=self.settings.palette,
        )

    def board_click(self, pos: tuple[int, int]) -> None:
        cell = self.shown_layout().cell_at(*pos)
        if cell is not None and self.state.to_move is not None:
            self.message = self.play(Take(self.state.to_move, cell)) or ""

    def play_keys(self) -> dict[int, Callable[[], object]]:
        return {pygame.K_n: self.new_game, pygame.K_g: self.download}

    def play_controls(self) -> list[Control]:
        return [Button("New game  (N)", self.new_game), Button("GIF  (G)", self.download)]

    def play_mode(self) -> str:
        return "Click a number to take it"
