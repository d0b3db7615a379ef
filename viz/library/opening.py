"""Where the library lives and how it is opened: made if missing, brought to the latest
schema, looked over; one that cannot be used set aside and rebuilt from the copies of
the recordings, one in a read-only folder opened to be read."""

from __future__ import annotations

import os
import sqlite3
import stat
import time
from contextlib import suppress
from pathlib import Path

from viz.files import shown
from viz.library.schema import LATEST, NewerSchema, migrate, version
from viz.library.store import Library, LibraryError, absolute, database_failure
from viz.system import lock_waiting

# SQLite's primary result codes for a file that is no database, or a damaged one.
CORRUPT, NOT_A_DATABASE = 11, 26


DATA_VARIABLE = "ODDSEVENS_DATA"  # a folder for the library instead of the user data folder
DATABASE = "library.sqlite3"
BUSY_TIMEOUT_S = 10.0  # how long a write waits for another process's to end


class _Unusable(Exception):
    """The database cannot be used as it is: damaged, no database, or newer."""


def data_folder() -> Path:
    """Where the library lives: $ODDSEVENS_DATA, else the user data folder."""
    override = os.environ.get(DATA_VARIABLE)
    if override:
        return Path(override)
    from platformdirs import user_data_path

    return user_data_path("oddsevens")


def default_path() -> Path:
    return data_folder() / DATABASE


def _damaged(error: sqlite3.DatabaseError) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (CORRUPT, NOT_A_DATABASE)


def open_library(path: Path | str | None = None) -> Library:
    """The library at `path` (default: library.sqlite3 in `data_folder()`), made if it
    is not there, brought to the latest schema.

    A database that cannot be used (damaged, not SQLite at all, or made by a newer
    oddsevens) is set aside beside it, under a name saying when, and a new library is
    built from the copies of the recordings; `notices` then says so in a line. A folder
    or file that cannot be read or written raises LibraryError."""
    path = Path(path) if path is not None else default_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise LibraryError(f"{shown(path.parent)}: {error.strerror or error}") from None
    _refuse_what_is_no_file(path)
    try:
        return Library(_connected(path), path)
    except _Unusable as why:
        return _recovered(path, str(why))


def _refuse_what_is_no_file(path: Path) -> None:
    """A folder, FIFO or device (a link to /dev/null) where the database should be is
    one line, never opened: SQLite would fail on it in words of its own, or wait."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as error:
        raise LibraryError(f"{shown(path)}: {error.strerror or error}") from None
    if stat.S_ISDIR(found.st_mode):
        raise LibraryError(f"{shown(path)}: is a folder, not the library's database")
    if not stat.S_ISREG(found.st_mode):
        raise LibraryError(f"{shown(path)}: is not a regular file (a FIFO or a device)")


# The games whose row does not read as a game: a value of the wrong type where the
# reader converts it (a time, the JSON of the rules and the seats).
ROWS_THAT_DO_NOT_READ = """
SELECT id FROM games WHERE
    typeof(path) != 'text' OR typeof(source) != 'text'
    OR typeof(started) NOT IN ('real', 'integer') OR typeof(ended) NOT IN ('real', 'integer')
    OR started NOT BETWEEN 0 AND 253402300799 OR ended NOT BETWEEN 0 AND 253402300799
    OR CASE WHEN json_valid(rules) THEN json_type(rules) != 'object' ELSE 1 END
    OR CASE WHEN json_valid(players) THEN json_type(players) != 'array' ELSE 1 END
    OR CASE WHEN json_valid(you) THEN json_type(you) != 'array' ELSE 1 END
    OR CASE WHEN json_valid(winners) THEN json_type(winners) != 'array' ELSE 1 END
LIMIT 1
"""


def _connected(path: Path) -> sqlite3.Connection:
    try:
        connection = sqlite3.connect(
            path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False
        )
    except sqlite3.DatabaseError as error:
        raise database_failure(path, error) from None
    connection.row_factory = sqlite3.Row
    try:
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = NORMAL")
        connection.execute("PRAGMA foreign_keys = ON")
        migrate(connection)
        # Every page's structure, looked over: 13 ms at 10,000 games (docs/benchmarks.md).
        problems = [row[0] for row in connection.execute("PRAGMA quick_check(1)")]
        unread = [row[0] for row in connection.execute(ROWS_THAT_DO_NOT_READ)]
    except NewerSchema as error:
        connection.close()
        raise _Unusable(str(error)) from None
    except sqlite3.DatabaseError as error:
        connection.close()
        if _damaged(error):
            raise _Unusable(str(error)) from None
        if not os.access(path.parent, os.W_OK) and path.exists():  # reading needs no writing
            return _read_only(path, error)
        if not os.access(path.parent, os.W_OK):  # SQLite says only that it cannot open it
            raise LibraryError(f"{shown(path)}: {error}: its folder is read-only") from None
        raise database_failure(path, error) from None
    if problems != ["ok"]:
        connection.close()
        raise _Unusable(f"damaged ({problems[0].splitlines()[-1]})")
    if unread:
        connection.close()
        raise _Unusable(f"damaged (game {unread[0]} does not read)")
    return connection


def _read_only(path: Path, why: sqlite3.DatabaseError) -> sqlite3.Connection:
    """The library in a folder that cannot be written, open for reading only, as it is
    (`immutable`: nobody can change it there, and SQLite then needs none of the files it
    would write beside it). One that needs a migration, or does not read, is one line."""
    try:
        connection = sqlite3.connect(
            f"{absolute(path).as_uri()}?mode=ro&immutable=1",
            uri=True,
            isolation_level=None,
            check_same_thread=False,
        )
        connection.row_factory = sqlite3.Row
        current = version(connection)
        problems = [row[0] for row in connection.execute("PRAGMA quick_check(1)")]
        unread = [row[0] for row in connection.execute(ROWS_THAT_DO_NOT_READ)]
    except sqlite3.DatabaseError as error:
        raise LibraryError(f"{shown(path)}: {error}: its folder is read-only") from None
    if current != LATEST or problems != ["ok"] or unread:
        connection.close()
        raise LibraryError(
            f"{shown(path)}: {why}: its folder is read-only, and the library needs "
            "changing before it can be read"
        )
    return connection


def _recovered(path: Path, why: str) -> Library:
    """Set the unusable database aside and build a new one from the copies. A lock file
    beside it makes sure that of two processes finding it so, one sets it aside: the
    other then opens the new one."""
    lock = path.with_name(f"{path.name}.lock")
    try:
        with open(lock, "a") as held:
            lock_waiting(held.fileno())
            with suppress(_Unusable):
                return Library(_connected(path), path)  # set aside and rebuilt meanwhile
            aside = _set_aside(path)
            library = Library(_connected(path), path)
            rebuilt = library.rebuild()
    except OSError as error:
        raise LibraryError(f"{shown(path)}: {why}; cannot set it aside: {error.strerror}") from None
    library.notices.append(
        f"{shown(path)}: {why}: kept as {aside.name}; "
        f"a new library was built from {rebuilt.found} recordings"
    )
    return library


def _set_aside(path: Path) -> Path:
    """Rename the database (and its write-ahead log) to a name of its own, kept."""
    aside = path.with_name(f"{path.name}.unusable-{time.strftime('%Y%m%d-%H%M%S')}")
    number = 1
    while aside.exists():
        number += 1
        aside = aside.with_name(f"{path.name}.unusable-{time.strftime('%Y%m%d-%H%M%S')}-{number}")
    os.replace(path, aside)
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            os.replace(companion, aside.with_name(aside.name + suffix))
    return aside
