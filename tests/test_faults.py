"""Issue 23: nothing lost, nothing left, nothing replaced, one line each.

Every test asserts the exit status, exactly one line on standard error (or none, for a
success that has nothing to say), and the folder's listing before and after."""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest
from support.processes import alive, children, sweep_workers

from viz.cli import main
from viz.export.engine import gif_part
from viz.files import TEMP_MARK, Outputs, load_replay

ROOT = Path(__file__).resolve().parents[1]


def listing(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


def cli(capsys, *argv: str) -> tuple[int, str, list[str]]:
    code = main([str(arg) for arg in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err.splitlines()


@pytest.fixture
def game(tmp_path):
    """A short game (a 3x3 board): these tests are about files and messages, and a short
    game exports in a third of the time."""
    recording = tmp_path / "game.jsonl"
    record = ["record", "load", "--rows", "3", "--cols", "3", "--seed", "4"]
    assert main([*record, "-o", str(recording)]) == 0
    return recording


@pytest.fixture
def long_game(tmp_path):
    """A game on the default 7x7 board, whose export takes long enough to interrupt."""
    recording = tmp_path / "game.jsonl"
    assert main(["record", "load", "--seed", "4", "-o", str(recording)]) == 0
    return recording


# --- 2. an output that is not a regular file is refused; a replaced file keeps its mode


@pytest.mark.parametrize("kind", ["device", "fifo", "symlink", "dangling symlink"])
def test_an_output_that_is_not_a_regular_file_is_refused(tmp_path, game, capsys, kind):
    capsys.readouterr()
    target = tmp_path / "out.gif"
    if kind == "device":
        if os.geteuid() != 0:
            pytest.skip("making a device node needs root")
        os.mknod(target, stat.S_IFCHR | 0o600, os.makedev(1, 3))  # as /dev/null
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "symlink":
        (tmp_path / "real.gif").write_bytes(b"real")
        target.symlink_to("real.gif")
    else:
        target.symlink_to("nowhere.gif")
    before = listing(tmp_path)
    code, out, err = cli(capsys, "export", game, "--gif", target, "--svg", tmp_path / "ok.svg")
    assert code == 2 and out == ""
    assert len(err) == 1 and err[0].startswith(f"oddsevens: {target}: ")
    assert listing(tmp_path) == before
    assert os.path.islink(target) or not stat.S_ISREG(os.lstat(target).st_mode)
    if kind == "symlink":
        assert (tmp_path / "real.gif").read_bytes() == b"real"


def test_a_recording_to_standard_output_writes_no_file(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    before = listing(tmp_path)
    code, out, err = cli(capsys, "record", "loops", "--seed", "2", "-o", "-")
    assert code == 0 and err == [] and listing(tmp_path) == before
    (tmp_path / "copy.jsonl").write_text(out)
    assert main(["record", "loops", "--seed", "2", "-o", str(tmp_path / "file.jsonl")]) == 0
    assert out == (tmp_path / "file.jsonl").read_text()


def test_replacing_a_file_keeps_its_mode_and_a_new_file_gets_the_umask(tmp_path, game, capsys):
    capsys.readouterr()
    old = tmp_path / "game.gif"
    old.write_bytes(b"old")
    old.chmod(0o600)
    before = listing(tmp_path)
    code, out, err = cli(capsys, "export", game, "--gif", old, "--svg", tmp_path / "new.svg")
    assert code == 0 and err == [] and out.split() == [str(old), str(tmp_path / "new.svg")]
    assert listing(tmp_path) == sorted([*before, "new.svg"])
    assert stat.S_IMODE(old.stat().st_mode) == 0o600 and old.read_bytes() != b"old"
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new.svg").stat().st_mode) == 0o666 & ~umask


# --- 3. temporaries are locked while their run lives; commit failures are one line

HOLDER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from viz.files import Outputs
    batch = Outputs()
    temp = batch.claim(Path(sys.argv[1]))
    temp.write_text("being written")
    print(temp, flush=True)
    sys.stdin.readline()  # the test says when
    batch.commit()
    print("committed", flush=True)
    """
)


def _holder(command: list[str], target: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*command, sys.executable, "-c", HOLDER, str(target)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


@pytest.mark.parametrize("namespace", ["same", "other pid namespace"])
def test_a_live_runs_temporary_is_never_cleaned_up(tmp_path, game, capsys, namespace):
    command: list[str] = []
    if namespace != "same":
        unshare = shutil.which("unshare")
        if unshare is None or subprocess.run([unshare, "-p", "-f", "true"]).returncode != 0:
            pytest.skip("no unshare, or no right to make a PID namespace")
        command = [unshare, "-p", "-f"]
    capsys.readouterr()
    holder = _holder(command, tmp_path / "theirs.gif")
    try:
        assert holder.stdout is not None
        temp = Path(holder.stdout.readline().strip())
        assert temp.exists() and TEMP_MARK in temp.name
        before = listing(tmp_path)
        code, _, err = cli(capsys, "export", game, "--gif", tmp_path / "mine.gif")
        assert code == 0 and err == []
        assert listing(tmp_path) == sorted([*before, "mine.gif"])  # theirs untouched
        holder.stdin.write("go\n")  # type: ignore[union-attr]
        holder.stdin.flush()  # type: ignore[union-attr]
        assert holder.stdout.readline().strip() == "committed"
    finally:
        holder.kill()
        holder.wait()
    assert (tmp_path / "theirs.gif").read_text() == "being written"
    assert not any(TEMP_MARK in name for name in listing(tmp_path))


def test_an_unlocked_temporary_of_a_live_pid_is_a_killed_runs_and_goes(tmp_path, game, capsys):
    capsys.readouterr()
    stale = tmp_path / f".a.gif{TEMP_MARK}{os.getpid()}-xyz.part"
    stale.write_bytes(b"left by a killed run whose pid now names another process")
    before = listing(tmp_path)
    code, _, err = cli(capsys, "export", game, "--gif", tmp_path / "a.gif")
    assert code == 0 and err == []
    assert listing(tmp_path) == sorted([*(set(before) - {stale.name}), "a.gif"])


@pytest.mark.parametrize("fault", ["fsync", "chmod", "temporary deleted", "rename"])
def test_every_commit_failure_is_one_line_naming_the_target(
    tmp_path, game, capsys, monkeypatch, fault
):
    capsys.readouterr()
    before = listing(tmp_path)
    real = {"fsync": os.fsync, "chmod": os.chmod, "replace": os.replace}

    def broken(*args, **kwargs):
        raise OSError(5, "Input/output error")

    if fault == "fsync":
        monkeypatch.setattr(os, "fsync", broken)
    elif fault == "chmod":
        monkeypatch.setattr(os, "chmod", broken)
    elif fault == "rename":
        monkeypatch.setattr(os, "replace", broken)
    else:
        original = Outputs.commit

        def vanish(self):
            for temp, _ in self.pending:
                temp.unlink()
            return original(self)

        monkeypatch.setattr(Outputs, "commit", vanish)
    code, out, err = cli(capsys, "export", game, "--gif", tmp_path / "a.gif")
    monkeypatch.undo()
    assert real["fsync"] is os.fsync
    assert code == 2 and out == "" and len(err) == 1
    assert err[0].startswith(f"oddsevens: {tmp_path / 'a.gif'}: ")
    assert listing(tmp_path) == before


# --- 6. requests are checked


def test_the_same_output_twice_is_refused(tmp_path, game, capsys):
    capsys.readouterr()
    before = listing(tmp_path)
    y = tmp_path / "y.png"
    code, out, err = cli(capsys, "export", game, "--apng", y, "--png", y, "--turn", "2")
    assert code == 2 and out == ""
    assert err == [f"oddsevens: {y}: named by both --apng and --png"]
    assert listing(tmp_path) == before


def test_an_output_over_the_recording_is_refused(tmp_path, capsys):
    recording = tmp_path / "game.html"
    assert main(["record", "load", "--seed", "4", "-o", str(recording)]) == 0
    capsys.readouterr()
    before = listing(tmp_path)
    code, _, err = cli(capsys, "export", recording, "--html", recording)
    assert code == 2 and len(err) == 1 and "named by both the recording and --html" in err[0]
    assert listing(tmp_path) == before


def test_turn_without_png_is_refused(tmp_path, game, capsys):
    capsys.readouterr()
    before = listing(tmp_path)
    code, out, err = cli(capsys, "export", game, "--gif", tmp_path / "a.gif", "--turn", "2")
    assert code == 2 and out == ""
    assert err == ["oddsevens: --turn pictures one turn as --png F.png; name the PNG too"]
    assert listing(tmp_path) == before


def test_a_truncated_recording_exports_with_one_warning(tmp_path, game, capsys):
    text = game.read_text()
    game.write_text(text[: text.rindex("\n", 0, len(text) - 1) + 1] + '{"player": 1, "ce')
    capsys.readouterr()
    before = listing(tmp_path)
    code, _, err = cli(capsys, "export", game, "--gif", tmp_path / "a.gif")
    assert code == 0 and len(err) == 1
    assert err[0].startswith(f"{game}: warning: ") and "truncated" in err[0]
    assert listing(tmp_path) == sorted([*before, "a.gif"])
    assert load_replay(game).warnings


def test_a_failing_command_makes_no_folders(tmp_path, game, capsys):
    capsys.readouterr()
    before = listing(tmp_path)
    code, out, err = cli(
        capsys,
        "export",
        game,
        "--gif",
        tmp_path / "new" / "deeper" / "a.gif",
        "--svg",
        game / "x.svg",
    )
    assert code == 2 and out == ""
    deeper = tmp_path / "new" / "deeper"
    assert err == [f"oddsevens: {deeper / 'a.gif'}: no such folder: {deeper}"]  # made none
    assert listing(tmp_path) == before


def test_locks_are_released_after_commit(tmp_path):
    batch = Outputs()
    temp = batch.claim(tmp_path / "a.txt")
    temp.write_text("x")
    with open(temp, "rb") as handle, pytest.raises(BlockingIOError):
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    batch.commit()
    with open(tmp_path / "a.txt", "rb") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    assert listing(tmp_path) == ["a.txt"]


# --- 5. one line for everything

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
    "import os, sys, viz.export.engine as e; e.FRAMES_PER_PROCESS, e.SMALLEST_PART = 10, 3; "
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
def test_ctrl_c_ends_any_command_within_a_second_in_one_line(tmp_path, long_game, command):
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
    deadline = time.monotonic() + 0.5  # its children are gone within half a second
    while any(alive(pid) for pid in everyone) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not [pid for pid in everyone if alive(pid)]
    assert listing(tmp_path) == before
    assert command != "sweep" or len(workers) == 2
    assert command != "export in parts" or len(workers) == 1


@pytest.mark.parametrize("how", [pytest.param("SIGTERM", marks=pytest.mark.slow), "SIGKILL"])
def test_sweep_workers_end_within_2_s_when_the_parent_dies(tmp_path, how):
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
        deadline = time.monotonic() + 2
        while any(alive(pid) for pid in everyone) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [pid for pid in everyone if alive(pid)]
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
    from viz.export import engine

    monkeypatch.setattr(engine, "FRAMES_PER_PROCESS", 10)
    monkeypatch.setattr(engine, "SMALLEST_PART", 3)
    monkeypatch.setattr(engine.os, "cpu_count", lambda: 2)
    monkeypatch.setenv(PARENT, str(os.getpid()))
    return lambda part: monkeypatch.setattr(engine, "gif_part", part)


def test_a_part_that_fails_in_a_worker_fails_the_export_and_leaves_nothing(
    tmp_path, long_game, in_parts
):
    from viz.export.engine import Clip, export_clip

    in_parts(broken_part)
    before = listing(tmp_path)
    with pytest.raises(ValueError, match="^this part cannot be drawn$"):
        export_clip(Clip(load_replay(long_game), 300), {"gif": tmp_path / "a.gif"})
    assert listing(tmp_path) == before
    assert not [pid for pid in sweep_workers(os.getpid()) if alive(pid)]


def test_a_worker_killed_mid_part_is_one_line_and_no_file(tmp_path, long_game, capsys, in_parts):
    in_parts(dying_part)
    capsys.readouterr()
    before = listing(tmp_path)
    code, out, err = cli(capsys, "export", long_game, "--gif", tmp_path / "a.gif")
    assert code == 1 and out == "" and len(err) == 1
    assert err[0].startswith("oddsevens: a worker process ended mid-work: ")
    assert listing(tmp_path) == before
    assert not [pid for pid in sweep_workers(os.getpid()) if alive(pid)]


def test_a_failed_mp4_is_one_line_naming_the_file(tmp_path, game, capsys, monkeypatch):
    from viz.export import engine

    monkeypatch.setattr(engine, "MP4_OPTIONS", [*engine.MP4_OPTIONS, "-crf", "bogus"])
    private = tmp_path.parent / f"{tmp_path.name}-tmp"
    private.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private))  # where ffmpeg's log goes
    capsys.readouterr()
    before = listing(tmp_path)
    code, out, err = cli(capsys, "export", game, "--mp4", tmp_path / "a.mp4")
    assert code == 2 and out == "" and len(err) == 1
    assert err[0].startswith(f"oddsevens: {tmp_path / 'a.mp4'}: ffmpeg failed: ")
    assert listing(tmp_path) == before
    assert listing(private) == []


@pytest.mark.parametrize(
    "argv",
    [["--verbose", "export"], ["export", "--verbose"]],
    ids=["before the command", "after it"],
)
def test_verbose_keeps_ffmpegs_log_below_the_one_line(tmp_path, game, capsys, monkeypatch, argv):
    from viz.export import engine

    monkeypatch.setattr(engine, "MP4_OPTIONS", [*engine.MP4_OPTIONS, "-crf", "bogus"])
    private = tmp_path.parent / f"{tmp_path.name}-tmp"
    private.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private))
    capsys.readouterr()
    before = listing(tmp_path)
    mp4 = ["--mp4", tmp_path / "a.mp4", "--size", "417"]  # the narrowest legible
    code, out, quiet = cli(capsys, "export", game, *mp4)
    assert code == 2 and out == "" and len(quiet) == 1
    code, out, err = cli(capsys, *argv, game, *mp4)
    assert code == 2 and out == ""
    assert err[0] == quiet[0] and len(err) > 10  # the same line, then ffmpeg's log
    log = err[1:]
    assert log[0] == "Command line:" and "ffmpeg" in log[1] and "bogus" in log[1]
    assert any('Unable to parse "crf" option value "bogus"' in line for line in log)
    assert quiet[0].endswith(log[-1])  # the one line is the log's last error
    assert not any("[error]" in line or "[info]" in line for line in log)  # ffmpeg's words
    assert all(line.isprintable() for line in err)
    assert listing(tmp_path) == before and listing(private) == []


@pytest.mark.parametrize(
    "name", [b"caf\xe9.gif", b"new\nline.gif", b"\x1b[31mred.gif"], ids=["latin-1", "nl", "esc"]
)
def test_file_names_are_printed_escaped(tmp_path, game, capsys, name):
    capsys.readouterr()
    target = Path(os.fsdecode(os.path.join(os.fsencode(tmp_path), name)))
    code, out, err = cli(capsys, "export", game, "--gif", target)
    assert code == 0 and err == []
    assert out.count("\n") == 1 and "\x1b" not in out
    assert out.rstrip("\n").isprintable() and os.path.exists(target)
    before = listing(tmp_path)
    bad = Path(os.fsdecode(os.path.join(os.fsencode(game), name)))  # under a file
    code, out, err = cli(capsys, "export", game, "--gif", bad)
    assert code == 2 and out == "" and len(err) == 1 and err[0].isprintable()
    assert listing(tmp_path) == before


@pytest.mark.parametrize(
    ("size", "says"),
    [
        ("99999999999999999999x1", "at most 16384 pixels a side"),
        ("100000x100000", "at most 16384 pixels a side"),
        ("16000x16000", "is larger than the screen"),
    ],
)
def test_a_window_larger_than_the_screen_is_one_line(tmp_path, capsys, monkeypatch, size, says):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.chdir(tmp_path)
    before = listing(tmp_path)
    code, out, err = cli(capsys, "watch", "--window", size)
    assert code == 2 and out == "" and len(err) == 1 and says in err[0]
    assert listing(tmp_path) == before


# --- 1. names never collide, open sessions are never pruned, write failures are messages


def _load_window(tmp_path, out="out"):
    from games import REGISTRY
    from viz.window.load import LoadApp

    game = REGISTRY["load"]
    return LoadApp(
        game,
        game.rules({}),
        seed=1,
        out_dir=tmp_path / out,
        session_dir=tmp_path / "sessions",
        size=(900, 700),
    )


def test_two_windows_saving_in_the_same_second_keep_two_recordings(tmp_path, monkeypatch):
    from games.load import Pick

    monkeypatch.setattr("time.strftime", lambda *args: "20260101-120000")
    windows = [_load_window(tmp_path), _load_window(tmp_path)]
    try:
        for window, cell in zip(windows, (3, 4), strict=True):
            window.play(Pick(1, cell))
        savings = [window.download() for window in windows]  # both at once, off their threads
        saved = [saving.wait()[1] for saving in savings]
        for window in windows:
            window.frame(16)  # the window says what it saved
        messages = [window.message for window in windows]
    finally:
        for window in windows:
            window.close()
    out = tmp_path / "out"
    assert listing(out) == [
        "load-20260101-120000-turn1-2.gif",
        "load-20260101-120000-turn1-2.jsonl",
        "load-20260101-120000-turn1-2.svg",
        "load-20260101-120000-turn1.gif",
        "load-20260101-120000-turn1.jsonl",
        "load-20260101-120000-turn1.svg",
    ]
    assert saved[0] != saved[1] and messages[0] != messages[1]
    cells = sorted(load_replay(path).moves[0].cell for path in out.glob("*.jsonl"))
    assert cells == [3, 4]


@pytest.mark.slow  # two whole demos in two processes; the same-second case above always runs
def test_two_demos_at_once_into_one_folder_keep_both(tmp_path):
    demos = [
        subprocess.Popen(
            [sys.executable, "-m", "viz", "demo", "--out", tmp_path, "--seed", seed],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for seed in ("1", "2")
    ]
    printed = []
    for demo in demos:
        out, err = demo.communicate(timeout=300)
        assert demo.returncode == 0 and err == ""
        printed.append(set(out.split()))
    assert len(printed[0]) == len(printed[1]) == 9 and not printed[0] & printed[1]
    assert listing(tmp_path) == sorted(
        f"{game}{number}.{kind}"
        for game in ("load", "loops", "tiles")
        for number in ("", "-2")
        for kind in ("gif", "jsonl", "svg")
    )
    assert printed[0] | printed[1] == {str(path) for path in tmp_path.iterdir()}
    for game in ("load", "loops", "tiles"):
        seeds = {load_replay(tmp_path / f"{game}{n}.jsonl").seed for n in ("", "-2")}
        assert seeds == {1, 2}, game


def test_a_window_save_that_fails_leaves_nothing_and_is_one_message(tmp_path):
    from games.load import Pick

    (tmp_path / "out").write_text("a file where the folder should be")
    window = _load_window(tmp_path, out="out/sub")
    try:
        window.play(Pick(1, 3))
        before = listing(tmp_path)
        assert window.download().wait()[1] == []
        window.frame(16)
        assert window.message.startswith("Nothing saved: ") and "\n" not in window.message
        assert listing(tmp_path) == before
        assert window.mode.step()  # the window goes on
    finally:
        window.close()


def test_pruning_passes_by_a_session_another_window_has_open(tmp_path):
    from games import REGISTRY
    from games.load import Pick
    from viz.window.sessions import SessionLog, prune

    game = REGISTRY["load"]
    folder = tmp_path / "sessions"
    log = SessionLog(folder)
    log.start(game, game.rules({}), 1)
    log.event(Pick(1, 3), 0, None)
    open_one = log.writer.path
    for number in range(3):
        old = folder / f"old-{number}.jsonl"
        old.write_text("{}\n")
        os.utime(old, (1000 + number, 1000 + number))
    os.utime(open_one, (1, 1))  # the oldest of all
    prune(folder, keep=1)
    assert listing(folder) == sorted([open_one.name, "old-2.jsonl"])
    log.close()
    prune(folder, keep=1)  # closed, it may go
    assert listing(folder) == ["old-2.jsonl"]


def test_a_session_rewrite_that_fails_is_a_message_and_back_goes_on(tmp_path, monkeypatch):
    from games.load import Pick

    window = _load_window(tmp_path)
    try:
        window.play(Pick(1, 3))
        window.mode.step()
        path = window.session.recorder.path
        before = listing(tmp_path)

        def full(*args, **kwargs):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr("viz.files.write_atomic", full)
        window.back()
        assert window.message.startswith("Session recording off: ")
        assert "\n" not in window.message and window.session.log is None
        assert listing(tmp_path) == before and path.exists()
        window.play(Pick(1, 5))  # play goes on
    finally:
        window.close()  # once a ValueError: I/O operation on closed file


def test_replay_last_takes_the_newest_session_with_something_in_it(tmp_path):
    from viz.window.sessions import newest_session

    folder = tmp_path / "sessions"
    folder.mkdir()
    (folder / "a.jsonl").write_text("{}\n")
    os.utime(folder / "a.jsonl", (1, 1))
    (folder / "b.jsonl").touch()  # a name just claimed by another window
    before = listing(folder)
    assert newest_session(folder) == folder / "a.jsonl"
    assert listing(folder) == before


# --- 7. bounds


@pytest.mark.parametrize(
    ("frame_ms", "hold_ms"),
    [(499, 2000), pytest.param(59999, 1, marks=pytest.mark.slow), (500, 2000)],
)
def test_an_mp4_is_at_most_60_fps_and_as_long_as_the_gif(tmp_path, game, capsys, frame_ms, hold_ms):
    import imageio_ffmpeg
    from PIL import Image

    capsys.readouterr()
    before = listing(tmp_path)
    code, _, err = cli(
        capsys,
        "export",
        game,
        "--mp4",
        tmp_path / "a.mp4",
        "--gif",
        tmp_path / "a.gif",
        "--to",
        "3",
        "--frame-ms",
        str(frame_ms),
        "--hold-ms",
        str(hold_ms),
        "--size",
        "417",
    )
    assert code == 0 and err == []
    assert listing(tmp_path) == sorted([*before, "a.gif", "a.mp4"])
    reader = imageio_ffmpeg.read_frames(str(tmp_path / "a.mp4"))
    meta = reader.__next__()
    reader.close()
    with Image.open(tmp_path / "a.gif") as gif:
        gif_ms = 0
        for index in range(gif.n_frames):
            gif.seek(index)
            gif_ms += gif.info["duration"]
    assert meta["fps"] <= 60
    frames, seconds = imageio_ffmpeg.count_frames_and_secs(str(tmp_path / "a.mp4"))
    assert abs(frames / meta["fps"] * 1000 - gif_ms) <= 1000 / meta["fps"]


def test_the_windows_text_cache_is_bounded_in_bytes():
    import pygame

    from viz.window import render_pygame

    pygame.font.init()
    cache = render_pygame._TextCache(1_000_000)
    for number in range(3000):
        cache(f"a long status line that changes every time, number {number}", 22, (0, 0, 0))
        assert cache.bytes <= 1_000_000
    assert 0 < len(cache.entries) < 3000
    assert cache.bytes == sum(render_pygame._size(s) for s in cache.entries.values())


def test_an_mp4_wider_than_1920_is_refused_in_one_line(tmp_path, game, capsys):
    capsys.readouterr()
    before = listing(tmp_path)
    code, out, err = cli(capsys, "export", game, "--mp4", tmp_path / "a.mp4", "--size", "4000")
    assert code == 2 and out == ""
    assert err == ["oddsevens: --mp4 is made at most 1920 px wide: --size 4000"]
    assert listing(tmp_path) == before


PEAK = (  # VmHWM, not ru_maxrss: Linux keeps the latter across exec, the forking pytest's
    "import sys; from viz.cli import main; code = main(sys.argv[1:]); "
    "print([int(line.split()[1]) // 1024 for line in open('/proc/self/status') "
    "if line.startswith('VmHWM:')][0]); sys.exit(code)"
)


@pytest.mark.parametrize("bad", ["short lines", "one long line"])
def test_reading_an_8_mib_recording_streams_under_60_mb(tmp_path, game, bad):
    header = game.read_text().splitlines(keepends=True)[0]
    big = tmp_path / "big.jsonl"
    with big.open("w") as out:
        out.write(header)
        if bad == "short lines":
            out.write("{}\n" * ((8 * 1024 * 1024 - len(header)) // 3))
        else:
            out.write("[" + "0," * ((8 * 1024 * 1024 - len(header)) // 2 - 2) + "0]\n")
    before = listing(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", PEAK, "validate", str(big)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith(f"oddsevens: {big}:2: ")
    assert int(done.stdout) < 60, f"{done.stdout} MB"
    assert listing(tmp_path) == before


def test_an_mp4_ffmpeg_left_unfinished_is_one_line_and_no_file(tmp_path, game, capsys, monkeypatch):
    """imageio does not look at how ffmpeg ended: a video without its index is refused."""
    import imageio_ffmpeg

    def unfinished(path, *args, **kwargs):  # writes the start of a video, never its index
        with open(path, "wb") as video:
            video.write((24).to_bytes(4, "big") + b"ftypisom" + bytes(12))
        while True:
            yield

    monkeypatch.setattr(imageio_ffmpeg, "write_frames", unfinished)
    capsys.readouterr()
    before = listing(tmp_path)
    target = tmp_path / "a.mp4"
    code, out, err = cli(capsys, "export", game, "--mp4", target, "--size", "417")
    assert code == 2 and out == ""
    assert err == [f"oddsevens: {target}: ffmpeg failed: it left the video unfinished"]
    assert listing(tmp_path) == before


def test_an_index_is_found_box_by_box(tmp_path):
    from viz.export.engine import mp4_has_index

    def box(kind, body=b""):
        return (8 + len(body)).to_bytes(4, "big") + kind + body

    whole, cut = tmp_path / "whole.mp4", tmp_path / "cut.mp4"
    whole.write_bytes(box(b"ftyp", b"isom") + box(b"mdat", bytes(100)) + box(b"moov", bytes(8)))
    cut.write_bytes(box(b"ftyp", b"isom") + box(b"mdat", bytes(100)))
    assert mp4_has_index(whole) and not mp4_has_index(cut)
