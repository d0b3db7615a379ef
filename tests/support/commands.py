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
