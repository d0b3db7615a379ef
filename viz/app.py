"""The window shell shared by every game: history, recording, automatic play, replay,
GIF download, speed, and the side panel of pygame_gui controls.

A game's window subclasses GameApp and supplies its scene, its clicks, its
keys and its panel. Time comes in through `frame(dt_ms)`, so tests drive the
window frame by frame without sleeping.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from games.base import Game, IllegalMove, State
from games.recording import parse
from viz import render_pygame
from viz.export import export_replay
from viz.files import RecordingWriter, recording_text, write_atomic
from viz.scene import Scene

SPEEDS = (1, 2, 4, 8, 15, 30, 60, 0)  # turns per second; 0: one turn every frame
PANEL_WIDTH = 210
ROW = 40
FPS = 60
NOTE_LINES = 2  # status lines a window adds under the game's own: mode, then message
PANEL_COLOR = (44, 46, 52)
REPLAY_HINT = "Replay: step with the Right and Left arrows, or Space to play"


def speed_label(speed: int) -> str:
    return "max" if speed == 0 else f"{speed}/s"


class GameApp:
    title = "oddsevens"

    def __init__(self, game: Game, rules: Any, *, seed: int | None = None,
                 out_dir: Path = Path("recordings"), session_dir: Path | None = None,
                 script: list[Any] | None = None, size: tuple[int, int] = (980, 720)) -> None:
        pygame.display.init()  # no audio: the window makes no sound
        pygame.font.init()
        self.game, self.rules = game, rules
        self.out_dir, self.session_dir = Path(out_dir), session_dir
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(f"{self.title} — {game.name}")
        self.manager = pygame_gui.UIManager(size)
        self.buttons: dict[Any, Callable[[], None]] = {}
        self.sliders: dict[Any, Callable[[int], None]] = {}
        self.script = script
        self.speed_index = SPEEDS.index(4)
        self.running = True
        self.message = ""
        self.recorder: RecordingWriter | None = None
        self.start_game(seed)

    # --- game lifecycle ------------------------------------------------------------

    def start_game(self, seed: int | None = None) -> None:
        self.seed = seed if seed is not None else random.randrange(2**31)
        self.rng = random.Random(self.seed)
        self.state: State = self.game.new_state(self.rules)
        self.history: list[tuple[Any, State]] = []
        self.looping = False
        self.elapsed_ms = 0.0
        self.computer_wait_ms = 0.0
        if self.recorder:
            self.recorder.close()
        self.recorder = None
        if self.script is None and self.session_dir is not None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = self.session_dir / f"{self.game.id}-{stamp}-{self.seed}.jsonl"
            self.recorder = RecordingWriter(path, self.game, self.rules, self.seed)
        self.rebuild_panel()

    @property
    def moves(self) -> list[Any]:
        return [move for move, _ in self.history]

    def play(self, move: Any) -> str | None:
        """Play a move; return the reason it was refused, or None."""
        before = self.state.copy()
        try:
            self.state.apply(move)
        except IllegalMove as error:
            return str(error)
        self.history.append((move, before))
        if self.recorder:
            self.recorder.event(move)
            if self.state.to_move is None:
                self.recorder.result(self.state.result())
        return None

    def next_automatic_move(self) -> Any | None:
        """The next scripted move in a replay, else the automatic player's move."""
        if self.script is not None:
            done = len(self.history)
            return self.script[done] if done < len(self.script) else None
        return self.game.auto_move(self.state, self.rng)

    def step(self) -> bool:
        """Advance by exactly one turn (and any non-turn events before it)."""
        turns = self.state.turns
        while self.state.to_move is not None and self.state.turns == turns:
            move = self.next_automatic_move()
            if move is None:
                return False
            reason = self.play(move)
            if reason:
                self.message = reason
                return False
        return self.state.turns > turns

    def back(self) -> None:
        """Undo the last turn (and the non-turn events after it); only while paused."""
        if self.looping:
            self.message = "Pause before stepping back"
            return
        turns = self.state.turns
        if turns:
            self.rewind(max(i for i, (_, before) in enumerate(self.history)
                            if before.turns == turns - 1))
        self.message = ""

    def rewind(self, length: int) -> None:
        """Go back to the position after the first `length` moves of the history."""
        if length < len(self.history):
            self.state = self.history[length][1]
            del self.history[length:]
            if self.recorder:
                self.recorder.rewrite(self.moves)

    def to_start(self) -> None:
        self.looping = False
        self.rewind(0)

    def to_end(self) -> None:
        self.looping = False
        while self.step():
            pass

    def toggle_loop(self) -> None:
        self.looping = not self.looping and self.state.to_move is not None
        self.elapsed_ms = 0.0
        self.rebuild_panel()

    def new_game(self) -> None:
        self.start_game()
        self.message = "New game"

    def download(self) -> list[Path]:
        """Write the play so far as a recording, GIF and SVG into the output folder."""
        if self.looping:
            self.message = "Pause before downloading the GIF"
            return []
        stamp = time.strftime("%Y%m%d-%H%M%S")
        stem = self.out_dir / f"{self.game.id}-{stamp}-turn{self.state.turns}"
        recording = stem.with_suffix(".jsonl")
        text = recording_text(self.game, self.rules, self.seed, self.moves, self.state.result())
        write_atomic(recording, lambda out: out.write(text))
        replay = parse(text.splitlines(keepends=True))
        written = [recording, *export_replay(replay, stem.with_suffix(".gif"),
                                             stem.with_suffix(".svg"))]
        self.message = "Saved " + ", ".join(str(path) for path in written)
        print(self.message, flush=True)
        return written

    # --- the frame loop ------------------------------------------------------------

    def run(self) -> None:
        clock = pygame.time.Clock()
        while self.running:
            self.frame(clock.tick(FPS))
        self.close()

    def close(self) -> None:
        if self.recorder:
            self.recorder.close()
        render_pygame.forget_fonts()
        pygame.quit()

    def frame(self, dt_ms: float) -> None:
        for event in pygame.event.get():
            self.manager.process_events(event)
            self.handle_event(event)
        self.advance(dt_ms)
        self.manager.update(dt_ms / 1000)
        self.draw()

    def advance(self, dt_ms: float) -> None:
        self.run_loop(dt_ms)
        self.let_computer_move(dt_ms)

    def let_computer_move(self, dt_ms: float) -> None:
        """Play the move of a seat the computer holds, once its delay has passed."""
        mover = self.state.to_move
        seat = None if self.script is not None or mover is None else self.computer(mover)
        if seat is None:
            self.computer_wait_ms = 0.0
            return
        policy, delay_ms = seat
        self.computer_wait_ms += dt_ms
        if self.computer_wait_ms >= delay_ms:
            self.computer_wait_ms = 0.0
            self.play(policy(self.state, self.rng))
            self.rebuild_panel()

    def computer(self, mover: int) -> tuple[Callable[[State, random.Random], Any], float] | None:
        """The policy and delay of a seat the computer plays, or None for a person."""
        return None

    def run_loop(self, dt_ms: float) -> None:
        if not self.looping:
            return
        speed = SPEEDS[self.speed_index]
        self.elapsed_ms += dt_ms
        interval = 0 if speed == 0 else 1000 / speed
        while self.looping and (self.elapsed_ms >= interval):
            self.elapsed_ms -= interval
            if not self.step() or self.state.to_move is None:
                self.looping = False
                self.rebuild_panel()
            if speed == 0:
                self.elapsed_ms = 0
                break

    def draw(self) -> None:
        self.screen.fill(PANEL_COLOR)
        render_pygame.draw(self.screen, self.scene())
        self.manager.draw_ui(self.screen)
        pygame.display.flip()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self.resize(event.w, event.h)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.buttons[event.ui_element]()
            self.rebuild_panel()
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            if event.ui_element in self.sliders:
                self.sliders[event.ui_element](int(event.value))
        elif event.type == pygame.KEYDOWN and not self.text_has_focus():
            self.handle_key(event)
        elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
              and event.pos[0] < self.board_width()):
            self.handle_click(event.pos)

    def resize(self, width: int, height: int) -> None:
        width, height = max(width, 480), max(height, 360)
        self.screen = pygame.display.set_mode((width, height), pygame.RESIZABLE)
        self.manager.set_window_resolution((width, height))
        self.rebuild_panel()

    # --- the side panel --------------------------------------------------------------

    def board_width(self) -> int:
        return self.screen.get_width() - PANEL_WIDTH

    def rebuild_panel(self) -> None:
        self.manager.clear_and_reset()
        self.buttons, self.sliders = {}, {}
        self._panel_y = 12
        self.build_panel()

    def panel_rect(self, height: int = ROW - 6) -> pygame.Rect:
        rect = pygame.Rect(self.board_width() + 10, self._panel_y, PANEL_WIDTH - 20, height)
        self._panel_y += height + 6
        return rect

    def button(self, label: str, action: Callable[[], None], enabled: bool = True,
               tooltip: str | None = None) -> pygame_gui.elements.UIButton:
        element = pygame_gui.elements.UIButton(self.panel_rect(), label, self.manager,
                                               tool_tip_text=tooltip)
        if not enabled:
            element.disable()
        self.buttons[element] = action
        return element

    def label(self, text: str) -> pygame_gui.elements.UILabel:
        return pygame_gui.elements.UILabel(self.panel_rect(24), text, self.manager)

    def slider(self, value: int, low: int, high: int,
               action: Callable[[int], None]) -> pygame_gui.elements.UIHorizontalSlider:
        element = pygame_gui.elements.UIHorizontalSlider(self.panel_rect(), value, (low, high),
                                                         self.manager)
        self.sliders[element] = action
        return element

    def speed_controls(self) -> None:
        self.label(f"Speed {speed_label(SPEEDS[self.speed_index])}  (- / +)")
        self.slider(self.speed_index, 0, len(SPEEDS) - 1, self.set_speed)

    def set_speed(self, index: int) -> None:
        self.speed_index = min(len(SPEEDS) - 1, max(0, index))
        self.rebuild_panel()

    def text_has_focus(self) -> bool:
        return False

    # --- replay, the same for every game ---------------------------------------------

    def replay_panel(self) -> None:
        self.button("Pause  (Space)" if self.looping else "Play  (Space)", self.toggle_loop)
        self.button("Step  (Right)", self.step_or_explain)
        self.button("Back  (Left)", self.back, enabled=not self.looping)
        self.button("Start  (Home)", self.to_start)
        self.button("End  (End)", self.to_end)
        self.button("GIF  (G)", self.download, enabled=not self.looping)
        self.speed_controls()

    def replay_keys(self) -> dict[int, Callable[[], None]]:
        return {pygame.K_SPACE: self.toggle_loop, pygame.K_RIGHT: self.step_or_explain,
                pygame.K_LEFT: self.back, pygame.K_HOME: self.to_start,
                pygame.K_END: self.to_end, pygame.K_g: self.download,
                pygame.K_MINUS: lambda: self.set_speed(self.speed_index - 1),
                pygame.K_EQUALS: lambda: self.set_speed(self.speed_index + 1),
                pygame.K_PLUS: lambda: self.set_speed(self.speed_index + 1)}

    def replay_mode(self) -> str:
        state = "playing" if self.looping else "paused"
        return f"Replay {state} · speed {speed_label(SPEEDS[self.speed_index])}"

    def step_or_explain(self) -> None:
        self.looping = False
        if not self.step():
            self.message = "Nothing left to play" if self.script is not None else "The game is over"

    def press(self, actions: dict[int, Callable[[], None]], event: pygame.event.Event) -> None:
        action = actions.get(event.key)
        if action:
            action()
            self.rebuild_panel()

    # --- what each game supplies ---------------------------------------------------

    def build_panel(self) -> None:
        raise NotImplementedError

    def scene(self) -> Scene:
        raise NotImplementedError

    def handle_click(self, pos: tuple[int, int]) -> None:
        raise NotImplementedError

    def handle_key(self, event: pygame.event.Event) -> None:
        raise NotImplementedError
