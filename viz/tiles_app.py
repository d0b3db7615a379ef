"""The Even Odds window (SPEC 5.5): you at the bottom against AI seats."""

from __future__ import annotations

from typing import Any

import pygame

from games.tiles import CHANCE, Choose, Play
from games.tiles.ai import careful
from games.tiles.engine import COLORS
from viz.app import NOTE_LINES, REPLAY_HINT, GameApp
from viz.scene import Scene
from viz.scenes.tiles import STATUS_LINES, TilesLayout, hand_slots, seat_order, tiles_scene

AI_DELAY_MS = 600
YOU = 0


class TilesApp(GameApp):
    def viewer(self) -> int | None:
        return None if self.script is not None else YOU

    def layout(self) -> TilesLayout:
        return TilesLayout(self.rules.players, width=self.board_width(),
                           height=self.screen.get_height(), status_lines=STATUS_LINES + NOTE_LINES)

    def scene(self) -> Scene:
        return tiles_scene(self.state, self.board_width(), self.screen.get_height(),
                           self.notes(), self.viewer())

    def notes(self) -> tuple[str, str]:
        if self.script is not None:
            mode = self.replay_mode()
        else:
            mode = "You see every number but your own: click one of your tiles to play it"
        return mode, self.message

    # --- automatic seats -----------------------------------------------------------------

    def computer(self, mover: int) -> tuple[Any, float] | None:
        if mover == YOU:
            return None
        if mover == CHANCE:
            return self.game.auto_move, 0.0  # deal at once
        return careful, AI_DELAY_MS

    # --- the panel and your moves ----------------------------------------------------

    def build_panel(self) -> None:
        if self.script is not None:
            self.replay_panel()
            return
        self.button("New game  (N)", self.new_game)
        self.button("GIF  (G)", self.download)
        if self.state.choosing and self.state.to_move == YOU:
            self.label("Your 10: next colour")
            for color in self.state.colors_in_play():
                self.button(COLORS[color].capitalize(), lambda c=color: self.choose(c))

    def choose(self, color: int) -> None:
        self.message = self.play(Choose(YOU, color)) or ""

    def handle_click(self, pos: tuple[int, int]) -> None:
        if self.script is not None:
            self.message = REPLAY_HINT
            return
        order = seat_order(self.rules.players, YOU).index(YOU)
        slots = hand_slots(self.state, YOU, hidden=True)
        index = self.layout().tile_at(*pos, order, len(slots))
        if index is None or slots[index] not in self.state.hands[YOU]:
            return
        if self.state.to_move != YOU:
            self.message = "Wait for your turn"
        elif self.state.choosing:
            self.message = "Choose the next colour first (buttons on the right)"
        else:
            self.message = self.play(Play(YOU, slots[index])) or ""
            self.rebuild_panel()

    def handle_key(self, event: pygame.event.Event) -> None:
        if self.script is not None:
            self.press(self.replay_keys(), event)
        else:
            self.press({pygame.K_g: self.download, pygame.K_n: self.new_game}, event)
