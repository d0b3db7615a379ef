"""`sweep loops` and `sweep load`: fairness tables, JSON Lines and charts."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from viz.sweeps.runner import Workers
    from viz.sweeps.trials import Games

from viz.cli.common import (
    CommandError,
    add_scheduler_option,
    check_players,
    check_range_ends,
    int_in,
    int_range,
    number_in,
    params_to_rules,
    seed,
)
from viz.errors import shown


def _check_cells(game_id: str, cells: list[dict[str, int]]) -> None:
    """Each cell of a sweep must be a game the rules accept: they hold the limits."""
    for cell in cells:
        params_to_rules(game_id, cell)


def cmd_sweep(args: argparse.Namespace) -> int:
    from games.loops.sweep import CHUNK
    from viz.sweeps.loops import format_table, run_sweep, write_chart
    from viz.sweeps.runner import json_lines

    _check_chart(args.plot)
    check_range_ends("loops", {"capacity": args.capacity, "flips": args.flips})
    _check_cells("loops", [{"capacity": c, "flips": f} for c in args.capacity for f in args.flips])
    games = None if args.exact else _games(args)
    rows = run_sweep(list(args.capacity), list(args.flips), games, *_seed_and_workers(args))
    print(json_lines(rows) if args.json else format_table(rows, games))
    _say_if_short(args, games, [(r.first_mover_win_rate, r.trials or 0) for r in rows], CHUNK)
    if args.plot:
        _write_chart(lambda: write_chart(rows, args.plot))
    return 0


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


def cmd_sweep_load(args: argparse.Namespace) -> int:
    from games import REGISTRY
    from games.load.sweep import CHUNK
    from viz.sweeps.charts import write_picture
    from viz.sweeps.load import (
        MAX_EXACT_CELLS,
        PLAYERS,
        format_exact_table,
        format_load_table,
        heat_map,
        run_exact,
        run_load_sweep,
        square_chart,
    )
    from viz.sweeps.runner import json_lines

    if args.exact:
        _refuse_with_exact(args)
    _check_chart(args.plot)
    red, green = args.by or DEFAULT_PLAYERS
    for name in (red, green):
        if name not in PLAYERS:
            raise CommandError(f"--by: {name!r} is not a player ({', '.join(sorted(PLAYERS))})")
    check_players("load", REGISTRY["load"].rules({}), [red, green])
    check_range_ends("load", {"rows": args.rows, "cols": args.cols, "load": args.load})
    boards = (
        [(side, side) for side in args.rows]
        if args.square
        else [(h, w) for h in args.rows for w in args.cols]
    )
    cells = [(h, w, load) for h, w in boards for load in args.load]
    _check_cells("load", [{"rows": h, "cols": w, "load": load} for h, w, load in cells])
    if args.exact:
        if any(h * w > MAX_EXACT_CELLS for h, w, _ in cells):
            raise CommandError(f"--exact searches boards of at most {MAX_EXACT_CELLS} cells")
        found = run_exact(cells)
        print(json_lines(found) if args.json else format_exact_table(found))
        return 0
    games = _games(args)
    rows = run_load_sweep(cells, games, *_seed_and_workers(args), red, green)
    print(json_lines(rows) if args.json else format_load_table(rows, red, green, games))
    _say_if_short(args, games, [(r.player2_win_rate, r.trials) for r in rows], CHUNK)
    if args.plot:
        chart = square_chart(rows) if args.square else heat_map(rows)
        _write_chart(lambda: write_picture(chart, args.plot))
    return 0


DEFAULT_PLAYERS = ("random-red", "every-third-green")


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


def _refuse_with_exact(args: argparse.Namespace) -> None:
    """An option that only the Monte Carlo sweep takes is refused with --exact rather
    than passed over in silence."""
    given = [
        option
        for option, value in (
            ("--plot", args.plot),
            ("--by", args.by),
            ("--seed", args.seed),
            ("--workers", args.workers),
            ("--scheduler", args.scheduler),
        )
        if value is not None
    ]
    if given:
        raise CommandError(
            f"sweep load: --exact takes no {', '.join(given)}: the exact search has no "
            "chart, players, seed or workers"
        )


def _add_sweep_options(parser: argparse.ArgumentParser, trials: int) -> None:
    from games.autoplay import PRECISION_CAP

    method = parser.add_mutually_exclusive_group()
    method.add_argument(
        "--trials",
        type=int_in(1, 100_000_000),
        default=trials,
        help=f"Monte Carlo games per cell (default {trials})",
    )
    method.add_argument(
        "--precision",
        type=number_in(0.0001, 0.5),
        metavar="P",
        help="instead of a count, add games to each cell in chunks until the standard error "
        f"of its rate is below P (e.g. 0.005), at most {PRECISION_CAP:,} games a cell",
    )
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
    parser.add_argument("--plot", type=Path, help="also draw a chart (.svg or .png)")


def add_commands(commands: Any) -> None:
    commands.add_parser("sweep", help="fairness tables: who wins, how often", build=_sweep_options)


def _sweep_options(sweep: argparse.ArgumentParser) -> None:
    sweeps = sweep.add_subparsers(dest="game", required=True)
    sweeps.add_parser(
        "loops", help="Odds and Evens: the first mover's chances", build=_loops_sweep_options
    )
    sweeps.add_parser(
        "load", help="Load: player 2's chances on every board and Load", build=_load_sweep_options
    )


def _loops_sweep_options(loops: argparse.ArgumentParser) -> None:
    loops.add_argument(
        "--capacity",
        type=int_range,
        default=range(3, 10),
        help="capacities, e.g. 3-9 (default)",
    )
    loops.add_argument(
        "--flips",
        type=int_range,
        default=range(0, 5),
        help="starting flip budgets, e.g. 0-4 (default)",
    )
    _add_sweep_options(loops, 20_000)
    loops.set_defaults(run=cmd_sweep)


def _load_sweep_options(load: argparse.ArgumentParser) -> None:
    load.add_argument(
        "--rows", type=int_range, default=range(3, 11), help="rows, e.g. 3-10 (default)"
    )
    load.add_argument(
        "--cols", type=int_range, default=range(3, 11), help="columns, e.g. 3-10 (default)"
    )
    load.add_argument(
        "--load", type=int_range, default=range(3, 9), help="Loads, e.g. 3-8 (default)"
    )
    load.add_argument(
        "--square",
        action="store_true",
        help="square boards only (the side from --rows); the chart draws lines",
    )
    load.add_argument(
        "--by",
        nargs=2,
        metavar=("RED", "GREEN"),
        help="player 1's and player 2's automatic players (default: random-red "
        "every-third-green; also balanced-green)",
    )
    _add_sweep_options(load, 1_000)
    load.set_defaults(run=cmd_sweep_load)
