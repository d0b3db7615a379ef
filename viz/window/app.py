"""The window shell every game shares: it holds the parts (session, Loop's timer, mode,
board, move list, jobs, panel) and runs the frame loop (loop.py). A game's window is
declared apart (its scene, clicks, keys and controls: hooks.GameWindow) and handed in as
the shell's first argument; time comes in through `frame(dt_ms)`, so tests drive a
window frame by frame without sleeping."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any, Generic

import pygame
import pygame_gui

from games import KITS
from games.base import Game, StateT
from games.history import History
from viz import MIN_WINDOW_SIZE
from viz.scenes.common import font_size, margin, wrap
from viz.window import geometry, render_pygame
from viz.window.board import MAX_TEXT, BoardView
from viz.window.events import EventRouter
from viz.window.hooks import GameWindow, Host
from viz.window.jobs import Job, Saved, WindowJobs, save_play
from viz.window.loop import FrameLoop
from viz.window.modes import Mode, PlayMode, ReplayMode
from viz.window.movelist import MoveListView
from viz.window.panel import Panel
from viz.window.playback import Playback
from viz.window.session import Clock, Session, UntilTheNextMove
from viz.window.settings import Settings, default_path
from viz.window.theme import panel_theme

AI_DELAY_MS = 700  # how long a computer seat of Odds and Evens or Even Odds takes to move
MESSAGE_LINES = 2
NOTE_LINES = 1 + MESSAGE_LINES  # status lines a window adds under the game's own


Declared = Callable[[Host], GameWindow]  # a game's window, made for its shell


class GameApp(FrameLoop, Generic[StateT]):
    """Every window takes the same arguments: the game's window, the game and its rules,
    then keywords. `script` makes it a replay of those moves (played at `times`, if the
    recording has them); `mode` another mode of the shell's (practice); `vs` names the
    computer's tier; `clock` tells the session when moves are played; `keep` is handed
    each session's recording as its game ends (the library's hook)."""

    message = UntilTheNextMove()  # the message line under the game's status
    rules_shown = False  # the rules card covers the board (?, F1 or the Rules button)

    def __init__(
        self,
        declared: Declared,
        game: Game[StateT],
        rules: Any,
        *,
        seed: int | None = None,
        out_dir: Path = Path("recordings"),
        session_dir: Path | None = None,
        script: list[Any] | None = None,
        size: tuple[int, int] = (980, 720),
        formats: tuple[str, ...] = ("gif", "svg"),
        vs: str | None = None,
        settings: Settings | None = None,
        judgements: Mapping[int, Mapping[str, Any]] | None = None,
        times: Sequence[int] = (),
        clock: Clock = time.monotonic,
        keep: Callable[[Path], str | None] | None = None,
        mode: Callable[[GameApp[StateT]], Mode] | None = None,
    ) -> None:
        pygame.display.init()  # no audio: the window makes no sound
        pygame.font.init()
        self.game = game
        self.vs = vs or KITS[game.id].default_opponent
        self.game_window: GameWindow = declared(self)
        self.settings = settings if settings is not None else Settings.load(default_path())
        self.out_dir, self.formats = Path(out_dir), formats
        log_dir = session_dir if script is None else None  # a replay records nothing new
        size = (max(size[0], MIN_WINDOW_SIZE[0]), max(size[1], MIN_WINDOW_SIZE[1]))
        self.window = pygame.Window(f"oddsevens — {game.name}", size, resizable=True)
        self.window.minimum_size = MIN_WINDOW_SIZE
        self.screen = self.window.get_surface()
        self.manager = pygame_gui.UIManager(size, self.theme())
        self.panel = Panel(self.manager)
        self.events = EventRouter(self)
        self.running = True
        self.playback = Playback()
        self.board, self.move_list = BoardView(self), MoveListView(self)
        said = partial(setattr, self, "message")
        self.jobs = WindowJobs(judgements or {}, self.game_window.verdict_lines, said)
        keeper = None if keep is None else self.jobs.keeper(keep)
        self.warning = ""  # what the window's own files said: stays until the next game
        self.session = Session(
            game, rules, seed, log_dir, self.warn, clock, self.game_window.seat_players, keeper
        )
        self.mode: Mode = (
            mode(self)
            if mode is not None
            else PlayMode(self)
            if script is None
            else ReplayMode(self, script, list(times))
        )
        self.mode.begin()
        if self.settings.problem:
            self.message = "Settings file unreadable: using defaults"
            print(self.settings.problem, flush=True)

    # --- the game, through the session -----------------------------------------------

    @property
    def state(self) -> StateT:
        return self.session.state

    @property
    def history(self) -> History[StateT]:
        return self.session.history

    @property
    def rules(self) -> Any:
        return self.session.rules

    @rules.setter
    def rules(self, rules: Any) -> None:
        self.session.rules = rules

    @property
    def seed(self) -> int:
        return self.session.seed

    @property
    def looping(self) -> bool:
        return self.playback.looping

    def warn(self, text: str) -> None:
        """Say what went wrong with the window's own files (its session recording): said
        once, it stays under the game's status until the next game, moves or not."""
        self.message = self.warning = text

    def start_game(self, seed: int | None = None) -> None:
        self.session.start(seed)
        self.warning = ""
        self.forget_game()

    def forget_game(self) -> None:
        """Leave behind what belonged to the last game: Loop, judging, the list's words."""
        self.playback.start(False)
        self.jobs.new_game()
        self.move_list.words_said.clear()

    def new_game(self) -> None:
        self.game_window.before_new_game()
        self.start_game()

    def play(self, move: Any, automatic: bool = False) -> str | None:
        """Play a move; the reason it was refused, or None (and the mode hears of it)."""
        refusal = self.session.play(move, automatic)
        if refusal is None:
            self.mode.played(automatic)
        return refusal

    def step_or_explain(self) -> None:
        self.playback.looping = False
        if not self.mode.step():
            self.message = self.mode.nothing_to_step()

    def back(self) -> None:
        if self.looping:
            self.message = "Pause before stepping back"
        else:
            self.mode.back()

    def download(self) -> Job[Saved] | None:
        """G: write the game (in play, so far; in a replay, the whole recording) and its
        animations into the output folder, off the window's thread, Loop or not: the moves
        are copied now. "Saving…" shows at once, the outcome when it is done."""
        game, times = self.mode.listed(), self.mode.listed_times()
        play = (self.game, self.rules, self.session.seed, list(game.moves), times)
        about = self.mode.listed_header()
        saving = partial(save_play, *play, game.state.result(), self.out_dir, self.formats, about)
        self.message = self.jobs.save(saving)
        return self.jobs.saving

    def close(self) -> None:
        self.game_window.close()
        try:
            self.session.close()  # hands a recording changed since its game ended on
        finally:
            self.jobs.close()
        render_pygame.forget_fonts()
        # pygame.quit() leaves a live Window dangling; a later garbage collection
        # would then destroy whatever SDL window reuses its address.
        self.window.destroy()
        pygame.quit()

    def resize(self) -> None:
        """Take the new size, keeping the floor: without a window manager nothing else
        holds the window to its minimum size."""
        width, height = self.window.size
        floor = (max(width, MIN_WINDOW_SIZE[0]), max(height, MIN_WINDOW_SIZE[1]))
        if floor != (width, height):
            self.window.size = floor
        self.screen = self.window.get_surface()
        self.board.painter.forget()
        self.move_list.painter.forget()
        self.manager.set_window_resolution(self.screen.get_size())

    # --- what every window shows -----------------------------------------------------

    def notes(self) -> tuple[str, ...]:
        """The window's lines under the game's status: the mode, then the message (or the
        warning about the window's files, or the mode's hint)."""
        width, height = self.board_width(), self.board_height()
        room, size = width - 2 * margin(width, height), font_size(width, MAX_TEXT)
        said = self.message or self.warning or self.mode.hint()
        lines = wrap(said, room, size, MESSAGE_LINES)
        return (self.mode.status(), *lines, *[""] * (MESSAGE_LINES - len(lines)))

    def shown_layout(self) -> Any:
        """The layout of the picture on screen, to hit-test a click against what was seen
        (before the first frame, or under the rules card, of the game's picture)."""
        shown = self.board.drawn
        return (
            shown if shown is not None and shown.layout is not None else self.game_window.scene()
        ).layout

    def board_width(self) -> int:
        return self.screen.get_width() - geometry.PANEL_WIDTH

    def board_height(self) -> int:
        return self.screen.get_height() - self.game_window.room_below()

    def theme(self) -> dict[str, Any]:
        return panel_theme(self.game_window.theme_classes())
