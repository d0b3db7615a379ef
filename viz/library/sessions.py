"""The window's sessions in the library: each added as it ends, and those a window did
not add (it was killed) at the next start."""

from __future__ import annotations

from pathlib import Path

from viz.files import recordings_in
from viz.library.opening import open_library
from viz.library.store import Added, Library, LibraryError
from viz.outputs import in_use


def keep_session(recording: Path, database: Path | None = None) -> str | None:
    """The window's hook, called as a session's game ends and as its window closes: add
    the session's recording to the library (at `database`, default the user's). Never
    raises: returns None, or the one line to show (why it could not be added, or that
    an unusable library was set aside and built again)."""
    try:
        with open_library(database) as library:
            added = library.add([recording], sessions=True)
            notices = library.notices
    except LibraryError as error:
        return f"Not kept in your games: {error}"
    if added.errors:
        return f"Not kept in your games: {added.errors[0]}"
    return notices[0] if notices else None


def catch_up(folder: Path, library: Library) -> Added:
    """Add the sessions in `folder` that are not in the library as they are now, passing
    by those a window still writes (it adds them itself) and those refused before. A
    session that cannot be read is in the report's errors, once. A library opened to
    be read only is left as it is."""
    if library.read_only:
        return Added()
    waiting = [
        path
        for path in recordings_in(folder)
        if not in_use(path) and _has_content(path) and not library.unchanged_since_added(path)
    ]
    added = library.add(waiting, sessions=True)
    for error in added.errors:
        library.note_unreadable(error.path, str(error))
    return added


def _has_content(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False
