"""The commands that tie everything together: demo, export and python -m viz."""

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image

from games import REGISTRY
from viz.cli import main
from viz.files import load_replay


def test_demo_records_and_exports_every_game_with_no_display(tmp_path, capsys):
    assert main(["demo", "--out", str(tmp_path)]) == 0
    printed = capsys.readouterr().out.split()
    names = sorted(path.name for path in tmp_path.iterdir())
    games = sorted(REGISTRY)  # the product's three and the tests' own
    assert "sums" in games and len(games) == 4
    assert names == [f"{game}.{kind}" for game in games for kind in ("gif", "jsonl", "svg")]
    assert sorted(printed) == sorted(str(tmp_path / name) for name in names)
    for game in games:
        turns = load_replay(tmp_path / f"{game}.jsonl").final().turns
        with Image.open(tmp_path / f"{game}.gif") as gif:
            assert gif.n_frames == turns + 1
        root = ET.parse(tmp_path / f"{game}.svg").getroot()
        assert root.get("data-frames") == str(turns + 1)


def test_export_writes_both_files_beside_the_recording(tmp_path, capsys):
    recording = tmp_path / "game.jsonl"
    assert main(["record", "loops", "--seed", "3", "-o", str(recording)]) == 0
    assert main(["export", str(recording), "--frame-ms", "300", "--hold-ms", "900"]) == 0
    root = ET.parse(tmp_path / "game.svg").getroot()
    assert (root.get("data-frame-ms"), root.get("data-hold-ms")) == ("300", "900")
    with Image.open(tmp_path / "game.gif") as gif:
        assert gif.info["duration"] == 300


def test_export_of_one_format_writes_only_that(tmp_path):
    recording = tmp_path / "game.jsonl"
    main(["record", "load", "--seed", "3", "-o", str(recording)])
    assert main(["export", str(recording), "--svg", str(tmp_path / "only.svg")]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl", "only.svg"]


def test_a_failed_export_leaves_no_file(tmp_path, capsys):
    recording = tmp_path / "bad.jsonl"
    recording.write_text(
        '{"format": "oddsevens-recording", "version": 1, "game": "load", '
        '"rules": {}, "seed": null}\n{"player": 2, "pass": true}\n'
    )
    assert main(["export", str(recording)]) == 2
    assert f"{recording}:2: it is player 1's turn" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["bad.jsonl"]


def test_bad_timeline_options_are_refused(tmp_path, capsys):
    recording = tmp_path / "game.jsonl"
    main(["record", "load", "--seed", "3", "-o", str(recording)])
    assert main(["export", str(recording), "--frame-ms", "10"]) == 2
    error = capsys.readouterr().err
    assert "not from 20 to 60000" in error and error.count("\n") == 1
    assert error.startswith("oddsevens: ")


def test_python_dash_m_viz_is_the_same_command(tmp_path):
    recording = tmp_path / "game.jsonl"
    main(["record", "load", "--seed", "2", "-o", str(recording)])
    done = subprocess.run(
        [sys.executable, "-m", "viz", "validate", str(recording), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout)["ok"] is True


@pytest.mark.parametrize("watch", [["watch"], ["watch", "load"]])
def test_a_window_without_a_display_is_a_one_line_error(tmp_path, watch):
    env = {**os.environ, "SDL_VIDEODRIVER": "no-such-driver"}
    done = subprocess.run(
        [sys.executable, "-m", "viz", *watch, "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("oddsevens: cannot open a window")
    assert len(done.stderr.strip().splitlines()) == 1 and done.stdout == ""


def test_record_can_choose_who_plays_each_seat(tmp_path, capsys):
    out = tmp_path / "duel.jsonl"
    assert main(["record", "loops", "--by", "hard", "random", "--seed", "1", "-o", str(out)]) == 0
    replay = load_replay(out)
    assert replay.header["players"] == ["hard", "random"]
    assert replay.final().result() is not None
    assert main(["record", "loops", "--by", "hard", "easy", "medium", "-o", str(out)]) == 2
    assert "3 players for 2 seats" in capsys.readouterr().err


def test_chosen_players_decide_the_games(tmp_path):
    hard_first = 0
    for seed in range(30):
        out = tmp_path / f"{seed}.jsonl"
        main(
            [
                "record",
                "loops",
                "--first",
                "1",
                "--by",
                "hard",
                "random",
                "--seed",
                str(seed),
                "-o",
                str(out),
            ]
        )
        hard_first += load_replay(out).final().result()["winner"] == 0
    assert hard_first == 30  # Hard moves second, the side perfect play favours


def test_record_refuses_a_player_in_a_seat_it_cannot_hold(tmp_path, capsys):
    out = tmp_path / "x.jsonl"
    assert main(["record", "load", "--by", "balanced-green", "random-red", "-o", str(out)]) == 2
    error = capsys.readouterr().err
    assert error == "oddsevens: --by: balanced-green cannot play seat 1 (it plays seat 2)\n"
    assert not out.exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["record", "loops", "-o", "{out}", "--verbose"],
        ["record", "--verbose", "loops", "-o", "{out}"],
        ["sweep", "loops", "--capacity", "3", "--trials", "10", "--verbose"],
        ["validate", "{sample}", "--verbose"],
    ],
)
def test_verbose_is_taken_after_any_command_as_the_readme_says(argv, tmp_path, capsys):
    sample = Path(__file__).resolve().parents[1] / "recordings" / "loops-sample.jsonl"
    args = [a.format(out=tmp_path / "r.jsonl", sample=sample) for a in argv]
    assert main(args) == 0
    assert capsys.readouterr().err.count("unrecognized") == 0


def test_a_size_too_small_for_legible_text_is_widened_and_said(tmp_path, capsys):
    sample = Path(__file__).resolve().parents[1] / "recordings" / "load-sample.jsonl"
    gif = tmp_path / "small.gif"
    assert main(["export", str(sample), "--gif", str(gif), "--size", "160"]) == 0
    err = capsys.readouterr().err
    width = Image.open(gif).size[0]
    assert width > 160
    said = f"--size 160: drawn {width} px wide, the narrowest at which its text stays legible"
    assert err == f"oddsevens: {said}\n"
    assert main(["export", str(sample), "--gif", str(gif), "--size", "600"]) == 0
    assert capsys.readouterr().err == ""


def test_the_command_line_loads_no_numpy_and_no_worker_pool_until_a_command_needs_them():
    code = "import sys, viz.cli; print(sorted({'numpy', 'loky'} & set(sys.modules)))"
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert found.stdout.strip() == "[]", found.stderr
