"""A window's frame loop: each frame takes the input, moves Loop and the computer's seats
on by the time that passed, reports the jobs done beside it, updates the panel and
draws; between frames the window sleeps until input comes, when nothing moves by
itself. Time comes in through `frame(dt_ms)`, so tests drive a window frame by frame
without sleeping."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from viz.system import switch_interval
from viz.window import geometry
from viz.window.controls import Advised, Controlled, show_hint
from viz.window.theme import PANEL_COLOR
from viz.window.waiting import wait_for_events

if TYPE_CHECKING:
    import pygame_gui

    from games.base import Policy
    from viz.window.events import EventRouter
    from viz.window.modes import Mode
    from viz.window.movelist import MoveListView
    from viz.window.panel import Panel

FPS = 60
FRAME_MS = 1000 / FPS  # the most a change in motion moves on between two pictures
# Waiting for input, a window wakes at once for an event (a job it runs beside it posts
# one when it is done), else after this long: often while a text box has the keys (its
# cursor blinks), seldom when nothing on it can change.
# pygame_gui turns the cursor at the first frame 400 ms after it last did: 600 ms here.
BLINK_WAIT_MS, IDLE_WAIT_MS = 200, 1000


class Seated(Advised, Protocol):
    """What the frame loop uses of the game's own window."""

    def computer(self, mover: int) -> tuple[Policy[Any], float] | None: ...


class Looped(Controlled, Protocol):
    """What the frame loop uses of its window."""

    running: bool
    rules_shown: bool
    screen: pygame.Surface

    @property
    def window(self) -> pygame.Window: ...
    @property
    def manager(self) -> pygame_gui.UIManager: ...
    @property
    def mode(self) -> Mode: ...
    @property
    def events(self) -> EventRouter: ...
    @property
    def panel(self) -> Panel: ...
    @property
    def move_list(self) -> MoveListView: ...
    @property
    def looping(self) -> bool: ...
    @property
    def rules(self) -> Any: ...
    @property
    def seed(self) -> int: ...
    @property
    def game_window(self) -> Seated: ...

    def close(self) -> None: ...
    def playing_by_itself(self) -> bool: ...
    def computer_seat(self) -> tuple[Policy[Any], float] | None: ...
    def idle_wait_ms(self) -> int: ...
    def wait_for_input(self, timeout_ms: int) -> list[pygame.event.Event]: ...
    def frame(self, dt_ms: float, first: Sequence[pygame.event.Event] = ()) -> None: ...
    def judging_work(self) -> tuple[Any, ...]: ...
    def draw(self) -> None: ...


class FrameLoop:
    """The frame loop, a part of every window (GameApp's first base)."""

    def run(self: Looped) -> None:
        clock = pygame.time.Clock()
        # A download or a judging runs on a thread beside the frame loop: hand the
        # interpreter back to the frame loop within 1 ms of its asking, not 5 ms.
        with switch_interval(0.001):
            while self.running:
                busy = self.playing_by_itself() or self.board.motion is not None
                woken_by = [] if busy else self.wait_for_input(self.idle_wait_ms())
                self.frame(clock.tick(FPS), woken_by)
        self.close()

    def playing_by_itself(self: Looped) -> bool:
        """Whether the game moves without input: Loop runs or a computer seat is to move."""
        return self.looping or self.computer_seat() is not None

    def idle_wait_ms(self: Looped) -> int:
        return BLINK_WAIT_MS if self.events.text_has_focus() else IDLE_WAIT_MS

    @staticmethod
    def wait_for_input(timeout_ms: int) -> list[pygame.event.Event]:
        """Sleep until events come (returned, to be handled first) or the time is up."""
        return wait_for_events(timeout_ms)

    def frame(self: Looped, dt_ms: float, first: Sequence[pygame.event.Event] = ()) -> None:
        # Time spent waiting for input, or reading the rules, is no part of a computer
        # seat's delay or a Loop's beat: the game waits behind the card.
        game_ms = dt_ms if self.playing_by_itself() and not self.rules_shown else 0.0
        if self.board.motion is not None:
            # A change moves on by one display frame a frame, however late the frame
            # comes: a machine too busy to keep the display's rate shows every picture of
            # it, a little slower, rather than skipping the ones of the time it lost.
            self.board.motion.elapsed_ms += min(dt_ms, FRAME_MS)
        for event in [*first, *pygame.event.get()]:
            self.events.handle(event)
        self.playback.run(game_ms, self.mode.step, lambda: self.state.to_move is None)
        self.session.let_computer_move(None if self.rules_shown else self.computer_seat(), game_ms)
        self.jobs.report_saving()
        self.jobs.report_kept()
        show_hint(self)
        over = self.mode.judges_the_end() and self.state.to_move is None
        if self.jobs.judge(self.session.position if over else None, self.judging_work):
            self.move_list.words_said.clear()
        controls = self.mode.controls()
        self.panel.show(controls, geometry.controls_column(self.screen, controls), geometry.ROW)
        self.manager.update(dt_ms / 1000)
        self.draw()

    def judging_work(self: Looped) -> tuple[Any, ...]:
        """What judging the game as it is now takes (its moves copied on this thread)."""
        return (self.game, self.rules, list(self.history.moves), self.seed)

    def computer_seat(self: Looped) -> tuple[Policy[Any], float] | None:
        """The seat to move, if the computer plays it now (never during Loop or a replay)."""
        mover = self.state.to_move
        return (
            None
            if mover is None or not self.mode.computer_may_move()
            else self.game_window.computer(mover)
        )

    def draw(self: Looped) -> None:
        listing = geometry.move_list_rect(self.screen, self.panel.bottom)
        picture = self.board.paint(self.screen)
        geometry.fill_around(self.screen, (picture.width, picture.height), listing, PANEL_COLOR)
        self.move_list.paint(self.screen, listing)
        self.manager.draw_ui(self.screen)
        self.panel.draw_focus(self.screen)
        self.window.flip()
