"""The smaller faults: a line of exactly the longest length, a settings file that
cannot be read, paths printed escaped by every command, and an MP4's long hold."""

from __future__ import annotations

import json
import os

import pytest
from support.library import cli
from support.timed import PAUSES_MS, timed_load_game

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


HOUR_MS = 3_600_000


@pytest.mark.parametrize(
    ("options", "pauses_ms", "shown_ms"),
    [
        # the start and 14 turns, 20 ms each, the last held ten minutes more
        (["--frame-ms", "20", "--hold-ms", "600000"], PAUSES_MS, [20] * 14 + [600_020]),
        # each picture shown for the pause before the next move, ten times slower, the
        # hour cut to ten minutes first (100 min at a tenth of the speed); the end held 2 s
        (
            ["--realtime", "--idle-limit", "600", "--speed", "0.1"],
            [700, 700, HOUR_MS, 705, 5] + [700] * 9,
            [7000, 7000, 6_000_000, 7050, 50] + [7000] * 9 + [2000],
        ),
    ],
)
def test_a_long_hold_in_an_mp4_is_one_frame_shown_for_its_time(
    tmp_path, capsys, options, pauses_ms, shown_ms
):
    from support.video import frame_times_ms

    recording = tmp_path / "timed.jsonl"
    recording.write_text(timed_load_game(pauses_ms))
    video = tmp_path / "game.mp4"
    assert cli(capsys, "export", recording, "--mp4", video, *options)[0] == 0
    starts = [sum(shown_ms[:turn]) for turn in range(len(shown_ms))]
    assert frame_times_ms(video) == list(zip(starts, shown_ms, strict=True))


def test_each_games_rules_are_kept_with_the_settings_and_bad_ones_refused(tmp_path):
    path = tmp_path / "settings.json"
    settings = Settings.load(path)
    assert settings.rules == {} and settings.set_rules("load", {"rows": 4, "cols": 6}) is None
    assert Settings.load(path).rules == {"load": {"rows": 4, "cols": 6}}
    for bad in ('["load"]', '{"load": {"rows": "4"}}', '{"load": {"rows": true}}'):
        path.write_text(f'{{"motion": "reduced", "rules": {bad}}}')
        kept = Settings.load(path)
        assert kept.rules == {} and kept.motion == "on" and "unreadable settings" in kept.problem


def test_a_windows_options_not_given_are_the_rules_last_chosen():
    from argparse import Namespace

    from viz.cli.common import rules_from_args

    def chosen(remembered, **given):
        args = Namespace(**({"rows": None, "cols": None, "load": None} | given))
        rules = rules_from_args("load", args, remembered)
        return rules.rows, rules.cols, rules.load

    assert chosen(None) == (5, 5, 6)  # the defaults
    assert chosen({"rows": 4, "cols": 6, "load": 7}) == (4, 6, 7)
    assert chosen({"rows": 4, "cols": 6, "load": 7}, load=3) == (4, 6, 3)
    # kept rules that make no game (a file edited by hand) give way to the defaults;
    # another game's names are passed over
    assert chosen({"rows": 1000, "cols": 6}, load=3) == (5, 5, 3)
    assert chosen({"capacity": 3, "cols": 6}) == (5, 6, 6)
