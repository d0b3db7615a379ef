"""Standard output that cannot be written: a closed pipe ends a command quietly with
status 141 (as a tool killed by SIGPIPE), a full device is one line and status 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.depth import quick_first

COMMANDS = {
    "validate": ["validate", "{rec}"],
    "validate --json": ["validate", "--json", "{rec}"],
    "record -o -": ["record", "loops", "--seed", "3", "-o", "-"],
    "analyze": ["analyze", "{rec}"],
    "sweep": ["sweep", "loops", "--capacity", "3", "--flips", "0", "--trials", "50"],
    "export": ["export", "{rec}", "--svg", "{dir}/out.svg"],
    "--help": ["--help"],
    "--version": ["--version"],
    "sweep --help": ["sweep", "loops", "--help"],
}
CODE = "import sys; from viz.cli import main; raise SystemExit(main(sys.argv[1:]))"


@pytest.fixture(scope="module")
def rec(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("rec") / "game.jsonl"
    record = ["record", "load", "--rows", "2", "--cols", "2", "--load", "3", "--seed", "1"]
    subprocess.run([sys.executable, "-c", CODE, *record, "-o", str(path)], check=True)
    return path


def _argv(command: str, rec: Path, folder: Path) -> list[str]:
    return [sys.executable, "-c", CODE] + [
        arg.format(rec=rec, dir=folder) for arg in COMMANDS[command]
    ]


@pytest.mark.parametrize("command", quick_first(COMMANDS, 3))
def test_a_closed_pipe_ends_quietly_with_141(tmp_path, rec, command):
    read, write = os.pipe()
    os.close(read)  # nobody reads: the first write is EPIPE
    with open(write, "wb") as closed:
        done = subprocess.run(_argv(command, rec, tmp_path), stdout=closed, stderr=subprocess.PIPE)
    assert (done.returncode, done.stderr) == (141, b"")


@pytest.mark.parametrize("command", quick_first(COMMANDS, 3))
def test_a_full_standard_output_is_one_line_and_status_2(tmp_path, rec, command):
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            _argv(command, rec, tmp_path), stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert done.returncode == 2
    assert done.stderr == "oddsevens: standard output: No space left on device\n"
