"""`sweep GAME`: fairness tables, JSON Lines and charts, for each game whose kit has a
sweep. The options come from what the game declares its sweep offers (games/registry.py's
`SweepOffer`), the work from its sweep kit (viz/sweeps/kit.py, found by viz/kits.py)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from games.registry import Offered, SweepOffer
    from viz.sweeps.runner import Workers
    from viz.sweeps.trials import Games

from viz.cli.common import (
    CommandError,
    add_scheduler_option,
    check_players,
    check_range_ends,
    file_path,
    int_in,
    int_range,
    number_in,
    params_to_rules,
    seed,
)
from viz.cli.game_options import game_names, options_of_game
from viz.errors import shown


def cmd_sweep(args: argparse.Namespace) -> int:
    from viz.sweeps.charts import write_picture
    from viz.sweeps.kit import SweepAsked, sweep_kit
    from viz.sweeps.runner import json_lines

    offered = options_of_game(args.game)
    offer = _sweep_of(offered)
    if args.exact:
        _refuse_with_exact(args, offer)
    _check_chart(args.plot)
    players = _players(args, offered) if offer.by else ()
    values = {name: getattr(args, name) for name, *_ in offer.ranges}
    check_range_ends(args.game, values)
    kit = sweep_kit(args.game)
    switches = frozenset(name for name, _ in offer.switches if getattr(args, name))
    cells = kit.cells(values, switches)
    for cell in cells:  # each a game the rules accept: they hold the limits
        params_to_rules(args.game, cell)
    games = None if args.exact else _games(args)
    asked = SweepAsked(cells, games, *_seed_and_workers(args), players, switches)
    refusal = kit.refusal(asked)
    if refusal:
        raise CommandError(refusal)
    swept = kit.run(asked)
    print(json_lines(swept.rows) if args.json else swept.table)
    _say_if_short(args, games, swept.rates, swept.chunk)
    chart = swept.chart
    if args.plot and chart is not None:
        _write_chart(lambda: write_picture(chart(), args.plot))
    return 0


def _sweep_of(offered: Offered) -> SweepOffer:
    if offered.sweep is None:
        raise ValueError("the game has no sweep")
    return offered.sweep


def _players(args: argparse.Namespace, offered: Offered) -> tuple[str, ...]:
    """The automatic players in the seats: `--by`'s, else the game's defaults."""
    players = tuple(args.by or offered.default_players)
    for name in players:
        if name not in offered.players:
            raise CommandError(f"--by: {name!r} is not a player ({', '.join(offered.players)})")
    check_players(args.game, params_to_rules(args.game, {}), players)
    return players


def _check_chart(path: Path | None) -> None:
    """A chart asked for can be written: refused now, not after the sweep."""
    from viz.outputs import check_output

    if path is None:
        return
    if path.suffix.lower() not in (".svg", ".png"):
        raise CommandError(f"{shown(path)}: the chart is written as .svg or .png")
    check_output(path)


def _write_chart(write: Callable[[], Path]) -> None:
    try:
        print(shown(write()), file=sys.stderr)
    except ValueError as error:
        raise CommandError(str(error)) from None


def _games(args: argparse.Namespace) -> Games:
    """The games a Monte Carlo cell plays: --trials, or as many as --precision needs."""
    from games.autoplay import PRECISION_CAP, Precision

    return args.trials if args.precision is None else Precision(args.precision, PRECISION_CAP)


def _say_if_short(
    args: argparse.Namespace, games: Games | None, rates: list[tuple[float, int]], chunk: int
) -> None:
    """One line on standard error if some cells stopped at the cap short of --precision."""
    from games.autoplay import Precision

    if not isinstance(games, Precision):
        return
    short = sum(games.short(rate, trials, chunk) for rate, trials in rates)
    if short:
        print(
            f"oddsevens: sweep {args.game}: {short} of {len(rates)} cells stopped at "
            f"{games.cap // chunk * chunk:,} games, their standard error not yet below "
            f"{games.error:g}",
            file=sys.stderr,
        )


def _seed_and_workers(args: argparse.Namespace) -> tuple[int, Workers]:
    """The Monte Carlo seed and where it runs, their defaults where none was given (left
    unset in the parser, so that --exact can tell they were given)."""
    from viz.sweeps.runner import Workers

    return (0 if args.seed is None else args.seed), Workers.asked(args.workers, args.scheduler)


def _refuse_with_exact(args: argparse.Namespace, offer: SweepOffer) -> None:
    """An option that the game's exact search has no use for is refused with --exact
    rather than passed over in silence."""
    given = [
        f"--{option}"
        for option in ("plot", "by", "seed", "workers", "scheduler")
        if option not in offer.exact_takes and getattr(args, option, None) is not None
    ]
    if given:
        raise CommandError(
            f"sweep {args.game}: --exact takes no {', '.join(given)}: the exact search has "
            "no use for them"
        )


def _add_sweep_options(parser: argparse.ArgumentParser, offer: SweepOffer) -> None:
    from games.autoplay import PRECISION_CAP

    method = parser.add_mutually_exclusive_group()
    method.add_argument(
        "--trials",
        type=int_in(1, 100_000_000),
        default=offer.trials,
        help=f"Monte Carlo games per cell (default {offer.trials})",
    )
    method.add_argument(
        "--precision",
        type=number_in(0.0001, 0.5),
        metavar="P",
        help="instead of a count, add games to each cell in chunks until the standard error "
        f"of its rate is below P (e.g. 0.005), at most {PRECISION_CAP:,} games a cell",
    )
    if offer.exact:
        method.add_argument(
            "--exact",
            action="store_true",
            help="exact figures by searching every position, instead of Monte Carlo games",
        )
    parser.add_argument("--seed", type=seed, help="Monte Carlo seed (default 0)")
    parser.add_argument(
        "--workers", type=int_in(1, 256), help="processes for Monte Carlo (default: all cores)"
    )
    add_scheduler_option(parser)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--plot", type=file_path, help="also draw a chart (.svg or .png)")
    parser.set_defaults(run=cmd_sweep, exact=False)


def add_commands(commands: Any) -> None:
    commands.add_parser("sweep", help="fairness tables: who wins, how often", build=_sweep_options)


def _sweep_options(sweep: argparse.ArgumentParser) -> None:
    sweeps = sweep.add_subparsers(dest="game", required=True)
    for game_id, name in game_names().items():
        offer = options_of_game(game_id).sweep
        if offer is not None:
            build = partial(_game_sweep_options, game_id=game_id)
            sweeps.add_parser(game_id, help=f"{name}: {offer.summary}", build=build)


def _game_sweep_options(parser: argparse.ArgumentParser, game_id: str) -> None:
    """A game's sweep: a range option for each rule it sweeps, its switches, `--by` where
    it lets the automatic players be chosen, and the options every sweep takes."""
    offered = options_of_game(game_id)
    offer = _sweep_of(offered)
    for name, first, last, words in offer.ranges:
        parser.add_argument(
            f"--{name}",
            type=int_range,
            default=range(first, last + 1),
            help=f"{words}, e.g. {first}-{last} (default)",
        )
    for name, words in offer.switches:
        parser.add_argument(f"--{name}", action="store_true", help=words)
    if offer.by:
        parser.add_argument(
            "--by", nargs=len(offer.by), metavar=offer.by, help=_by_help(offered, len(offer.by))
        )
    _add_sweep_options(parser, offer)


def _by_help(offered: Offered, seats: int) -> str:
    """`--by`'s help: whose players it names, the default ones and the others."""
    whose = " and ".join(
        f"player {seat}'s" for seat in range(offered.first_seat, offered.first_seat + seats)
    )
    others = [name for name in offered.players if name not in offered.default_players]
    also = f"; also {', '.join(others)}" if others else ""
    return f"{whose} automatic players (default: {' '.join(offered.default_players)}{also})"
