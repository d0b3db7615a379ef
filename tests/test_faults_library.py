"""The library in every state a disk can leave it in: something that is no file where
the database goes, rows of the wrong type, a copies folder that is a file. Each is one
line naming what and why, or is set aside and rebuilt from the copies; none is a
traceback."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from support.library import cli, data_folder

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def library(tmp_path, monkeypatch, capsys):
    """A library holding one game; its folder."""
    folder = data_folder(tmp_path, monkeypatch)
    recording = tmp_path / "game.jsonl"
    assert cli(capsys, "record", "loops", "--capacity", "3", "--seed", "2", "-o", recording)[0] == 0
    assert cli(capsys, "library", "add", recording)[0] == 0
    return folder


def _one_line(err: list[str], *words: str) -> None:
    assert len(err) == 1 and err[0].startswith("oddsevens: "), err
    for word in words:
        assert word in err[0], err


@pytest.mark.parametrize("make", ["folder", "fifo", "link to /dev/null"])
def test_something_that_is_no_file_in_place_of_the_database_is_one_line(
    tmp_path, monkeypatch, capsys, make
):
    folder = data_folder(tmp_path, monkeypatch)
    folder.mkdir(parents=True)
    database = folder / "library.sqlite3"
    if make == "folder":
        database.mkdir()
    elif make == "fifo":
        os.mkfifo(database)
    else:
        database.symlink_to("/dev/null")
    for command in (["library"], ["library", "--json"], ["library", "stats"]):
        code, out, err = cli(capsys, *command)
        assert code == 2 and out == ""
        _one_line(err, str(database))


def test_a_data_folder_in_proc_is_one_line(monkeypatch, capsys):
    monkeypatch.setenv("ODDSEVENS_DATA", "/proc")
    code, _, err = cli(capsys, "library")
    assert code == 2
    _one_line(err, "/proc/library.sqlite3")


COLUMNS = {
    "started": "'yesterday'",
    "ended": "'soon'",
    "rules": "'{not json'",
    "players": "'not json'",
    "you": "'[1'",
    "winners": "'{}'",
}


@pytest.mark.parametrize("column", COLUMNS)
def test_a_row_that_does_not_read_is_a_damaged_library_set_aside_and_rebuilt(
    library, capsys, monkeypatch, column
):
    monkeypatch.setattr("viz.cli.library.replay_window", lambda path, args: 0)  # no window
    database = library / "library.sqlite3"
    with sqlite3.connect(database) as connection:
        connection.execute(f"UPDATE games SET {column} = {COLUMNS[column]}")
    connection.close()
    for command in (
        ["library"],
        ["library", "--json"],
        ["library", "stats"],
        ["library", "open", "1"],
    ):
        code, out, err = cli(capsys, *command)
        assert code in (0, 2), (command, err)
        assert not [line for line in err if "Error" in line or "Traceback" in line], err
    aside = sorted(path.name for path in library.iterdir() if ".unusable-" in path.name)
    assert aside and aside[0].startswith("library.sqlite3.unusable-")
    code, out, err = cli(capsys, "library", "--json")
    assert code == 0 and len(out.splitlines()) == 1  # the game, rebuilt from its copy


def test_rebuild_with_the_copies_folder_a_file_names_that_folder(library, capsys):
    copies = library / "games"
    shutil.rmtree(copies)
    copies.write_text("not a folder\n")
    code, out, err = cli(capsys, "library", "rebuild")
    assert code != 0
    assert len(err) >= 1 and all(line.startswith("oddsevens: ") for line in err), err
    assert str(copies) in err[0] and "standard output" not in " ".join(err), err


@pytest.mark.skipif(shutil.which("unshare") is None, reason="needs unshare for a read-only mount")
def test_a_library_in_a_read_only_folder_is_listed(library, tmp_path):
    """A read-only mount (root writes anywhere else), with a window session waiting to be
    added: reading needs no writing, so the listing and stats are there, and nothing is
    added."""
    sessions = tmp_path / "state" / "oddsevens" / "sessions"
    sessions.mkdir(parents=True)
    (sessions / "loops-1.jsonl").write_text(
        (tmp_path / "game.jsonl").read_text().replace('"seed": 2', '"seed": 3')
    )
    command = f"{sys.executable} -m viz library --json && {sys.executable} -m viz library stats"
    read_only = f"mount --bind {library} {library} && mount -o remount,ro,bind {library}"
    run = subprocess.run(
        ["unshare", "-rm", "sh", "-c", f"{read_only} && {command}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={
            **os.environ,
            "ODDSEVENS_DATA": str(library),
            "XDG_STATE_HOME": str(tmp_path / "state"),
        },
    )
    if run.returncode != 0 and "mount" in run.stderr:
        pytest.skip(f"no read-only mount here: {run.stderr.strip()}")
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    listed = [line for line in run.stdout.splitlines() if line.startswith("{")]
    assert len(listed) == 1  # the game; the session is not added to a library read only
