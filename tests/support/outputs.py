"""What the tests of a command's outputs share: the folder's listing, the command run in
this process, and two recorded games to export (fixtures, loaded by conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from viz.cli import main

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent  # the checkout


def listing(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


def cli(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, list[str]]:
    """The command's exit status, its standard output, and its standard error's lines."""
    code = main([str(arg) for arg in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err.splitlines()


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """A short game (a 3x3 board): these tests are about files and messages, and a short
    game exports in a third of the time."""
    recording = tmp_path / "game.jsonl"
    record = ["record", "load", "--rows", "3", "--cols", "3", "--seed", "4"]
    assert main([*record, "-o", str(recording)]) == 0
    return recording


@pytest.fixture
def long_game(tmp_path: Path) -> Path:
    """A game on the default 7x7 board, whose export takes long enough to interrupt."""
    recording = tmp_path / "game.jsonl"
    assert main(["record", "load", "--seed", "4", "-o", str(recording)]) == 0
    return recording
