"""The `oddsevens` command line."""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

from viz import __version__
from viz.cli import analysis, library, practice, recordings, server, sweeps, windows
from viz.cli.common import CommandError
from viz.cli.recordings import record_game
from viz.errors import FileError, InstallError, shown
from viz.system import (
    ClusterUnreachable,
    Stopped,
    WorkerLost,
    raise_if_stopped,
    stop_heard,
    stops_raised,
)
from viz.terminal import terminal_columns, written

__all__ = ["main", "record_game"]

DESCRIPTION = (
    "Play, watch, record and replay three odds-and-evens games (Load, Odds and Evens, "
    "Even Odds); export any game as an animation or a replay page; judge its moves; "
    "practise your mistakes; keep your games; play each other on a game server."
)


# --verbose is taken by every command (scripts may pass it to all); it does something
# only where an outside program can fail, so only there does the help show it.
VERBOSE_HELP = "if ffmpeg fails writing an MP4, print its whole log below the one-line error"
TOP_VERBOSE_HELP = f"with export: {VERBOSE_HELP}"


class HelpFormatter(argparse.HelpFormatter):
    """argparse's, as wide as the terminal found without loading `shutil` (and with it
    bz2, lzma and zlib), which argparse would load for it."""

    def __init__(self, prog: str, **kwargs: Any) -> None:
        super().__init__(prog, width=terminal_columns() - 2, **kwargs)


class Parser(argparse.ArgumentParser):
    """argparse, with a usage mistake reported like every other error: one line; and
    `--verbose` taken after any command's name too (each sub-command's parser is made of
    this class). A command's parser may be given `build`, which adds the command's own
    options when the command is the one run or its help asked for: a run builds the
    options of its command alone. `commands` names the parser's sub-commands' parsers."""

    def __init__(
        self,
        *args: Any,
        build: Callable[[Parser], None] | None = None,
        verbose: bool = False,
        **kwargs: Any,
    ) -> None:
        """`verbose`: the command runs ffmpeg, so its help says what --verbose does."""
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)
        self.build = build
        self.commands: dict[str, Parser] = {}
        if " " in self.prog:  # "oddsevens record load": a command's own parser
            shown = VERBOSE_HELP if verbose else argparse.SUPPRESS
            self.add_argument(
                "--verbose", action="store_true", default=argparse.SUPPRESS, help=shown
            )

    def parse_known_args(self, *args: Any, **kwargs: Any) -> Any:
        # what every parse comes through, a command's parser's too (argparse hands it
        # the rest of the command line)
        self.build_options()
        return super().parse_known_args(*args, **kwargs)

    def build_options(self) -> None:
        """The command's own options, added once."""
        if self.build is not None:
            build, self.build = self.build, None
            build(self)

    def add_subparsers(self, **kwargs: Any) -> Any:
        action = super().add_subparsers(**kwargs)
        self.commands = action.choices  # argparse fills it as each is added
        return action

    def error(self, message: str) -> NoReturn:
        command = self.prog.partition(" ")[2]  # "sweep load" of "oddsevens sweep load"
        raise CommandError(f"{command + ': ' if command else ''}{message} (see --help)")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # argparse drops a failed write of --help or --version: let main report it
        if message:
            (file or sys.stderr).write(message)


def build_parser() -> Parser:
    parser = Parser(prog="oddsevens", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"oddsevens {__version__}")
    parser.add_argument("--verbose", action="store_true", help=TOP_VERBOSE_HELP)
    commands = parser.add_subparsers(dest="command", required=True)
    for group in (recordings, windows, sweeps, analysis, library, practice, server):
        group.add_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; its status. Nothing but a one-line message ever reaches stderr."""
    with stops_raised():
        try:
            return written(lambda: _run(argv))
        except KeyboardInterrupt as stop:  # it came while a failure was being handled
            return _stopped_by(stop)


def _run(argv: Sequence[str] | None) -> int:
    verbose = False
    try:
        args = build_parser().parse_args(argv)
        verbose = args.verbose
        status: int = args.run(args)
        raise_if_stopped()  # a stop whose exception Python dropped (in a `__del__`)
        return status
    except (CommandError, FileError) as error:
        print(f"oddsevens: {shown(str(error))}", file=sys.stderr)
        if verbose and isinstance(error, FileError) and error.log:
            _print_log(error.log)
        return 2
    except (InstallError, WorkerLost, ClusterUnreachable) as error:
        print(f"oddsevens: {shown(str(error))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt as stop:  # what was being written is already discarded
        return _stopped_by(stop)
    except Exception:
        # A stop that lands inside an extension's import comes out as that import's
        # failure (numpy turns it into an ImportError): the stop is the cause.
        signum = stop_heard()
        if signum is None:
            raise
        return _stopped(signum)


def _stopped_by(stop: KeyboardInterrupt) -> int:
    return _stopped(stop.signum if isinstance(stop, Stopped) else signal.SIGINT)


def _stopped(signum: int) -> int:
    if signum == signal.SIGINT:
        print("oddsevens: interrupted", file=sys.stderr)
    return 128 + signum


def _print_log(log: str) -> None:
    """An outside program's log on standard error, each line escaped as file names are."""
    for line in log.splitlines():
        print(shown(line), file=sys.stderr)
