"""Your games: the library, an SQLite index over recordings (never their only copy).

The public API, for the command line, the window and features that keep their own
tables beside it (practice):

- `open_library(path=None) -> Library`: the database at `path`, default
  `library.sqlite3` in `data_folder()` ($ODDSEVENS_DATA, else the user data folder),
  made or migrated as needed; an unusable one is set aside and rebuilt (`notices`).
  Close it, or use it in a `with`. `Library.connection` is the sqlite3 connection
  (autocommit; rows as sqlite3.Row) for a feature's own tables, which it adds with a
  migration appended to `schema.MIGRATIONS`.
- `Library.add(paths, sessions=False) -> Added`: recordings added (copied into the
  library's folder `Library.copies`), checked by the reader; the same bytes are one game.
- `Library.games(Filters(game, vs, result, since), limit) -> list[LibraryGame]`,
  newest first; `Library.count(filters)`; `Library.game(id)`; `Library.unjudged()`.
- `LibraryGame`: `id`, `path` (the copy), `hash`, `source`, `game`, `rules`, `seats`,
  `first_seat`, `players` (a name a seat: "you", "person", an AI tier, "mixed", ""),
  `you` (your seats), `vs`, `result` (won, lost, shared, unfinished or None), `winners`,
  `reason`, `turns`, `started`, `ended`, `missing`, `judged`, `judgements` (a
  `SeatJudgement` a seat: moves, accuracy 0-100, glyph counts by name),
  `your_accuracy()`, `as_json()`.
- `Library.record_judgements(id, judgements, also=None)`: `also(connection)` writes a
  feature's own rows of the game in the same transaction (practice's puzzles);
  `Library.rebuild() -> Rebuilt`.
- `Library.transaction()`: a `with` block of writes to a feature's own tables, begun
  with BEGIN IMMEDIATE as the library's own (a second process waits its turn); a
  database error is a LibraryError.
- `rows_in(connection, select, values)`: the rows of `select` IN (`values`), asked a
  chunk of values at a time (SQLite takes at most 999 a query).
- `keep_session(path, database=None)`: the window's hook as a game ends (returns the
  line to show, or None); `catch_up(folder, library)`: the sessions not added yet.
- `LibraryError`: the library cannot be read or written; one line.
"""

from games.recording import PERSON, YOU
from viz.library.entries import MIXED, LibraryGame, SeatJudgement
from viz.library.opening import DATA_VARIABLE, data_folder, default_path, open_library
from viz.library.sessions import catch_up, keep_session
from viz.library.store import Added, Filters, Library, LibraryError, Rebuilt, rows_in
from viz.outcomes import RESULTS, UNFINISHED

__all__ = [
    "DATA_VARIABLE",
    "MIXED",
    "PERSON",
    "RESULTS",
    "UNFINISHED",
    "YOU",
    "Added",
    "Filters",
    "Library",
    "LibraryError",
    "LibraryGame",
    "Rebuilt",
    "SeatJudgement",
    "catch_up",
    "data_folder",
    "default_path",
    "keep_session",
    "open_library",
    "rows_in",
]
