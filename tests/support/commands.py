"""Every command of the command line, as the words that name it: the commands whose
`--help` the tests check and bench/bench_cli_start.py times."""

from __future__ import annotations

COMMANDS = [
    ["record"],
    ["record", "load"],
    ["record", "loops"],
    ["record", "tiles"],
    ["validate"],
    ["export"],
    ["demo"],
    ["watch"],
    ["play"],
    ["play", "load"],
    ["play", "loops"],
    ["play", "tiles"],
    ["replay"],
    ["sweep"],
    ["sweep", "loops"],
    ["sweep", "load"],
    ["analyze"],
    ["library"],
    ["library", "add"],
    ["library", "rebuild"],
    ["library", "stats"],
    ["library", "analyze"],
    ["library", "open"],
    ["practice"],
    ["serve"],
]
HELPS = [["--help"], ["--version"], *([*command, "--help"] for command in COMMANDS)]

# Run by a fresh Python with a command's words: the command as the console script runs
# it (its wrapper imports `re` first), then the names of every module loaded by then.
LOADED = """
import json, re, sys
sys.argv = ["oddsevens", *sys.argv[1:]]
try:
    from viz.__main__ import run
    run()
finally:
    print(json.dumps(sorted(sys.modules)))
"""
