"""The recording format: reading, replay, and every kind of bad input."""

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.depth import examples
from support.samples import FULL_LOAD_GAME
from support.timed import timed_load_game

from games.recording import RecordingError, parse
from viz.cli import main
from viz.files import load_replay

SAMPLE = Path(__file__).resolve().parents[1] / "recordings" / "load-sample.jsonl"
HEADER = {
    "format": "oddsevens-recording",
    "version": 1,
    "game": "load",
    "rules": {"rows": 1, "cols": 2, "load": 3},
    "seed": None,
}
FULL_GAME = [
    {"player": 1, "cell": 0},
    {"player": 2, "pass": True},
    {"player": 1, "cell": 1},
    {"player": 2, "pass": True},
]


def write(tmp_path, lines, name="rec.jsonl", tail="\n"):
    path = tmp_path / name
    text = "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines)
    path.write_text(text + tail if lines else "")
    return path


def validate_json(path, capsys):
    code = main(["validate", str(path), "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_a_finished_game_validates(tmp_path, capsys):
    path = write(tmp_path, [HEADER, *FULL_GAME, {"result": {"winner": 2, "stage": 2}}])
    assert validate_json(path, capsys) == (
        0,
        {"ok": True, "game": "load", "turns": 4, "winner": 2, "stage": 2},
    )


def test_an_unfinished_game_has_no_winner(tmp_path, capsys):
    path = write(tmp_path, [HEADER, *FULL_GAME[:2]])
    code, report = validate_json(path, capsys)
    assert code == 0 and report["winner"] is None and report["turns"] == 2


def test_the_shipped_sample_and_the_49_stage_game_validate(capsys):
    code, report = validate_json(SAMPLE, capsys)
    assert code == 0 and report["winner"] in (1, 2)
    assert validate_json(FULL_LOAD_GAME, capsys) == (
        0,
        {"ok": True, "game": "load", "turns": 98, "winner": 2, "stage": 49},
    )


BAD = {
    "not JSON": ([HEADER, "{player: 1}"], 2, "not valid JSON"),
    "not an object": ([HEADER, "[1, 2]"], 2, "JSON object"),
    "wrong format": ([{**HEADER, "format": "other"}], 1, "header"),
    "wrong version": ([{**HEADER, "version": 3}], 1, "unsupported version 3"),
    "unknown game": ([{**HEADER, "game": "chess"}], 1, "unknown game"),
    "bad rules": ([{**HEADER, "rules": {"rows": 99}}], 1, "rows"),
    "illegal pick": (
        [HEADER, FULL_GAME[0], FULL_GAME[1], {"player": 1, "cell": 0}],
        4,
        "already picked",
    ),
    "cell off the board": ([HEADER, {"player": 1, "cell": 7}], 2, "not on the board"),
    "malformed event": ([HEADER, {"player": 3, "cell": 0}], 2, "not a Load event"),
    "player not a number": ([HEADER, {"player": True, "cell": 0}], 2, "not a Load event"),
    "event after the end": ([HEADER, *FULL_GAME, {"player": 1, "cell": 0}], 6, "ended"),
    "result disagrees": (
        [HEADER, *FULL_GAME, {"result": {"winner": 1, "stage": 2}}],
        6,
        "disagrees",
    ),
    "result too early": (
        [HEADER, FULL_GAME[0], {"result": {"winner": 2, "stage": 2}}],
        3,
        "not over",
    ),
    "line after result": (
        [HEADER, *FULL_GAME, {"result": {"winner": 2, "stage": 2}}, FULL_GAME[0]],
        7,
        "follow",
    ),
    "huge line": ([HEADER, {"player": 1, "cell": 0, "pad": "x" * 5000}], 2, "longer"),
    "nested 1,000 deep": ([HEADER, "[" * 1000 + "]" * 1000], 2, "nested deeper than 16"),
    "game not a name": ([{**HEADER, "game": []}], 1, "unknown game"),
    "version true": ([{**HEADER, "version": True}], 1, "unsupported version True"),
    "result with true and 2.0": (
        [HEADER, *FULL_GAME, {"result": {"winner": True, "stage": 2.0}}],
        6,
        "disagrees",
    ),
    "duplicate keys": ([HEADER, '{"player": 1, "cell": 0, "cell": 3}'], 2, "'cell' appears twice"),
    "NaN": ([HEADER, '{"player": 1, "cell": NaN}'], 2, "NaN is not a number JSON allows"),
    "blank line": ([HEADER, "", FULL_GAME[0]], 2, "blank line"),
    "byte-order mark": (["\ufeff" + json.dumps(HEADER)], 1, "byte-order mark"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_recordings_name_the_line_and_reason(tmp_path, capsys, case):
    lines, line, reason = BAD[case]
    path = write(tmp_path, lines)
    code, report = validate_json(path, capsys)
    assert code == 2 and report["ok"] is False
    assert report["line"] == line and reason in report["error"]
    assert main(["validate", str(path)]) == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith(f"oddsevens: {path}:{line}: ") and "\n" not in error


TIMED = {**HEADER, "version": 2}


def timed(times, events=FULL_GAME):
    return [TIMED, *({**event, "ms": ms} for event, ms in zip(events, times, strict=False))]


def test_a_timed_recording_reads_each_events_time(tmp_path):
    path = write(tmp_path, [*timed([0, 1520, 1520, 98_000]), {"result": {"winner": 2, "stage": 2}}])
    replay = load_replay(path)
    assert replay.times == [0, 1520, 1520, 98_000] and len(replay.moves) == 4


def test_a_version_2_recording_may_hold_no_times_and_version_1_reads_as_before(tmp_path):
    assert load_replay(write(tmp_path, [TIMED, *FULL_GAME])).times == []
    old = load_replay(SAMPLE)
    assert old.header["version"] == 1 and old.times == [] and len(old.moves) > 10


def test_a_recording_is_written_at_the_lowest_version_that_holds_it(tmp_path):
    untimed = tmp_path / "untimed.jsonl"
    assert main(["record", "load", "--seed", "1", "-o", str(untimed)]) == 0

    def version(text):
        return json.loads(text.partition("\n")[0])["version"]

    assert version(untimed.read_text()) == 1 and version(timed_load_game()) == 2


BAD_TIMES = {
    "negative": (timed([0, -5]), 3, "from 0 to 2592000000, not -5"),
    "a fraction": (timed([0, 12.5]), 3, "whole number of milliseconds"),
    "a string": (timed(["12"]), 2, "whole number of milliseconds"),
    "true": (timed([True]), 2, "not True"),
    "over thirty days": (timed([0, 2_592_000_001]), 3, "from 0 to 2592000000"),
    "going back": (timed([0, 900, 899]), 4, "time 899 ms is earlier than the 900 ms above"),
    "missing after times": (
        [*timed([0, 10]), FULL_GAME[2]],
        4,
        "no time ('ms') where the events above have one",
    ),
    "after events without": (
        [TIMED, FULL_GAME[0], {**FULL_GAME[1], "ms": 10}],
        3,
        "a time ('ms') where the events above have none",
    ),
    "in a version 1 recording": ([HEADER, {**FULL_GAME[0], "ms": 10}], 2, "not a Load event"),
}


@pytest.mark.parametrize("case", sorted(BAD_TIMES))
def test_bad_times_are_refused_in_one_line_naming_the_file_and_line(tmp_path, capsys, case):
    lines, line, reason = BAD_TIMES[case]
    path = write(tmp_path, lines)
    assert main(["validate", str(path)]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"oddsevens: {path}:{line}: ") and error.count("\n") == 1
    assert reason in error


@settings(max_examples=examples(1))
@given(st.lists(st.integers(0, 5000), min_size=4, max_size=4), st.integers(0, 3))
def test_times_read_back_when_they_never_go_back_and_are_refused_where_they_do(gaps, back):
    times = [1 + sum(gaps[: k + 1]) for k in range(4)]  # the earliest is 1 ms: one less is 0
    assert parse([json.dumps(line) for line in timed(times)]).times == times
    if back and gaps[back]:  # the event `back` goes earlier than the one above it
        times[back] = times[back - 1] - 1
        with pytest.raises(RecordingError) as refused:
            parse([json.dumps(line) for line in timed(times)])
        assert refused.value.line == back + 2 and "earlier" in refused.value.reason


def test_an_empty_file_is_an_error(tmp_path, capsys):
    path = write(tmp_path, [])
    assert main(["validate", str(path)]) == 2
    assert "empty recording" in capsys.readouterr().err


def test_a_missing_file_is_an_error(tmp_path, capsys):
    assert main(["validate", str(tmp_path / "nope.jsonl")]) == 2
    assert "nope.jsonl" in capsys.readouterr().err


def test_a_truncated_last_line_is_reported_and_ignored(tmp_path, capsys):
    path = write(tmp_path, [HEADER, *FULL_GAME[:3], '{"player": 2, "pa'], tail="")
    assert main(["validate", str(path), "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["turns"] == 3
    assert "line 5: truncated last line ignored" in captured.err


def test_record_writes_a_finished_game_that_validates(tmp_path, capsys):
    out = tmp_path / "game.jsonl"
    assert (
        main(["record", "load", "--seed", "7", "--rows", "5", "--cols", "6", "-o", str(out)]) == 0
    )
    header = json.loads(out.read_text().splitlines()[0])
    assert header["seed"] == 7 and header["rules"] == {"rows": 5, "cols": 6, "load": 6}
    capsys.readouterr()
    code, report = validate_json(out, capsys)
    assert code == 0 and report["winner"] in (1, 2)
    again = tmp_path / "again.jsonl"
    main(["record", "load", "--seed", "7", "--rows", "5", "--cols", "6", "-o", str(again)])
    assert again.read_text() == out.read_text()


def test_record_with_bad_rules_writes_nothing(tmp_path, capsys):
    out = tmp_path / "game.jsonl"
    assert main(["record", "load", "--load", "12", "-o", str(out)]) == 2
    assert "load must be from 3 to 8" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_validate_prints_a_plain_summary_naming_players_as_the_game_does(capsys):
    assert main(["validate", str(SAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "valid load game" in out and out.rstrip().endswith(("Red won", "Green won"))


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 60)
    | st.floats(allow_nan=False)
    | st.sampled_from(["left", "right", "red-7", "blue", "purple-10", "x"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "player",
                    "cell",
                    "pass",
                    "load",
                    "place",
                    "flip",
                    "tile",
                    "color",
                    "deal",
                    "removed",
                    "result",
                ]
            ),
            inner,
            max_size=3,
        )
    ),
    max_leaves=12,
)
HEADERS = [
    {**HEADER, "rules": {"rows": 3, "cols": 3, "load": 3}},
    {"format": "oddsevens-recording", "version": 1, "game": "loops", "rules": {}, "seed": 1},
    {
        "format": "oddsevens-recording",
        "version": 1,
        "game": "tiles",
        "rules": {"players": 3},
        "seed": 1,
    },
]


@settings(max_examples=examples(1.5))
@given(st.sampled_from(HEADERS), st.lists(json_values, max_size=6))
def test_untrusted_events_raise_only_recording_errors(header, events):
    lines = [json.dumps(header) + "\n"] + [json.dumps(e) + "\n" for e in events]
    try:
        replay = parse(lines)
    except RecordingError as error:
        assert 1 <= error.line <= len(lines)
    else:
        assert len(replay.moves) <= len(events)


def test_a_tile_named_with_a_superscript_digit_is_refused(tmp_path, capsys):
    header = {
        "format": "oddsevens-recording",
        "version": 1,
        "game": "tiles",
        "rules": {"players": 3, "leader": 0},
        "seed": 1,
    }
    path = write(tmp_path, [header, {"player": 0, "tile": "red-\u00b2"}])
    assert main(["validate", str(path)]) == 2
    assert "tile" in capsys.readouterr().err


def test_line_separators_inside_strings_are_text_not_line_breaks(tmp_path, capsys):
    text = json.dumps({**HEADER, "note": "a\u2028b\u2029c\u0085d"}, ensure_ascii=False)
    path = tmp_path / "rec.jsonl"
    path.write_text(text + "\r\n" + json.dumps(FULL_GAME[0]) + "\r\n", encoding="utf-8")
    code, report = validate_json(path, capsys)
    assert code == 0 and report["turns"] == 1


def test_bad_bytes_name_their_line(tmp_path, capsys):
    path = tmp_path / "rec.jsonl"
    path.write_bytes(json.dumps(HEADER).encode() + b"\n" + b'{"player": 1, "cell": "\xff"}\n')
    assert main(["validate", str(path)]) == 2
    assert capsys.readouterr().err.strip() == f"oddsevens: {path}:2: not UTF-8 text"


def test_only_regular_files_are_read(tmp_path, capsys):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert main(["validate", str(fifo)]) == 2  # at once: no wait for a writer
    assert capsys.readouterr().err.strip() == f"oddsevens: {fifo}: is a FIFO, not a regular file"
    assert main(["validate", "/dev/zero"]) == 2
    assert "not a regular file" in capsys.readouterr().err


def test_a_file_larger_than_the_limit_is_refused_on_line_1(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("viz.files.MAX_FILE_BYTES", 100)
    path = write(tmp_path, [HEADER, *FULL_GAME])
    assert main(["validate", str(path)]) == 2
    assert capsys.readouterr().err.strip() == f"oddsevens: {path}:1: larger than 100 bytes"
