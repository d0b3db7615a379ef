"""The session recording of a seat at a server's room, kept where a local window keeps
its sessions (so `replay --last` and the library find it).

While every move the seat learns of is named (Load, Odds and Evens: games with
nothing hidden), the file grows move by move as a local session's does. A change told
as a bare turn number (Even Odds' deal, which the seat may not see) ends that: a file
of the moves the seat saw could not be replayed, and one with the deal would hold what
the seat may not see. Once the game has ended, the server's whole recording (the room's
seed and every move) takes the file's place.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from games.base import AnyGame, IllegalMove
from games.history import History
from viz.files import RECORDING_SUFFIX
from viz.outputs import claim_free_name, write_atomic
from viz.window.session import Clock
from viz.window.sessions import Players, SessionLog

UNKNOWN_SEED = 0  # the live file's seed: the room's is told only with the whole recording


class SeatLog:
    """`players` tells who holds each seat (the live file's header); `clock` when each
    change arrived."""

    def __init__(
        self, folder: Path, game: AnyGame, rules: Any, players: Players, clock: Clock
    ) -> None:
        self.folder, self.game, self.clock = folder, game, clock
        self.history: History[Any] = History(game.new_state(rules))
        self.log: SessionLog | None = SessionLog(folder, players)
        self.log.start(game, rules, UNKNOWN_SEED)
        self.seen = 0  # the number of the last change followed
        self.turn = 0  # the turn the game was at after it
        self.began: float | None = None
        self.path: Path | None = None  # the file once written

    @property
    def live(self) -> bool:
        return self.log is not None

    def follow(self, changes: Iterable[dict[str, Any]]) -> None:
        """Write the moves of the changes not yet followed (told again after a reconnect,
        a change is followed once)."""
        for change in changes:
            if change["seq"] <= self.seen or self.log is None:
                continue
            if change["seq"] != self.seen + 1:  # some were never told: the file is unsure
                self.stop()
                return
            self.seen = change["seq"]
            moved, self.turn = change["turn"] > self.turn, change["turn"]
            if "event" in change:
                self._write(change["event"])
            elif moved:  # a move the seat may not learn
                self.stop()
                return

    def _write(self, event: dict[str, Any]) -> None:
        assert self.log is not None
        try:
            move = self.game.move_from_event(self.history.state, event)
            self.history.push(move)
        except IllegalMove:  # not the game this file began: follow no further
            self.stop()
            return
        now = self.clock()
        self.began = now if self.began is None else self.began
        self.log.event(move, round((now - self.began) * 1000), None)
        self.path = self.log.writer.path if self.log.writer else None

    def stop(self) -> None:
        """Follow no further: the live file goes (the whole recording comes at the end)."""
        if self.log is not None:
            self.log.rewrite([], [])
            self.log.close()
            self.log, self.path = None, None

    def close(self) -> Path | None:
        """Let the live file go, as it is (the window closes mid-game): its path, if any."""
        if self.log is not None:
            self.log.close()
            self.log = None
        return self.path

    def finish(self, recording: bytes, stem: str) -> Path:
        """The server's recording of the ended game, over the live file (or as a new one
        named from `stem`): its path."""
        if self.log is not None:
            self.log.close()
            self.log = None
        if self.path is not None:
            write_atomic(self.path, lambda out: out.write(recording), mode="wb")
            return self.path
        self.folder.mkdir(parents=True, exist_ok=True)
        # The name is claimed, as a session's is, so two windows never share a file.
        path, claim, handle = claim_free_name(self.folder, stem, RECORDING_SUFFIX)
        try:
            write_atomic(path, lambda out: out.write(recording), mode="wb")
        finally:
            claim.unlink(missing_ok=True)
            os.close(handle)
        self.path = path
        return path
