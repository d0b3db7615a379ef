"""Sweeps and analyses within bounds: a range is checked against the rules before any
game is listed, and no more workers start than there are chunks to share out or cores."""

from __future__ import annotations

import resource
import subprocess
import sys

import pytest

import viz.sweeps.runner as runner
import viz.workers as workers
from viz.cli import main
from viz.sweeps.runner import most_workers

CODE = "import sys; from viz.cli import main; raise SystemExit(main(sys.argv[1:]))"
MEMORY = 1 << 30  # far more than a refusal needs, far less than listing the games


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["loops", "--capacity", "1-1000000000000"], "capacity must be from 1 to 12"),
        (["loops", "--flips", "0-99999999999"], "flips must be from 0 to 5"),
        (["load", "--rows", "1-100000", "--cols", "1-100000"], "rows must be from 1 to 20"),
        (["load", "--load", "3-1000000000"], "load must be from 3 to 8"),
    ],
)
def test_a_range_past_the_rules_is_one_line_before_anything_is_built(argv, says):
    done = subprocess.run(
        [sys.executable, "-c", CODE, "sweep", *argv],
        capture_output=True,
        text=True,
        preexec_fn=_limited,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.startswith(f"oddsevens: {says}") and done.stderr.count("\n") == 1


def test_workers_are_no_more_than_the_chunks_nor_the_cores(monkeypatch):
    monkeypatch.setattr(runner.os, "cpu_count", lambda: 2)
    assert most_workers(256, 1) == 1
    assert most_workers(256, 100) == 2
    assert most_workers(1, 100) == 1


def test_a_sweep_asked_for_256_workers_starts_one_for_its_one_chunk(monkeypatch, capsys):
    started = []

    class Counted(workers.ProcessPoolExecutor):
        def __init__(self, max_workers: int, **options: object) -> None:
            started.append(max_workers)
            super().__init__(max_workers, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(workers, "ProcessPoolExecutor", Counted)
    argv = ["sweep", "loops", "--capacity", "3", "--flips", "0", "--trials", "10"]
    assert main([*argv, "--workers", "256"]) == 0
    assert started == [1]
