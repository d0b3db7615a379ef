"""`library`: your games, listed, added, rebuilt, summed up, judged and opened again."""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from viz.cli.common import CommandError, add_scheduler_option, file_path, int_in, say, seed
from viz.cli.game_options import game_names
from viz.cli.windows import add_window_options, replay_window, session_dir
from viz.errors import FileError, shown
from viz.outcomes import RESULTS, UNFINISHED

if TYPE_CHECKING:
    from datetime import datetime

    from viz.library import Filters, Library, LibraryGame
    from viz.library.stats import Standing

LISTED = 50  # games a table lists unless --limit says otherwise
NONE = "—"


def _one_line(command: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """A library command whose LibraryError (a read-only or full disk) is one line."""

    @functools.wraps(command)
    def run(args: argparse.Namespace) -> int:
        from viz.library import LibraryError

        try:
            return command(args)
        except LibraryError as error:
            raise CommandError(str(error)) from None

    return run


def _opened() -> Library:
    """The library, with the window sessions not yet in it added first. What opening
    it had to say, and each session that could not be added, is a line on stderr."""
    from viz.library import catch_up, open_library

    library = open_library()
    say(*library.notices)
    try:
        added = catch_up(session_dir(), library)
    except BaseException:
        library.close()
        raise
    for bad in added.errors:
        say(f"{bad} (a session not kept in your games)")
    return library


def _filters(args: argparse.Namespace) -> Filters:
    from viz.library import Filters

    return Filters(args.game, args.vs, getattr(args, "result", None), args.since)


@_one_line
def cmd_list(args: argparse.Namespace) -> int:
    import json

    filters = _filters(args)
    limit = args.limit if args.limit is not None else (None if args.json else LISTED)
    with _opened() as library:
        games = library.games(filters, limit or None)
        total = library.count(filters) if limit and len(games) == limit else len(games)
    if args.json:
        for game in games:
            print(json.dumps(game.as_json()))
    elif not games:
        print(_nothing(filters))
    else:
        print(games_table(games))
        if total > len(games):
            print(f"\n{len(games)} of {total} games; --limit 0 lists them all")
    return 0


def _nothing(filters: Filters) -> str:
    from viz.library import Filters

    if filters != Filters():
        return "No games match."
    return (
        "No games in your library yet: play one (oddsevens play GAME), "
        "or add recordings (oddsevens library add FILE...)"
    )


def games_table(games: list[LibraryGame]) -> str:
    """A Markdown table of games: number, when, game, against whom, your result, turns,
    your accuracy once judged, how it ended."""
    from games.words import percent

    lines = [
        "| # | when | game | against | result | turns | accuracy | how it ended |",
        "|---:|---|---|---|---|---:|---:|---|",
    ]
    for game in games:
        accuracy = game.your_accuracy()
        ended = game.reason + (" (file missing)" if game.missing else "")
        cells = [
            str(game.id),
            game.started.strftime("%Y-%m-%d %H:%M"),
            _game_name(game.game),
            game.vs or NONE,
            game.result or NONE,
            str(game.turns),
            NONE if accuracy is None else percent(accuracy / 100),
            ended or NONE,
        ]
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines)


def _game_name(game_id: str) -> str:
    return game_names().get(game_id, game_id)


@_one_line
def cmd_add(args: argparse.Namespace) -> int:
    from viz.files import recordings_named

    sources, errors = recordings_named(args.recordings)
    with _opened() as library:
        added = library.add((path for path, _name in sources), you=args.you)
    errors += added.errors
    for bad in errors:
        say(bad)
    there = f" ({added.duplicates} in it already)" if added.duplicates else ""
    print(f"Added {_games(len(added.added))} to your library{there}")
    return 2 if errors else 0


def _games(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


@_one_line
def cmd_rebuild(args: argparse.Namespace) -> int:
    with _opened() as library:
        rebuilt = library.rebuild()
    for bad in rebuilt.errors:
        say(bad)
    print(
        f"Read {_games(rebuilt.read)} again; {rebuilt.missing} missing (marked), "
        f"{_games(rebuilt.found)} found in {shown(library.copies)} and added"
    )
    return 2 if rebuilt.errors else 0


@_one_line
def cmd_stats(args: argparse.Namespace) -> int:
    import json

    from viz.library.stats import standings

    if args.plot is not None and args.plot.suffix.lower() not in (".svg", ".png"):
        raise CommandError(f"{shown(args.plot)}: the chart is written as .svg or .png")
    if args.plot is not None:
        from viz.outputs import check_output

        check_output(args.plot)
    with _opened() as library:
        games = library.games(_filters(args))
    rows = standings(games)
    if args.plot is not None and not rows:
        raise CommandError(f"{args.plot}: not written: no finished games of yours match")
    if args.json:
        for row in rows:
            print(json.dumps(row.as_json()))
    else:
        print(stats_table(rows) if rows else "No finished games of yours match.")
    if args.plot is not None:
        from viz.analysis.library import results_chart
        from viz.outputs import outputs
        from viz.sweeps.charts import picture_bytes

        with outputs() as batch:
            batch.write_bytes(args.plot, picture_bytes(results_chart(games), args.plot.suffix))
        print(shown(args.plot), file=sys.stderr)
    return 0


def stats_table(rows: list[Standing]) -> str:
    from games.words import with_unit

    lines = [
        "| game | against | games | won | shared | lost | judged | your accuracy |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        accuracy = NONE if row.accuracy is None else with_unit(f"{row.accuracy:.1f}", "%")
        lines.append(
            f"| {_game_name(row.game)} | {row.vs} | {row.games} | {row.won} | {row.shared} "
            f"| {row.lost} | {row.judged} | {accuracy} |"
        )
    return "\n".join(lines)


@_one_line
def cmd_analyze(args: argparse.Namespace) -> int:
    from viz.analysis.library import judge_library
    from viz.sweeps.runner import Workers, time_up_after

    workers = Workers.asked(args.workers, args.scheduler)
    with _opened() as library:
        time_up = time_up_after(args.max_seconds)
        judged, errors = judge_library(library, workers, args.seed, time_up, say)
    for bad in errors:
        say(bad)
    print(f"Judged {_games(judged)}")
    return 2 if errors else 0


@_one_line
def cmd_open(args: argparse.Namespace) -> int:
    with _opened() as library:
        game = library.game(args.number)
    if game is None:
        raise CommandError(f"library open: no game {args.number} (see oddsevens library)")
    if game.missing or not game.path.exists():
        raise FileError(game.path, f"game {args.number}'s recording is missing")
    return replay_window(game.path, args)


def since(text: str) -> datetime:
    """--since: a day (YYYY-MM-DD, from its midnight here) or a time (ISO 8601)."""
    from datetime import datetime

    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date such as 2025-03-01") from None
    return when.astimezone() if when.tzinfo is None else when


def _add_filters(parser: argparse.ArgumentParser, results: bool) -> None:
    games = list(game_names())
    parser.add_argument("--game", choices=games, help="only games of this game")
    parser.add_argument(
        "--vs", metavar="TIER", help="only games against this opponent (easy, hard, person, …)"
    )
    if results:
        parser.add_argument(
            "--result", choices=[*RESULTS, UNFINISHED], help="only games you won, lost, …"
        )
    parser.add_argument(
        "--since", type=since, metavar="DATE", help="only games begun on or after DATE"
    )


def add_commands(commands: Any) -> None:
    commands.add_parser(
        "library",
        help="your games: list them, add recordings, stats, judge, open",
        build=_library_options,
    )


def _library_options(listing: argparse.ArgumentParser) -> None:
    _add_filters(listing, results=True)
    listing.add_argument("--json", action="store_true", help="one JSON object a game")
    listing.add_argument(
        "--limit",
        type=int_in(0, 10**9),
        metavar="N",
        help=f"list the newest N (default {LISTED} in the table, all as JSON; 0: all)",
    )
    listing.set_defaults(run=cmd_list)
    actions = listing.add_subparsers(dest="action", metavar="ACTION")

    add = actions.add_parser("add", help="add recordings, or every *.jsonl below a folder")
    add.add_argument(
        "recordings",
        type=file_path,
        nargs="+",
        metavar="FILE|DIR",
        help="recordings to add, or folders whose recordings to add",
    )
    add.add_argument(
        "--you",
        type=int_in(0, 5),
        metavar="SEAT",
        help="your seat in recordings that do not say who played (a recording of record, "
        "say); the library's copy then names it",
    )
    add.set_defaults(run=cmd_add)

    rebuild = actions.add_parser("rebuild", help="read every game's recording again")
    rebuild.set_defaults(run=cmd_rebuild)

    stats = actions.add_parser("stats", help="your results and accuracy against each opponent")
    _add_filters(stats, results=False)
    stats.add_argument("--json", action="store_true", help="one JSON object a row")
    stats.add_argument(
        "--plot",
        type=file_path,
        metavar="FILE",
        help="chart of accuracy and results (.svg or .png)",
    )
    stats.set_defaults(run=cmd_stats)

    analyze = actions.add_parser(
        "analyze", help="judge every game not judged yet, and find its puzzles for practice"
    )
    analyze.add_argument("--seed", type=seed, default=0, help="Monte Carlo seed (default 0)")
    analyze.add_argument("--workers", type=int_in(1, 256), help="processes (default: all cores)")
    add_scheduler_option(analyze)
    analyze.add_argument(
        "--max-seconds",
        type=int_in(0, 10**6),
        metavar="N",
        help="stop after N seconds, keeping the games judged by then",
    )
    analyze.set_defaults(run=cmd_analyze)

    opening = actions.add_parser("open", help="open game N (its # in the list) in its replay")
    opening.add_argument(
        "number",
        type=int_in(1, 2**62),
        metavar="N",
        help="the game's number, as `library` lists it",
    )
    opening.add_argument(
        "--turn", type=int_in(0, 10**6), metavar="K", help="open at turn K (default 0)"
    )
    add_window_options(opening)
    opening.set_defaults(run=cmd_open)
