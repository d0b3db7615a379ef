"""Sweeps and analysis on a Dask cluster (`--scheduler`): a local cluster of two worker
processes, started here on 127.0.0.1, gives the same JSON, row for row, as one process
and as two on this machine; a scheduler that does not answer is one line."""

from __future__ import annotations

import json
import socket

import pytest

from viz.cli import main
from viz.sweeps.runner import SCHEDULER_VARIABLE

distributed = pytest.importorskip("distributed")

SWEEP = ["sweep", "load", "--rows", "3", "--cols", "3-4", "--load", "3", "--trials", "1200"]
SWEEP += ["--seed", "4", "--json"]


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    ) as local:
        yield local.scheduler_address


def output(capsys, argv: list[str]) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


@pytest.mark.slow
def test_a_sweep_on_a_cluster_is_the_same_row_for_row(capsys, cluster):
    one = output(capsys, [*SWEEP, "--workers", "1"])
    two = output(capsys, [*SWEEP, "--workers", "2"])
    on_cluster = output(capsys, [*SWEEP, "--scheduler", cluster])
    assert one == two == on_cluster
    assert len(one.splitlines()) == 2


@pytest.mark.slow
def test_a_precision_sweep_on_a_cluster_plays_the_same_games(capsys, cluster):
    argv = ["sweep", "load", "--rows", "3", "--cols", "3", "--load", "4-7", "--seed", "4"]
    argv += ["--precision", "0.008", "--json"]
    one = output(capsys, [*argv, "--workers", "1"])
    assert output(capsys, [*argv, "--scheduler", cluster]) == one
    trials = [json.loads(line)["trials"] for line in one.splitlines()]
    assert len(set(trials)) > 1  # cells that took different rounds


@pytest.mark.slow
def test_the_scheduler_may_be_named_in_the_environment(capsys, cluster, monkeypatch):
    options = ["sweep", "loops", "--trials", "3000", "--capacity", "7", "--flips", "2", "--json"]
    here = output(capsys, options)
    monkeypatch.setenv(SCHEDULER_VARIABLE, cluster)
    assert output(capsys, options) == here
    rows = [json.loads(line) for line in here.splitlines()]
    assert rows[0]["trials"] == 3000


@pytest.mark.slow
def test_an_analysis_on_a_cluster_judges_alike(capsys, cluster, tmp_path):
    recording = tmp_path / "game.jsonl"
    output(capsys, ["record", "load", "--rows", "3", "--cols", "3", "-o", str(recording)])
    argv = ["analyze", str(recording), "--estimate", "--json", "--trials", "128"]
    here = output(capsys, [*argv, "--workers", "2"])
    assert output(capsys, [*argv, "--scheduler", cluster]) == here
    assert len(here.splitlines()) >= 9  # every pick judged, and a line per player


@pytest.mark.slow
def test_a_bulk_analysis_on_a_cluster_judges_alike(capsys, cluster, tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    for seed in ("1", "2"):
        board = ["--rows", "3", "--cols", "4", "--load", "4", "--seed", seed]
        output(capsys, ["record", "load", *board, "-o", str(games / f"{seed}.jsonl")])
    argv = ["analyze", str(games), "--json", "--trials", "64"]
    here = output(capsys, [*argv, "--workers", "2"])
    assert output(capsys, [*argv, "--scheduler", cluster]) == here
    assert len(here.splitlines()) == 4  # two recordings, two players each


@pytest.mark.slow  # the client waits CONNECT_TIMEOUT_S for an answer
def test_a_scheduler_that_does_not_answer_is_one_line(capsys):
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]  # closed again before the sweep asks
    assert main([*SWEEP, "--scheduler", f"tcp://127.0.0.1:{port}"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"no Dask scheduler answers at tcp://127.0.0.1:{port}" in err


def test_exact_sweeps_refuse_a_scheduler(capsys):
    argv = ["sweep", "load", "--rows", "2", "--cols", "3", "--load", "3", "--exact"]
    assert main([*argv, "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    assert "--scheduler" in capsys.readouterr().err
