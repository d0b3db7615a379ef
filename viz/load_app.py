"""The Load window (SPEC 3.4, 3.5): manual play, Auto1, Loop, Step, the Load slider."""

from __future__ import annotations

import pygame

from games.load import MAX_LOAD, MIN_LOAD, PASS, Pick, SetLoad
from games.load.policies import random_red
from viz.app import NOTE_LINES, REPLAY_HINT, SPEEDS, GameApp, speed_label
from viz.scene import Scene
from viz.scenes.load import EXPORT_STATUS_LINES, layout_for, load_scene


class LoadApp(GameApp):
    auto1 = False
    hover: int | None = None  # the cell under the mouse

    # --- what the window shows -------------------------------------------------------

    def scene(self) -> Scene:
        return load_scene(self.state, self.board_width(), self.screen.get_height(), self.notes())

    def layout(self):
        rules = self.state.rules
        return layout_for(rules.rows, rules.cols, self.board_width(), self.screen.get_height(),
                          EXPORT_STATUS_LINES + NOTE_LINES)

    def mode(self) -> str:
        if self.script is not None:
            return self.replay_mode()
        if self.looping:
            return "Loop running"
        return "Auto1: you play green" if self.auto1 else "Manual: both players click"

    def notes(self) -> tuple[str, str]:
        if self.script is not None:
            return self.mode(), self.message
        speed = speed_label(SPEEDS[self.speed_index])
        return f"{self.mode()} · speed {speed}", self.message or self.hover_hint()

    def hover_hint(self) -> str:
        """What a click on the cell under the mouse would do, for player 2."""
        if self.hover is None or self.state.to_move != 2 or self.looping:
            return ""
        pair = "+".join(map(str, self.state.board.pair_of(self.hover)))
        reason = self.state.why_illegal(Pick(2, self.hover))
        return f"Pair {pair}: {reason}" if reason else f"Click to pick pair {pair}"

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.layout().cell_at(*event.pos)
        super().handle_event(event)

    def build_panel(self) -> None:
        if self.script is not None:
            self.replay_panel()
            return
        self.button(f"Auto1: {'on' if self.auto1 else 'off'}  (A)", self.toggle_auto1)
        self.button("Pause  (Space)" if self.looping else "Loop  (Space)", self.toggle_loop)
        self.button("Step  (Right)", self.step_or_explain)
        self.button("Back  (Left)", self.back, enabled=not self.looping)
        self.button("GIF  (G)", self.download, enabled=not self.looping)
        self.button("New game  (N)", self.new_game)
        self.label(f"Load {self.state.pending_load}  ([ / ])")
        self.slider(self.state.pending_load, MIN_LOAD, MAX_LOAD, self.set_load)
        self.speed_controls()
        self.label("Click outside the grid")
        self.label("or press P to pass")

    # --- what the player does --------------------------------------------------------

    def handle_click(self, pos: tuple[int, int]) -> None:
        refusal = self.click_refusal()
        if refusal:
            self.message = refusal
            return
        player = self.state.to_move
        cell = self.layout().cell_at(*pos)
        if cell is None:
            self.pass_turn()
            return
        self.message = self.play(Pick(player, cell)) or ""
        self.answer_with_auto1()

    def click_refusal(self) -> str | None:
        if self.script is not None:
            return REPLAY_HINT
        if self.state.to_move is None:
            return "The game is over: press N for a new game"
        if self.looping:
            return "Automatic play is running: press Space to pause"
        if self.auto1 and self.state.to_move == 1:
            return "Auto1 plays red: you play green"
        return None

    def pass_turn(self) -> None:
        refusal = self.click_refusal()
        if refusal:
            self.message = refusal
        elif self.state.to_move != 2:
            self.message = "Only player 2 may pass: player 1 must pick a cell"
        else:
            self.message = self.play(PASS) or "Green passed"
            self.answer_with_auto1()

    def answer_with_auto1(self) -> None:
        if self.auto1 and self.state.to_move == 1 and self.script is None:
            self.play(random_red(self.state, self.rng))

    def toggle_auto1(self) -> None:
        self.auto1 = not self.auto1
        self.answer_with_auto1()
        self.rebuild_panel()

    def set_load(self, value: int) -> None:
        value = min(MAX_LOAD, max(MIN_LOAD, value))
        if value == self.state.pending_load or self.script is not None:
            return
        reason = self.play(SetLoad(value))
        self.message = reason or f"Load {value} from the end of this stage"
        self.rebuild_panel()

    def handle_key(self, event: pygame.event.Event) -> None:
        actions = self.replay_keys()
        if self.script is None:
            actions |= {
                pygame.K_p: self.pass_turn,
                pygame.K_a: self.toggle_auto1,
                pygame.K_n: self.new_game,
                pygame.K_KP_MINUS: lambda: self.set_speed(self.speed_index - 1),
                pygame.K_KP_PLUS: lambda: self.set_speed(self.speed_index + 1),
                pygame.K_LEFTBRACKET: lambda: self.set_load(self.state.pending_load - 1),
                pygame.K_RIGHTBRACKET: lambda: self.set_load(self.state.pending_load + 1),
            }
            del actions[pygame.K_HOME], actions[pygame.K_END]
        self.press(actions, event)
