"""Ctrl-C, a killed parent and a dying worker: one line, no file, no process left."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.outputs import ROOT, cli, listing
from support.processes import alive, children, outlived, sweep_workers

from viz.export.gif_parts import gif_part
from viz.files import load_replay
from viz.outputs import TEMP_MARK

# The sweep is one cell of minutes: it shows progress only when a cell is done, and on a
# loaded machine the Ctrl-C may come seconds in. Its 10,000 chunks take about 0.3 s to
# hand out, so the Ctrl-C lands now there, now while they are worked on.
INTERRUPTIBLE = {
    "export": ["export", "{rec}", "--gif", "{dir}/a.gif", "--size", "3000"],
    "export mp4": ["export", "{rec}", "--mp4", "{dir}/a.mp4", "--size", "1920"],
    "export in parts": ["export", "{rec}", "--gif", "{dir}/a.gif", "--size", "3000"],
    "demo": ["demo", "--out", "{dir}/demo"],
    "sweep": ["sweep", "loops", "--capacity=9", "--flips=4", "--trials=100000000", "--workers=2"],
    "validate": ["validate", "{rec}"],
}
SLOW_VALIDATE = (
    "import sys, time, viz.files as f; "  # the command reads through viz.files as it runs
    "f.load_replay = lambda path: print('reading', flush=True) or time.sleep(60); "
    "from viz.cli import main; raise SystemExit(main(sys.argv[1:]))"
)
IN_PARTS = (  # the GIF drawn in parts of 3 frames or more by two processes, on any machine,
    # its large frames (slow enough to interrupt) shared out too
    "import os, sys, viz.export.gif_parts as e; e.FRAMES_PER_PROCESS, e.SMALLEST_PART = 10, 3; "
    "e.LARGEST_SHARED_FRAME = 10**9; os.cpu_count = lambda: 2; "
    "from viz.cli import main; raise SystemExit(main(sys.argv[1:]))"
)


def _started(command: str, folder: Path, process: subprocess.Popen[str]) -> bool:
    """Whether the command is under way (on a loaded machine Python may take seconds to
    start, and a Ctrl-C before the program runs is Python's, not ours)."""
    if command == "sweep":
        return len(sweep_workers(process.pid)) >= 2
    if command == "export in parts" and not sweep_workers(process.pid):
        return False
    if command == "validate":
        assert process.stdout is not None
        return process.stdout.readline() == "reading\n"
    return any(TEMP_MARK in path.name for path in folder.rglob("*"))


# A local run interrupts an MP4 export (a write, with ffmpeg under it) and a sweep's
# workers; the slow tests (CI) add the GIF export, alone and in parts, the demo and a read.
SLOW_TO_INTERRUPT = ("export", "export in parts", "demo", "validate")


@pytest.mark.parametrize(
    "command",
    [
        pytest.param(c, marks=pytest.mark.slow) if c in SLOW_TO_INTERRUPT else c
        for c in INTERRUPTIBLE
    ],
)
def test_ctrl_c_ends_any_command_and_its_children_in_one_line(tmp_path, long_game, command):
    import signal
    import time

    argv = [a.format(rec=long_game, dir=tmp_path) for a in INTERRUPTIBLE[command]]
    code = "import sys; from viz.cli import main; raise SystemExit(main(sys.argv[1:]))"
    if command == "validate":  # reading is too quick to interrupt: make it slow
        code = SLOW_VALIDATE
    if command == "export in parts":
        code = IN_PARTS
    before = listing(tmp_path)
    process = subprocess.Popen(
        [sys.executable, "-c", code, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        start_new_session=True,  # a terminal's Ctrl-C goes to the whole process group
    )
    deadline = time.monotonic() + 30
    while not _started(command, tmp_path, process) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)
    workers, everyone = sweep_workers(process.pid), children(process.pid)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130 and err == "oddsevens: interrupted\n", err
    assert outlived(everyone) == []
    assert listing(tmp_path) == before
    assert command != "sweep" or len(workers) == 2
    assert command != "export in parts" or len(workers) == 1


@pytest.mark.parametrize("how", [pytest.param("SIGTERM", marks=pytest.mark.slow), "SIGKILL"])
def test_sweep_workers_end_when_the_parent_dies(tmp_path, how):
    import signal
    import time

    process = subprocess.Popen(
        [sys.executable, "-m", "viz", "sweep", "loops", "--trials", "5000000", "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 20
        while len(sweep_workers(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(sweep_workers(process.pid)) == 2
        everyone = children(process.pid)  # the workers, and the executor's helpers
        before = listing(tmp_path)
        process.send_signal(getattr(signal, how))
        process.communicate(timeout=10)
        assert outlived(everyone) == []
        ended = {"SIGTERM": 128 + signal.SIGTERM, "SIGKILL": -signal.SIGKILL}  # as Ctrl-C
        assert process.returncode == ended[how]
        assert listing(tmp_path) == before
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, 9)


PARENT = "ODDSEVENS_TEST_PARENT"  # the pid of the process whose workers draw parts


def broken_part(clip, share, delays):
    """A part that fails in a worker (and only there)."""
    if os.getpid() != int(os.environ[PARENT]):
        raise ValueError("this part cannot be drawn")
    return gif_part(clip, share, delays)


def dying_part(clip, share, delays):
    """A worker killed in the middle of its part, as the out-of-memory killer ends one."""
    import signal

    if os.getpid() != int(os.environ[PARENT]):
        os.kill(os.getpid(), signal.SIGKILL)
    return gif_part(clip, share, delays)


@pytest.fixture
def in_parts(monkeypatch):
    """A GIF drawn in parts of 3 frames or more by two processes, whatever the machine;
    each part made by `part`, given."""
    from viz.export import gif_parts

    monkeypatch.setattr(gif_parts, "FRAMES_PER_PROCESS", 10)
    monkeypatch.setattr(gif_parts, "SMALLEST_PART", 3)
    monkeypatch.setattr(gif_parts.os, "cpu_count", lambda: 2)
    monkeypatch.setenv(PARENT, str(os.getpid()))
    return lambda part: monkeypatch.setattr(gif_parts, "gif_part", part)


def _workers_left(others: list[int]) -> list[int]:
    """This process's children still running that were not there before the export."""
    return [pid for pid in sweep_workers(os.getpid()) if pid not in others and alive(pid)]


def test_a_part_that_fails_in_a_worker_fails_the_export_and_leaves_nothing(
    tmp_path, long_game, in_parts
):
    from viz.export.clip import Clip
    from viz.export.engine import export_clip

    in_parts(broken_part)
    others = children(os.getpid())  # a browser another test of this process opened
    before = listing(tmp_path)
    with pytest.raises(ValueError, match="^this part cannot be drawn$"):
        export_clip(Clip(load_replay(long_game), 300), {"gif": tmp_path / "a.gif"})
    assert listing(tmp_path) == before
    assert _workers_left(others) == []


def test_a_worker_killed_mid_part_is_one_line_and_no_file(tmp_path, long_game, capsys, in_parts):
    in_parts(dying_part)
    others = children(os.getpid())
    capsys.readouterr()
    before = listing(tmp_path)
    code, out, err = cli(capsys, "export", long_game, "--gif", tmp_path / "a.gif")
    assert code == 1 and out == "" and len(err) == 1
    assert err[0].startswith("oddsevens: a worker process ended mid-work: ")
    assert listing(tmp_path) == before
    assert _workers_left(others) == []


# From the program's first moment to its workers at work: the Ctrl-C lands while Python
# starts, while the command imports what it needs, while the workers start, or after.
CTRL_C_AFTER_S = [0.05 * step for step in range(20)]


def test_ctrl_c_at_any_moment_of_a_sweeps_start_ends_it_in_one_line(tmp_path):
    import signal
    import time

    from support.depth import cases
    from test_fuzz_commands import _before_our_first_line

    sweep = ["sweep", "loops", "--capacity=9", "--flips=4", "--trials=100000000", "--workers=2"]
    for later_s in CTRL_C_AFTER_S[:: 20 // cases(full=20, quick=4)]:
        process = subprocess.Popen(
            [sys.executable, "-m", "viz", *sweep],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=tmp_path,
            start_new_session=True,
        )
        time.sleep(later_s)
        everyone = children(process.pid)
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=60)  # a stop that is lost is a hang
        ended = (process.returncode, err)
        # killed outright before the program's own handlers are set, or stopped by them
        assert ended in ((-signal.SIGINT, ""), (130, "oddsevens: interrupted\n")) or (
            _before_our_first_line(err)
        ), (later_s, ended)
        assert outlived(everyone) == []
        assert listing(tmp_path) == []
