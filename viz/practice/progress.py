"""Practice progress: each puzzle's Leitner box and the day it is due, kept in SQLite,
and the puzzles found in each recording (by its path, size and time of change), so that
a recording is read for its puzzles once, not at every practice.

One small class, so that the store can move into the library's database as its tables;
a store that cannot be opened or written is one line (`ProgressError`), never a crash.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from datetime import date
from pathlib import Path
from typing import Any

from games.practice import Card

SCHEMA = """
CREATE TABLE IF NOT EXISTS practice (
    puzzle TEXT PRIMARY KEY,
    box INTEGER NOT NULL,
    due TEXT NOT NULL,
    asked INTEGER NOT NULL DEFAULT 0,
    right INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS mined (
    path TEXT PRIMARY KEY,
    size INTEGER NOT NULL,
    changed INTEGER NOT NULL,
    puzzles TEXT NOT NULL
);
"""
Stamp = tuple[
    int, int
]  # a file's size and time of change (ns): it is read again when either changes
BUSY_TIMEOUT_S = 5.0  # another window answering at the same moment waits, not fails


class ProgressError(Exception):
    """The store cannot be read or written: one line naming the file and why."""


def default_path() -> Path:
    from platformdirs import user_data_path

    return user_data_path("oddsevens") / "practice.sqlite3"


class Progress:
    """The boxes of the puzzles asked so far, by puzzle key."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.executescript(SCHEMA)
        except (OSError, sqlite3.Error) as error:
            raise ProgressError(f"{path}: cannot keep practice progress ({error})") from None

    def cards(self, keys: Iterable[str]) -> dict[str, Card]:
        """The cards of those of `keys` asked before."""
        wanted = list(keys)
        found: dict[str, Card] = {}
        try:
            for start in range(0, len(wanted), 500):  # SQLite's bound on ? in one query
                chunk = wanted[start : start + 500]
                marks = ",".join("?" * len(chunk))
                rows = self._db.execute(
                    f"SELECT puzzle, box, due FROM practice WHERE puzzle IN ({marks})", chunk
                )
                found |= {key: Card(box, date.fromisoformat(day)) for key, box, day in rows}
        except (sqlite3.Error, ValueError) as error:
            raise ProgressError(f"{self.path}: cannot read practice progress ({error})") from None
        return found

    def record(self, key: str, card: Card, right: bool) -> None:
        """The puzzle was answered (`right` or not) and goes to `card`."""
        try:
            with self._db:
                self._db.execute(
                    "INSERT INTO practice (puzzle, box, due, asked, right) VALUES (?, ?, ?, 1, ?)"
                    " ON CONFLICT (puzzle) DO UPDATE SET box = excluded.box,"
                    " due = excluded.due, asked = asked + 1, right = right + excluded.right",
                    (key, card.box, card.due.isoformat(), int(right)),
                )
        except sqlite3.Error as error:
            raise ProgressError(f"{self.path}: cannot save practice progress ({error})") from None

    def mined(self) -> dict[str, tuple[Stamp, list[dict[str, Any]]]]:
        """The puzzles found in each recording read before (`Puzzle.as_json`), by path,
        with the file's stamp when it was read."""
        try:
            rows = self._db.execute("SELECT path, size, changed, puzzles FROM mined").fetchall()
            return {
                path: ((size, changed), json.loads(found)) for path, size, changed, found in rows
            }
        except (sqlite3.Error, ValueError) as error:
            raise ProgressError(f"{self.path}: cannot read practice progress ({error})") from None

    def keep_mined(self, files: Iterable[tuple[str, Stamp, list[dict[str, Any]]]]) -> None:
        """The puzzles just found in each of `files` (path, stamp, puzzles)."""
        rows = [(path, *stamp, json.dumps(found)) for path, stamp, found in files]
        try:
            with self._db:
                self._db.executemany("INSERT OR REPLACE INTO mined VALUES (?, ?, ?, ?)", rows)
        except sqlite3.Error as error:
            raise ProgressError(f"{self.path}: cannot save practice progress ({error})") from None

    def answers(self, key: str) -> tuple[int, int]:
        """How often the puzzle was asked, and how often answered right."""
        row = self._db.execute(
            "SELECT asked, right FROM practice WHERE puzzle = ?", (key,)
        ).fetchone()
        return (row[0], row[1]) if row else (0, 0)

    def close(self) -> None:
        self._db.close()
