"""Rooms kept in SQLite (write-ahead log): each change a row, written before it is
acknowledged, so that a server killed at any moment comes back with every acknowledged
move, and every unfinished room is there to rejoin."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    host TEXT NOT NULL,
    created TEXT NOT NULL,
    seats TEXT NOT NULL,
    started INTEGER NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0,
    kept INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS changes (
    room TEXT NOT NULL REFERENCES rooms(id),
    seq INTEGER NOT NULL,
    turn INTEGER NOT NULL,
    event TEXT,
    PRIMARY KEY (room, seq)
);
"""


@dataclass
class StoredRoom:
    """A room as it was stored: its rules and seats, and its changes in order (each a
    change number, the turn it left the game at, and its move's event, or None where
    the change was to the seats)."""

    id: str
    game: str
    rules: dict[str, Any]
    host: str
    created: str
    seats: list[dict[str, Any]]
    started: bool
    finished: bool
    changes: list[tuple[int, int, dict[str, Any] | None]]


class RoomStore:
    """The rooms' database. Every write commits before it returns."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        # The event loop's thread alone uses the connection; autocommit, each write its
        # own transaction.
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        # NORMAL syncs the log at checkpoints only: a killed process loses nothing (what
        # was written is in the system's cache), only a power cut could.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        self._db.close()

    def create(self, room: StoredRoom) -> None:
        self._db.execute(
            "INSERT INTO rooms (id, game, rules, host, created, seats) VALUES (?, ?, ?, ?, ?, ?)",
            (
                room.id,
                room.game,
                json.dumps(room.rules),
                room.host,
                room.created,
                json.dumps(room.seats),
            ),
        )

    def change(
        self,
        room: str,
        seq: int,
        turn: int,
        event: dict[str, Any] | None,
        seats: list[dict[str, Any]] | None = None,
        started: bool = False,
        finished: bool = False,
    ) -> None:
        """Keep one change of a room (and its seats as they now are), in one transaction."""
        with self._transaction():  # one commit for the change and the seats
            self._db.execute(
                "INSERT INTO changes (room, seq, turn, event) VALUES (?, ?, ?, ?)",
                (room, seq, turn, None if event is None else json.dumps(event)),
            )
            if seats is not None:
                self._db.execute(
                    "UPDATE rooms SET seats = ? WHERE id = ?", (json.dumps(seats), room)
                )
            if started:
                self._db.execute("UPDATE rooms SET started = 1 WHERE id = ?", (room,))
            if finished:
                self._db.execute("UPDATE rooms SET finished = 1 WHERE id = ?", (room,))

    def _transaction(self) -> sqlite3.Connection:
        self._db.execute("BEGIN")
        return self._db

    def kept(self, room: str) -> None:
        """The room's finished game is written as a recording: a restart passes it by."""
        self._db.execute("UPDATE rooms SET kept = 1 WHERE id = ?", (room,))

    def rooms(self, waiting_only: bool = False) -> Iterator[StoredRoom]:
        """Every room (or every one not yet kept as a recording: unfinished, or finished
        as the server stopped) with its changes, oldest first."""
        query = "SELECT id, game, rules, host, created, seats, started, finished FROM rooms"
        if waiting_only:
            query += " WHERE kept = 0"
        for row in self._db.execute(query + " ORDER BY created, id").fetchall():
            changes = [
                (seq, turn, None if event is None else json.loads(event))
                for seq, turn, event in self._db.execute(
                    "SELECT seq, turn, event FROM changes WHERE room = ? ORDER BY seq", (row[0],)
                )
            ]
            yield StoredRoom(
                row[0],
                row[1],
                json.loads(row[2]),
                row[3],
                row[4],
                json.loads(row[5]),
                bool(row[6]),
                bool(row[7]),
                changes,
            )
