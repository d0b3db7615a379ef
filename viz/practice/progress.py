"""Practice progress: each puzzle's Leitner box and the day it is due, kept in SQLite.

One small class, so that the store can move into the library's database as one table;
a store that cannot be opened or written is one line (`ProgressError`), never a crash.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from datetime import date
from pathlib import Path

from games.practice import Card

SCHEMA = """
CREATE TABLE IF NOT EXISTS practice (
    puzzle TEXT PRIMARY KEY,
    box INTEGER NOT NULL,
    due TEXT NOT NULL,
    asked INTEGER NOT NULL DEFAULT 0,
    right INTEGER NOT NULL DEFAULT 0
)
"""
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
            self._db.execute(SCHEMA)
            self._db.commit()
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

    def answers(self, key: str) -> tuple[int, int]:
        """How often the puzzle was asked, and how often answered right."""
        row = self._db.execute(
            "SELECT asked, right FROM practice WHERE puzzle = ?", (key,)
        ).fetchone()
        return (row[0], row[1]) if row else (0, 0)

    def close(self) -> None:
        self._db.close()
