"""The `oddsevens` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from viz import __version__
from viz.cli import analysis, recordings, sweeps, windows
from viz.cli.common import CommandError
from viz.cli.recordings import record_game
from viz.files import FileError, shown
from viz.resources import InstallError

__all__ = ["main", "record_game"]


class Parser(argparse.ArgumentParser):
    """argparse, with a usage mistake reported like every other error: one line."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.partition(" ")[2]  # "sweep load" of "oddsevens sweep load"
        raise CommandError(f"{command + ': ' if command else ''}{message} (see --help)")


VERBOSE_HELP = "after a failure of ffmpeg, print its whole log below the one-line error"


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="oddsevens", description=__doc__)
    parser.add_argument("--version", action="version", version=f"oddsevens {__version__}")
    parser.add_argument("--verbose", action="store_true", help=VERBOSE_HELP)
    commands = parser.add_subparsers(dest="command", required=True)
    for group in (recordings, windows, sweeps, analysis):
        group.add_commands(commands)
    for command in commands.choices.values():  # after the command's name, too
        command.add_argument(
            "--verbose", action="store_true", default=argparse.SUPPRESS, help=VERBOSE_HELP
        )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    verbose = False
    try:
        args = build_parser().parse_args(argv)
        verbose = args.verbose
        status: int = args.run(args)
        return status
    except (CommandError, FileError) as error:
        print(f"oddsevens: {shown(str(error))}", file=sys.stderr)
        if verbose and isinstance(error, FileError) and error.log:
            _print_log(error.log)
        return 2
    except InstallError as error:
        print(f"oddsevens: {shown(str(error))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl-C: whatever was being written is already discarded
        print("oddsevens: interrupted", file=sys.stderr)
        return 130


def _print_log(log: str) -> None:
    """An outside program's log on standard error, each line escaped as file names are."""
    for line in log.splitlines():
        print(shown(line), file=sys.stderr)
