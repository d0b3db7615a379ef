"""The live recordings of window sessions, kept in the user's state folder.

A session's file appears with its first move (a game nobody played leaves
nothing behind), gets each event as it happens, and is rewritten after an
undo. Its header says when the game began and who held each seat. The folder
keeps the newest `KEEP` sessions; each is handed to a keeper (the library) as
its game ends and as it closes.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from games.base import AnyGame
from games.recording import PLAYERS
from viz.files import RECORDING_SUFFIX, RecordingWriter, recordings_in
from viz.outputs import claim_free_name, in_use, remove_stale_temporaries

KEEP = 200


def newest_session(folder: Path) -> Path | None:
    """The newest session with something in it (a name just claimed is still empty)."""
    for path in reversed(recordings_in(folder)):
        try:
            if path.stat().st_size > 0:
                return path
        except OSError:
            continue
    return None


def prune(folder: Path, keep: int = KEEP) -> None:
    """Delete all but the `keep` newest session recordings; a session that a window
    still has open (and locked) is never deleted."""
    files = recordings_in(folder)
    for path in files[: max(0, len(files) - keep)]:
        if not in_use(path):
            with contextlib.suppress(OSError):
                path.unlink(missing_ok=True)


Players = Callable[[], list[str]]  # who holds each seat now, from the first seat
Keeper = Callable[[Path], None]  # told of a session's file as its game ends or it closes
MIXED = "mixed"  # a seat that changed hands during the game


class SessionLog:
    """One window's live recordings: a new file for each game that gets a move.

    `players` tells who holds each seat; a seat that changes hands during a game is
    named "mixed" (the file is rewritten, as after an undo). `keep` is handed the file
    as its game ends, and as it closes if it changed since."""

    def __init__(
        self, folder: Path, players: Players | None = None, keep: Keeper | None = None
    ) -> None:
        self.folder = Path(folder)
        self.writer: RecordingWriter | None = None
        self.players, self.keep = players, keep
        self._game: tuple[AnyGame, Any, int] | None = None
        self._moves: list[Any] = []
        self._times: list[int] = []
        self._holders: list[str] = []
        self._started = ""  # when the game's first move was played, as its header says
        # The game as it ended (moves, times, result), while what is on the file since is
        # only that game stepped back: the file is put back to it when the game is left.
        self._ended: tuple[list[Any], list[int], dict[str, Any]] | None = None
        self._kept = True

    def start(self, game: AnyGame, rules: Any, seed: int) -> None:
        self.close()
        self._game = (game, rules, seed)

    def event(self, move: Any, ms: int, result: dict[str, Any] | None) -> None:
        """`move`, played `ms` milliseconds after the game began; `result` if it ended it."""
        if self.writer is None:
            self.writer = self._open(move, ms)
        else:
            self._follow_players(self.writer)
            self.writer.event(move, ms)
        self._moves.append(move)
        self._times.append(ms)
        self._kept = False
        if self._ended is not None and not self._stepped_back():
            self._ended = None  # played on otherwise: this is the game now
        if result is not None:
            self.writer.result(result)
            self._ended = (list(self._moves), list(self._times), result)
            self._keep(self.writer.path)

    def rewrite(self, moves: list[Any], times: list[int]) -> None:
        """The game was rewound to `moves` (played at `times`); with none left the file
        goes too."""
        if self.writer is None:
            return
        self._moves, self._times, self._kept = list(moves), list(times), False
        if moves or self._ended is not None:  # an ended game stepped back is kept whole
            self.writer.rewrite(moves, times)
            return
        self.writer.close()
        self.writer.path.unlink(missing_ok=True)
        self.writer = None
        self._kept = True

    def header(self) -> dict[str, Any]:
        """What the live recording's header says of the game beyond its rules (when it
        started, who held each seat), for a copy of it (G's) to say the same; {} before
        its first move."""
        if self.writer is None:
            return {}
        about: dict[str, Any] = {"started": self._started}
        if self.players is not None:
            about[PLAYERS] = list(self._holders)
        return about

    def close(self) -> None:
        writer, self.writer = self.writer, None
        if writer is not None:
            if self._ended is not None and self._stepped_back():
                moves, times, result = self._ended
                if len(moves) != len(self._moves):  # stepped back and left: as it ended
                    writer.rewrite(moves, times)
                    writer.result(result)
                    self._moves, self._times = list(moves), list(times)
            writer.close()
            self._keep(writer.path)
        self._ended = None

    def _stepped_back(self) -> bool:
        """Whether the moves on file are the ended game's first moves, or all of them."""
        assert self._ended is not None
        moves = self._ended[0]
        return len(self._moves) <= len(moves) and self._moves == moves[: len(self._moves)]

    def _keep(self, path: Path) -> None:
        if not self._kept and self.keep is not None:
            self.keep(path)
        self._kept = True

    def _follow_players(self, writer: RecordingWriter) -> None:
        """A seat that changed hands since the header was written is "mixed" there."""
        if self.players is None:
            return
        now = zip(self._holders, self.players(), strict=True)
        merged = [was if was == holder else MIXED for was, holder in now]
        if merged != self._holders:
            self._holders = merged
            writer.rewrite(self._moves, self._times, players=merged)

    def _open(self, move: Any, ms: int) -> RecordingWriter:
        """A new file for the game, holding its first `move` (played at `ms`)."""
        assert self._game is not None  # start() comes before any event
        game, rules, seed = self._game
        self.folder.mkdir(parents=True, exist_ok=True)
        prune(self.folder, KEEP - 1)
        remove_stale_temporaries(self.folder)
        self._moves, self._times = [], []
        self._holders = self.players() if self.players is not None else []
        self._started = datetime.now().astimezone().isoformat("T", "seconds")
        about: dict[str, Any] = {"started": self._started}
        if self.players is not None:
            about[PLAYERS] = self._holders
        stem = f"{game.id}-{time.strftime('%Y%m%d-%H%M%S')}-{seed}"
        # The name is claimed, so two windows started together never share a file.
        path, claim, handle = claim_free_name(self.folder, stem, RECORDING_SUFFIX)
        try:
            writer = RecordingWriter(path, game, rules, seed, **about)
            writer.event(move, ms)
        finally:
            claim.unlink(missing_ok=True)
            os.close(handle)
        return writer
