"""`oddsevens analyze` of many recordings or a folder: a summary line a recording and
player, as a table or JSON Lines, annotated copies into a folder, a bad recording one
line while the rest are judged, the status then 2; the same for one worker and two."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from viz.cli import main

ESTIMATED = ["--trials", "64"]  # quick playouts where the exact search does not reach


def _record(path: Path, *argv: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    assert main(["record", *argv, "-o", str(path)]) == 0


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """Three recordings (a solved Load board, a Load board estimated until its last 9
    picks, Odds and Evens in a folder below), a recording bad at line 3, and a file
    that is no recording."""
    games = tmp_path_factory.mktemp("bulk") / "games"
    _record(games / "a.jsonl", "load", "--rows", "3", "--cols", "3", "--seed", "1")
    _record(games / "b.jsonl", "load", "--rows", "3", "--cols", "4", "--load", "4", "--seed", "5")
    _record(games / "sub" / "c.jsonl", "loops", "--capacity", "5", "--seed", "3")
    header = (games / "a.jsonl").read_text().splitlines()[0]
    (games / "sub" / "bad.jsonl").write_text(
        f'{header}\n{{"player": 1, "cell": 2}}\n{{"player": 2, "cell": 99}}\n'
    )
    (games / "notes.txt").write_text("not a recording\n")
    return games


SEATS = {"a.jsonl": (1, 2), "b.jsonl": (1, 2), "sub/c.jsonl": (0, 1)}  # Load, Load, loops
GOOD = list(SEATS)  # in the order the folder is walked
BAD_LINE = "sub/bad.jsonl:3: cell 99 is not on the board (0 to 8)"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(["analyze", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def alone(capsys, path: Path) -> list[dict]:
    """The player lines of `analyze --json` of one recording."""
    status, out, _err = run(capsys, str(path), "--json", *ESTIMATED, "--workers", "1")
    assert status == 0
    return [row for row in map(json.loads, out.splitlines()) if "turn" not in row]


def test_a_folder_is_judged_but_its_bad_recording_which_is_one_line(folder, capsys):
    status, out, err = run(capsys, str(folder), *ESTIMATED, "--workers", "1")
    assert status == 2
    assert err == f"oddsevens: {folder}/{BAD_LINE}\n"
    lines = out.splitlines()
    assert lines[0] == "Each player's accuracy and glyphs in 3 recordings"
    assert lines[1] == (
        "| recording | game | player | moves | accuracy | ?? blunders | ? mistakes "
        "| ?! inaccuracies | ! only moves |"
    )
    rows = [line.split(" | ") for line in lines[3:]]
    assert [(row[0], row[1], row[2]) for row in rows] == [
        (f"| {folder}/a.jsonl", "Load", "Red"),
        (f"| {folder}/a.jsonl", "Load", "Green"),
        (f"| {folder}/b.jsonl", "Load", "Red"),
        (f"| {folder}/b.jsonl", "Load", "Green"),
        (f"| {folder}/sub/c.jsonl", "Odds and Evens", "Blue"),
        (f"| {folder}/sub/c.jsonl", "Odds and Evens", "Gold"),
    ]
    # every move a player chose is judged: the recording's events of that player
    events = [_events_of(folder / name, seat) for name, seats in SEATS.items() for seat in seats]
    assert [int(row[3]) for row in rows] == events
    assert events[:2] == [9, 9]  # a 3x3 board, filled


def _events_of(path: Path, player: int) -> int:
    return sum(
        json.loads(line).get("player") == player for line in path.read_text().splitlines()[1:]
    )


@pytest.mark.slow  # judges every recording of the folder again
def test_json_has_a_line_a_recording_and_player_as_each_alone_has(folder, capsys):
    status, out, _err = run(capsys, str(folder), "--json", *ESTIMATED, "--workers", "1")
    assert status == 2
    rows = [json.loads(line) for line in out.splitlines()]
    assert all(list(row)[:3] == ["file", "game", "player"] for row in rows)
    expected = [
        {"file": str(folder / name), "game": game} | player
        for name, game in zip(GOOD, ["load", "load", "loops"], strict=True)
        for player in alone(capsys, folder / name)
    ]
    assert rows == expected


def test_recordings_named_one_by_one_are_judged_in_that_order(folder, capsys):
    named = [str(folder / "sub" / "c.jsonl"), str(folder / "a.jsonl")]
    status, out, err = run(capsys, *named, "--json")
    assert (status, err) == (0, "")
    assert [json.loads(line)["file"] for line in out.splitlines()] == [
        named[0],
        named[0],
        named[1],
        named[1],
    ]


def test_a_recording_named_and_found_in_a_folder_is_judged_once(folder, capsys):
    named = [str(folder / "sub" / "c.jsonl"), str(folder / "sub")]
    status, out, _err = run(capsys, *named, "--json")
    assert status == 2  # the folder holds the bad recording too
    assert [json.loads(line)["file"] for line in out.splitlines()] == [named[0], named[0]]


def test_o_writes_an_annotated_copy_of_each_good_recording_under_its_name(folder, tmp_path, capsys):
    out_dir = tmp_path / "judged"
    status, _out, err = run(capsys, str(folder), *ESTIMATED, "--workers", "1", "-o", str(out_dir))
    assert status == 2
    written = sorted(str(p.relative_to(out_dir)) for p in out_dir.rglob("*") if p.is_file())
    assert written == GOOD  # no copy of the bad one, no temporary left
    assert err.splitlines()[1:] == [str(out_dir / name) for name in GOOD]
    for name in GOOD:  # each the very file `analyze FILE -o` writes
        single = tmp_path / "single.jsonl"
        argv = [str(folder / name), *ESTIMATED, "--workers", "1", "-o", str(single)]
        assert run(capsys, *argv)[0] == 0
        assert (out_dir / name).read_bytes() == single.read_bytes()


@pytest.mark.slow  # judges every recording of the folder again
def test_one_worker_and_two_judge_alike(folder, tmp_path, capsys):
    outputs = []
    for workers in ("1", "2"):
        out_dir = tmp_path / workers
        argv = [str(folder), "--json", *ESTIMATED, "--workers", workers, "-o", str(out_dir)]
        status, out, _err = run(capsys, *argv)
        assert status == 2
        outputs.append((out, [(out_dir / name).read_bytes() for name in GOOD]))
    assert outputs[0] == outputs[1]
    assert any(json.loads(line)["file"].endswith("b.jsonl") for line in outputs[0][0].splitlines())


@pytest.mark.slow  # judges every recording of the folder again
def test_a_copy_that_cannot_be_written_leaves_no_copy_at_all(folder, tmp_path, capsys):
    out_dir = tmp_path / "judged"
    (out_dir / "b.jsonl").mkdir(parents=True)  # where b's copy would go
    status, _out, err = run(
        capsys, str(folder / "a.jsonl"), str(folder / "b.jsonl"), *ESTIMATED, "-o", str(out_dir)
    )
    assert status == 2
    assert err == f"oddsevens: {out_dir}/b.jsonl: is a directory\n"
    assert sorted(p.name for p in out_dir.iterdir()) == ["b.jsonl"]  # a's copy never landed


def test_two_recordings_of_one_name_are_refused_before_any_is_judged(folder, tmp_path, capsys):
    other = tmp_path / "other"
    other.mkdir()
    (other / "a.jsonl").write_bytes((folder / "a.jsonl").read_bytes())
    out_dir = tmp_path / "judged"
    named = [str(folder / "a.jsonl"), str(other / "a.jsonl")]
    status, out, err = run(capsys, *named, "-o", str(out_dir))
    assert (status, out) == (2, "")
    assert err == (
        f"oddsevens: {out_dir}/a.jsonl: both {named[0]} and {named[1]} would be written here\n"
    )
    assert not out_dir.exists()


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (
            ["--plot", "chart.svg"],
            "analyze: --plot draws one recording's chart: name one recording",
        ),
        (["-o", "{file}"], "{file}: is not a folder: -o names a folder for several"),
    ],
)
def test_options_for_one_recording_are_one_line_with_several(folder, tmp_path, capsys, extra, says):
    file = tmp_path / "taken.jsonl"
    file.write_text("")
    argv = [str(folder / "a.jsonl"), str(folder / "b.jsonl")]
    status, out, err = run(capsys, *argv, *[arg.format(file=file) for arg in extra])
    assert (status, out) == (2, "")
    assert err == f"oddsevens: {says.format(file=file)}\n"
    assert file.read_text() == ""


def test_a_reading_another_game_lacks_is_that_recordings_line(folder, capsys):
    named = [str(folder / "a.jsonl"), str(folder / "sub" / "c.jsonl")]
    status, out, err = run(capsys, *named, "--versus", "random", "--json")
    assert status == 2
    assert err == (f"oddsevens: {named[1]}: --versus: Odds and Evens is judged versus perfect\n")
    assert {json.loads(line)["file"] for line in out.splitlines()} == {named[0]}


def test_max_seconds_says_how_many_recordings_were_judged(folder, capsys):
    status, out, err = run(
        capsys,
        str(folder / "a.jsonl"),
        str(folder / "b.jsonl"),
        "--max-seconds",
        "0",
        "--workers",
        "1",
    )
    assert (status, out) == (0, "")
    assert err == "oddsevens: analyze: --max-seconds 0 reached: 0 of 2 recordings judged\n"
