"""Practice's tables in the library's database (viz/library/schema.py, PRACTICE): each
puzzle's Leitner box and the day it is due, by the puzzle's key; and the puzzles found
in each of your games as `library analyze` judged it, by the game's number.

Writes are the library's transactions (BEGIN IMMEDIATE: a second window answering at
the same moment waits, not fails); a database error is a LibraryError, one line.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from typing import Any

from games.practice import Card, Kept, Puzzle
from viz.files import shown
from viz.library import Library, LibraryError, LibraryGame

IN_CHUNK = 500  # values a query's IN (...) takes: SQLite allows at most 999


class Progress:
    """The boxes of the puzzles asked so far, and the puzzles of your judged games, in
    the library `library` (kept open while practice is)."""

    def __init__(self, library: Library) -> None:
        self.library = library

    def cards(self, keys: Iterable[str]) -> dict[str, Card]:
        """The cards of those of `keys` asked before."""
        rows = self._chunked("SELECT puzzle, box, due FROM practice WHERE puzzle", keys)
        with self._failing_as_one_line():
            return {key: Card(box, date.fromisoformat(day)) for key, box, day in rows}

    def record(self, key: str, card: Card, right: bool) -> None:
        """The puzzle was answered (`right` or not) and goes to `card`."""
        with self._failing_as_one_line(), self.library.transaction():
            self.library.connection.execute(
                "INSERT INTO practice (puzzle, box, due, asked, right) VALUES (?, ?, ?, 1, ?)"
                " ON CONFLICT (puzzle) DO UPDATE SET box = excluded.box,"
                " due = excluded.due, asked = asked + 1, right = right + excluded.right",
                (key, card.box, card.due.isoformat(), int(right)),
            )

    def answers(self, key: str) -> tuple[int, int]:
        """How often the puzzle was asked, and how often answered right."""
        with self._failing_as_one_line():
            row = self.library.connection.execute(
                "SELECT asked, right FROM practice WHERE puzzle = ?", (key,)
            ).fetchone()
        return (row[0], row[1]) if row else (0, 0)

    def puzzles(self, games: Sequence[LibraryGame]) -> list[Kept]:
        """The puzzles found in those of `games` that are judged, game by game in the
        order given, each game's in the order played."""
        judged = [game.id for game in games if game.judged]
        rows = self._chunked("SELECT game_id, puzzles FROM mined WHERE game_id", judged)
        with self._failing_as_one_line():
            found: dict[int, list[dict[str, Any]]] = {
                game_id: json.loads(text) for game_id, text in rows
            }
        return [Kept(data) for game_id in judged for data in found.get(game_id, [])]

    def _chunked(self, select: str, values: Iterable[Any]) -> list[Any]:
        """The rows of `select` IN (`values`), asked a chunk of values at a time."""
        wanted = list(values)
        rows: list[Any] = []
        with self._failing_as_one_line():
            for start in range(0, len(wanted), IN_CHUNK):
                chunk = wanted[start : start + IN_CHUNK]
                marks = ", ".join("?" * len(chunk))
                rows += self.library.connection.execute(f"{select} IN ({marks})", chunk)
        return rows

    @contextmanager
    def _failing_as_one_line(self) -> Iterator[None]:
        try:
            yield
        except (sqlite3.Error, ValueError) as error:
            raise LibraryError(f"{shown(self.library.path)}: practice: {error}") from None


def keep_puzzles(game_id: int, found: Sequence[Puzzle]) -> Callable[[sqlite3.Connection], None]:
    """What `Library.record_judgements` writes beside a game's judgements: the puzzles
    found in it (none: the row still says the game gave none)."""
    text = json.dumps([puzzle.as_json() for puzzle in found])

    def write(connection: sqlite3.Connection) -> None:
        connection.execute("INSERT OR REPLACE INTO mined VALUES (?, ?)", (game_id, text))

    return write
