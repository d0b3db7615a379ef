"""A sweep's memory is bounded by the work in flight, not by the trials asked: chunks go
out as workers free up, and a stop is heard at once however many are still to come."""

from __future__ import annotations

import contextlib
import operator
import os
import signal
import subprocess
import sys
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from games.load.sweep import CHUNK
from viz.sweeps.runner import Sweep, Workers, run

ROOT = Path(__file__).resolve().parents[1]


class CountingExecutor(ThreadPoolExecutor):
    """Threads that count how many chunks were out (handed over, not yet done) at once."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.out = self.most_out = self.handed = 0
        self._lock = threading.Lock()

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        with self._lock:
            self.out += 1
            self.handed += 1
            self.most_out = max(self.most_out, self.out)
        future = super().submit(fn, *args, **kwargs)
        future.add_done_callback(self._done)
        return future

    def _done(self, _future: Future[Any]) -> None:
        with self._lock:
            self.out -= 1


@pytest.fixture
def counted(monkeypatch):
    made: list[CountingExecutor] = []

    @contextlib.contextmanager
    def threads(count: int):
        executor = CountingExecutor(count)
        made.append(executor)
        with executor:
            yield executor

    monkeypatch.setattr("viz.sweeps.runner.worker_processes", threads)
    monkeypatch.setattr("viz.sweeps.runner.stop_now", lambda executor: None)
    return made


def _chunks_of(cell: int) -> list[tuple[int, int]]:
    return [(cell, k) for k in range(cell)]


def _more(cell: int, found: list[int]) -> list[tuple[int, int]]:
    """A second round as long as the first, then no more."""
    return [(cell, k) for k in range(cell)] if len(found) == cell else []


@pytest.mark.parametrize("chunks", [10, 1_000, 20_000])
def test_chunks_out_at_once_do_not_grow_with_the_chunks_asked(counted, chunks):
    sweep = Sweep[int, int, int](_chunks_of, operator.mul, lambda cell, found: sum(found), str)
    cells = [chunks, 3, chunks]
    rows = run(sweep, cells, Workers(2))
    assert rows == [sum(cell * k for k in range(cell)) for cell in cells]
    (executor,) = counted
    assert executor.handed == sum(cells)
    assert executor.most_out <= 4  # two a worker: one at work, one waiting


def test_the_next_round_of_a_cell_goes_out_as_its_last_comes_in(counted):
    sweep = Sweep[int, int, int](
        _chunks_of, operator.mul, lambda cell, found: len(found), str, more=_more
    )
    assert run(sweep, [500, 7, 500], Workers(2)) == [1000, 14, 1000]
    assert counted[0].most_out <= 4


def _resident_peak_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise AssertionError("no VmHWM")


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _descendants(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as children:
        found = [int(child) for child in children.read().split()]
    return found + [grandchild for child in found for grandchild in _descendants(child)]


def _workers_cpu_seconds(pid: int) -> float:
    """The CPU time the processes `pid` started have spent: the sweep's games."""
    spent = 0.0
    for child in _descendants(pid):
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):
            spent += _cpu_seconds(child)
    return spent


@pytest.mark.parametrize("trials", [10 * CHUNK, 100_000_000])
def test_a_sweep_of_any_trials_stays_small_and_stops_at_ctrl_c(trials):
    """The default sweep's main process once its workers have played two seconds of games
    (counted in CPU time, not on the wall clock): its memory is the same for 20,000 games a
    cell and for 100 million, and Ctrl-C ends it at once with one line."""
    sweep = subprocess.Popen(
        [sys.executable, "-m", "viz", "sweep", "load", "--trials", str(trials), "--workers", "2"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        while sweep.poll() is None and _workers_cpu_seconds(sweep.pid) < 2.0:
            threading.Event().wait(0.05)
        if sweep.poll() is None:
            peak_mb = _resident_peak_kb(sweep.pid) / 1024
            sweep.send_signal(signal.SIGINT)
            out, err = sweep.communicate(timeout=10)
            assert sweep.returncode == 128 + signal.SIGINT
            assert err.splitlines() == ["oddsevens: interrupted"]
            assert peak_mb < 200, f"{peak_mb:.0f} MB"
        else:
            assert trials == 10 * CHUNK and sweep.returncode == 0  # done within 2 s of games
    finally:
        if sweep.poll() is None:
            sweep.kill()
            sweep.wait()
