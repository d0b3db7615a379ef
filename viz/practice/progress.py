"""Practice's tables in the library's database (viz/library/schema.py, PRACTICE): each
puzzle's Leitner box and the day it is due, by the puzzle's key; and the puzzles found
in each of your games as `library analyze` judged it, by the game's number (practice
reads them with the games table: those of judged games, newest first).

Writes are the library's transactions (BEGIN IMMEDIATE: a second window answering at
the same moment waits, not fails); a database error is a LibraryError, one line.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from functools import partial
from typing import Any

from games.practice import Card, Kept, Puzzle
from viz.files import shown
from viz.library import Library, LibraryError, rows_in


class Progress:
    """The boxes of the puzzles asked so far, and the puzzles of your judged games, in
    the library `library` (kept open while practice is)."""

    def __init__(self, library: Library) -> None:
        self.library = library

    def cards(self, keys: Iterable[str]) -> dict[str, Card]:
        """The cards of those of `keys` asked before."""
        select = "SELECT puzzle, box, due FROM practice WHERE puzzle"
        with self._failing_as_one_line():
            rows = rows_in(self.library.connection, select, keys)
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

    def puzzles(self, game: str | None = None) -> list[Kept]:
        """The puzzles found in your judged games (of `game` if it names one), the newest
        game's first, each game's in the order played; each read back only when asked."""
        where, values = ("AND games.game = ?", [game]) if game is not None else ("", [])
        with self._failing_as_one_line():
            rows = self.library.connection.execute(
                "SELECT mined.puzzle, games.game, mined.game_id, mined.number FROM mined"
                f" JOIN games ON games.id = mined.game_id WHERE games.judged = 1 {where}"
                " ORDER BY games.started DESC, games.id DESC, mined.number",
                values,
            ).fetchall()
        return [
            Kept(key, of_game, partial(self._puzzle, game_id, number))
            for key, of_game, game_id, number in rows
        ]

    def _puzzle(self, game_id: int, number: int) -> dict[str, Any]:
        with self._failing_as_one_line():
            (text,) = self.library.connection.execute(
                "SELECT data FROM mined WHERE game_id = ? AND number = ?", (game_id, number)
            ).fetchone()
            found: dict[str, Any] = json.loads(text)
        return found

    @contextmanager
    def _failing_as_one_line(self) -> Iterator[None]:
        try:
            yield
        except (sqlite3.Error, ValueError) as error:
            raise LibraryError(f"{shown(self.library.path)}: practice: {error}") from None


def keep_puzzles(game_id: int, found: Sequence[Puzzle]) -> Callable[[sqlite3.Connection], None]:
    """What `Library.record_judgements` writes beside a game's judgements: the puzzles
    found in it, in place of those found when it was judged before."""
    rows = [
        (game_id, number, puzzle.key, json.dumps(puzzle.as_json()))
        for number, puzzle in enumerate(found)
    ]

    def write(connection: sqlite3.Connection) -> None:
        connection.execute("DELETE FROM mined WHERE game_id = ?", (game_id,))
        connection.executemany("INSERT INTO mined VALUES (?, ?, ?, ?)", rows)

    return write
