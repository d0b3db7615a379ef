"""The window shell shared by every game: history, recording, automatic play, replay,
GIF download, speed, keyboard focus, messages and the side panel.

A game's window subclasses GameApp and supplies its scene, its clicks, its
keys and its controls. Time comes in through `frame(dt_ms)`, so tests drive
the window frame by frame without sleeping.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any, Generic

import pygame
import pygame_gui

from games.analysis import Judgement, after, hint, judge_game, summary
from games.base import Game, IllegalMove, Policy, StateT
from games.history import History
from games.words import sentence
from viz import MIN_WINDOW_SIZE, PALETTE_NAMES
from viz.export.engine import export_replay
from viz.files import FileError, RecordingWriter, outputs, shown, write_recording
from viz.render.timeline import PLAY_SPEEDS
from viz.resources import asset_text
from viz.scenes import SCENES
from viz.scenes.common import font_size, margin, wrap
from viz.scenes.motion import Motion
from viz.scenes.moves import MoveListLayout, banner_shapes, entry_text, move_list_scene
from viz.scenes.shapes import Palette, Scene, Shape, Text, outline, readable_on, rgb_hex
from viz.window import WINDOWS, render_pygame
from viz.window.jobs import Job
from viz.window.panel import GAP, Button, Control, Label, Panel, Slider, natural_height
from viz.window.replay import REPLAY_HINT, ReplayMode
from viz.window.sessions import SessionLog
from viz.window.settings import MOTIONS, Settings, default_path
from viz.window.waiting import wait_for_events, wake_the_window

Saved = tuple[str, list[Path]]  # what a download says once done, and the files it wrote

SPEEDS = (*PLAY_SPEEDS, 0)  # 0: one turn every frame
PANEL_WIDTH = 210
ROW = 40
FPS = 60
AI_DELAY_MS = 700  # how long a computer seat of Odds and Evens or Even Odds takes to move
# Waiting for input, a window wakes at once for an event (a job it runs beside it posts
# one when it is done), else after this long: often while a text box has the keys (its
# cursor blinks), seldom when nothing on it can change.
# pygame_gui turns the cursor at the first frame 400 ms after it last did: 600 ms here.
BLINK_WAIT_MS, IDLE_WAIT_MS = 200, 1000
MESSAGE_LINES = 2
NOTE_LINES = 1 + MESSAGE_LINES  # status lines a window adds under the game's own
MAX_TEXT = 18.0  # px: a window's text stops growing here; a larger window gives the board room
PANEL_COLOR = (230, 225, 214)  # a shade darker than the boards' paper
ESCAPE_HINT = "Ctrl+Q quits · Tab reaches the buttons"
HINT_BUDGET_S = 0.15  # H's thinking time where the game is not solved
HINTS_SHOWN = 2
SWITCH_INTERVAL_S = 0.001
DRAG_SLOP = 4  # px a click may move between press and release where nothing is to play
HOVER_INK = "#1f3f73"  # the panel theme's selected blue: 9:1 on the boards' paper
MOVE_LIST_LEAST = 120  # px: the move list's height, whatever the controls above it want
GAME_OVER = "The game is over: press N for a new game"
MOTION_MS = 220  # how long a change takes to show, when nothing hurries it
MOTION_SHARE = 0.8  # in Loop, the part of each turn's beat its motion may take
FASTEST_MOVING_SPEED = 20  # turns a second; faster, Loop shows each turn as it is


def speed_label(speed: int) -> str:
    return "max" if speed == 0 else f"{speed}/s"


def colour_buttons(palette: Palette, names: Iterable[str]) -> dict[str, Any]:
    """pygame_gui theme classes `@NAME` for buttons filled with the palette's colour NAME,
    the picture's own, their text black or white, whichever reads better."""
    themes = {}
    for name in names:
        fill = palette.colors[name]
        ink = rgb_hex(readable_on(fill))
        colours = {"normal_bg": rgb_hex(fill), "hovered_bg": rgb_hex(fill)}
        colours |= {"active_bg": rgb_hex(fill), "normal_text": ink, "hovered_text": ink}
        colours |= {"normal_border": "#222222", "hovered_border": HOVER_INK}
        themes[f"@{name}"] = {"colours": colours}
    return themes


def around(outer: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """`outer` less `hole` (which lies inside it), as up to four rectangles."""
    return [
        pygame.Rect(outer.left, outer.top, outer.width, hole.top - outer.top),
        pygame.Rect(outer.left, hole.bottom, outer.width, outer.bottom - hole.bottom),
        pygame.Rect(outer.left, hole.top, hole.left - outer.left, hole.height),
        pygame.Rect(hole.right, hole.top, outer.right - hole.right, hole.height),
    ]


def save_play(
    game: Game[Any],
    rules: Any,
    seed: int,
    moves: list[Any],
    result: Any,
    out_dir: Path,
    formats: tuple[str, ...],
) -> Saved:
    """Write a game's recording and its animations; the message to show and the files."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    turns = History(game.new_state(rules), moves).turns
    try:
        with outputs() as batch:
            name = f"{game.id}-{stamp}-turn{turns}"
            recording = batch.new_name(out_dir, name, ".jsonl")
            stem = recording.with_suffix("")
            replay = write_recording(batch, recording, game, rules, seed, moves, result)
            targets = {kind: stem.with_suffix(f".{kind}") for kind in formats}
            export_replay(replay, targets, batch=batch)
    except (FileError, OSError, ValueError, RuntimeError) as error:
        return f"Nothing saved: {shown(str(error))}", []
    kinds = ", ".join(f".{kind}" for kind in formats)
    return f"Saved {stem.name}.jsonl, {kinds} in {out_dir}", batch.written


class UntilTheNextMove:
    """A window's text that lapses as soon as the game moves on: a move played or undone,
    a new game. Reading it after that gives ""."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_{name}_said"

    def __get__(self, app: Any, owner: type | None = None) -> str:
        text, position = getattr(app, self.slot, ("", None))
        return str(text) if position == app._position() else ""

    def __set__(self, app: Any, text: str) -> None:
        setattr(app, self.slot, (text, app._position()))


class GameApp(Generic[StateT]):
    """Every window takes the same arguments: the game and its rules, then keywords.
    `script` makes it a replay of those moves; `vs` names the computer's tier, from the
    opponents its entry in `viz.window.WINDOWS` lists."""

    title = "oddsevens"
    message = UntilTheNextMove()  # the message line under the game's status

    def __init__(
        self,
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
    ) -> None:
        os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "oddsevens")  # the X window's class
        # Show the window's surface as it is (XShm on X11); by default SDL copies it through
        # an OpenGL texture: 2.7x the CPU per frame under Xvfb (bench/bench_window_idle.py).
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        # A download or a judging runs on a thread beside the frame loop: hand the
        # interpreter back to the frame loop within 1 ms of its asking, not 5 ms.
        sys.setswitchinterval(SWITCH_INTERVAL_S)
        pygame.display.init()  # no audio: the window makes no sound
        pygame.font.init()
        self.game, self.rules = game, rules
        kit = WINDOWS.get(game.id)
        self.vs = vs or (kit.default_opponent if kit is not None else "")
        self.settings = settings if settings is not None else Settings.load(default_path())
        self.out_dir, self.formats = Path(out_dir), formats
        live = script is None  # a replay records nothing new
        self.sessions = SessionLog(session_dir) if live and session_dir is not None else None
        size = (max(size[0], MIN_WINDOW_SIZE[0]), max(size[1], MIN_WINDOW_SIZE[1]))
        self.window = pygame.Window(f"{self.title} — {game.name}", size, resizable=True)
        self.window.minimum_size = MIN_WINDOW_SIZE
        self.screen = self.window.get_surface()
        self.manager = pygame_gui.UIManager(size, self.theme())
        self.panel = Panel(self.manager)
        self.speed_index = SPEEDS.index(4)
        self.running = True
        self.swallow_text: str | None = None
        self.games_started = 0
        self.replaying = ReplayMode(self, script) if script is not None else None
        self.drawn: Scene | None = None  # the picture on screen
        self.board_painter = render_pygame.Painter()
        self.list_painter = render_pygame.Painter()  # the move list's
        self.saving: Job[Saved] | None = None  # the latest download, written off this thread
        self.judging: Job[list[Judgement]] | None = None  # the ended game's moves being judged
        self.judged_at: tuple[int, int] | None = None  # the position judged, or being judged
        self.verdict: list[str] = []  # the judged game's summary, a line per player
        self.judgements = dict(judgements or {})  # an analysis's, by move index
        self.words_said: dict[int, tuple[Any, str]] = {}  # the move list's, by turn
        self.moves_drawn: tuple[pygame.Rect, MoveListLayout] | None = None
        self.pointer: tuple[int, int] | None = None  # the mouse, while over the board
        self.pressing = False  # the mouse button is down on the board
        self.pressed_at = (0, 0)  # ... where it went down
        self.motion: Motion | None = None  # the change being shown, while it runs
        self.drawn_position = (0, 0, 0)  # the game, moves and turns the picture shows
        self.start_game(seed)
        if self.replaying is not None:
            self.replaying.seek(0)
        if self.settings.problem:
            self.message = "Settings file unreadable: using defaults"
            print(self.settings.problem, flush=True)

    # --- game lifecycle ------------------------------------------------------------

    def start_game(self, seed: int | None = None) -> None:
        self.seed = seed if seed is not None else random.randrange(2**31)
        self.rng = random.Random(self.seed)
        self.history: History[StateT] = History(self.game.new_state(self.rules))
        self.automatic: list[bool] = []  # per move: played by a seat the computer holds
        self.looping = False
        self.elapsed_ms = 0.0
        self.computer_wait_ms = 0.0
        self.games_started += 1
        self.words_said.clear()
        if self.sessions is not None:
            self.sessions.start(self.game, self.rules, self.seed)

    @property
    def state(self) -> StateT:
        """The position shown (the history's: copy it before changing it)."""
        return self.history.state

    @property
    def moves(self) -> list[Any]:
        return list(self.history.moves)

    def log(self, write: Callable[..., None], *args: Any) -> None:
        """Write to the live session recording; when that fails, stop recording and say so,
        and play goes on."""
        try:
            write(*args)
        except (OSError, FileError, ValueError) as error:
            sessions, self.sessions = self.sessions, None
            if sessions is not None:
                with contextlib.suppress(OSError, ValueError):
                    sessions.close()
            self.message = f"Session recording off: {error}"

    @property
    def recorder(self) -> RecordingWriter | None:
        """The live recording of this session, once it has a move."""
        return self.sessions.writer if self.sessions is not None else None

    def play(self, move: Any, automatic: bool = False) -> str | None:
        """Play a move; return the reason it was refused, or None."""
        try:
            self.history.push(move)
        except IllegalMove as error:
            return str(error)
        self.automatic.append(automatic)
        if self.sessions is not None:
            result = self.state.result() if self.state.to_move is None else None
            self.log(self.sessions.event, move, result)
        return None

    def next_automatic_move(self) -> Any:
        """The automatic players' move (Loop and Step)."""
        return self.game.auto_move(self.state, self.rng)

    def step(self) -> bool:
        """Advance by exactly one turn (and any non-turn events before it)."""
        if self.replaying is not None:
            return self.replaying.step()
        turns = self.state.turns
        while self.state.to_move is not None and self.state.turns == turns:
            reason = self.play(self.next_automatic_move())
            if reason:
                self.message = reason
                return False
        return self.state.turns > turns

    def back(self) -> None:
        """Undo your last decision and the automatic moves after it; only while paused."""
        if self.looping:
            self.message = "Pause before stepping back"
            return
        mine = [
            i for i in range(len(self.history)) if not self.automatic[i] and self.history.is_turn(i)
        ]
        if mine:
            recording = self.sessions
            self.rewind(mine[-1])
            if self.sessions is recording:  # else the rewind's message says recording is off
                self.message = ""
        else:
            self.message = "Nothing of yours to undo"

    def rewind(self, length: int) -> None:
        """Go back to the position after the first `length` moves of the history."""
        if length < len(self.history):
            self.history.truncate(length)
            del self.automatic[length:]
            self.computer_wait_ms = 0.0
            if self.sessions is not None:
                self.log(self.sessions.rewrite, self.moves)

    def toggle_loop(self) -> None:
        self.looping = not self.looping and self.state.to_move is not None
        self.elapsed_ms = 0.0

    def new_game(self) -> None:
        self.start_game()

    def download(self) -> Job[Saved] | None:
        """G: write the play so far as a recording and animations into the output folder,
        off the window's thread; "Saving…" shows at once, the outcome when it is done."""
        if self.looping:
            self.message = "Pause before downloading the GIF"
            return None
        if self.saving is not None and not self.saving.done:
            self.message = "Still saving the last download"
            return None
        snapshot = (self.game, self.rules, self.seed, self.moves, self.state.result())
        save = partial(save_play, *snapshot, self.out_dir, self.formats)
        self.saving = Job(
            "saving",
            lambda _stopping: save(),
            lambda fault: (f"Nothing saved: {fault}", []),
            wake_the_window,
        )
        self.message = "Saving…"
        return self.saving

    def report_saving(self) -> None:
        """Once a download is written, say so (once)."""
        saving = self.saving
        if saving is not None and saving.done and not saving.reported:
            saving.reported = True
            self.message, written = saving.wait()
            if written:
                print("Saved " + ", ".join(str(path) for path in written), flush=True)

    def judge_ending(self) -> None:
        """Once a game played here is over, judge its moves beside the window; when that is
        done, the banner sums them up and the move list shows their glyphs. A game that is
        no longer over (Back, New game) stops the judging."""
        over = self.replaying is None and self.state.to_move is None
        position = self._position() if over else None
        if self.judged_at != position:
            if self.judging is not None:
                self.judging.stop()
            self.judging, self.judged_at, self.verdict = None, position, []
            if over:
                work = partial(judge_game, self.game, self.rules, self.moves, self.seed)
                self.judging = Job("judging", work, lambda fault: [], wake_the_window)
        judging = self.judging
        if judging is not None and judging.done and not judging.reported:
            judging.reported = True
            judged = judging.wait()
            self.judgements = {j.index: {"glyph": j.glyph} for j in judged}
            self.words_said.clear()
            self.verdict = self.verdict_lines(judged)

    def verdict_lines(self, judged: list[Judgement]) -> list[str]:
        """How each side played, a line each, for the banner."""
        return summary(judged, self.seat_name)

    # --- messages --------------------------------------------------------------------

    def _position(self) -> tuple[int, int]:
        return self.games_started, len(self.history)

    def notes(self) -> tuple[str, ...]:
        """The window's lines under the game's status: the mode, then the message."""
        width, height = self.board_width(), self.board_height()
        lines = wrap(
            self.message or self.hint(),
            width - 2 * margin(width, height),
            font_size(width, MAX_TEXT),
            MESSAGE_LINES,
        )
        return (self.mode(), *lines, *[""] * (MESSAGE_LINES - len(lines)))

    def hint(self) -> str:
        """What to show when there is no message."""
        return ""

    # --- the frame loop ------------------------------------------------------------

    def run(self) -> None:
        clock = pygame.time.Clock()
        while self.running:
            busy = self.playing_by_itself() or self.motion is not None
            woken_by = [] if busy else self.wait_for_input(self.idle_wait_ms())
            self.frame(clock.tick(FPS), woken_by)
        self.close()

    def playing_by_itself(self) -> bool:
        """Whether the game moves without input: Loop runs or a computer seat is to move."""
        return self.looping or self.computer_seat() is not None

    def idle_wait_ms(self) -> int:
        return BLINK_WAIT_MS if self.text_has_focus() else IDLE_WAIT_MS

    @staticmethod
    def wait_for_input(timeout_ms: int) -> list[pygame.event.Event]:
        """Sleep until events come (returned, to be handled first) or the time is up."""
        return wait_for_events(timeout_ms)

    def close(self) -> None:
        if self.judging is not None:
            self.judging.stop()
            self.judging.wait()
        if self.saving is not None:
            self.saving.wait()  # a download asked for is never cut short
        if self.sessions is not None:
            with contextlib.suppress(OSError):
                self.sessions.close()
        render_pygame.forget_fonts()
        # pygame.quit() leaves a live Window dangling; a later garbage collection
        # would then destroy whatever SDL window reuses its address.
        self.window.destroy()
        pygame.quit()

    def frame(self, dt_ms: float, first: Sequence[pygame.event.Event] = ()) -> None:
        # Time spent waiting for input is no part of a computer seat's delay or a Loop's beat.
        game_ms = dt_ms if self.playing_by_itself() else 0.0
        if self.motion is not None:
            self.motion.elapsed_ms += dt_ms
        for event in [*first, *pygame.event.get()]:
            if event.type == pygame.TEXTINPUT and event.text == self.swallow_text:
                self.swallow_text = None
                continue
            self.manager.process_events(event)
            self.handle_event(event)
        self.advance(game_ms)
        self.report_saving()
        self.judge_ending()
        controls = self.controls()
        self.panel.show(controls, self.controls_column(controls), ROW)
        self.manager.update(dt_ms / 1000)
        self.draw()

    def advance(self, dt_ms: float) -> None:
        self.run_loop(dt_ms)
        self.let_computer_move(dt_ms)

    def let_computer_move(self, dt_ms: float) -> None:
        """Play the move of a seat the computer holds, once its delay has passed."""
        seat = self.computer_seat()
        if seat is None:
            self.computer_wait_ms = 0.0
            return
        policy, delay_ms = seat
        self.computer_wait_ms += dt_ms
        if self.computer_wait_ms >= delay_ms:
            self.computer_wait_ms = 0.0
            self.play(policy(self.state, self.rng), automatic=True)

    def computer_seat(self) -> tuple[Policy[StateT], float] | None:
        """The seat to move, if the computer plays it now (never during Loop or a replay)."""
        mover = self.state.to_move
        if self.replaying is not None or mover is None or self.looping:
            return None
        return self.computer(mover)

    def computer(self, mover: int) -> tuple[Policy[StateT], float] | None:
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
            if speed == 0:
                self.elapsed_ms = 0
                break

    def draw(self) -> None:
        picture = self.picture()
        listing = self.move_list_rect()
        width, height = self.screen.get_size()
        for area in around(pygame.Rect(picture.width, 0, width - picture.width, height), listing):
            self.screen.fill(PANEL_COLOR, area)
        self.screen.fill(PANEL_COLOR, (0, picture.height, picture.width, height - picture.height))
        self.board_painter.paint(self.screen, (0, 0), picture)
        self.drawn = picture
        self.draw_move_list(listing)
        self.manager.draw_ui(self.screen)
        self.panel.draw_focus(self.screen)
        self.window.flip()

    # --- motion ----------------------------------------------------------------------

    def picture(self) -> Scene:
        """The scene, on its way there while a change is being shown; at the end of a
        game, with the banner over it."""
        target = self.scene()
        position = (self.games_started, len(self.history), self.state.turns)
        if position != self.drawn_position and self.drawn is not None:
            self.motion = self.motion_from(self.drawn, self.drawn_position, position)
        self.drawn_position = position
        picture = target if self.motion is None else self.motion.picture(target)
        if self.motion is not None and self.motion.done:
            self.motion = None
        if self.state.to_move is None:
            picture = replace(picture, shapes=(*picture.shapes, *self.banner(picture)))
        elif self.pointer is not None:
            picture = replace(picture, shapes=(*picture.shapes, *self.hover_marks(picture)))
        return picture

    def hover_marks(self, picture: Scene) -> list[Shape]:
        """An outline around what a click at the pointer would play, thicker while the
        button is held; nothing where a click would be refused (its reason is the message)."""
        assert self.pointer is not None  # only called while the pointer is on the board
        width = 4.0 if self.pressing else 2.0
        shapes = picture.by_key()
        return [
            outline(f"hover-{key}", shapes[key], HOVER_INK, width)
            for key in self.clickable_at(self.pointer)
            if key in shapes
        ]

    def banner(self, picture: Scene) -> list[Shape]:
        """Who won and why; in play, how each side played and what to do next."""
        headline, _, reason = self.outcome().partition(": ")
        width = self.board_width()
        font = font_size(width, MAX_TEXT)
        bottom = self.board_height() - margin(width, self.board_height())
        judging = self.judging is not None and not self.judging.reported
        verdict = ["Judging the moves…"] if judging else self.verdict
        offer = [] if self.replaying is not None else ["N: new game · G: save it"]
        lines = [sentence(reason), *verdict, *offer]
        status = [s for s in picture.shapes if isinstance(s, Text) and s.key.startswith("status-")]
        swatch = self.winner_colour()
        return banner_shapes(headline, lines, swatch, width, bottom, font, status)

    def motion_from(
        self, shown: Scene, was: tuple[int, int, int], now: tuple[int, int, int]
    ) -> Motion | None:
        """How the change from the picture shown is to be seen: None snaps to it (motion
        reduced, a new game, a jump of more than one turn, or Loop too fast to follow)."""
        if self.settings.motion != "on" or was[0] != now[0] or abs(was[2] - now[2]) > 1:
            return None
        duration: float = MOTION_MS
        if self.looping:
            speed = SPEEDS[self.speed_index]
            if speed == 0 or speed > FASTEST_MOVING_SPEED:
                return None
            duration = min(duration, MOTION_SHARE * 1000 / speed)
        return Motion(shown, duration)

    def view_controls(self) -> list[Control]:
        """How the window looks: motion and colours, kept in the settings file."""
        return [
            Button(f"Motion: {self.settings.motion}  (M)", self.switch_motion),
            Button(f"Colours: {self.settings.palette}  (C)", self.switch_palette),
        ]

    def switch_motion(self) -> None:
        motion = MOTIONS[(MOTIONS.index(self.settings.motion) + 1) % len(MOTIONS)]
        self.motion = None
        self.say_setting(f"Motion {motion}", self.settings.set_motion(motion))

    def switch_palette(self) -> None:
        palettes = PALETTE_NAMES
        palette = palettes[(palettes.index(self.settings.palette) + 1) % len(palettes)]
        self.say_setting(f"Colours: {palette}", self.settings.set_palette(palette))
        self.manager.get_theme().update_theming(json.dumps(self.theme()))
        self.manager.rebuild_all_from_changed_theme_data()

    def say_setting(self, done: str, problem: str | None) -> None:
        self.message = f"{done} (not saved: {problem})" if problem else done

    # --- events and keys -------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        released = self.follow_pointer(event)
        if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
            self.running = False
        elif event.type == pygame.WINDOWSIZECHANGED:
            self.resize()
        elif self.panel.handle(event):
            pass
        elif event.type == pygame.KEYDOWN:
            self.key_down(event)
        elif released:
            self.panel.focus = None
            self.handle_click(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.move_list_click(event.pos)

    def follow_pointer(self, event: pygame.event.Event) -> bool:
        """Where the mouse is over the board, and whether its button is held there; True
        when it is let go on the board after being pressed there: a click, played on
        release as a button is, so that the pressed look comes first."""
        if event.type == pygame.WINDOWLEAVE:
            self.pointer, self.pressing = None, False
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        on_board = event.pos[0] < self.board_width()
        self.pointer = event.pos if on_board else None
        if event.type == pygame.MOUSEMOTION or event.button != 1:
            return False
        released = self.pressing and on_board and event.type == pygame.MOUSEBUTTONUP
        self.pressing = on_board and event.type == pygame.MOUSEBUTTONDOWN
        if self.pressing:
            self.pressed_at = event.pos
        return released and self.same_target(self.pressed_at, event.pos)

    def same_target(self, pressed: tuple[int, int], let_go: tuple[int, int]) -> bool:
        """Whether letting go at `let_go` plays what pressing at `pressed` would: as with
        a button, a press dragged off what it would play is no click."""
        target = self.clickable_at(pressed)
        if target != self.clickable_at(let_go):
            return False
        if target:
            return True
        near = max(abs(a - b) for a, b in zip(pressed, let_go, strict=True)) <= DRAG_SLOP
        return near  # nothing to play there: a click where it was pressed says why

    def key_down(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
            self.running = False
        elif self.text_has_focus():
            if event.key == pygame.K_ESCAPE:
                self.manager.set_focus_set(None)
                self.panel.focus = None
                self.message = "Left the keyboard box: window keys work; type to go back"
            elif event.key == pygame.K_TAB:
                self.panel.handle_key(event)
        elif self.panel.handle_key(event):
            pass
        elif event.key == pygame.K_ESCAPE:
            self.message = ESCAPE_HINT
        elif action := self.keys().get(event.key):
            action()
        else:
            self.other_key(event)

    def other_key(self, event: pygame.event.Event) -> None:
        """A key that is no window key: in a window with a text box, typing goes back to it."""
        entry = self.panel.entry()
        typing = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SLASH) or (
            event.unicode.isprintable() and event.unicode.strip()
        )
        if entry is not None and typing:
            self.manager.set_focus_set(entry)
            self.panel.focus = None
            if event.key == pygame.K_SLASH:
                self.swallow_text = "/"  # "/" only opens the box, as in many programs

    def text_has_focus(self) -> bool:
        entry = self.panel.entry()
        return entry is not None and entry.is_focused

    def resize(self) -> None:
        self.screen = self.window.get_surface()
        self.board_painter.forget()
        self.list_painter.forget()
        self.manager.set_window_resolution(self.screen.get_size())

    # --- the side panel --------------------------------------------------------------

    def shown_layout(self) -> Any:
        """The layout of the picture on screen, to hit-test a click against what was seen
        (before the first frame, of the picture about to be shown)."""
        return (self.drawn or self.scene()).layout

    def board_width(self) -> int:
        return self.screen.get_width() - PANEL_WIDTH

    def board_height(self) -> int:
        return self.screen.get_height()

    def panel_column(self) -> pygame.Rect:
        return pygame.Rect(self.board_width() + 10, 0, PANEL_WIDTH - 20, self.screen.get_height())

    def controls_column(self, controls: Sequence[Control]) -> pygame.Rect:
        """The top of the panel's column: the controls at full size if the move list keeps
        its least height, else as much as that leaves."""
        column = self.panel_column()
        room = column.height - MOVE_LIST_LEAST
        return column.clip(
            column.left, column.top, column.width, min(room, natural_height(controls, ROW) + 6)
        )

    def move_list_rect(self) -> pygame.Rect:
        """The rest of the column, under the controls; empty where too little is left to
        be worth a list."""
        column, top = self.panel_column(), self.panel.bottom + GAP
        height = column.bottom - top - 10
        return pygame.Rect(
            column.left, top, column.width, height * (height >= MOVE_LIST_LEAST // 2)
        )

    # --- the move list ---------------------------------------------------------------

    def listed(self) -> History[StateT]:
        """The moves the list shows: a replay's whole recording, or the game so far."""
        return self.replaying.script if self.replaying is not None else self.history

    def draw_move_list(self, rect: pygame.Rect) -> None:
        """The list in `rect`, painted where it changed (the panel around it is filled
        anew each frame, the list's own pixels only when the list moves on)."""
        if not self.moves_drawn or self.moves_drawn[0] != rect:
            self.list_painter.forget()  # the list moved, or was not there
        if not rect:  # no room for a list
            self.moves_drawn = None
            return
        listed = self.listed()
        scene = move_list_scene(
            rect.width, rect.height, self.state.turns, listed.turns, self.entry_words
        )
        self.list_painter.paint(self.screen, rect.topleft, scene)
        self.moves_drawn = (rect, scene.layout)

    def entry_words(self, turn: int) -> str:
        """A turn in the move list: its number, its judgement if analysed, its words."""
        listed = self.listed()
        after_turn = listed.at_turn(turn)
        known = self.words_said.get(turn)
        if known is not None and known[0] is after_turn:
            return known[1]
        words = ""
        if turn:
            index = listed.turn_length(turn - 1)
            glyph = str(self.judgements.get(index, {}).get("glyph", ""))
            told = self.move_words(listed.at_turn(turn - 1), after_turn)
            words = entry_text(turn, told, glyph)
        else:
            words = entry_text(0, "")
        self.words_said[turn] = (after_turn, words)
        return words

    def move_list_click(self, pos: tuple[int, int]) -> bool:
        """A click on the move list: in a replay, jump to that turn. True if it was on it."""
        if self.moves_drawn is None or not self.moves_drawn[0].collidepoint(pos):
            return False
        rect, layout = self.moves_drawn
        turn = layout.turn_at(pos[1] - rect.top)
        if turn is not None and self.replaying is not None:
            self.replaying.seek(turn)
        elif turn is not None:
            self.message = "The list shows the game so far: Left takes back your moves"
        return True

    def speed_text(self) -> str:
        return speed_label(SPEEDS[self.speed_index])

    def speed_controls(self) -> list[Control]:
        return [
            Label(f"Speed {self.speed_text()}  (- / +)"),
            Slider(self.speed_index, 0, len(SPEEDS) - 1, self.set_speed),
        ]

    def set_speed(self, index: int) -> None:
        self.speed_index = min(len(SPEEDS) - 1, max(0, index))

    # --- playback, the same for every game ------------------------------------------

    def playback_keys(self) -> dict[int, Callable[[], object]]:
        """Play, step, back, GIF and speed: the keys of Loop and Step and of a replay."""
        return {
            pygame.K_SPACE: self.toggle_loop,
            pygame.K_RIGHT: self.step_or_explain,
            pygame.K_LEFT: self.back,
            pygame.K_g: self.download,
            pygame.K_MINUS: lambda: self.set_speed(self.speed_index - 1),
            pygame.K_KP_MINUS: lambda: self.set_speed(self.speed_index - 1),
            pygame.K_EQUALS: lambda: self.set_speed(self.speed_index + 1),
            pygame.K_PLUS: lambda: self.set_speed(self.speed_index + 1),
            pygame.K_KP_PLUS: lambda: self.set_speed(self.speed_index + 1),
        }

    def step_or_explain(self) -> None:
        self.looping = False
        if not self.step():
            ended = "Nothing left to play" if self.replaying is not None else GAME_OVER
            self.message = ended

    # --- a replay or play: the mode decides -------------------------------------------

    def controls(self) -> list[Control]:
        return self.replaying.controls() if self.replaying is not None else self.play_controls()

    def keys(self) -> dict[int, Callable[[], object]]:
        keys = self.replaying.keys() if self.replaying is not None else self.play_keys()
        return keys | {
            pygame.K_h: self.show_hint,
            pygame.K_m: self.switch_motion,
            pygame.K_c: self.switch_palette,
        }

    def move_words(self, before: StateT, after_move: StateT) -> str:
        """A move in words, as the replay page tells it."""
        return SCENES[self.game.id].move_words(before, after_move)

    def hint_words(self, move: Any) -> str:
        """A hinted move in words, as the move list would tell it."""
        return self.move_words(self.state, after(self.state, move))

    def show_hint(self) -> None:
        """H: the best move or moves for the side to move, as `analyze` judges them."""
        state = self.state
        if state.to_move is None:
            self.message = GAME_OVER
            return
        if not state.legal_moves():
            self.message = "The cards are dealt next: nothing to choose"
            return
        rng = random.Random(len(self.history))
        best = hint(self.game, state, self.moves, HINT_BUDGET_S, rng)
        named = [f"“{self.hint_words(move)}”" for move in best[:HINTS_SHOWN]]
        more = f" (and {len(best) - len(named)} as good)" if len(best) > len(named) else ""
        self.message = f"Hint: best is {' or '.join(named)}{more}"

    def mode(self) -> str:
        if self.replaying is not None:
            return self.replaying.mode()
        return (
            "Game over · N: new game · G: save it"
            if self.state.to_move is None
            else self.play_mode()
        )

    def handle_click(self, pos: tuple[int, int]) -> None:
        if self.replaying is not None:
            self.message = REPLAY_HINT
        else:
            self.board_click(pos)

    # --- what each game supplies ---------------------------------------------------

    def play_controls(self) -> list[Control]:
        raise NotImplementedError

    def play_keys(self) -> dict[int, Callable[[], object]]:
        raise NotImplementedError

    def play_mode(self) -> str:
        raise NotImplementedError

    def scene(self) -> Scene:
        raise NotImplementedError

    def theme(self) -> dict[str, Any]:
        """The panel's pygame_gui theme: the program's theme file, then the window's own
        classes for the colours chosen."""
        return json.loads(asset_text("theme.json")) | self.theme_classes()

    def theme_classes(self) -> dict[str, Any]:
        """The window's own theme classes, if it has any."""
        return {}

    def board_click(self, pos: tuple[int, int]) -> None:
        raise NotImplementedError

    def outcome(self) -> str:
        """The result in words, once the game is over ("Who wins: why"): by default what
        the game's status line says after its last " · "."""
        return SCENES[self.game.id].status(self.state)[-1].rsplit(" · ", 1)[-1]

    def winner_colour(self) -> str | None:
        """The palette colour of the winning side, if one side won and has a colour."""
        return None

    def seat_name(self, player: int) -> str:
        """A player as the window names them."""
        return f"Player {player}"

    def clickable_at(self, pos: tuple[int, int]) -> tuple[str, ...]:
        """The keys of the shapes a click at `pos` would play, if it would play a move."""
        return ()
