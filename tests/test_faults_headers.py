"""A header's keys beyond the format's own are kept as they are, whatever they are named
(recordings/README.md): no name the writer uses for something else can break a copy."""

from __future__ import annotations

import json

import pytest
from support.library import cli

# Names of the writer's own parameters, and one of no meaning anywhere.
KEYS = ["result", "path", "moves", "judgements", "times", "batch", "kept", "timed", "extra"]


def _with_key(path, key):
    lines = path.read_text().splitlines(True)
    header = json.loads(lines[0])
    header[key] = {"from": "elsewhere"}
    lines[0] = json.dumps(header) + "\n"
    path.write_text("".join(lines))


@pytest.fixture
def recording(tmp_path, capsys):
    path = tmp_path / "in" / "game.jsonl"
    path.parent.mkdir()
    assert cli(capsys, "record", "loops", "--capacity", "3", "--seed", "2", "-o", path)[0] == 0
    return path


@pytest.mark.parametrize("key", KEYS)
def test_analyze_o_keeps_any_extra_header_key(tmp_path, capsys, recording, key):
    _with_key(recording, key)
    judged = tmp_path / "judged.jsonl"
    code, _, err = cli(capsys, "analyze", recording, "-o", judged)
    assert code == 0, err
    assert json.loads(judged.read_text().splitlines()[0])[key] == {"from": "elsewhere"}
    # The judged copy exports with its judgements, the key still passed by.
    code, _, err = cli(capsys, "export", judged, "--annotate", "--svg", tmp_path / "a.svg")
    assert code == 0, err


@pytest.mark.parametrize("key", KEYS)
def test_one_such_recording_among_several_is_copied_with_the_rest(tmp_path, capsys, recording, key):
    other = recording.with_name("other.jsonl")
    other.write_bytes(recording.read_bytes())
    _with_key(recording, key)
    out = tmp_path / "out"
    code, _, err = cli(capsys, "analyze", recording.parent, "-o", out)
    assert code == 0, err
    assert sorted(path.name for path in out.iterdir()) == ["game.jsonl", "other.jsonl"]
    assert json.loads((out / "game.jsonl").read_text().splitlines()[0])[key] == {
        "from": "elsewhere"
    }
