"""`record`, `validate`, `export` and `demo`: recordings and their pictures."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from viz import DEFAULT_SIZE, FRAME_MS
from viz.cli.common import (
    CommandError,
    add_palette_option,
    add_rule_options,
    check_players,
    file_path,
    int_in,
    number_in,
    rules_from_args,
    seed,
)
from viz.cli.game_options import game_names, options_of_game
from viz.errors import FileError, shown
from viz.export.formats import FORMATS

if TYPE_CHECKING:
    from pathlib import Path

    from games.base import AnyGame, State
    from games.recording import Replay
    from viz.outputs import Outputs
    from viz.render.timeline import RealTime


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
    import random

    from games import REGISTRY
    from games.autoplay import play
    from viz.files import write_recording
    from viz.outputs import outputs

    game = REGISTRY[game_id]
    seats = {seat: game.players[name] for seat, name in enumerate(players, game.first_seat)}
    state, moves = play(game, rules, random.Random(seed), seats)
    kept = {"players": list(players)} if players else {}
    if batch is not None:
        return write_recording(batch, path, game, rules, seed, moves, state.result(), kept=kept)
    with outputs() as own:
        return write_recording(own, path, game, rules, seed, moves, state.result(), kept=kept)


def cmd_record(args: argparse.Namespace) -> int:
    import random

    seed = args.seed if args.seed is not None else random.randrange(2**31)
    rules = rules_from_args(args.game, args)
    by = getattr(args, "by", None) or ()
    check_players(args.game, rules, by)
    if str(args.output) == "-":  # the recording on standard output
        from games import REGISTRY
        from games.autoplay import play
        from games.recording import recording_text

        game = REGISTRY[args.game]
        seats = {seat: game.players[name] for seat, name in enumerate(by, game.first_seat)}
        state, moves = play(game, rules, random.Random(seed), seats)
        extra: dict[str, Any] = {"players": list(by)} if by else {}
        sys.stdout.write(recording_text(game, rules, seed, moves, state.result(), **extra))
        return 0
    from viz.outputs import check_output

    check_output(args.output)
    record_game(args.game, rules, seed, args.output, by)
    print(shown(args.output))
    return 0


def _ended(game: AnyGame, state: State) -> str:
    """ "Green won", "Seat 0 and Seat 3 share the win" (the game's own names), or
    "unfinished"."""
    outcome = state.outcome()
    if outcome is None:
        return "unfinished"
    from viz.scenes import SCENES

    name = SCENES[game.id].seat_name
    if len(outcome.winners) > 1:
        return " and ".join(map(name, outcome.winners)) + " share the win"
    return f"{name(outcome.winners[0])} won"


def cmd_validate(args: argparse.Namespace) -> int:
    import json

    from viz.files import load_replay

    try:
        replay = load_replay(args.recording)
    except FileError as error:
        if args.json:  # the same one-line error follows on standard error, and status 2
            print(json.dumps({"ok": False, "line": error.line, "error": error.reason}))
        raise
    state = replay.final()
    _warn(args.recording, replay)
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
    ended = _ended(replay.game, state)
    print(f"{shown(args.recording)}: valid {replay.game.id} game, {state.turns} turns, {ended}")
    return 0


def _say_if_widened(replay: Replay, size: int) -> None:
    """A --size too small for the text to stay legible is widened: say so."""
    from viz.scenes import SCENES

    width, _ = SCENES[replay.game.id].export_size(replay.rules, size)
    if width > size:
        print(
            f"oddsevens: --size {size}: drawn {width} px wide, the narrowest at which "
            "its text stays legible",
            file=sys.stderr,
        )


def _real_time(args: argparse.Namespace, replay: Replay) -> RealTime | None:
    """The pace of `--realtime` (None without it); options that do not go with it, or a
    recording without times, are refused."""
    from viz.render.timeline import RealTime

    if not args.realtime:
        for name, value in (("--idle-limit", args.idle_limit), ("--speed", args.speed)):
            if value is not None:
                raise CommandError(f"{name} goes with --realtime")
        return None
    if args.frame_ms is not None:
        raise CommandError("--frame-ms sets a fixed pace: --realtime plays the recorded one")
    if not replay.times:
        raise FileError(
            args.recording, "has no times to play in real time (a window's recordings have them)"
        )
    pace = RealTime()
    return RealTime(
        round(1000 * args.idle_limit) if args.idle_limit is not None else pace.idle_limit_ms,
        args.speed if args.speed is not None else pace.speed,
    )


def cmd_export(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from viz.export.clip import Clip
    from viz.export.engine import check_suffix, export_clip
    from viz.export.mp4 import MAX_MP4_SIZE
    from viz.files import load_replay
    from viz.outputs import check_output, outputs

    targets = {kind: getattr(args, kind) for kind in FORMATS if getattr(args, kind)}
    if not targets:
        targets = {kind: args.recording.with_suffix(f".{kind}") for kind in ("gif", "svg")}
    for kind, path in targets.items():
        check_suffix(kind, path)
    _check_distinct(args.recording, targets)
    for path in targets.values():
        check_output(path)
    if "mp4" in targets and args.size > MAX_MP4_SIZE:
        raise CommandError(f"--mp4 is made at most {MAX_MP4_SIZE} px wide: --size {args.size}")
    if "png" in targets and args.turn is None:
        raise CommandError("--png needs --turn K, the turn to picture")
    if args.turn is not None and "png" not in targets:
        raise CommandError("--turn pictures one turn as --png F.png; name the PNG too")
    replay = load_replay(args.recording)
    _warn(args.recording, replay)
    if args.annotate and not replay.judgements:
        raise FileError(args.recording, "no judgements: run oddsevens analyze -o first")
    clip = Clip(
        replay,
        args.size,
        args.frame_ms or FRAME_MS,
        args.hold_ms,
        args.first,
        args.last,
        annotate=args.annotate,
        palette=args.palette,
        realtime=_real_time(args, replay),
    )
    _say_if_widened(replay, args.size)
    turns = len(clip.states) - 1
    still = {"png": targets.pop("png")} if "png" in targets else {}
    for name, turn in (("--turn", args.turn), ("--from", args.first), ("--to", args.last)):
        if turn is not None and turn > turns:
            raise FileError(args.recording, f"{name} {turn}: the game has {turns} turns")
    if args.last is not None and args.last < args.first:
        raise CommandError(f"--to {args.last} comes before --from {args.first}")
    with outputs() as batch:
        export_clip(clip, targets, batch)
        if still:
            export_clip(replace(clip, first=args.turn, last=args.turn), still, batch)
    for path in batch.written:
        print(shown(path))
    return 0


def _warn(path: Path, replay: Replay) -> None:
    """The reader's warnings (a truncated last line), one line each on standard error."""
    for warning in replay.warnings:
        print(f"{shown(path)}: warning: {shown(warning)}", file=sys.stderr)


def _check_distinct(recording: Path, targets: dict[str, Path]) -> None:
    """Each output is named once, and none is the recording being read."""
    seen: dict[str, str] = {os.path.abspath(recording): "the recording"}
    for kind, path in targets.items():
        key = os.path.abspath(path)
        if key in seen:
            raise FileError(path, f"named by both {seen[key]} and --{kind}")
        seen[key] = f"--{kind}"


def cmd_demo(args: argparse.Namespace) -> int:
    from games import REGISTRY
    from viz.export.engine import export_replay
    from viz.outputs import check_output, outputs
    from viz.scenes import SCENES

    check_output(args.out, folder=True)
    with outputs() as batch:
        for game_id in SCENES:
            # GAME.jsonl, or GAME-2.jsonl, …: a second demo into the folder keeps the first
            recording = batch.new_name(args.out, game_id, ".jsonl")
            replay = record_game(
                game_id, REGISTRY[game_id].rules({}), args.seed, recording, batch=batch
            )
            targets = {kind: recording.with_suffix(f".{kind}") for kind in ("gif", "svg")}
            export_replay(replay, targets, batch=batch, palette=args.palette)
    for path in batch.written:
        print(shown(path))
    return 0


def _add_timeline_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--frame-ms",
        type=int_in(20, 60_000),
        help=f"time each turn is shown (default {FRAME_MS})",
    )
    parser.add_argument(
        "--hold-ms",
        type=int_in(0, 600_000),
        default=2000,
        help="extra time the last frame is held (default 2000)",
    )
    parser.add_argument(
        "--size",
        type=int_in(160, 4000),
        default=DEFAULT_SIZE,
        help=f"canvas width in pixels (default {DEFAULT_SIZE}); a smaller canvas than the "
        "text needs (9 px at least) is widened",
    )
    add_palette_option(parser, "default")


def add_commands(commands: Any) -> None:
    commands.add_parser(
        "record", help="play one automatic game and write its recording", build=_record_options
    )
    commands.add_parser(
        "validate", help="replay a recording and report its result", build=_validate_options
    )
    commands.add_parser(
        "export",
        help="replay a recording into an animated GIF and SVG",
        build=_export_options,
        verbose=True,  # an MP4 is written by ffmpeg
    )
    commands.add_parser(
        "demo", help="record and export one automatic game of each game", build=_demo_options
    )


def _record_options(record: argparse.ArgumentParser) -> None:
    games = record.add_subparsers(dest="game", required=True)
    for game_id, name in game_names().items():
        games.add_parser(
            game_id, help=f"record a game of {name}", build=partial(_record_game_options, game_id)
        )


def _record_game_options(game_id: str, sub: argparse.ArgumentParser) -> None:
    """Built when the game is named: the options of its rules and players."""
    game = options_of_game(game_id)
    add_rule_options(sub, game_id)
    sub.add_argument("--seed", type=seed, help="random seed (recorded; random when omitted)")
    sub.add_argument(
        "-o", "--output", type=file_path, required=True, help="REC.jsonl to write (- for stdout)"
    )
    first = game.first_seat
    sub.add_argument(
        "--by",
        nargs="+",
        choices=game.players,
        metavar="NAME",
        help=f"who plays seat {first}, {first + 1}, …: "
        f"{', '.join(game.players)} (seats not named: {default_players(game_id)})",
    )
    sub.set_defaults(run=cmd_record)


def default_players(game_id: str) -> str:
    """Who plays a seat `--by` does not name, in words: "random-red in seat 1,
    every-third-green in seat 2", "medium in every seat"."""
    game = options_of_game(game_id)
    names = game.default_players
    if not names:
        return "the game's own automatic player"
    if len(names) == 1:
        return f"{names[0]} in every seat"
    seats = range(game.first_seat, game.first_seat + len(names))
    return ", ".join(f"{name} in seat {seat}" for name, seat in zip(names, seats, strict=True))


def _validate_options(validate: argparse.ArgumentParser) -> None:
    validate.add_argument("recording", type=file_path, help="the recording (REC.jsonl) to check")
    validate.add_argument("--json", action="store_true", help="print one JSON object")
    validate.set_defaults(run=cmd_validate)


def _export_options(export: argparse.ArgumentParser) -> None:
    export.add_argument("recording", type=file_path, help="the recording (REC.jsonl) to draw")
    for kind, (_, help_text) in FORMATS.items():
        export.add_argument(f"--{kind}", type=file_path, metavar="FILE", help=help_text)
    export.add_argument("--turn", type=int_in(0, 1_000_000), help="the turn --png pictures")
    export.add_argument(
        "--from",
        dest="first",
        type=int_in(0, 1_000_000),
        default=0,
        metavar="K",
        help="start the animation at turn K (default 0)",
    )
    export.add_argument(
        "--to",
        dest="last",
        type=int_in(0, 1_000_000),
        metavar="K",
        help="end it at turn K (default: the end of the game)",
    )
    export.add_argument(
        "--annotate",
        action="store_true",
        help="a status line with the judgement of each move (an analysed recording: "
        "oddsevens analyze -o)",
    )
    export.add_argument(
        "--realtime",
        action="store_true",
        help="show each turn for as long as it took when it was played (a window's "
        "recording keeps the times)",
    )
    export.add_argument(
        "--idle-limit",
        type=number_in(0.02, 600),
        metavar="SECONDS",
        help="with --realtime: cut every longer pause to this (default 2)",
    )
    export.add_argument(
        "--speed",
        type=number_in(0.1, 100),
        metavar="X",
        help="with --realtime: play X times as fast (default 1)",
    )
    _add_timeline_options(export)
    export.set_defaults(run=cmd_export)


def _demo_options(demo: argparse.ArgumentParser) -> None:
    demo.add_argument(
        "--out",
        type=file_path,
        default="demo",
        help="folder the recordings and pictures go into (default ./demo)",
    )
    demo.add_argument("--seed", type=seed, default=1, help="random seed (default 1)")
    add_palette_option(demo, "default")
    demo.set_defaults(run=cmd_demo)
