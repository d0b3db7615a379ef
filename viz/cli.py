"""The `oddsevens` command line."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from games import REGISTRY
from games.autoplay import play
from games.base import GameError
from viz.files import FileError, load_replay, recording_text, write_atomic


class CommandError(Exception):
    """A bad option or input, reported as one line and a non-zero exit."""


def _add_rule_options(parser: argparse.ArgumentParser, game_id: str) -> None:
    game = REGISTRY[game_id]
    for key, default in game.rules_dict(game.rules({})).items():
        parser.add_argument(f"--{key}", type=int, default=default,
                            help=f"{key} (default {default})")


def _rules_from_args(game_id: str, args: argparse.Namespace) -> Any:
    game = REGISTRY[game_id]
    keys = game.rules_dict(game.rules({}))
    try:
        return game.rules({key: getattr(args, key) for key in keys})
    except GameError as error:
        raise CommandError(str(error)) from None


def cmd_record(args: argparse.Namespace) -> int:
    game = REGISTRY[args.game]
    rules = _rules_from_args(args.game, args)
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    state, moves = play(game, rules, random.Random(seed))
    text = recording_text(game, rules, seed, moves, state.result())
    write_atomic(args.output, lambda out: out.write(text))
    print(args.output)
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    try:
        replay = load_replay(args.recording)
    except FileError as error:
        if args.json:
            print(json.dumps({"ok": False, "line": error.line, "error": error.reason}))
            return 1
        raise
    state = replay.final()
    for warning in replay.warnings:
        print(f"{args.recording}: warning: {warning}", file=sys.stderr)
    summary = {"ok": True, "game": replay.game.id, "turns": state.turns, "winner": None,
               **(state.result() or {})}
    if args.json:
        print(json.dumps(summary))
    elif summary["winner"] is None:
        print(f"{args.recording}: valid {replay.game.id} game, {state.turns} turns, unfinished")
    else:
        print(f"{args.recording}: valid {replay.game.id} game, {state.turns} turns, "
              f"player {summary['winner']} won")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="oddsevens", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    record = commands.add_parser("record", help="play one automatic game and write its recording")
    games = record.add_subparsers(dest="game", required=True)
    for game_id, game in REGISTRY.items():
        sub = games.add_parser(game_id, help=f"record a game of {game.name}")
        _add_rule_options(sub, game_id)
        sub.add_argument("--seed", type=int, help="random seed (recorded; random when omitted)")
        sub.add_argument("-o", "--output", type=Path, required=True, help="REC.jsonl to write")
        sub.set_defaults(run=cmd_record)

    validate = commands.add_parser("validate", help="replay a recording and report its result")
    validate.add_argument("recording", type=Path)
    validate.add_argument("--json", action="store_true", help="print one JSON object")
    validate.set_defaults(run=cmd_validate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except (CommandError, FileError) as error:
        print(f"oddsevens: {error}", file=sys.stderr)
        return 2
