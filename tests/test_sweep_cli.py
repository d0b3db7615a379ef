"""`oddsevens sweep loops`: the table, JSON Lines, Monte Carlo, progress and the chart."""

import json
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from viz.cli import main
from viz.sweeps.runner import Progress


def sweep_json(capsys, *options):
    assert main(["sweep", "loops", "--json", *options]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_exact_json_has_the_documented_keys(capsys):
    rows = sweep_json(capsys, "--exact", "--capacity", "4-7", "--flips", "2")
    assert [r["capacity"] for r in rows] == [4, 5, 6, 7]
    assert set(rows[0]) == {
        "capacity",
        "flips",
        "first_mover_win_rate",
        "perfect_play_winner",
        "trials",
    }
    assert rows[0]["trials"] is None
    assert 0.14 <= rows[0]["first_mover_win_rate"] <= 0.15
    assert {r["perfect_play_winner"] for r in rows} <= {"first", "second"}


def test_monte_carlo_is_seeded_and_the_same_for_any_worker_count(capsys):
    options = ("--trials", "25000", "--capacity", "7", "--flips", "2", "--seed", "9")
    one = sweep_json(capsys, *options, "--workers", "1")
    two = sweep_json(capsys, *options, "--workers", "2")
    assert one == two
    assert abs(one[0]["first_mover_win_rate"] - 0.486) < 0.01


def test_the_table_is_printed_as_markdown(capsys):
    assert main(["sweep", "loops", "--exact", "--capacity", "7", "--flips", "2"]) == 0
    assert "| 7 | 2 | 48.60\u00a0% | second |" in capsys.readouterr().out


@pytest.mark.parametrize("suffix", [".svg", ".png"])
def test_plot_draws_the_chart(tmp_path, capsys, suffix):
    chart = tmp_path / f"chart{suffix}"
    assert (
        main(
            [
                "sweep",
                "loops",
                "--exact",
                "--capacity",
                "3-9",
                "--flips",
                "1-3",
                "--plot",
                str(chart),
            ]
        )
        == 0
    )
    if suffix == ".svg":
        root = ET.parse(chart).getroot()
        ids = {e.get("id") for e in root.iter()}
        assert {"series-1", "series-2", "series-3", "fair"} <= ids
    else:
        with Image.open(chart) as image:
            assert image.size == (640, 420)


def test_bad_options_are_one_line_errors(tmp_path, capsys):
    assert main(["sweep", "loops", "--exact", "--capacity", "3-13"]) == 2
    assert "capacity must be from 1 to 12" in capsys.readouterr().err
    assert main(["sweep", "loops", "--exact", "--plot", str(tmp_path / "c.txt")]) == 2
    assert not (tmp_path / "c.txt").exists()


def test_progress_appears_only_after_a_moment(capsys):
    now = [0.0]
    progress = Progress(3, clock=lambda: now[0], terminal=True)
    progress.step("quick")
    assert capsys.readouterr().err == ""
    now[0] = 2.0
    progress.step("slow")
    progress.close()
    assert "sweep: 2/3 slow" in capsys.readouterr().err


def test_progress_blanks_what_a_longer_label_left(capsys):
    now = [0.0]
    progress = Progress(2, clock=lambda: now[0], name="analyze", terminal=True)
    now[0] = 2.0
    progress.step("games/long.jsonl")
    progress.step("b.jsonl")
    progress.close()
    first, second = "analyze: 1/2 games/long.jsonl", "analyze: 2/2 b.jsonl"
    assert capsys.readouterr().err == f"\r{first}\r{second}{' ' * 9}\n"
    assert len(first) - len(second) == 9


def test_progress_is_never_written_to_a_log_or_a_pipe(capsys):
    now = [0.0]
    progress = Progress(3, clock=lambda: now[0])  # pytest's standard error is no terminal
    now[0] = 2.0
    progress.step("slow")
    progress.close()
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    "extra",
    [
        ["--plot", "x.svg"],
        ["--by", "random-red", "balanced-green"],
        ["--seed", "3"],
        ["--workers", "1"],
    ],
)
def test_an_option_the_exact_search_has_no_use_for_is_refused(extra, capsys):
    assert (
        main(["sweep", "load", "--rows", "2", "--cols", "3", "--load", "3", "--exact", *extra]) == 2
    )
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"--exact takes no {extra[0]}" in err


@pytest.mark.parametrize("extra", [["--seed", "3"], ["--workers", "1"]])
def test_the_exact_odds_and_evens_sweep_refuses_what_it_has_no_use_for(extra, capsys):
    assert main(["sweep", "loops", "--capacity", "3", "--flips", "0", "--exact", *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"sweep loops: --exact takes no {extra[0]}" in err
