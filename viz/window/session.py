"""What a window is playing, without a picture: the game so far, when each move was
played and which the computer made, the random stream of its automatic seats, and the
live session recording.

Nothing here knows pygame, so a session can be driven and checked on its own; its clock
is handed in, so a test decides what time it is.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable
from functools import partial
from operator import attrgetter
from pathlib import Path
from typing import Any, Generic

from games.base import Game, IllegalMove, Policy, StateT
from games.history import History
from viz.files import FileError, RecordingWriter, shown
from viz.window.sessions import Players, SessionLog


class UntilTheNextMove:
    """A window's text that lapses as soon as the game moves on: a move played or undone,
    a new game. Reading it after that gives "". `session(holder)` is the session the
    text's holder belongs to (the holder's own, by default)."""

    def __init__(self, session: Callable[[Any], Session[Any]] = attrgetter("session")) -> None:
        self.session = session

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_{name}_said"

    def __get__(self, holder: Any, owner: type | None = None) -> str:
        text, position = getattr(holder, self.slot, ("", None))
        return str(text) if position == self.session(holder).position else ""

    def __set__(self, holder: Any, text: str) -> None:
        setattr(holder, self.slot, (text, self.session(holder).position))


Clock = Callable[[], float]  # seconds from any fixed moment, never going back


class Session(Generic[StateT]):
    """`said` is told what the window should say when the session recording fails;
    `clock` tells when each move is played; `players` who holds each seat (for the
    recording's header); `keep` is handed each recording as its game ends and as it
    closes, and returns what to say if it could not keep it."""

    def __init__(
        self,
        game: Game[StateT],
        rules: Any,
        seed: int | None,
        log_dir: Path | None,
        said: Callable[[str], None],
        clock: Clock = time.monotonic,
        players: Players | None = None,
        keep: Callable[[Path], str | None] | None = None,
    ) -> None:
        self.game, self.rules = game, rules
        keeper = None if keep is None else partial(_kept, keep, said)
        self.log = SessionLog(log_dir, players, keeper) if log_dir is not None else None
        self.said = said
        self.clock = clock
        self.games_started = 0
        self.start(seed)

    def header(self) -> dict[str, Any]:
        """The live recording's header beyond the rules ({} with no live recording)."""
        return self.log.header() if self.log is not None else {}

    def start(self, seed: int | None = None) -> None:
        self.seed = seed if seed is not None else random.randrange(2**31)
        self.rng = random.Random(self.seed)
        self.history: History[StateT] = History(self.game.new_state(self.rules))
        self.automatic: list[bool] = []  # per move: played by a seat the computer holds
        self.began = self.clock()
        self.times: list[int] = []  # per move: milliseconds from the game's start
        self.computer_wait_ms = 0.0
        self.games_started += 1
        if self.log is not None:
            self.log.start(self.game, self.rules, self.seed)

    @property
    def state(self) -> StateT:
        """The position now (the history's: copy it before changing it)."""
        return self.history.state

    @property
    def position(self) -> tuple[int, int]:
        """Which game, and how far into it: what a message or a judging belongs to."""
        return self.games_started, len(self.history)

    @property
    def recorder(self) -> RecordingWriter | None:
        """The live recording of this session, once it has a move."""
        return self.log.writer if self.log is not None else None

    def play(self, move: Any, automatic: bool = False) -> str | None:
        """Play a move; return the reason it was refused, or None."""
        try:
            self.history.push(move)
        except IllegalMove as error:
            return str(error)
        self.automatic.append(automatic)
        self.times.append(self._now_ms())
        if self.log is not None:
            result = self.state.result() if self.state.to_move is None else None
            self._write(self.log.event, move, self.times[-1], result)
        return None

    def _now_ms(self) -> int:
        """Milliseconds since the game began, never before the last move's time."""
        elapsed = round((self.clock() - self.began) * 1000)
        return max(elapsed, self.times[-1] if self.times else 0)

    def rewind(self, length: int) -> None:
        """Go back to the position after the first `length` moves."""
        if length < len(self.history):
            self.history.truncate(length)
            del self.automatic[length:]
            del self.times[length:]
            self.computer_wait_ms = 0.0
            if self.log is not None:
                self._write(self.log.rewrite, list(self.history.moves), list(self.times))

    def last_own_decision(self) -> int | None:
        """The index of the latest turn a person played, if any."""
        mine = [
            i for i in range(len(self.history)) if not self.automatic[i] and self.history.is_turn(i)
        ]
        return mine[-1] if mine else None

    def let_computer_move(self, seat: tuple[Policy[StateT], float] | None, dt_ms: float) -> None:
        """Play the move of the seat the computer holds, once its delay has passed."""
        if seat is None:
            self.computer_wait_ms = 0.0
            return
        policy, delay_ms = seat
        self.computer_wait_ms += dt_ms
        if self.computer_wait_ms >= delay_ms:
            self.computer_wait_ms = 0.0
            self.play(policy(self.state, self.rng), automatic=True)

    def close(self) -> None:
        if self.log is not None:
            with contextlib.suppress(OSError):
                self.log.close()

    def _write(self, write: Callable[..., None], *args: Any) -> None:
        """Write to the session recording; when that fails, stop recording and say so:
        play goes on."""
        try:
            write(*args)
        except (OSError, FileError, ValueError) as error:
            log, self.log = self.log, None
            if log is not None:
                with contextlib.suppress(OSError, ValueError):
                    log.close()
            self.said(f"Session recording off: {_why(error)}")


def _kept(keep: Callable[[Path], str | None], said: Callable[[str], None], path: Path) -> None:
    """Hand a finished recording to `keep`; what it says, the window shows."""
    problem = keep(path)
    if problem:
        said(problem)


def _why(error: Exception) -> str:
    """Why a file could not be written, before which file: the window's line has room
    for the reason, not always for a whole path."""
    if isinstance(error, FileError):
        return f"{error.reason} ({shown(error.path.name)})"
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error)
