"""The one sweep runner: rows in cell order however the work is spread, JSON Lines, and a
prompt stop that leaves no worker behind."""

from __future__ import annotations

import json
import multiprocessing
import operator
import os
import signal
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from games.analysis import Method
from viz.cli import main
from viz.sweeps.runner import IN_PROCESS, Sweep, Workers, json_lines, run
from viz.system import WorkerLost


def _times_six(cell: int, found: list[int]) -> int:
    return sum(found)


# Cell c is split into the chunks c*1, c*2, c*3, so its row is 6c.
SIX = Sweep[int, int, int](
    lambda cell: [(cell, k) for k in (1, 2, 3)], operator.mul, _times_six, str
)


@pytest.mark.parametrize("workers", [0, 1, 2])
def test_rows_come_in_cell_order_for_any_number_of_workers(workers):
    assert run(SIX, [5, 1, 3], Workers(workers)) == [30, 6, 18]


@dataclass(frozen=True)
class Row:
    cell: int
    rate: float | None


def test_rows_print_as_one_json_object_a_line():
    text = json_lines([Row(1, 0.5), Row(2, None)])
    assert [json.loads(line) for line in text.split("\n")] == [
        {"cell": 1, "rate": 0.5},
        {"cell": 2, "rate": None},
    ]


def _say_then_sleep(started: str, seconds: float) -> None:
    Path(started).touch()
    time.sleep(seconds)


def test_an_interrupt_ends_the_workers_at_once(tmp_path):
    finished: list[int] = []  # cells whose 30 s of work came back: none, if cut short
    started = tmp_path / "started"
    slow = Sweep[int, None, None](
        lambda cell: [(str(started), 30)],
        _say_then_sleep,
        lambda cell, _: finished.append(cell),
        str,
    )

    def ctrl_c_once_working() -> None:  # as a person would: once the work is under way
        while not started.exists():
            time.sleep(0.01)
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=ctrl_c_once_working, daemon=True).start()
    with pytest.raises(KeyboardInterrupt):
        run(slow, [1, 2, 3, 4], Workers(2))
    assert finished == []
    assert multiprocessing.active_children() == []


def _die(*_work: object) -> None:
    os.kill(os.getpid(), signal.SIGKILL)  # as the system's out-of-memory killer ends one


def test_a_worker_killed_mid_cell_is_one_error_naming_it():
    dying = Sweep[int, None, None](lambda cell: [(cell,)], _die, lambda cell, _: None, str)
    with pytest.raises(WorkerLost, match="^a worker process ended mid-work: ") as lost:
        run(dying, [1, 2], Workers(2))
    assert "\n" not in str(lost.value)
    assert multiprocessing.active_children() == []


def test_the_command_line_says_a_killed_worker_in_one_line_and_exits_1(monkeypatch, capsys):
    import viz.sweeps.loops as loops_sweep

    monkeypatch.setattr(loops_sweep, "monte_carlo_chunk", _die)
    argv = ["sweep", "loops", "--capacity", "3", "--flips", "0", "--trials", "10"]
    assert main([*argv, "--workers", "2"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("oddsevens: a worker process ended mid-work: ") and err.count("\n") == 1


def test_a_run_whose_time_is_up_ends_with_the_rows_it_has():
    from viz.analysis.moves import analyze
    from viz.files import load_replay
    from viz.sweeps.runner import time_up_after

    replay = load_replay(Path(__file__).resolve().parents[1] / "recordings" / "loops-sample.jsonl")
    ticks = iter(range(10**6))  # a clock that moves one second each time it is read
    time_up = time_up_after(3, clock=lambda: next(ticks))
    judged = analyze(replay, Method(trials=2), 0, IN_PROCESS, time_up)
    everything = analyze(replay, Method(trials=2), 0, IN_PROCESS)
    # read at 0 to set the deadline at 3, then before each move: at 1 and 2 a move is
    # judged, at 3 the time is up
    assert judged == everything[:2] and len(everything) == 10
    assert time_up_after(None)() is False


def test_analyze_says_in_one_line_that_it_stopped_at_max_seconds(tmp_path, capsys):
    from viz.cli import main

    recording = tmp_path / "game.jsonl"
    assert main(["record", "tiles", "--players", "3", "--seed", "1", "-o", str(recording)]) == 0
    capsys.readouterr()
    assert main(["analyze", str(recording), "--max-seconds", "0", "--workers", "1"]) == 0
    err = capsys.readouterr().err
    assert err.endswith("oddsevens: analyze: --max-seconds 0 reached: 0 of 116 moves judged\n")
