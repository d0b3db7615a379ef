"""The command line starts at once: `--help`, `--version` and every command's `--help`
load no rules engine, AI, analysis, numpy, pygame, Pillow or svgwrite; a command that
names a game reads what the game offers (its `offered.py`) and no more (each run in a
fresh process: this one has loaded every game). bench/bench_cli_start.py times them."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from support.commands import COMMANDS, HELPS, LOADED
from support.processes import fresh_python

from viz.cli import main
from viz.cli.game_options import game_names
from viz.terminal import terminal_columns

# Loaded by no help: the drawing and the windows, the libraries they bring; shutil,
# which would bring bz2 and lzma; dataclasses, which brings inspect (the rules engines
# and kits are made of dataclasses: a help that loaded one was 2.6 times a bare Python);
# socket and datetime, which only a command's work needs. Of the games, a help reads
# the list and what a game it names offers (below).
HEAVY_PACKAGES = {"numpy", "pygame", "pygame_gui", "PIL", "svgwrite", "imageio", "loky"}
HEAVY_MODULES = (
    "viz.analysis",
    "viz.sweeps",
    "viz.files",
    "viz.render",
    "viz.scenes",
    "viz.window",
    "shutil",
    "dataclasses",
    "socket",
    "datetime",
)
LIGHT_GAMES = {"games", "games.registry", "games.autoplay"}  # the list, the sweeps' cap


def _loaded(argv: list[str]) -> list[str]:
    """The modules loaded when `oddsevens ARGV` has run, as a user runs it."""
    return json.loads(fresh_python(LOADED, *argv, columns=100).splitlines()[-1])


def _games_loaded(loaded: list[str]) -> set[str]:
    """The modules of `games` loaded beyond the list of games."""
    return {name for name in loaded if name.partition(".")[0] == "games"} - LIGHT_GAMES


@pytest.mark.parametrize("argv", HELPS, ids=" ".join)
def test_help_and_version_load_no_drawing_and_no_game(argv):
    loaded = _loaded(argv)
    heavy = [
        name
        for name in loaded
        if name.partition(".")[0] in HEAVY_PACKAGES or name.startswith(HEAVY_MODULES)
    ]
    assert heavy == []
    assert _games_loaded(loaded) == set()


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["record", "loops", "--help"], ["--capacity CAPACITY", "easy, hard, medium, random"]),
        (["play", "tiles", "--help"], ["--players PLAYERS", "{easy,medium,hard,expert}"]),
        (["watch", "--help"], ["--rows ROWS", "rows of the board (default 5"]),
        (["sweep", "load", "--help"], ["at most 1,000,000 games a cell"]),
    ],
)
def test_a_games_help_says_what_it_offers_and_loads_no_engine(argv, words):
    printed = fresh_python(LOADED, *argv, columns=100)
    assert all(word in printed for word in words), printed
    assert _games_loaded(json.loads(printed.splitlines()[-1])) == set()


def test_a_command_that_plays_a_game_loads_its_engine(tmp_path):
    loaded = _loaded(["record", "loops", "--seed", "1", "-o", str(tmp_path / "r.jsonl")])
    assert {"games.loops", "games.loops.engine"} <= set(loaded)
    assert not {"games.load", "games.tiles"} & set(loaded)


def test_every_command_is_among_those_whose_help_is_checked(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    usage = capsys.readouterr().out
    listed = re.search(r"\{([a-z,]+)\}", usage)
    assert listed is not None
    assert set(listed[1].split(",")) == {command[0] for command in COMMANDS}


def test_a_games_help_holds_its_rules_with_their_defaults(capsys):
    expected = {
        "load": ["--rows ROWS", "(default 5)", "--cols COLS", "--load LOAD", "(default 6)"],
        "loops": ["--capacity CAPACITY", "--flips FLIPS", "(default 2)", "--first FIRST"],
        "tiles": ["--players PLAYERS", "(default 4)", "--leader LEADER"],
    }
    for game, words in expected.items():
        with pytest.raises(SystemExit):
            main(["record", game, "--help"])
        printed = capsys.readouterr().out
        assert all(word in printed for word in words), (game, printed)


@pytest.mark.parametrize("columns", [None, "60", "0", "-3", "wide"])
def test_help_is_as_wide_as_shutil_says_the_terminal_is(monkeypatch, columns):
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns


def test_a_game_registered_in_this_process_is_offered_beside_the_listed_ones():
    # tests/conftest.py registers the tests' own game, as a plug-in would
    assert game_names() == {
        "load": "Load",
        "loops": "Odds and Evens",
        "tiles": "Even Odds",
        "sums": "Sums",
    }
