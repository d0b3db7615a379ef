"""The terminal the command line writes to: how wide it is, and standard output
written out with a failure to write told in one line.

It loads nothing but `os` and `sys`, which Python has loaded before it: `--help` and
`--version` answer through it before anything else of the program loads.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # as mypy reads it, without loading `typing` for it
if TYPE_CHECKING:
    from collections.abc import Callable

CLOSED_PIPE = 128 + 13  # as a tool killed by SIGPIPE ends when `| head` stops reading


def terminal_columns() -> int:
    """`shutil.get_terminal_size().columns`, found without loading `shutil` (and with
    it bz2, lzma and zlib): $COLUMNS, else the width of the terminal that standard
    output is, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0 and sys.__stdout__ is not None:
        try:  # noqa: SIM105 (contextlib is one more module to load before --help)
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):  # no descriptor, not a terminal, closed
            pass
    return columns if columns > 0 else 80


def written(run: Callable[[], int]) -> int:
    """`run`'s status, once what it printed on standard output is flushed: a closed
    pipe ends it quietly, any other failure to write is one line."""
    try:
        try:
            status = run()
        except SystemExit:  # argparse's --help: what it printed must reach its reader
            sys.stdout.flush()
            raise
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        _drop_stdout()
        return CLOSED_PIPE
    except OSError as error:
        _drop_stdout()
        print(f"oddsevens: standard output: {error.strerror or error}", file=sys.stderr)
        return 2


def _drop_stdout() -> None:
    """Send what is left of standard output nowhere, so the exit's flush cannot fail."""
    try:  # noqa: SIM105 (as above)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
