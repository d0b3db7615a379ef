"""The live recordings of window sessions, kept in the user's state folder.

A session's file appears with its first move (a game nobody played leaves
nothing behind), gets each event as it happens, and is rewritten after an
undo. The folder keeps the newest `KEEP` sessions.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from pathlib import Path
from typing import Any

from games.base import AnyGame
from viz.files import RecordingWriter, in_use

KEEP = 200


def session_files(folder: Path) -> list[Path]:
    """The folder's session recordings, oldest first."""
    found = []
    try:
        for path in folder.glob("*.jsonl"):
            try:  # another window may delete or replace a file at any moment
                info = path.lstat()
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode):
                found.append((info.st_mtime_ns, path.name, path))
    except OSError:
        return []
    return [path for *_, path in sorted(found)]


def newest_session(folder: Path) -> Path | None:
    """The newest session with something in it (a name just claimed is still empty)."""
    for path in reversed(session_files(folder)):
        try:
            if path.stat().st_size > 0:
                return path
        except OSError:
            continue
    return None


def prune(folder: Path, keep: int = KEEP) -> None:
    """Delete all but the `keep` newest session recordings; a session that a window
    still has open (and locked) is never deleted."""
    files = session_files(folder)
    for path in files[: max(0, len(files) - keep)]:
        if not in_use(path):
            with contextlib.suppress(OSError):
                path.unlink(missing_ok=True)


class SessionLog:
    """One window's live recordings: a new file for each game that gets a move."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.writer: RecordingWriter | None = None
        self._game: tuple[AnyGame, Any, int] | None = None

    def start(self, game: AnyGame, rules: Any, seed: int) -> None:
        self.close()
        self._game = (game, rules, seed)

    def event(self, move: Any, ms: int, result: dict[str, Any] | None) -> None:
        """`move`, played `ms` milliseconds after the game began; `result` if it ended it."""
        if self.writer is None:
            self.writer = self._open()
        self.writer.event(move, ms)
        if result is not None:
            self.writer.result(result)

    def rewrite(self, moves: list[Any], times: list[int]) -> None:
        """The game was rewound to `moves` (played at `times`); with none left the file
        goes too."""
        if self.writer is None:
            return
        if moves:
            self.writer.rewrite(moves, times)
            return
        self.writer.close()
        self.writer.path.unlink(missing_ok=True)
        self.writer = None

    def close(self) -> None:
        writer, self.writer = self.writer, None
        if writer is not None:
            writer.close()

    def _open(self) -> RecordingWriter:
        assert self._game is not None  # start() comes before any event
        game, rules, seed = self._game
        self.folder.mkdir(parents=True, exist_ok=True)
        prune(self.folder, KEEP - 1)
        stem = f"{game.id}-{time.strftime('%Y%m%d-%H%M%S')}-{seed}"
        for number in range(1, 1000):
            path = self.folder / (f"{stem}.jsonl" if number == 1 else f"{stem}-{number}.jsonl")
            try:  # claim the name, so two windows started together never share a file
                os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
            except FileExistsError:
                continue
            return RecordingWriter(path, game, rules, seed)
        raise FileExistsError(f"{self.folder}: no free session file name for {stem}")
