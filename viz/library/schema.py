"""The library's tables, as a list of migrations.

The database's `PRAGMA user_version` is the number of migrations applied to it. Opening
a library applies the ones it lacks, each in a transaction of its own with the version
it reaches, so a library is always at a version some oddsevens made, never between.

A feature that keeps tables of its own appends a migration here (never edits one that
was released): the next version's number is its place in MIGRATIONS, from 1.
"""

from __future__ import annotations

import sqlite3

GAMES = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    hash TEXT NOT NULL UNIQUE,        -- SHA-256 of the recording's bytes
    path TEXT NOT NULL,               -- the library's own copy
    source TEXT NOT NULL,             -- where it was added from
    source_size INTEGER NOT NULL,     -- the source's size and time of change when added:
    source_mtime_ns INTEGER NOT NULL, -- a session not changed since is not read again
    game TEXT NOT NULL,
    rules TEXT NOT NULL,              -- JSON, as the recording's header has them
    seats INTEGER NOT NULL,
    first_seat INTEGER NOT NULL,
    players TEXT NOT NULL,            -- JSON list, a name a seat ("" where not known)
    you TEXT NOT NULL,                -- JSON list of the seats "you" held
    vs TEXT NOT NULL,                 -- who held the other seats ("" if not your game)
    result TEXT,                      -- won, lost, shared, unfinished; NULL: not your game
    winners TEXT NOT NULL,            -- JSON list of the winning seats
    reason TEXT NOT NULL,
    turns INTEGER NOT NULL,
    started REAL NOT NULL,            -- seconds since the epoch
    ended REAL NOT NULL,
    added REAL NOT NULL,
    missing INTEGER NOT NULL DEFAULT 0,  -- the copy was gone at the last rebuild
    judged INTEGER NOT NULL DEFAULT 0    -- its moves were judged (seats has its players)
);
CREATE INDEX games_started ON games (started);
CREATE INDEX games_game ON games (game, started);
CREATE INDEX games_vs ON games (vs, started);
CREATE INDEX games_result ON games (result, started);
CREATE INDEX games_source ON games (source);
CREATE INDEX games_unjudged ON games (judged) WHERE judged = 0;
CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    accuracy REAL NOT NULL,
    glyphs TEXT NOT NULL,             -- JSON: each glyph's count by its name
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE unreadable (             -- sessions the reader refused, as they were then
    source TEXT PRIMARY KEY,
    source_size INTEGER NOT NULL,
    source_mtime_ns INTEGER NOT NULL,
    reason TEXT NOT NULL
);
"""

PRACTICE = """
CREATE TABLE practice (               -- each puzzle asked: its Leitner box (games/practice.py)
    puzzle TEXT PRIMARY KEY,          -- the puzzle's key: its game, rules and moves, hashed
    box INTEGER NOT NULL,
    due TEXT NOT NULL,                -- the day it comes back, ISO 8601
    asked INTEGER NOT NULL DEFAULT 0,
    right INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE mined (                  -- the puzzles found in a game as it was last judged
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,          -- the game's puzzles in the order played, from 0
    puzzle TEXT NOT NULL,             -- its key
    data TEXT NOT NULL,               -- Puzzle.as_json(); read only while games.judged = 1
    PRIMARY KEY (game_id, number)
);
"""

MIGRATIONS: tuple[str, ...] = (GAMES, PRACTICE)
"""Each version's SQL: version k is reached by MIGRATIONS[k - 1]."""

LATEST = len(MIGRATIONS)


class NewerSchema(Exception):
    """The database was made by a later oddsevens than this one."""


def version(connection: sqlite3.Connection) -> int:
    found: int = connection.execute("PRAGMA user_version").fetchone()[0]
    return found


def statements(script: str) -> list[str]:
    """A script's statements one by one (`executescript` would commit the transaction
    a migration runs in), split where SQLite says a statement is complete."""
    found, pending = [], ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            found.append(pending.strip())
            pending = ""
    if pending.strip():
        found.append(pending.strip())
    return found


def migrate(connection: sqlite3.Connection) -> None:
    """Bring the database to LATEST, a migration a transaction; a database of a newer
    schema is refused (NewerSchema), never changed."""
    while (current := version(connection)) < LATEST:
        connection.execute("BEGIN IMMEDIATE")
        try:
            if version(connection) == current:  # another process may have done it meanwhile
                for statement in statements(MIGRATIONS[current]):
                    connection.execute(statement)
                connection.execute(f"PRAGMA user_version = {current + 1}")
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
    if current > LATEST:
        raise NewerSchema(
            f"made by a newer oddsevens (schema {current}; this one knows up to {LATEST})"
        )
