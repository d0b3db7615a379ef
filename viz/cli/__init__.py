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


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="oddsevens", description=__doc__)
    parser.add_argument("--version", action="version", version=f"oddsevens {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    for group in (recordings, windows, sweeps, analysis):
        group.add_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except (CommandError, FileError) as error:
        print(f"oddsevens: {shown(str(error))}", file=sys.stderr)
        return 2
    except InstallError as error:
        print(f"oddsevens: {shown(str(error))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl-C: whatever was being written is already discarded
        print("oddsevens: interrupted", file=sys.stderr)
        return 130
