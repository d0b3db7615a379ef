"""Output files: what is not a regular file is refused, a replaced file keeps its mode,
a live run's temporaries are never cleaned up, and every commit failure is one line.

Each test asserts the exit status, the one line on standard error (or none), and the
folder's listing before and after."""

from __future__ import annotations

import fcntl
import os
import shutil
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from support.outputs import ROOT, cli, listing

from viz.cli import main
from viz.outputs import TEMP_MARK, Outputs

# --- an output that is not a regular file is refused; a replaced file keeps its mode


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


# --- temporaries are locked while their run lives; commit failures are one line

HOLDER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from viz.outputs import Outputs
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
