"""The `oddsevens` command line."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn

from games import REGISTRY
from games.autoplay import play
from games.base import GameError
from games.recording import Replay
from viz import DEFAULT_SIZE, MIN_WINDOW_SIZE, __version__
from viz.export.formats import ANIMATIONS, FORMATS
from viz.files import (
    FileError,
    Outputs,
    load_replay,
    outputs,
    write_recording,
)
from viz.resources import InstallError
from viz.window import WINDOWS
from viz.window.sessions import newest_session


class CommandError(Exception):
    """A bad option or input, reported as one line and a non-zero exit."""


def _add_rule_options(parser: argparse.ArgumentParser, game_id: str) -> None:
    game = REGISTRY[game_id]
    for key, default in game.rules_dict(game.rules({})).items():
        parser.add_argument(
            f"--{key}", type=int, default=default, help=f"{key} (default {default})"
        )


def _rules_from_args(game_id: str, args: argparse.Namespace) -> Any:
    game = REGISTRY[game_id]
    keys = game.rules_dict(game.rules({}))
    return _params_to_rules(game_id, {key: getattr(args, key) for key in keys})


def _params_to_rules(game_id: str, params: dict[str, Any]) -> Any:
    try:
        return REGISTRY[game_id].rules(params)
    except GameError as error:
        raise CommandError(str(error)) from None


def record_game(
    game_id: str,
    rules: Any,
    seed: int,
    path: Path,
    players: Sequence[str] = (),
    batch: Outputs | None = None,
) -> Replay:
    """Play one automatic game, write its recording to `path` and return its replay.

    `players` names the automatic player of seats 0, 1, …; unnamed seats use the
    game's default players.
    """
    game = REGISTRY[game_id]
    seats = {seat: game.players[name] for seat, name in enumerate(players, game.first_seat)}
    state, moves = play(game, rules, random.Random(seed), seats)
    extra = {"players": list(players)} if players else {}
    if batch is not None:
        return write_recording(batch, path, game, rules, seed, moves, state.result(), **extra)
    with outputs() as own:
        return write_recording(own, path, game, rules, seed, moves, state.result(), **extra)


def cmd_record(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    rules = _rules_from_args(args.game, args)
    by = getattr(args, "by", None) or ()
    _check_players(args.game, rules, by)
    record_game(args.game, rules, seed, args.output, by)
    print(args.output)
    return 0


def _check_players(game_id: str, rules: Any, names: Sequence[str]) -> None:
    """`names` play seat first_seat, first_seat + 1, …: each must be able to hold its seat."""
    game = REGISTRY[game_id]
    if len(names) > game.seats(rules):
        raise CommandError(f"--by names {len(names)} players for {game.seats(rules)} seats")
    for seat, name in enumerate(names, game.first_seat):
        seats = game.player_seats(name, rules)
        if seat not in seats:
            can = " or ".join(map(str, seats))
            raise CommandError(f"--by: {name} cannot play seat {seat} (it plays seat {can})")


def cmd_validate(args: argparse.Namespace) -> int:
    try:
        replay = load_replay(args.recording)
    except FileError as error:
        if args.json:  # the same one-line error follows on standard error, and status 2
            print(json.dumps({"ok": False, "line": error.line, "error": error.reason}))
        raise
    state = replay.final()
    for warning in replay.warnings:
        print(f"{args.recording}: warning: {warning}", file=sys.stderr)
    result = state.result()
    summary = {
        "ok": True,
        "game": replay.game.id,
        "turns": state.turns,
        "winner": None,
        **(result or {}),
    }
    if args.json:
        print(json.dumps(summary))
        return 0
    if result is None:
        outcome = "unfinished"
    elif result["winner"] is None:
        outcome = "players " + " and ".join(map(str, result["winners"])) + " share the win"
    else:
        outcome = f"player {result['winner']} won"
    print(f"{args.recording}: valid {replay.game.id} game, {state.turns} turns, {outcome}")
    return 0


def _int_in(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not from {low} to {high}")
        return value

    return parse


def cmd_export(args: argparse.Namespace) -> int:
    from viz.export.engine import Clip, check_suffix, export_clip

    replay = load_replay(args.recording)
    clip = Clip(replay, args.size, args.frame_ms, args.hold_ms, args.first, args.last)
    turns = len(clip.states) - 1
    targets = {kind: getattr(args, kind) for kind in FORMATS if getattr(args, kind)}
    if not targets:
        targets = {kind: args.recording.with_suffix(f".{kind}") for kind in ("gif", "svg")}
    for kind, path in targets.items():
        check_suffix(kind, path)
    still = {"png": targets.pop("png")} if "png" in targets else {}
    if still and args.turn is None:
        raise CommandError("--png needs --turn K, the turn to picture")
    for name, turn in (("--turn", args.turn), ("--from", args.first), ("--to", args.last)):
        if turn is not None and turn > turns:
            raise CommandError(f"{args.recording}: {name} {turn}: the game has {turns} turns")
    if args.last is not None and args.last < args.first:
        raise CommandError(f"--to {args.last} comes before --from {args.first}")
    with outputs() as batch:
        export_clip(clip, targets, batch)
        if still:
            export_clip(replace(clip, first=args.turn, last=args.turn), still, batch)
    for path in batch.written:
        print(path)
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from viz.export.engine import export_replay
    from viz.scenes import SCENES

    with outputs() as batch:
        for game_id in SCENES:
            recording = args.out / f"{game_id}.jsonl"
            replay = record_game(
                game_id, REGISTRY[game_id].rules({}), args.seed, recording, batch=batch
            )
            targets = {kind: recording.with_suffix(f".{kind}") for kind in ("gif", "svg")}
            export_replay(replay, targets, batch=batch)
    for path in batch.written:
        print(path)
    return 0


def _int_range(text: str) -> list[int]:
    """'3-9' or '7' as a list of whole numbers."""
    try:
        low, _, high = text.partition("-")
        values = list(range(int(low), int(high or low) + 1))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number or a range like 3-9") from None
    if not values:
        raise argparse.ArgumentTypeError(f"{text!r} is an empty range")
    return values


def _check_cells(game_id: str, cells: list[dict[str, int]]) -> None:
    """Each cell of a sweep must be a game the rules accept: they hold the limits."""
    for cell in cells:
        _params_to_rules(game_id, cell)


def cmd_sweep(args: argparse.Namespace) -> int:
    from viz.analysis.loops import format_table, run_sweep, write_chart
    from viz.analysis.runner import json_lines

    _check_cells("loops", [{"capacity": c, "flips": f} for c in args.capacity for f in args.flips])
    trials = None if args.exact else args.trials
    rows = run_sweep(args.capacity, args.flips, trials, args.seed, args.workers)
    print(json_lines(rows) if args.json else format_table(rows))
    if args.plot:
        _write_chart(lambda: write_chart(rows, args.plot))
    return 0


def _write_chart(write: Callable[[], Path]) -> None:
    try:
        print(write(), file=sys.stderr)
    except ValueError as error:
        raise CommandError(str(error)) from None


def cmd_sweep_load(args: argparse.Namespace) -> int:
    from games.load.policies import PLAYERS
    from games.load.sweep import MAX_EXACT_CELLS
    from viz.analysis.charts import write_picture
    from viz.analysis.load import (
        format_exact_table,
        format_load_table,
        heat_map,
        run_exact,
        run_load_sweep,
        square_chart,
    )
    from viz.analysis.runner import json_lines

    red, green = args.by
    for name in args.by:
        if name not in PLAYERS:
            raise CommandError(f"--by: {name!r} is not a player ({', '.join(sorted(PLAYERS))})")
    _check_players("load", REGISTRY["load"].rules({}), args.by)
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
    rows = run_load_sweep(cells, args.trials, args.seed, args.workers, red, green)
    print(json_lines(rows) if args.json else format_load_table(rows, red, green))
    if args.plot:
        chart = square_chart(rows) if args.square else heat_map(rows)
        _write_chart(lambda: write_picture(chart, args.plot))
    return 0


def session_dir() -> Path:
    """Where windows keep the live recording of each session."""
    from platformdirs import user_state_path

    return user_state_path("oddsevens") / "sessions"


def open_window(make: Callable[[], Any]) -> int:
    """Build a window and run it. No display is a one-line error at once, not SDL's
    invisible fallback; Ctrl-C ends the window as its close button does."""
    chosen = os.environ.get("SDL_VIDEODRIVER")  # an explicit driver (tests use dummy) wins
    screen = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    if not chosen and not screen and sys.platform.startswith("linux"):
        raise CommandError("no display (DISPLAY is not set): try 'oddsevens demo'")
    import pygame

    try:
        window = make()
    except pygame.error as error:
        raise CommandError(f"cannot open a window ({error}); try 'oddsevens demo'") from None
    if not chosen and pygame.display.get_driver() in ("offscreen", "dummy"):
        window.close()
        raise CommandError("no display: SDL found no screen to open a window on")
    try:
        window.run()
    except KeyboardInterrupt:
        window.close()
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    rules = _rules_from_args(args.game, args)
    window = WINDOWS[args.game].load()
    vs = getattr(args, "vs", None)
    options = {"seed": args.seed, "session_dir": session_dir(), "vs": vs, **_window_options(args)}
    return open_window(lambda: window(REGISTRY[args.game], rules, **options))


def cmd_replay(args: argparse.Namespace) -> int:
    if args.last == (args.recording is not None):
        raise CommandError("replay takes a recording or --last, not both or neither")
    path = args.recording
    if args.last:
        path = newest_session(session_dir())
        if path is None:
            raise CommandError(f"{session_dir()}: no window session recorded yet")
    replay = load_replay(path)
    kit = WINDOWS.get(replay.game.id)
    if kit is None:
        raise CommandError(f"{path}: {replay.game.name} has no window")
    window = kit.load()
    options = {"seed": replay.seed, "script": replay.moves, **_window_options(args)}
    return open_window(lambda: window(replay.game, replay.rules, **options))


def _add_play_options(parser: argparse.ArgumentParser, game_id: str) -> None:
    """A game's window options: its rules, the seed, the computer's tier, the window."""
    _add_rule_options(parser, game_id)
    parser.add_argument("--seed", type=int, help="seed of automatic play (random when omitted)")
    kit = WINDOWS[game_id]
    if kit.opponents:
        parser.add_argument(
            "--vs",
            choices=kit.opponents,
            help=f"the computer's tier (default {kit.default_opponent})",
        )
    _add_window_options(parser)
    parser.set_defaults(run=cmd_play, game=game_id)


def _add_sweep_options(parser: argparse.ArgumentParser, trials: int) -> None:
    method = parser.add_mutually_exclusive_group()
    method.add_argument(
        "--trials",
        type=_int_in(1, 100_000_000),
        default=trials,
        help=f"Monte Carlo games per cell (default {trials})",
    )
    method.add_argument("--exact", action="store_true", help="exact figures instead")
    parser.add_argument("--seed", type=int, default=0, help="Monte Carlo seed (default 0)")
    parser.add_argument(
        "--workers",
        type=_int_in(1, 256),
        default=os.cpu_count() or 1,
        help="processes for Monte Carlo (default: all cores)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--plot", type=Path, help="also draw a chart (.svg or .png)")


def _window_size(text: str) -> tuple[int, int]:
    width, _, height = text.partition("x")
    if not (width.isdecimal() and height.isdecimal()):
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT, such as 980x720")
    return max(int(width), MIN_WINDOW_SIZE[0]), max(int(height), MIN_WINDOW_SIZE[1])


def _formats(text: str) -> tuple[str, ...]:
    kinds = tuple(dict.fromkeys(kind.strip() for kind in text.split(",") if kind.strip()))
    unknown = [kind for kind in kinds if kind not in ANIMATIONS]
    if unknown or not kinds:
        raise argparse.ArgumentTypeError(
            f"{text!r}: choose from {', '.join(ANIMATIONS)}, separated by commas"
        )
    return kinds


def _add_window_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("recordings"),
        help="folder for GIF downloads (default ./recordings)",
    )
    parser.add_argument(
        "--window",
        type=_window_size,
        default=(980, 720),
        metavar="WxH",
        help="window size in pixels (default 980x720, at least 640x480)",
    )
    parser.add_argument(
        "--formats",
        type=_formats,
        default=("gif", "svg"),
        metavar="LIST",
        help=f"what G saves beside the recording, from {','.join(ANIMATIONS)} (default gif,svg)",
    )


def _window_options(args: argparse.Namespace) -> dict[str, Any]:
    return {"out_dir": args.out, "size": args.window, "formats": args.formats}


def _add_timeline_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--frame-ms",
        type=_int_in(20, 60_000),
        default=500,
        help="time each turn is shown (default 500)",
    )
    parser.add_argument(
        "--hold-ms",
        type=_int_in(0, 600_000),
        default=2000,
        help="extra time the last frame is held (default 2000)",
    )
    parser.add_argument(
        "--size",
        type=_int_in(160, 4000),
        default=DEFAULT_SIZE,
        help=f"canvas width in pixels (default {DEFAULT_SIZE})",
    )


class Parser(argparse.ArgumentParser):
    """argparse, with a usage mistake reported like every other error: one line."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.partition(" ")[2]  # "sweep load" of "oddsevens sweep load"
        raise CommandError(f"{command + ': ' if command else ''}{message} (see --help)")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="oddsevens", description=__doc__)
    parser.add_argument("--version", action="version", version=f"oddsevens {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    record = commands.add_parser("record", help="play one automatic game and write its recording")
    games = record.add_subparsers(dest="game", required=True)
    for game_id, game in REGISTRY.items():
        sub = games.add_parser(game_id, help=f"record a game of {game.name}")
        _add_rule_options(sub, game_id)
        sub.add_argument("--seed", type=int, help="random seed (recorded; random when omitted)")
        sub.add_argument("-o", "--output", type=Path, required=True, help="REC.jsonl to write")
        first = game.first_seat
        sub.add_argument(
            "--by",
            nargs="+",
            choices=sorted(game.players),
            metavar="NAME",
            help=f"who plays seat {first}, {first + 1}, …: "
            f"{', '.join(sorted(game.players))} (default for the rest)",
        )
        sub.set_defaults(run=cmd_record)

    validate = commands.add_parser("validate", help="replay a recording and report its result")
    validate.add_argument("recording", type=Path)
    validate.add_argument("--json", action="store_true", help="print one JSON object")
    validate.set_defaults(run=cmd_validate)

    export = commands.add_parser("export", help="replay a recording into an animated GIF and SVG")
    export.add_argument("recording", type=Path)
    for kind, (_, help_text) in FORMATS.items():
        export.add_argument(f"--{kind}", type=Path, metavar="FILE", help=help_text)
    export.add_argument("--turn", type=_int_in(0, 1_000_000), help="the turn --png pictures")
    export.add_argument(
        "--from",
        dest="first",
        type=_int_in(0, 1_000_000),
        default=0,
        metavar="K",
        help="start the animation at turn K (default 0)",
    )
    export.add_argument(
        "--to",
        dest="last",
        type=_int_in(0, 1_000_000),
        metavar="K",
        help="end it at turn K (default: the end of the game)",
    )
    _add_timeline_options(export)
    export.set_defaults(run=cmd_export)

    watch = commands.add_parser("watch", help="open the Load window (as play load)")
    _add_play_options(watch, "load")
    play_parser = commands.add_parser("play", help="open a game's window to play")
    windows = play_parser.add_subparsers(dest="game", required=True)
    for game_id in WINDOWS:
        name = REGISTRY[game_id].name
        _add_play_options(windows.add_parser(game_id, help=f"play {name}"), game_id)

    replay = commands.add_parser("replay", help="open a recording paused at turn 0")
    replay.add_argument("recording", type=Path, nargs="?", help="the recording to open")
    replay.add_argument(
        "--last", action="store_true", help="open the newest window session instead"
    )
    _add_window_options(replay)
    replay.set_defaults(run=cmd_replay)

    sweep = commands.add_parser("sweep", help="fairness tables: who wins, how often")
    sweeps = sweep.add_subparsers(dest="game", required=True)
    loops = sweeps.add_parser("loops", help="Odds and Evens: the first mover's chances")
    loops.add_argument(
        "--capacity",
        type=_int_range,
        default=list(range(3, 10)),
        help="capacities, e.g. 3-9 (default)",
    )
    loops.add_argument(
        "--flips",
        type=_int_range,
        default=list(range(0, 5)),
        help="starting flip budgets, e.g. 0-4 (default)",
    )
    _add_sweep_options(loops, 20_000)
    loops.set_defaults(run=cmd_sweep)
    load = sweeps.add_parser("load", help="Load: player 2's chances on every board and Load")
    load.add_argument(
        "--rows", type=_int_range, default=list(range(3, 11)), help="rows, e.g. 3-10 (default)"
    )
    load.add_argument(
        "--cols", type=_int_range, default=list(range(3, 11)), help="columns, e.g. 3-10 (default)"
    )
    load.add_argument(
        "--load", type=_int_range, default=list(range(3, 9)), help="Loads, e.g. 3-8 (default)"
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
        default=["random-red", "every-third-green"],
        help="player 1's and player 2's automatic players (default: random-red "
        "every-third-green; also balanced-green)",
    )
    _add_sweep_options(load, 1_000)
    load.set_defaults(run=cmd_sweep_load)

    demo = commands.add_parser("demo", help="record and export one automatic game of each game")
    demo.add_argument("--out", type=Path, default=Path("demo"), help="folder (default ./demo)")
    demo.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    demo.set_defaults(run=cmd_demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except (CommandError, FileError) as error:
        print(f"oddsevens: {error}", file=sys.stderr)
        return 2
    except InstallError as error:
        print(f"oddsevens: {error}", file=sys.stderr)
        return 1
