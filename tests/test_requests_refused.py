"""Requests a command refuses before it writes anything, each in one line."""

from __future__ import annotations

import pytest
from support.outputs import cli, listing

from viz.cli import main
from viz.files import load_replay

REFUSED_EXPORTS = {
    "the same output twice": (
        ["--apng", "{dir}/y.png", "--png", "{dir}/y.png", "--turn", "2"],
        "oddsevens: {dir}/y.png: named by both --apng and --png",
    ),
    "a turn without a PNG": (
        ["--gif", "{dir}/a.gif", "--turn", "2"],
        "oddsevens: --turn pictures one turn as --png F.png; name the PNG too",
    ),
    "an MP4 wider than 1920": (
        ["--mp4", "{dir}/a.mp4", "--size", "4000"],
        "oddsevens: --mp4 is made at most 1920 px wide: --size 4000",
    ),
}


@pytest.mark.parametrize("request_", REFUSED_EXPORTS)
def test_an_export_that_cannot_be_made_is_refused_in_one_line(tmp_path, game, capsys, request_):
    options, says = REFUSED_EXPORTS[request_]
    capsys.readouterr()
    before = listing(tmp_path)
    code, out, err = cli(capsys, "export", game, *(o.format(dir=tmp_path) for o in options))
    assert code == 2 and out == ""
    assert err == [says.format(dir=tmp_path)]
    assert listing(tmp_path) == before


def test_an_output_over_the_recording_is_refused(tmp_path, capsys):
    recording = tmp_path / "game.html"
    assert main(["record", "load", "--seed", "4", "-o", str(recording)]) == 0
    capsys.readouterr()
    before = listing(tmp_path)
    code, _, err = cli(capsys, "export", recording, "--html", recording)
    assert code == 2 and len(err) == 1 and "named by both the recording and --html" in err[0]
    assert listing(tmp_path) == before


def test_a_truncated_recording_exports_with_one_warning(tmp_path, game, capsys):
    text = game.read_text()
    game.write_text(text[: text.rindex("\n", 0, len(text) - 1) + 1] + '{"player": 1, "ce')
    capsys.readouterr()
    before = listing(tmp_path)
    code, _, err = cli(capsys, "export", game, "--gif", tmp_path / "a.gif")
    assert code == 0 and len(err) == 1
    assert err[0].startswith(f"{game}: warning: ") and "truncated" in err[0]
    assert listing(tmp_path) == sorted([*before, "a.gif"])
    assert load_replay(game).warnings


@pytest.mark.parametrize(
    ("size", "says"),
    [
        ("99999999999999999999x1", "at most 16384 pixels a side"),
        ("100000x100000", "at most 16384 pixels a side"),
        ("16000x16000", "is larger than the screen"),
    ],
)
def test_a_window_larger_than_the_screen_is_one_line(tmp_path, capsys, monkeypatch, size, says):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.chdir(tmp_path)
    before = listing(tmp_path)
    code, out, err = cli(capsys, "watch", "--window", size)
    assert code == 2 and out == "" and len(err) == 1 and says in err[0]
    assert listing(tmp_path) == before
