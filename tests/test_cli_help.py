"""Issue 46, item 7: help that helps. Every option and positional argument of every
command is described in more words than its name, `--verbose` is shown only where it
does something, the top-level help says what the tool does, and `--by` names the
players that seats it does not name get."""

from __future__ import annotations

import argparse
import random

import pytest

from games import REGISTRY
from games.autoplay import play
from viz.cli import build_parser
from viz.cli.recordings import default_players


def every_argument():
    """(command, names, help) of every option and positional of every command."""
    found = []

    def walk(parser, path):
        parser.build_options()
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, [*path, name])
            elif action.help != argparse.SUPPRESS:
                names = "/".join(action.option_strings) or action.dest
                found.append((" ".join(path), names, action.help or ""))

    walk(build_parser(), ["oddsevens"])
    return found


def test_every_option_and_positional_is_described_in_more_than_its_name():
    thin = [
        (command, names, words)
        for command, names, words in every_argument()
        if len(words.split()) <= 3 or "default default" in words
    ]
    assert thin == []


def test_verbose_is_shown_only_on_export_where_an_mp4_runs_ffmpeg():
    shown = {command for command, names, _ in every_argument() if names == "--verbose"}
    assert shown == {"oddsevens", "oddsevens export"}
    top = build_parser().format_help()
    assert "Load, Odds and Evens, Even Odds" in " ".join(top.split())


def test_rule_options_say_what_they_choose():
    words = {
        names: h for command, names, h in every_argument() if command == "oddsevens record load"
    }
    assert words["--rows"] == "rows of the board (default 5)"
    assert words["--load"].startswith("the Load: the most picks")


@pytest.mark.parametrize(
    ("game", "said"),
    [
        ("load", "random-red in seat 1, every-third-green in seat 2"),
        ("loops", "medium in every seat"),
        ("tiles", "careful in every seat"),
    ],
)
def test_by_names_the_players_of_the_seats_it_leaves(game, said):
    assert default_players(game) == said


@pytest.mark.parametrize("game", ["load", "loops", "tiles"])
def test_the_named_default_players_are_the_ones_a_game_plays_without_by(game):
    kit = REGISTRY[game]
    rules = kit.rules({})
    names = kit.default_players
    seats = range(kit.first_seat, kit.first_seat + kit.seats(rules))
    chosen = {seat: kit.players[names[min(n, len(names) - 1)]] for n, seat in enumerate(seats)}
    for seed in range(3):
        assert (
            play(kit, rules, random.Random(seed))[1]
            == (play(kit, rules, random.Random(seed), chosen)[1])
        )
