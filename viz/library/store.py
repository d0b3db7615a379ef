"""The library's database once open: adding recordings, listing them, judgements,
rebuilding from the files. Where it lives and how it is opened: `viz.library.opening`."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field, fields
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from games.recording import PLAYERS, YOU, seat_holders
from viz.files import (
    MAX_FILE_BYTES,
    FileError,
    read_regular,
    read_regular_found,
    replay_bytes,
    shown,
)
from viz.library.entries import Entry, LibraryGame, SeatJudgement, entry

IN_CHUNK = 500  # values a query's IN (...) is given: SQLite takes at most 999

COPIES = "games"  # the folder, beside the database, of the library's copies of recordings
BATCH = 250  # recordings added a transaction


class LibraryError(Exception):
    """The library cannot be read or written (a read-only or full disk, a folder that
    cannot be made): one line naming the file and the reason."""


@dataclass
class Added:
    """What an add did: the games added (ids), how many were there already (the same
    bytes), how many replaced an earlier state of the same session, and each file that
    could not be read."""

    added: list[int] = field(default_factory=list)
    duplicates: int = 0
    replaced: int = 0
    errors: list[FileError] = field(default_factory=list)


@dataclass
class Rebuilt:
    """What a rebuild found: games read again, copies missing, copies added that the
    library did not list, and files that could not be read."""

    read: int = 0
    missing: int = 0
    found: int = 0
    errors: list[FileError] = field(default_factory=list)


@dataclass(frozen=True)
class Filters:
    """Which games a listing takes: all of them when every field is None."""

    game: str | None = None
    vs: str | None = None
    result: str | None = None
    since: datetime | None = None

    def where(self) -> tuple[str, list[Any]]:
        clauses, values = ["1"], []
        for column in ("game", "vs", "result"):
            value = getattr(self, column)
            if value is not None:
                clauses.append(f"{column} = ?")
                values.append(value)
        if self.since is not None:
            clauses.append("started >= ?")
            values.append(self.since.timestamp())
        return " AND ".join(clauses), values


@dataclass(frozen=True)
class _Read:
    entry: Entry
    data: bytes


_ENTRY_COLUMNS = [f.name for f in fields(Entry)]


def _yours(path: Path, data: bytes, seat: int) -> bytes:
    """A recording's bytes with seat `seat` named yours in its header's `players`, if
    the header names no seat yours (and none else where it says nothing); else as it is."""
    replay = replay_bytes(path, data)
    game = replay.game
    seats = range(game.first_seat, game.first_seat + game.seats(replay.rules))
    if seat not in seats:
        raise FileError(path, f"--you {seat}: this game's seats are {seats[0]} to {seats[-1]}")
    holders = list(seat_holders(replay.header, len(seats)))
    if YOU in holders:
        return data
    holders[seat - game.first_seat] = YOU
    first, _, rest = data.partition(b"\n")
    header = json.loads(first) | {PLAYERS: holders}
    return json.dumps(header).encode() + b"\n" + rest


class Library:
    """An open library. Use `open_library()`; close it (or use it in a `with`).

    `notices` holds what opening it had to say (a database set aside and rebuilt), a
    line each. Every write is a transaction: a process killed mid-write leaves the
    library as it was before that transaction. `read_only`: its folder cannot be
    written, so it was opened to be read, and nothing is added to it."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self.connection = connection
        self.path = path
        self.copies = path.parent / COPIES
        self.notices: list[str] = []
        self.read_only = not os.access(path.parent, os.W_OK)

    def __enter__(self) -> Library:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self.connection.close()

    # --- adding ------------------------------------------------------------------------

    def add(self, paths: Iterable[Path], sessions: bool = False, you: int | None = None) -> Added:
        """Add the recordings `paths`, each checked by the reader: a copy of each goes
        into the library's folder (`copies`) unless it is there already, and a row into
        the database, a batch of them a transaction. A file that cannot be read is a
        FileError in the report; the others still go in. The same bytes twice are one
        game. `sessions`: the paths are window sessions, so a session added before and
        changed since (a move undone, the game played on) replaces its earlier state.
        `you`: the seat that was yours in a recording whose header names none; the
        library's copy then names it, so that a rebuild knows it too. A library opened
        to be read only takes none: LibraryError."""
        if self.read_only:
            raise LibraryError(f"{shown(self.path)}: its folder is read-only: nothing is added")
        report = Added()
        batch: list[_Read] = []
        for path in paths:
            try:
                found = self._read(path, report, you)
            except FileError as error:
                report.errors.append(error)
                continue
            if found is not None:
                batch.append(found)
            if len(batch) >= BATCH:
                self._store(batch, sessions, report)
                batch = []
        self._store(batch, sessions, report)
        return report

    def unchanged_since_added(self, path: Path) -> bool:
        """Whether the file `path` is in the library as it is now (same size and time of
        change), or was refused as it is now: a session to pass by."""
        try:
            found = os.stat(path)
        except OSError:
            return False
        key = (str(absolute(path)), found.st_size, found.st_mtime_ns)
        same = "source = ? AND source_size = ? AND source_mtime_ns = ?"
        return any(
            self._query(f"SELECT 1 FROM {table} WHERE {same}", key)
            for table in ("games", "unreadable")
        )

    def note_unreadable(self, path: Path, reason: str) -> None:
        """Remember that `path`, as it is now, could not be read: a session's catching up
        says so once, not at every start."""
        try:
            found = os.stat(path)
        except OSError:
            return
        with self.transaction():
            self.connection.execute(
                "INSERT OR REPLACE INTO unreadable VALUES (?, ?, ?, ?)",
                (str(absolute(path)), found.st_size, found.st_mtime_ns, reason),
            )

    def _read(self, path: Path, report: Added, you: int | None = None) -> _Read | None:
        """The entry of the recording at `path`, or None if the library has its bytes."""
        data, found = read_regular_found(path, MAX_FILE_BYTES)  # an undo may replace it
        if you is not None:
            data = _yours(path, data, you)
        digest = hashlib.sha256(data).hexdigest()
        if self._query("SELECT 1 FROM games WHERE hash = ?", (digest,)):
            report.duplicates += 1
            return None
        replay = replay_bytes(path, data)
        source = absolute(path)
        inside = source.parent == absolute(self.copies)
        copy = source if inside else self.copies / f"{source.stem[:80]}-{digest[:12]}.jsonl"
        return _Read(entry(replay, digest, copy, source, found), data)

    def _store(self, batch: list[_Read], sessions: bool, report: Added) -> None:
        unique = {found.entry.hash: found for found in reversed(batch)}  # the first of each
        report.duplicates += len(batch) - len(unique)
        batch = [found for found in batch if unique[found.entry.hash] is found]
        if not batch:
            return
        for found in batch:
            self._keep_copy(found)
        replaced: list[Path] = []
        with self.transaction():
            for found in batch:
                old = self._session_row(found.entry) if sessions else None
                if old is not None:
                    self._replace(old[0], found.entry)
                    replaced.append(Path(old[1]))
                    report.replaced += 1
                    continue
                game_id = self._insert(found.entry)
                if game_id is None:  # another process added the same bytes meanwhile
                    report.duplicates += 1
                    replaced.append(found.entry.path)
                else:
                    report.added.append(game_id)
        for path in replaced:
            self._drop_copy(path)

    def _session_row(self, found: Entry) -> tuple[int, str] | None:
        rows = self._query(
            "SELECT id, path FROM games WHERE source = ? AND hash != ?",
            (str(found.source), found.hash),
        )
        return (rows[0]["id"], rows[0]["path"]) if rows else None

    def _insert(self, found: Entry) -> int | None:
        values = _row_values(found) | {"added": time.time()}
        names = ", ".join(values)
        marks = ", ".join("?" * len(values))
        cursor = self.connection.execute(
            f"INSERT INTO games ({names}) VALUES ({marks}) ON CONFLICT (hash) DO NOTHING",
            list(values.values()),
        )
        return cursor.lastrowid if cursor.rowcount else None

    def _replace(self, game_id: int, found: Entry) -> None:
        values = _row_values(found) | {"missing": 0, "judged": 0}
        assignments = ", ".join(f"{name} = ?" for name in values)
        self.connection.execute(
            f"UPDATE games SET {assignments} WHERE id = ?", [*values.values(), game_id]
        )
        self.connection.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))

    def _keep_copy(self, found: _Read) -> None:
        """Write the library's copy of a recording, all or nothing, with its source's
        time of change (a game's time is read off it where the recording has none)."""
        copy = found.entry.path
        if copy == found.entry.source:
            return
        temporary = copy.with_name(f".{copy.name}.{os.getpid()}.part")
        try:
            self.copies.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(found.data)
            mtime = found.entry.source_mtime_ns
            os.utime(temporary, ns=(mtime, mtime))
            os.replace(temporary, copy)
        except OSError as error:
            with suppress(OSError):  # the folder itself may be what is wrong
                temporary.unlink(missing_ok=True)
            raise LibraryError(f"{shown(copy)}: {error.strerror or error}") from None

    def _drop_copy(self, path: Path) -> None:
        """Delete a copy no game points to any more (a session's earlier state)."""
        if path.parent != self.copies:
            return
        if not self._query("SELECT 1 FROM games WHERE path = ?", (str(path),)):
            path.unlink(missing_ok=True)

    # --- reading -----------------------------------------------------------------------

    def games(self, filters: Filters = Filters(), limit: int | None = None) -> list[LibraryGame]:
        """The games `filters` takes, newest first; at most `limit` of them."""
        where, values = filters.where()
        tail = f" LIMIT {int(limit)}" if limit is not None else ""
        rows = self._query(
            f"SELECT * FROM games WHERE {where} ORDER BY started DESC, id DESC{tail}", values
        )
        return self._with_seats(rows)

    def count(self, filters: Filters = Filters()) -> int:
        where, values = filters.where()
        found: int = self._query(f"SELECT count(*) FROM games WHERE {where}", values)[0][0]
        return found

    def game(self, game_id: int) -> LibraryGame | None:
        rows = self._query("SELECT * FROM games WHERE id = ?", (game_id,))
        games = self._with_seats(rows)
        return games[0] if games else None

    def unjudged(self) -> list[LibraryGame]:
        """The games whose moves are not judged yet and whose copy is there, oldest first."""
        rows = self._query(
            "SELECT * FROM games WHERE judged = 0 AND missing = 0 ORDER BY started, id"
        )
        return self._with_seats(rows)

    def _with_seats(self, rows: list[sqlite3.Row]) -> list[LibraryGame]:
        judged = [row["id"] for row in rows if row["judged"]]
        seats: dict[int, list[SeatJudgement]] = {}
        try:
            found = rows_in(self.connection, "SELECT * FROM seats WHERE game_id", judged)
        except sqlite3.DatabaseError as error:
            raise database_failure(self.path, error) from None
        for seat in sorted(found, key=lambda seat: seat["seat"]):
            seats.setdefault(seat["game_id"], []).append(
                SeatJudgement(
                    seat["seat"], seat["moves"], seat["accuracy"], json.loads(seat["glyphs"])
                )
            )
        return [_game(row, tuple(seats.get(row["id"], ()))) for row in rows]

    # --- judgements and rebuilding -----------------------------------------------------

    def record_judgements(
        self,
        game_id: int,
        judgements: Iterable[SeatJudgement],
        also: Callable[[sqlite3.Connection], None] | None = None,
    ) -> None:
        """Keep how each seat of the game played (none: it had no move to judge); `also`
        writes a feature's own rows of the judged game in the same transaction
        (practice's puzzles)."""
        with self.transaction():
            self.connection.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            self.connection.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                [(game_id, j.seat, j.moves, j.accuracy, json.dumps(j.glyphs)) for j in judgements],
            )
            self.connection.execute("UPDATE games SET judged = 1 WHERE id = ?", (game_id,))
            if also is not None:
                also(self.connection)

    def rebuild(self) -> Rebuilt:
        """Read every game's copy again (a copy that is gone, and whose source is gone or
        changed too, is marked missing, not dropped), then add the copies in the
        library's folder that it does not list. Judgements of unchanged games stay."""
        report = Rebuilt()
        rows = self._query("SELECT id, path, source, hash FROM games")
        for row in rows:
            self._reread(row, report)
        listed = {row["path"] for row in rows}
        unlisted = sorted(path for path in self._copy_files() if str(path) not in listed)
        added = self.add(unlisted)
        report.found, report.errors = len(added.added), report.errors + added.errors
        return report

    def _copy_files(self) -> list[Path]:
        try:
            return list(self.copies.glob("*.jsonl"))
        except OSError:
            return []

    def _reread(self, row: sqlite3.Row, report: Rebuilt) -> None:
        path, source = Path(row["path"]), Path(row["source"])
        if not path.exists() and source.exists() and source != path:
            path = source  # the copy went: the source, if it is the same game, brings it back
        try:
            data = read_regular(path, MAX_FILE_BYTES)
            digest = hashlib.sha256(data).hexdigest()
            if digest != row["hash"]:
                raise FileError(path, "changed since it was added")
            replay = replay_bytes(path, data)
            found = entry(replay, digest, Path(row["path"]), source, os.stat(path))
        except FileError as error:
            if not Path(row["path"]).exists():
                with self.transaction():
                    self._query("UPDATE games SET missing = 1 WHERE id = ?", (row["id"],))
                report.missing += 1
                return
            report.errors.append(error)
            return
        if path != Path(row["path"]):
            self._keep_copy(_Read(found, data))
        values = _row_values(found) | {"missing": 0}
        del values["source_size"], values["source_mtime_ns"]  # of the source, when added
        assignments = ", ".join(f"{name} = ?" for name in values)
        with self.transaction():
            self.connection.execute(
                f"UPDATE games SET {assignments} WHERE id = ?", [*values.values(), row["id"]]
            )
        report.read += 1

    # --- the connection ----------------------------------------------------------------

    def _query(self, sql: str, values: Iterable[Any] = ()) -> list[sqlite3.Row]:
        """Every row the query gives; a database error is a LibraryError."""
        try:
            return self.connection.execute(sql, tuple(values)).fetchall()
        except sqlite3.DatabaseError as error:
            raise database_failure(self.path, error) from None

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One transaction, begun for writing at once (a second process waits for the
        first's to end, up to the busy timeout it was opened with); any failure rolls it
        back, and a database error is a LibraryError. A feature writes its own tables in one."""
        try:
            self.connection.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError as error:
            raise database_failure(self.path, error) from None
        try:
            yield
            self.connection.execute("COMMIT")
        except BaseException as error:
            if self.connection.in_transaction:
                self.connection.execute("ROLLBACK")
            if isinstance(error, sqlite3.DatabaseError):
                raise database_failure(self.path, error) from None
            raise


def rows_in(connection: sqlite3.Connection, select: str, values: Iterable[Any]) -> list[Any]:
    """The rows of `select` IN (`values`), asked a chunk of values at a time (SQLite
    takes at most 999 values a query); a database error is the caller's to word."""
    wanted = list(values)
    rows: list[Any] = []
    for start in range(0, len(wanted), IN_CHUNK):
        chunk = wanted[start : start + IN_CHUNK]
        marks = ", ".join("?" * len(chunk))
        rows += connection.execute(f"{select} IN ({marks})", chunk).fetchall()
    return rows


def absolute(path: Path) -> Path:
    return Path(os.path.abspath(path))


def _row_values(found: Entry) -> dict[str, Any]:
    """An entry as the games table's columns."""
    values: dict[str, Any] = {name: getattr(found, name) for name in _ENTRY_COLUMNS}
    for name in ("path", "source"):
        values[name] = str(values[name])
    for name in ("rules", "players", "you", "winners"):
        values[name] = json.dumps(list(values[name]) if name != "rules" else values[name])
    for name in ("started", "ended"):
        values[name] = values[name].timestamp()
    return values


def _game(row: sqlite3.Row, judgements: tuple[SeatJudgement, ...]) -> LibraryGame:
    values: dict[str, Any] = {name: row[name] for name in _ENTRY_COLUMNS}
    for name in ("path", "source"):
        values[name] = Path(values[name])
    values["rules"] = json.loads(values["rules"])
    for name in ("players", "you", "winners"):
        values[name] = tuple(json.loads(values[name]))
    for name in ("started", "ended"):
        values[name] = datetime.fromtimestamp(values[name]).astimezone()
    return LibraryGame(
        **values,
        id=row["id"],
        missing=bool(row["missing"]),
        judged=bool(row["judged"]),
        judgements=judgements,
    )


def database_failure(path: Path, error: sqlite3.DatabaseError) -> LibraryError:
    """A database error as one line: read-only, full, locked too long, or damaged where
    opening it did not see (opening looks over every page)."""
    return LibraryError(f"{shown(path)}: {error}")
