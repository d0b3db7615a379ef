"""The command line starts at once: `--help`, `--version` and every command's `--help`
are answered without argparse (tests/test_help_answers.py checks the answers), and
through argparse they load no rules engine, AI, analysis, numpy, pygame, Pillow or
svgwrite. What they say of each game comes from a table generated from the games'
kits, checked here against the kits themselves (each run in a fresh process: this one
has loaded every game)."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from support.answers import ON_THE_TABLES_PYTHON
from support.commands import COMMANDS, HELPS
from support.depth import quick_first
from support.processes import fresh_python

from viz.cli import main
from viz.cli.game_options import game_options
from viz.cli.game_table import GAMES, PRECISION_CAP
from viz.terminal import terminal_columns

# Loaded by no help: the games' packages (engines, AIs, the analysis), the drawing and
# the windows, the libraries they bring; and shutil, which would bring bz2 and lzma.
HEAVY_PACKAGES = {"games", "numpy", "pygame", "pygame_gui", "PIL", "svgwrite", "imageio", "loky"}
HEAVY_MODULES = ("viz.analysis", "viz.files", "viz.render", "viz.scenes", "viz.window", "shutil")


LOADED = """
import json, sys
route, sys.argv = sys.argv[1], ["oddsevens", *sys.argv[2:]]
try:
    if route == "entry":
        from viz.__main__ import run
        run()
    else:
        from viz.cli import main
        sys.exit(main())
finally:
    print(json.dumps(sorted(sys.modules)))
"""


def _loaded(argv: list[str], route: str = "argparse") -> list[str]:
    """The modules loaded when `oddsevens ARGV` has run: as a user runs it (`entry`), or
    through argparse, as any other arguments and any help on another Python are."""
    return json.loads(fresh_python(LOADED, route, *argv, columns=100).splitlines()[-1])


@ON_THE_TABLES_PYTHON
@pytest.mark.parametrize("argv", quick_first(HELPS, 4), ids=" ".join)
def test_the_program_answers_help_and_version_without_argparse_or_any_command(argv):
    loaded = _loaded(argv, "entry")
    ours = [name for name in loaded if name.partition(".")[0] in {"viz", "games"}]
    assert ours == ["viz", "viz.__main__", "viz.help_answers", "viz.help_table", "viz.terminal"]
    assert "argparse" not in loaded


@pytest.mark.parametrize("argv", HELPS, ids=" ".join)
def test_help_and_version_through_argparse_load_no_engine_ai_analysis_or_drawing(argv):
    loaded = _loaded(argv)
    heavy = [
        name
        for name in loaded
        if name.partition(".")[0] in HEAVY_PACKAGES or name.startswith(HEAVY_MODULES)
    ]
    assert heavy == []
    assert "viz.cli" in loaded


@pytest.mark.parametrize(
    ("argv", "reads_the_games"),
    [
        (["--help"], False),
        (["--version"], False),
        (["validate", "--help"], False),
        (["replay", "--help"], False),
        (["record", "--help"], True),
        (["play", "loops", "--help"], True),
        (["analyze", "--help"], True),
    ],
)
def test_only_the_command_asked_for_builds_its_options(argv, reads_the_games):
    # the commands of games read the table of games; the others, and the list of
    # commands, do not
    assert ("viz.cli.game_table" in _loaded(argv)) is reads_the_games


def test_every_command_is_among_those_whose_help_is_checked(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    usage = capsys.readouterr().out
    listed = re.search(r"\{([a-z,]+)\}", usage)
    assert listed is not None
    assert set(listed[1].split(",")) == {command[0] for command in COMMANDS}


def test_the_table_is_what_the_games_kits_say_now():
    code = (
        "from viz.cli import game_table; from viz.cli.game_options import generated; "
        "print(generated() == (game_table.GAMES, game_table.PRECISION_CAP))"
    )
    assert fresh_python(code) == "True\n"


def test_the_table_holds_each_games_rules_with_their_defaults():
    assert [(game.id, game.name, game.rules) for game in GAMES] == [
        ("load", "Load", (("rows", 5), ("cols", 5), ("load", 6))),
        ("loops", "Odds and Evens", (("capacity", 7), ("flips", 2), ("first", 0))),
        ("tiles", "Even Odds", (("players", 4), ("leader", 0))),
    ]
    assert PRECISION_CAP == 1_000_000


DUMP_HELPS = """
import contextlib, io, json, sys
if sys.argv[1] == "kits":
    import games
from viz.cli import main
helps = []
for argv in json.loads(sys.argv[2]):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        main(argv)
    helps.append(out.getvalue())
print(json.dumps({"games loaded": "games" in sys.modules, "helps": helps}))
"""


def test_every_help_from_the_table_is_the_help_from_the_kits():
    from_table = json.loads(fresh_python(DUMP_HELPS, "table", json.dumps(HELPS), columns=100))
    from_kits = json.loads(fresh_python(DUMP_HELPS, "kits", json.dumps(HELPS), columns=100))
    assert (from_table["games loaded"], from_kits["games loaded"]) == (False, True)
    assert from_table["helps"] == from_kits["helps"]
    assert (
        "--rows ROWS           rows (default 5)"
        in from_table["helps"][HELPS.index(["record", "load", "--help"])]
    )


@pytest.mark.parametrize("columns", [None, "60", "0", "-3", "wide"])
def test_help_is_as_wide_as_shutil_says_the_terminal_is(monkeypatch, columns):
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns


def test_a_game_registered_in_this_process_is_offered_beside_the_tables():
    # tests/conftest.py registers the tests' own game, as a plug-in would
    assert [game.id for game in game_options()] == ["load", "loops", "tiles", "sums"]
