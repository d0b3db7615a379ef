"""The Odds and Evens window (SPEC 4.3, 4.5): play the solving AI by mouse or keyboard."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from games.loops import Flip, LoopsRules, Place
from games.loops.ai import PLAYERS
from games.loops.engine import LOOP_NAMES
from games.loops.text import parse_command, read_back
from viz.app import NOTE_LINES, REPLAY_HINT, GameApp
from viz.scene import Scene
from viz.scenes.loops import STATUS_LINES, LoopsLayout, loops_scene
from viz.settings import Settings

AI_DELAY_MS = 700
TIERS = ("easy", "medium", "hard", "human")
BOX_HEIGHT = 150


class LoopsApp(GameApp):
    def __init__(self, game: Any, rules: LoopsRules, *, vs: str = "medium",
                 settings: Settings, **options: Any) -> None:
        self.vs = vs
        self.settings = settings
        self.input_kind = "mouse"
        self.games_started = 0
        self.reply = ""
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        super().__init__(game, rules, **options)
        if settings.problem:
            self.message = "Settings file unreadable: using defaults"
            print(settings.problem, flush=True)

    # --- the game --------------------------------------------------------------------

    def start_game(self, seed: int | None = None) -> None:
        if self.script is None:
            self.rules = replace(self.rules, first=self.games_started % 2)
            self.games_started += 1
        super().start_game(seed)

    def humans(self) -> set[int]:
        if self.script is not None:
            return set()
        return {0, 1} if self.vs == "human" else {0}

    def names(self) -> tuple[str, str]:
        if self.vs == "human" or self.script is not None:
            return "blue", "gold"
        return "you", "the AI"

    def viewer(self) -> int | None:
        if self.vs == "human" and self.script is None:
            return self.state.to_move if self.state.to_move is not None else 0
        return 0 if self.script is None else None

    def computer(self, mover: int) -> tuple[Any, float] | None:
        return None if mover in self.humans() else (PLAYERS[self.vs], AI_DELAY_MS)

    def try_move(self, move: Place | Flip) -> None:
        if self.script is not None:
            self.message = REPLAY_HINT
        elif self.state.to_move is None:
            self.message = "The game is over: press New game"
        elif self.state.to_move not in self.humans():
            self.message = "Wait: it is the AI's turn"
        else:
            move = type(move)(self.state.to_move, move.loop)
            self.message = self.play(move) or ""

    # --- what the window shows -------------------------------------------------------

    def board_height(self) -> int:
        shown = self.keyboard_shown()
        return self.screen.get_height() - (BOX_HEIGHT if shown else 0)

    def layout(self) -> LoopsLayout:
        return LoopsLayout(self.rules.capacity, width=self.board_width(),
                           height=self.board_height(), status_lines=STATUS_LINES + NOTE_LINES)

    def scene(self) -> Scene:
        return loops_scene(self.state, self.board_width(), self.board_height(), self.notes(),
                           self.viewer(), self.names())

    def notes(self) -> tuple[str, str]:
        if self.script is not None:
            mode = self.replay_mode()
        elif self.vs == "human":
            mode = "Two players: blue and gold take turns"
        else:
            mode = f"You are blue · the AI ({self.vs.capitalize()}) is gold"
        return mode, self.message

    def keyboard_shown(self) -> bool:
        return self.script is None and self.settings.keyboard_entry[self.input_kind]

    def build_panel(self) -> None:
        if self.script is not None:
            self.replay_panel()
            return
        self.label("Opponent")
        for tier in TIERS:
            mark = "> " if tier == self.vs else ""
            self.button(f"{mark}{tier.capitalize()}", lambda tier=tier: self.choose(tier))
        self.button("New game", self.new_game)
        self.button("GIF", self.download)
        self.label("Settings")
        row = self.panel_rect(24)
        self.checkbox = pygame_gui.elements.UICheckBox(
            pygame.Rect(row.x, row.y + 2, 20, 20), "Keyboard move-entry", self.manager,
            initial_state=self.keyboard_shown())
        if self.keyboard_shown():
            self.build_keyboard_box()

    def build_keyboard_box(self) -> None:
        top = self.board_height() + 6
        width = self.board_width() - 20
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(10, top, width - 110, 36), self.manager,
            placeholder_text="left, right, flip left, flip right, status")
        self.button_at(pygame.Rect(width - 90, top, 100, 36), "Play", self.submit)
        self.reply_box = pygame_gui.elements.UITextBox(
            self.reply or "Type a move and press Enter.", pygame.Rect(10, top + 42, width, 96),
            self.manager)
        self.entry.focus()

    def button_at(self, rect: pygame.Rect, label: str, action) -> None:
        element = pygame_gui.elements.UIButton(rect, label, self.manager)
        self.buttons[element] = action

    def rebuild_panel(self) -> None:
        typed = self.entry.get_text() if self.entry is not None and self.entry.alive() else ""
        self.entry = None
        super().rebuild_panel()
        if self.entry is not None:
            self.entry.set_text(typed)

    def text_has_focus(self) -> bool:
        return self.entry is not None and self.entry.is_focused

    # --- what the player does --------------------------------------------------------

    def choose(self, tier: str) -> None:
        self.vs = tier
        self.message = f"Opponent: {tier.capitalize()}"

    def submit(self) -> None:
        if self.entry is None:
            return
        command = parse_command(self.entry.get_text())
        self.entry.set_text("")
        if command.action == "status":
            self.reply = read_back(self.state, self.names())
            print(self.reply, flush=True)
        elif command.action == "error":
            self.reply = command.message
        else:
            move = (Place if command.action == "place" else Flip)(0, command.loop)
            self.try_move(move)
            verb = "Flip" if command.action == "flip" else "Place"
            self.reply = self.message or f"{verb} {LOOP_NAMES[command.loop]}: done."
        self.rebuild_panel()

    def handle_event(self, event: pygame.event.Event) -> None:
        touch = event.type == pygame.FINGERDOWN or (
            event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "touch", False))
        kind = "touch" if touch else "mouse" if event.type == pygame.MOUSEBUTTONDOWN else None
        if kind and kind != self.input_kind:
            self.input_kind = kind
            self.rebuild_panel()
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.submit()
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            shown = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            self.settings.set_keyboard_entry(self.input_kind, shown)
            self.rebuild_panel()
        else:
            super().handle_event(event)

    def handle_click(self, pos: tuple[int, int]) -> None:
        if pos[1] > self.board_height():
            return
        hit = self.layout().slot_at(*pos)
        if hit is None:
            return
        loop, index = hit
        filled = len(self.state.pieces[loop])
        if index == filled:
            self.try_move(Place(0, loop))
        elif index == filled - 1:
            self.try_move(Flip(0, loop))
        else:
            self.message = "Place on the ringed slot, or flip a loop's newest piece"

    def handle_key(self, event: pygame.event.Event) -> None:
        if self.script is not None:
            self.press(self.replay_keys(), event)
        else:
            self.press({pygame.K_g: self.download, pygame.K_n: self.new_game}, event)


def default_settings(path: Path | None = None) -> Settings:
    from viz.settings import default_path

    return Settings.load(path or default_path())
