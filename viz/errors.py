"""The errors the command line reports in one line, and `shown`, which makes a file's
name printable in them. They live apart from the modules that raise them (the files'
reader loads every game's rules, the program's own files `importlib.resources`), so
that the command line can catch them without loading those before a command runs."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path


def shown(name: Path | str) -> str:
    """A file name (or any text) as one printable line: bytes that are not UTF-8 as
    \\xNN, and newlines, escape and other control characters as Python writes them."""
    try:
        text = os.fsencode(name).decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a lone surrogate that no file name decodes to
        text = str(name).encode("utf-8", "backslashreplace").decode("ascii")
    return "".join(
        char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
        for char in text
    )


class FileError(Exception):
    """A problem with a named file, printed as one line `path:line: reason`; `log` is
    the whole story of an outside program that failed (ffmpeg's), shown on --verbose."""

    def __init__(
        self, path: Path | str, reason: str, line: int | None = None, log: str = ""
    ) -> None:
        where = f"{shown(path)}:{line}" if line is not None else shown(path)
        super().__init__(f"{where}: {reason}")
        from pathlib import Path  # loaded once a file fails, not by every start

        self.path = Path(os.fsdecode(path))
        self.line = line
        self.reason = reason
        self.log = log


class InstallError(Exception):
    """One of the program's own files cannot be read: a broken installation, not bad input."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"its own file {name} cannot be read ({reason}); reinstall oddsevens")
