"""The Even Odds window (SPEC 5.5): you at the bottom against AI seats."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from games.tiles import CHANCE, Choose, Play
from games.tiles.ai import careful
from games.tiles.engine import COLORS, color_of
from viz.app import NOTE_LINES, REPLAY_HINT, GameApp
from viz.panel import Button, Control, Label
from viz.scene import Scene
from viz.scenes.tiles import STATUS_LINES, TilesLayout, hand_slots, seat_order, tiles_scene

AI_DELAY_MS = 600
YOU = 0


class TilesApp(GameApp):
    cursor: int | None = None  # the slot of your hand the arrow keys reached

    def viewer(self) -> int | None:
        return None if self.script is not None else YOU

    def layout(self) -> TilesLayout:
        return TilesLayout(self.rules.players, width=self.board_width(),
                           height=self.board_height(), status_lines=STATUS_LINES + NOTE_LINES)

    def scene(self) -> Scene:
        return tiles_scene(self.state, self.board_width(), self.board_height(),
                           self.notes(), self.viewer(), self.cursor_slot())

    def mode(self) -> str:
        if self.script is not None:
            return self.replay_mode()
        return "You see every number but your own: click a tile, or ← → and Enter"

    # --- automatic seats -----------------------------------------------------------------

    def computer(self, mover: int) -> tuple[Any, float] | None:
        if mover == YOU:
            return None
        if mover == CHANCE:
            return self.game.auto_move, 0.0  # deal at once
        return careful, AI_DELAY_MS

    # --- the panel and your moves ----------------------------------------------------

    def controls(self) -> list[Control]:
        if self.script is not None:
            return self.replay_controls()
        controls: list[Control] = [Button("New game  (N)", self.new_game),
                                   Button("GIF  (G)", self.download)]
        if self.state.choosing and self.state.to_move == YOU:
            controls.append(Label("Your 10: next colour"))
            for number, color in enumerate(self.state.colors_in_play(), 1):
                controls.append(Button(f"{COLORS[color].capitalize()}  ({number})",
                                       lambda c=color: self.choose(c),
                                       theme=f"@{COLORS[color]}"))
        return controls

    def choose(self, color: int) -> None:
        self.message = self.play(Choose(YOU, color)) or ""

    def choose_by_number(self, number: int) -> None:
        colors = self.state.colors_in_play()
        if self.state.choosing and self.state.to_move == YOU and number <= len(colors):
            self.choose(colors[number - 1])

    def held_slots(self) -> list[int]:
        """The slots of your hand that still hold a tile, left to right."""
        held = set(self.state.hands[YOU])
        return [i for i, tile in enumerate(hand_slots(self.state, YOU, hidden=True))
                if tile in held]

    def cursor_slot(self) -> int | None:
        held = self.held_slots()
        if self.cursor is None or not held or self.script is not None:
            return None
        return held[min(self.cursor, len(held) - 1)]

    def move_cursor(self, step: int) -> None:
        held = self.held_slots()
        if held:
            start = -1 if self.cursor is None and step > 0 else (self.cursor or 0)
            self.cursor = (start + step) % len(held)

    def play_cursor(self) -> None:
        slot = self.cursor_slot()
        if slot is None:
            self.move_cursor(1)
        else:
            self.play_slot(slot)

    def handle_click(self, pos: tuple[int, int]) -> None:
        if self.script is not None:
            self.message = REPLAY_HINT
            return
        order = seat_order(self.rules.players, YOU).index(YOU)
        slots = hand_slots(self.state, YOU, hidden=True)
        index = self.layout().tile_at(*pos, order, len(slots))
        if index is not None and slots[index] in self.state.hands[YOU]:
            self.play_slot(index)

    def play_slot(self, index: int) -> None:
        tile = hand_slots(self.state, YOU, hidden=True)[index]
        if self.state.to_move != YOU:
            self.message = "Wait for your turn"
        elif self.state.choosing:
            self.message = "Choose the next colour first (buttons on the right, or 1–5)"
        else:
            reason = self.play(Play(YOU, tile))
            self.message = reason.replace(f"player {YOU} ", "You ") if reason else ""
            self.keep_cursor_on(color_of(tile))

    def keep_cursor_on(self, color: int) -> None:
        """After a play, the arrow keys start from the same colour."""
        if self.cursor is None:
            return
        held = self.held_slots()
        slots = hand_slots(self.state, YOU, hidden=True)
        same = [n for n, slot in enumerate(held) if color_of(slots[slot]) == color]
        self.cursor = same[0] if same else 0

    def keys(self) -> dict[int, Callable[[], None]]:
        if self.script is not None:
            return self.replay_keys()
        colors = {getattr(pygame, f"K_{n}"): lambda n=n: self.choose_by_number(n)
                  for n in range(1, 6)}
        return colors | {
            pygame.K_g: self.download, pygame.K_n: self.new_game,
            pygame.K_LEFT: lambda: self.move_cursor(-1),
            pygame.K_RIGHT: lambda: self.move_cursor(1),
            pygame.K_RETURN: self.play_cursor, pygame.K_KP_ENTER: self.play_cursor,
            pygame.K_SPACE: self.play_cursor,
        }
