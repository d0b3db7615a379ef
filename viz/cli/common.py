"""What the commands share: one-line errors, rules from options, numbers in range."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from viz import PALETTE_NAMES
from viz.cli.game_options import options_of_game
from viz.errors import shown
from viz.system import SCHEDULER_VARIABLE

if TYPE_CHECKING:
    from pathlib import Path

N = TypeVar("N", int, float)


def file_path(text: str) -> Path:
    """A file or folder an option names: pathlib loads when an option gives one, so
    that a help loads none of it (nor `urllib.parse` and `ipaddress` with it)."""
    from pathlib import Path

    return Path(text)


class CommandError(Exception):
    """A bad option or input, reported as one line and a non-zero exit."""


# What each rules option of the games means (docs/rules.md); a game from outside whose
# options are not here is described by the option's name.
RULE_WORDS = {
    "rows": "rows of the board",
    "cols": "columns of the board",
    "load": "the Load: the most picks of either colour that may stand, 3 to 8",
    "capacity": "slots in each loop, 1 to 12",
    "flips": "flips each side starts with",
    "first": "the side that moves first: 0 (blue) or 1 (gold)",
    "players": "seats at the table, 3 to 6",
    "leader": "the seat that leads the first dispute",
}


def add_rule_options(
    parser: argparse.ArgumentParser, game_id: str, remembered: bool = False
) -> None:
    """The game's rules as options; `remembered`: one not given is None, for the rules
    last chosen (`rules_from_args`)."""
    for key, default in options_of_game(game_id).rules:
        words = RULE_WORDS.get(key, f"the rules' {key}")
        said = f"default {default}, or as last chosen" if remembered else f"default {default}"
        parser.add_argument(
            f"--{key}", type=int, default=None if remembered else default, help=f"{words} ({said})"
        )


def rules_from_args(
    game_id: str, args: argparse.Namespace, remembered: dict[str, int] | None = None
) -> Any:
    """The rules the options give; an option not given takes its value in `remembered`
    (the rules last chosen), or its default where those no longer make rules with the
    options given."""
    from games import REGISTRY
    from games.base import GameError

    defaults = dict(options_of_game(game_id).rules)
    given = {key: getattr(args, key) for key in defaults if getattr(args, key) is not None}
    kept = {key: value for key, value in (remembered or {}).items() if key in defaults}
    try:
        return REGISTRY[game_id].rules(defaults | kept | given)
    except GameError:
        return params_to_rules(game_id, defaults | given)


def params_to_rules(game_id: str, params: dict[str, Any]) -> Any:
    from games import REGISTRY
    from games.base import GameError

    try:
        return REGISTRY[game_id].rules(params)
    except GameError as error:
        raise CommandError(str(error)) from None


def check_players(game_id: str, rules: Any, names: Sequence[str]) -> None:
    """`names` play seat first_seat, first_seat + 1, …: each must be able to hold its seat."""
    from games import REGISTRY

    game = REGISTRY[game_id]
    if len(names) > game.seats(rules):
        raise CommandError(f"--by names {len(names)} players for {game.seats(rules)} seats")
    for seat, name in enumerate(names, game.first_seat):
        seats = game.player_seats(name, rules)
        if seat not in seats:
            can = " or ".join(map(str, seats))
            raise CommandError(f"--by: {name} cannot play seat {seat} (it plays seat {can})")


def int_in(low: int, high: int) -> Callable[[str], int]:
    return _within(int, "a whole number", low, high)


def number_in(low: float, high: float) -> Callable[[str], float]:
    return _within(float, "a number", low, high)


def _within(kind: Callable[[str], N], what: str, low: N, high: N) -> Callable[[str], N]:
    """An option's parser: a `kind` from `low` to `high` (NaN is in no range)."""

    def parse(text: str) -> N:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not from {low} to {high}")
        return value

    return parse


SEED_DIGITS = 100  # a recording's header holds the seed: it must stay a short line


def add_scheduler_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        type=scheduler_address,
        default=os.environ.get(SCHEDULER_VARIABLE) or None,  # checked as --scheduler is
        help="run on the Dask cluster whose scheduler listens here, e.g. tcp://10.0.0.5:8786 "
        "(default: $ODDSEVENS_SCHEDULER, else this machine; needs oddsevens[cluster])",
    )


def scheduler_address(text: str) -> str:
    """A Dask scheduler's address, `tcp://HOST:PORT` (`HOST:PORT` is read as tcp; an IPv6
    host in brackets), checked before anything is asked of it."""
    scheme, separator, rest = text.partition("://")
    if not separator:
        scheme, rest = "tcp", text
    host, _, port = rest.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    well_formed = (
        scheme == "tcp"
        and host != ""
        and not any(char in host for char in "[]/@ ")
        and port.isascii()
        and port.isdigit()
        and 0 < int(port) < 65536
    )
    if not well_formed:
        raise argparse.ArgumentTypeError(
            f"{shown(text)!r} is not a Dask scheduler's address: give tcp://HOST:PORT"
        )
    return f"tcp://{rest}"


def seed(text: str) -> int:
    """A seed: a whole number of at most SEED_DIGITS digits."""
    if len(text.strip().lstrip("+-").lstrip("0")) > SEED_DIGITS:
        raise argparse.ArgumentTypeError(f"a seed has at most {SEED_DIGITS} digits")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def int_range(text: str) -> range:
    """'3-9' or '7' as a range of whole numbers (not yet a list: its ends are checked
    against the rules before anything is built from it)."""
    try:
        low, _, high = text.partition("-")
        values = range(int(low), int(high or low) + 1)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number or a range like 3-9") from None
    if not values:
        raise argparse.ArgumentTypeError(f"{text!r} is an empty range")
    return values


def check_range_ends(game_id: str, ranges: dict[str, range]) -> None:
    """Each option's smallest and largest value must be a game the rules accept (the
    others at their defaults): a range past the rules' limits is refused before its
    games are listed."""
    for key, values in ranges.items():
        for value in (values[0], values[-1]):
            params_to_rules(game_id, {key: value})


def add_palette_option(parser: argparse.ArgumentParser, default: str | None) -> None:
    """`--palette`; a window's default (None) is the one its settings keep."""
    kept = "the window's settings keep" if default is None else f"{default} unless chosen"
    parser.add_argument(
        "--palette",
        choices=PALETTE_NAMES,
        default=default,
        help=f"colours: default, or high-contrast (black on white, text at 7:1); {kept}",
    )


def say(*lines: object) -> None:
    """Lines for the person at the terminal, beside a command's output: on standard
    error, each after the program's name."""
    for line in lines:
        print(f"oddsevens: {line}", file=sys.stderr)
