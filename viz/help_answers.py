"""`--help`, `-h`, `--version` and each command's `--help`, answered without argparse.

Loading argparse and building the commands' parsers takes longer than printing the
help. `viz/help_table.py` keeps what argparse prints for each of them at every
terminal width: generated from the command line's own parsers
(`python -m viz.help_answers`) and checked against them by the tests. argparse
answers anything else, and every help on a Python other than the one the table was
made with.

Which text a width gets: argparse's help changes with the width only where something
wraps (the usage, an option's name beside its help, a paragraph), each of which stops
wrapping at some width and stays so at every wider one, the help column being fixed
from 44 columns on. So the table holds each text from 1 column up to the width whose
text is the text at 100,000 columns; that last text holds for any wider terminal.
The text at 80 columns (standard output that is no terminal, and many terminals) is
kept as it is; the others are packed (zlib), nearest 80 columns first, and read no
further than the one asked for.
"""

from __future__ import annotations

import os
import sys

from viz.help_table import PYTHON, TEXTS
from viz.terminal import terminal_columns

TYPE_CHECKING = False  # as mypy reads it, without loading `typing` for it
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from viz.cli import Parser

UNWRAPPED = 100_000  # columns: wider than any line of help, so nothing wraps
DEFAULT = 80  # columns: where standard output is no terminal, and many terminals' width


def answer(argv: Sequence[str]) -> str | None:
    """What argparse prints for the arguments `argv` if they ask for help or the
    version, as wide as the terminal; None for anything else, on another Python, and
    with no standard output at all (argparse then prints on standard error)."""
    words = tuple(argv)
    if words[-1:] == ("-h",):
        words = (*words[:-1], "--help")
    kept = TEXTS.get(words)
    if kept is None or sys.version_info[:2] != PYTHON or sys.stdout is None:
        return None
    plain_first, plain_last, plain, packed = kept
    columns = terminal_columns()
    if plain_first <= columns and (plain_last is None or columns <= plain_last):
        return plain
    texts = unpacked(packed)
    first_columns = [int(first) for first in next(texts).split()]
    shown = max((first, at) for at, first in enumerate(first_columns) if first <= columns)[1]
    for _ in range(shown):
        next(texts)
    return next(texts)


def unpacked(packed: str) -> Iterator[str]:
    """The least columns at which each text is printed, then the texts, decompressed
    only as far as they are read."""
    import binascii
    import zlib

    stream = zlib.decompressobj()
    rest, pending = binascii.a2b_base64(packed), b""
    while not stream.eof:
        pending += stream.decompress(rest, 4096)
        rest = stream.unconsumed_tail
        *complete, pending = pending.split(b"\0")
        yield from (text.decode() for text in complete)
    yield pending.decode()


def packed(first_columns: Sequence[int], texts: Sequence[str]) -> str:
    """The least columns at which each text is printed, then the texts, zlib'd."""
    import binascii
    import zlib

    text = "\0".join([" ".join(map(str, first_columns)), *texts])
    return binascii.b2a_base64(zlib.compress(text.encode(), 9), newline=False).decode()


def _distance(first_columns: Sequence[int], at: int) -> int:
    """How many columns 80 is from those at which text `at` is printed."""
    first = first_columns[at]
    if at + 1 == len(first_columns):  # the last holds for every wider terminal
        return max(first - DEFAULT, 0)
    return max(first - DEFAULT, DEFAULT - (first_columns[at + 1] - 1), 0)


def generated() -> dict[tuple[str, ...], tuple[list[int], list[str]]]:
    """Every answer's texts as the parsers give them now, each with the least columns
    at which argparse prints it."""
    from viz.cli import build_parser

    forms = [("--help",), ("--version",), *help_forms(build_parser())]
    return {form: _at_every_width(form) for form in forms}


def help_forms(parser: Parser, words: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """The `--help` of every command below `parser`, each before its sub-commands'."""
    parser.build_options()
    for name, command in parser.commands.items():
        yield (*words, name, "--help")
        yield from help_forms(command, (*words, name))


def _at_every_width(argv: tuple[str, ...]) -> tuple[list[int], list[str]]:
    """From 1 column until nothing wraps: each text, and the columns it starts at."""
    unwrapped = printed(argv, UNWRAPPED)
    first_columns: list[int] = []
    texts: list[str] = []
    columns = 0
    while not texts or texts[-1] != unwrapped:
        columns += 1
        text = printed(argv, columns)
        if not texts or texts[-1] != text:
            first_columns.append(columns)
            texts.append(text)
    return first_columns, texts


def printed(argv: Sequence[str], columns: int) -> str:
    """What `oddsevens ARGV` prints through argparse on a terminal `columns` wide,
    which must be a success that writes to standard output alone."""
    import contextlib
    import io

    from viz.cli import main

    out, err = io.StringIO(), io.StringIO()
    width = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(columns)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main(argv)
    except SystemExit as end:
        status = end.code
    else:
        status = "no exit"
    finally:
        if width is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = width
    if status != 0 or err.getvalue() or "\0" in out.getvalue():
        raise RuntimeError(f"oddsevens {' '.join(argv)}: status {status}, {err.getvalue()!r}")
    return out.getvalue()


def table_source() -> str:
    """The table's module, formatted as `ruff format` leaves it."""
    entries = "".join(_entry(form, *kept) for form, kept in generated().items())
    return (
        f'"""{TABLE_DOCSTRING}"""\n\n'
        f"PYTHON = {sys.version_info[:2]!r}\n"
        "# the arguments: (the first and last columns at which the text that follows is\n"
        "# printed, None for every wider terminal; the text; the others, packed)\n"
        f"TEXTS: dict[tuple[str, ...], tuple[int, int | None, str, str]] = {{\n{entries}}}\n"
    )


def _entry(form: tuple[str, ...], first_columns: list[int], texts: list[str]) -> str:
    """The text at 80 columns as it is, the others packed nearest 80 columns first."""
    at, *others = sorted(range(len(texts)), key=lambda at: _distance(first_columns, at))
    last = first_columns[at + 1] - 1 if at + 1 < len(first_columns) else None
    rest = packed([first_columns[other] for other in others], [texts[other] for other in others])
    words = ", ".join(f'"{word}"' for word in form)
    return (
        f"    ({words}{',' if len(form) == 1 else ''}): (\n"
        f"        {first_columns[at]},\n"
        f"        {last},\n"
        f"{literal_lines(texts[at])}"
        f"{literal_lines(rest)}"
        "    ),\n"
    )


def literal_lines(text: str, width: int = 80) -> str:
    """`text` as one item of a tuple in Python's source: string literals in double
    quotes, one a line of the text (cut every `width` characters), non-ASCII escaped."""
    pieces = (
        line[at : at + width] for line in text.splitlines(True) for at in range(0, len(line), width)
    )
    literals = (piece.encode("unicode_escape").decode().replace('"', '\\"') for piece in pieces)
    return "".join(f'        "{literal}"\n' for literal in literals)[:-1] + ",\n"


TABLE = os.path.join(os.path.dirname(__file__), "help_table.py")
TABLE_DOCSTRING = (
    "Generated by `python -m viz.help_answers` from the command line's parsers: what\n"
    "argparse prints for each help and the version at every terminal width, on the\n"
    "Python named here (read by `viz.help_answers.answer`)."
)

if __name__ == "__main__":
    with open(TABLE, "w", encoding="utf-8") as table:
        table.write(table_source())
    print(TABLE)
