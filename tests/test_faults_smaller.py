"""The smaller faults: a line of exactly the longest length, a settings file that
cannot be read, and paths printed escaped by every command."""

from __future__ import annotations

import json
import os

import pytest
from support.library import cli

from games.recording import MAX_LINE_CHARS
from viz.errors import FileError
from viz.files import load_replay
from viz.window.settings import Settings


def test_a_line_of_exactly_the_longest_length_is_read(tmp_path, capsys):
    path = tmp_path / "game.jsonl"
    assert cli(capsys, "record", "loops", "--capacity", "3", "--seed", "2", "-o", path)[0] == 0
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["note"] = ""
    room = MAX_LINE_CHARS - len(json.dumps(header))
    header["note"] = "x" * room
    assert len(json.dumps(header)) == MAX_LINE_CHARS
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    assert load_replay(path).header["note"] == "x" * room
    header["note"] += "x"  # one more is one too many
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(FileError, match=f"line longer than {MAX_LINE_CHARS} characters"):
        load_replay(path)


def test_a_settings_file_that_cannot_be_read_is_left_as_it_is(tmp_path, monkeypatch):
    """Mode 000 as a person's account meets it (root reads any file, so the refusal is
    the one the system gives that account)."""
    path = tmp_path / "settings.json"
    path.write_text('{"palette": "high-contrast"}\n')
    os.chmod(path, 0)

    def refused(name, limit):
        raise FileError(name, "Permission denied")

    monkeypatch.setattr("viz.window.settings.read_regular", refused)
    settings = Settings.load(path)
    assert "Permission denied" in settings.problem and "\n" not in settings.problem
    assert settings.set_palette(settings.palette) is None  # said once, at opening
    settings.set_motion("reduced")
    assert settings.motion == "reduced"  # kept while the window is open
    assert os.stat(path).st_mode & 0o777 == 0
    os.chmod(path, 0o600)
    assert path.read_text() == '{"palette": "high-contrast"}\n'  # untouched


ODD = "odd\x1b[31m\x07\nname"


def test_analyze_and_sweep_print_odd_paths_escaped(tmp_path, capsys):
    recording = tmp_path / "game.jsonl"
    assert cli(capsys, "record", "loops", "--capacity", "3", "--seed", "2", "-o", recording)[0] == 0
    judged, chart = tmp_path / f"{ODD}.jsonl", tmp_path / f"{ODD}.svg"
    code, _, err = cli(capsys, "analyze", recording, "-o", judged, "--plot", chart)
    assert code == 0, err
    folder = tmp_path / ODD
    code, _, more = cli(capsys, "analyze", recording, recording.parent, "-o", folder)
    assert code == 0, more
    plot = tmp_path / f"sweep-{ODD}.svg"
    code, _, most = cli(capsys, "sweep", "loops", "--trials", "1000", "--plot", plot)
    assert code == 0, most
    printed = "\n".join([*err, *more, *most])
    assert "\x1b" not in printed and "\x07" not in printed
    assert "odd\\x1b[31m\\x07\\nname" in printed
