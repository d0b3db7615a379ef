"""What a window is doing: playing a game (its own controls, keys and clicks, which each
game's window supplies) or showing a recording (the turn scrubber, the replay keys, and
clicks on the board refused). The shell asks its mode and never which mode it is."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, Protocol

import pygame

from games.base import Policy
from games.history import History
from viz.window.common import GAME_OVER, Keys
from viz.window.controls import Advised, Controlled, playback_keys, view_controls
from viz.window.panel import Button, Control, Label, Slider


class Plays(Advised, Protocol):
    """What a mode uses of the game's own window: its controls, keys and clicks in play,
    and its automatic players."""

    def next_automatic_move(self) -> Any: ...
    def computer(self, mover: int) -> tuple[Policy[Any], float] | None: ...
    def play_mode(self) -> str: ...
    def play_keys(self) -> Keys: ...
    def play_controls(self) -> list[Control]: ...
    def hint(self) -> str: ...
    def clickable_at(self, pos: tuple[int, int]) -> tuple[str, ...]: ...
    def board_click(self, pos: tuple[int, int]) -> None: ...


class Played(Controlled, Protocol):
    """What a mode uses of its window: the shared controls' needs, the game's own
    window, and playing a move."""

    vs: str  # the computer's tier

    @property
    def rules(self) -> Any: ...
    @property
    def game_window(self) -> Plays: ...

    def play(self, move: Any, automatic: bool = False) -> str | None: ...
    def new_game(self) -> None: ...


REPLAY_HINT = "Replay: step with the Right and Left arrows, or Space to play"


class PlayMode:
    watching = False  # the game is played here: the window shows what its players see
    keeps_choices = True  # the rules chosen here are remembered for the next window

    @property
    def takes_moves(self) -> bool:
        """Whether a move may be entered now (a keyboard box shown for it)."""
        return True

    def __init__(self, app: Played) -> None:
        self.app = app

    def begin(self) -> None:
        pass

    def listed(self) -> History[Any]:
        return self.app.session.history

    def listed_times(self) -> list[int]:
        """When each listed move was played (milliseconds from the game's start)."""
        return list(self.app.session.times)

    def listed_header(self) -> dict[str, Any]:
        """What the listed game's recording says beyond its rules: the session's."""
        return self.app.session.header()

    def played(self, automatic: bool) -> None:
        """A move was played (by a person, unless `automatic`)."""

    def controls(self) -> list[Control]:
        return self.app.game_window.play_controls()

    def keys(self) -> Keys:
        return self.app.game_window.play_keys()

    def status(self) -> str:
        if self.app.state.to_move is None:
            return "Game over · N: new game · G: save it"
        return self.app.game_window.play_mode()

    def hint(self) -> str:
        return self.app.game_window.hint()

    def offer(self) -> list[str]:
        return ["N: new game · G: save it"]

    def click(self, pos: tuple[int, int]) -> None:
        self.app.game_window.board_click(pos)

    def clickable_at(self, pos: tuple[int, int]) -> tuple[str, ...]:
        return self.app.game_window.clickable_at(pos)

    def step(self) -> bool:
        """Advance by exactly one turn (and any non-turn events before it)."""
        app = self.app
        turns = app.state.turns
        while app.state.to_move is not None and app.state.turns == turns:
            reason = app.play(self.automatic_move())
            if reason:
                app.message = reason
                return False
        return bool(app.state.turns > turns)

    def automatic_move(self) -> Any:
        """The move Step and Loop play."""
        return self.app.game_window.next_automatic_move()

    def nothing_to_step(self) -> str:
        return GAME_OVER

    def back(self) -> None:
        """Undo your last decision and the automatic moves after it."""
        app, session = self.app, self.app.session
        mine = session.last_own_decision()
        if mine is None:
            app.message = "Nothing of yours to undo"
            return
        log = session.log
        session.rewind(mine)
        if session.log is log:  # else the rewind's message says recording is off
            app.message = ""

    def toggle_loop(self) -> None:
        playback = self.app.playback
        playback.start(not playback.looping and self.app.state.to_move is not None)

    def list_click(self, turn: int) -> None:
        self.app.message = "The list shows the game so far: Left takes back your moves"

    def computer_may_move(self) -> bool:
        return not self.app.playback.looping

    def judges_the_end(self) -> bool:
        return True


WATCH_HINT = "Every seat plays itself: Space pauses, Right plays a turn"


class WatchMode(PlayMode):
    """`watch`: the computer plays every seat at the tier chosen (one of `tiers`, the
    game's automatic ones), at its own pace; Space pauses and goes on, Right plays one
    turn (pausing), Left takes one back while paused, 1-9 choose the tier."""

    watching = True  # every seat is the computer's: the window shows everything
    keeps_choices = False

    def __init__(self, app: Played, tiers: Sequence[str]) -> None:
        super().__init__(app)
        self.tiers = tuple(tiers)
        self.paused = False

    @property
    def takes_moves(self) -> bool:
        return False

    def status(self) -> str:
        if self.app.state.to_move is None:
            return super().status()
        doing = "paused · Right plays a turn" if self.paused else "Space pauses"
        return f"Watching {self.app.vs.capitalize()} in every seat · {doing}"

    def automatic_move(self) -> Any:
        seat = self.app.game_window.computer(self.app.state.to_move)
        if seat is None:  # a seat the game's window leaves to a person: its default player
            return super().automatic_move()
        return seat[0](self.app.state, self.app.session.rng)

    def step(self) -> bool:
        self.paused = True
        return super().step()

    def back(self) -> None:
        """Take back the last turn, while paused."""
        app = self.app
        if not self.paused:
            app.message = "Pause (Space) before stepping back"
        elif app.state.turns == 0:
            app.message = "Nothing to take back: this is the start"
        else:
            app.session.rewind(app.history.turn_length(app.state.turns - 1))
            app.message = ""

    def toggle_loop(self) -> None:
        self.paused = not self.paused

    def choose(self, tier: str) -> None:
        self.app.vs = tier
        self.app.message = f"Every seat: {tier.capitalize()}"

    def controls(self) -> list[Control]:
        app = self.app
        tiers = [
            Button(
                f"{tier.capitalize()}  ({number})",
                partial(self.choose, tier),
                selected=tier == app.vs,
            )
            for number, tier in enumerate(self.tiers, 1)
        ]
        return [
            Label("Every seat"),
            *tiers,
            Button("Go on  (Space)" if self.paused else "Pause  (Space)", self.toggle_loop),
            Button("Step  (Right)", app.step_or_explain),
            Button("Back  (Left)", app.back, enabled=self.paused),
            Button("New game  (N)", app.new_game),
            Button("GIF  (G)", app.download),
            *view_controls(app),
        ]

    def keys(self) -> Keys:
        app = self.app
        tiers = {
            getattr(pygame, f"K_{number}"): partial(self.choose, tier)
            for number, tier in enumerate(self.tiers[:9], 1)
        }
        return tiers | {
            pygame.K_SPACE: self.toggle_loop,
            pygame.K_RIGHT: app.step_or_explain,
            pygame.K_LEFT: app.back,
            pygame.K_g: app.download,
            pygame.K_n: app.new_game,
        }

    def hint(self) -> str:
        return ""

    def click(self, pos: tuple[int, int]) -> None:
        self.app.message = WATCH_HINT

    def clickable_at(self, pos: tuple[int, int]) -> tuple[str, ...]:
        return ()

    def list_click(self, turn: int) -> None:
        self.app.message = "The list shows the game so far: pause, and Left takes a turn back"

    def computer_may_move(self) -> bool:
        return not self.paused


class ReplayMode:
    watching = True  # a recording: the window shows everything
    takes_moves = False
    keeps_choices = False

    def __init__(self, app: Played, moves: list[Any], times: list[int]) -> None:
        """`times`: the recording's time of each move, or none."""
        self.app = app
        self.script = History(app.game.new_state(app.rules), moves)
        self.times = times
        # What the recording's header says beyond its rules (when it started, who held
        # each seat), for G's copy to say the same; set by whoever opened the recording.
        self.header: dict[str, Any] = {}

    @property
    def turn(self) -> int:
        turns: int = self.app.state.turns
        return turns

    def begin(self) -> None:
        self.app.jobs.sum_up_recorded(lambda index: self.script.before(index).to_move)
        self.seek(0)

    def listed(self) -> History[Any]:
        return self.script

    def played(self, automatic: bool) -> None:
        """A replay plays its own moves and hears of none."""

    def listed_times(self) -> list[int]:
        return list(self.times)

    def listed_header(self) -> dict[str, Any]:
        return dict(self.header)

    def seek(self, turn: int) -> None:
        """Show turn `turn`, with the events that follow it before the next turn."""
        app = self.app
        app.playback.looping = False
        target = self.script.turn_length(turn)
        app.session.rewind(target)
        while len(app.session.history) < target:
            app.play(self.script.moves[len(app.session.history)])

    def step(self) -> bool:
        """Show the next turn; False at the end. Play goes on, if it is on."""
        if self.turn >= self.script.turns:
            return False
        playing = self.app.playback.looping
        self.seek(self.turn + 1)
        self.app.playback.looping = playing
        return True

    def nothing_to_step(self) -> str:
        return "Nothing left to play"

    def back(self) -> None:
        self.seek(self.turn - 1)

    def to_end(self) -> None:
        self.seek(self.script.turns)

    def toggle_loop(self) -> None:
        """Play from where the replay is; at the end, play it again from the start."""
        playback = self.app.playback
        if not playback.looping and self.turn >= self.script.turns:
            self.seek(0)
        playback.start(not playback.looping)

    def controls(self) -> list[Control]:
        app, total, looping = self.app, self.script.turns, self.app.playback.looping
        return [
            Label(f"Turn {self.turn} of {total}"),
            Slider(self.turn, 0, total, self.seek),
            Button("Pause  (Space)" if looping else "Play  (Space)", self.toggle_loop),
            Button("Step  (Right)", app.step_or_explain),
            Button("Back  (Left)", app.back, enabled=not looping),
            Button("Start  (Home)", lambda: self.seek(0)),
            Button("End  (End)", self.to_end),
            Button("GIF  (G)", app.download),
            *app.playback.controls(),
            *view_controls(app),
        ]

    def keys(self) -> Keys:
        return playback_keys(self.app) | {
            pygame.K_HOME: lambda: self.seek(0),
            pygame.K_END: self.to_end,
        }

    def status(self) -> str:
        state = "playing" if self.app.playback.looping else "paused"
        return f"Replay {state} · speed {self.app.playback.speed_text()}"

    def hint(self) -> str:
        return ""

    def offer(self) -> list[str]:
        return []

    def click(self, pos: tuple[int, int]) -> None:
        self.app.message = REPLAY_HINT

    def clickable_at(self, pos: tuple[int, int]) -> tuple[str, ...]:
        return ()

    def list_click(self, turn: int) -> None:
        self.seek(turn)

    def computer_may_move(self) -> bool:
        return False

    def judges_the_end(self) -> bool:
        return False


Mode = PlayMode | ReplayMode  # practice's and watch's are kinds of PlayMode
