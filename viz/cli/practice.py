"""`practice`: the puzzles of your own mistakes, in a game's window or on a page."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from viz.cli.common import CommandError, file_path, say
from viz.cli.game_options import game_names
from viz.cli.windows import add_window_options, open_window, window_options
from viz.errors import shown

if TYPE_CHECKING:
    from datetime import date
    from pathlib import Path

    from games.practice import Card, Kept
    from viz.library import Library


def cmd_practice(args: argparse.Namespace) -> int:
    from viz.library import LibraryError, open_library
    from viz.outputs import check_output

    if args.page is not None:
        check_output(args.page)
    try:
        with open_library() as library:
            say(*library.notices)
            return _practise(library, args)
    except LibraryError as error:
        raise CommandError(str(error)) from None


def _practise(library: Library, args: argparse.Namespace) -> int:
    """Practice with its progress in `library`: the puzzles due, in a window or on a page."""
    from viz.practice.progress import Progress
    from viz.practice.puzzles import due_today, from_library, gather

    progress = Progress(library)
    if args.sources:
        found = gather(args.sources, args.game)
    else:
        found = from_library(library, progress, args.game)
    say(*map(shown, found.problems))
    today = _today()
    queue = due_today(found.puzzles, progress, today, every=args.all)
    status = 2 if found.problems else 0
    if not found.puzzles:
        raise CommandError(found.nothing(bool(args.sources)))
    if not queue:  # none due: when the next is, and the kept ones anyway
        every = due_today(found.puzzles, progress, today, every=True)
        print(_nothing_due(every, args.page is None))
        if args.page is None:
            return status
        queue = every
    if args.page is not None:
        _write_page(args.page, queue, due=not (args.all or queue[0][1].due > today))
        return status
    shown_game = queue[0][0].game
    _say_others(queue, shown_game)
    mine = [pair for pair in queue if pair[0].game == shown_game]
    return open_window(lambda: _window(mine, progress, args), args.window) or status


def _window(queue: Sequence[tuple[Kept, Card]], progress: Any, args: argparse.Namespace) -> Any:
    from viz.practice.window import practice_window

    return practice_window(queue, progress, _today(), **window_options(args))


def _today() -> date:
    from datetime import date

    return date.today()


def _nothing_due(every: Sequence[tuple[Kept, Card]], window: bool) -> str:
    """ "No puzzle due today: 3 kept, the next due on 2026-12-09 (…)"."""
    count = f"{len(every)} kept" if len(every) != 1 else "1 kept"
    offer = "practise them anyway with --all" if window else "the page holds them all anyway"
    return f"No puzzle due today: {count}, the next due on {every[0][1].due.isoformat()}; {offer}"


def _write_page(path: Path, queue: Sequence[tuple[Kept, Card]], due: bool = True) -> None:
    from viz.outputs import write_atomic
    from viz.practice.page import practice_page

    text = practice_page(queue, due)
    write_atomic(path, lambda out: out.write(text))
    print(f"{shown(path)}: {len(queue)} puzzle{'s' if len(queue) != 1 else ''}")


def _say_others(queue: Sequence[tuple[Kept, Card]], shown_game: str) -> None:
    """A window practises one game: a line for each other game with puzzles due."""
    others: dict[str, int] = {}
    for kept, _ in queue:
        if kept.game != shown_game:
            others[kept.game] = others.get(kept.game, 0) + 1
    for game, count in others.items():
        name = game_names()[game]
        print(f"{count} {name} puzzle(s) due too: oddsevens practice {game}")


def add_commands(commands: Any) -> None:
    commands.add_parser(
        "practice",
        help="find the move that keeps the win: puzzles of your own mistakes",
        build=_practice_options,
    )


def _practice_options(practice: argparse.ArgumentParser) -> None:
    practice.add_argument(
        "game",
        nargs="?",
        choices=list(game_names()),
        help="only this game's puzzles",
    )
    practice.add_argument(
        "--from",
        dest="sources",
        type=file_path,
        nargs="+",
        action="extend",
        metavar="PATH",
        help="practise the judged recordings named, or folders of them, instead of your games",
    )
    practice.add_argument(
        "--page",
        type=file_path,
        metavar="FILE.html",
        help="write the puzzles due to a page that works offline, instead of a window "
        "(every kept puzzle when none is due)",
    )
    practice.add_argument(
        "--all",
        action="store_true",
        help="every kept puzzle, due or not, the soonest due first",
    )
    add_window_options(practice, downloads=False)
    practice.set_defaults(run=cmd_practice)
