"""Outputs a killed run or a full disk leaves behind: under its real name, a file is
whole or it is not there at all."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
import threading
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from PIL import Image

from viz.cli import main
from viz.files import load_replay
from viz.outputs import TEMP_MARK

ROOT = Path(__file__).resolve().parents[1]


def _read_whole(path: Path) -> None:
    """Raise unless `path` reads to its end as what its suffix says."""
    if path.suffix == ".jsonl":
        load_replay(path)
    elif path.suffix == ".gif":
        with Image.open(path) as picture:
            for frame in range(picture.n_frames):
                picture.seek(frame)
                picture.load()
    elif path.suffix == ".svg":
        ElementTree.parse(path)
    else:
        raise AssertionError(f"{path.name}: not an output of these commands")


def _real_names(folder: Path) -> list[Path]:
    """The files a person sees in `folder` (temporaries and claims are hidden)."""
    return sorted(path for path in folder.iterdir() if TEMP_MARK not in path.name)


def _kill_when(process: subprocess.Popen[bytes], folder: Path, entries: int) -> None:
    """SIGKILL `process` as soon as `folder` holds `entries` names (hidden or not)."""
    while process.poll() is None:
        if folder.is_dir() and len(os.listdir(folder)) >= entries:
            process.send_signal(signal.SIGKILL)
            break
        threading.Event().wait(0.002)  # a look every 2 ms, leaving the core to the demo
    process.wait()


@pytest.mark.parametrize("entries", [1, 2, 4, 7])
def test_a_demo_killed_at_any_point_leaves_only_whole_files(tmp_path, capsys, entries):
    out = tmp_path / "out"
    demo = subprocess.Popen(
        [sys.executable, "-m", "viz", "demo", "--out", out, "--seed", "1"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _kill_when(demo, out, entries)
    assert demo.returncode == -signal.SIGKILL
    for path in _real_names(out):
        _read_whole(path)
    # A demo that was cut short left nothing under the names a rerun (in this process)
    # takes.
    assert main(["demo", "--out", str(out), "--seed", "1"]) == 0
    assert [Path(line).name for line in capsys.readouterr().out.split()][:3] == [
        "load.jsonl",
        "load.gif",
        "load.svg",
    ]
    assert not [name for name in os.listdir(out) if TEMP_MARK in name]


WINDOW_SAVING = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from games import REGISTRY
    from games.load import Pick
    from viz.window.load import LoadWindow
    from viz.window.app import GameApp

    out = Path(sys.argv[1])
    game = REGISTRY["load"]
    window = GameApp(LoadWindow, game, game.rules({}), seed=1, out_dir=out, session_dir=None)
    window.play(Pick(1, 3))
    window.download()
    while not (out.is_dir() and os.listdir(out)):
        pass
    os.kill(os.getpid(), signal.SIGKILL)
    """
)


def test_a_window_killed_as_it_saves_leaves_no_file_that_is_not_whole(tmp_path):
    out = tmp_path / "out"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    killed = subprocess.run(
        [sys.executable, "-c", WINDOW_SAVING, out], cwd=ROOT, env=env, capture_output=True
    )
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert os.listdir(out)  # it was killed while saving, not before
    for path in _real_names(out):
        _read_whole(path)


WINDOW_ON_A_SMALL_DISK = textwrap.dedent(
    """
    import json, os, sys
    from pathlib import Path
    from games import REGISTRY
    from viz.files import load_replay
    from viz.outputs import TEMP_MARK
    from viz.window.load import LoadWindow
    from viz.window.app import GameApp

    disk, free = Path(sys.argv[1]), int(sys.argv[2])
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as out:  # the disk, full
        try:
            while True:
                out.write(b"x" * 4096)
                out.flush()
        except OSError:
            pass
    os.truncate(filler, max(0, os.path.getsize(filler) - free))
    game = REGISTRY["load"]
    rules = game.rules({"rows": 12, "cols": 12})
    window = GameApp(LoadWindow, game, rules, seed=1, out_dir=disk, session_dir=disk / "sessions")
    said = []
    while window.state.to_move is not None:
        assert window.play(window.state.legal_moves()[0]) is None
        window.frame(16)
        said.append(" ".join(window.notes()[1:]).strip())
    played = [game.event_from_move(move) for move in window.history.moves]
    window.close()
    sessions = disk / "sessions"
    left = sorted(sessions.iterdir()) if sessions.is_dir() else []
    kept = [p for p in left if TEMP_MARK not in p.name]
    for path in kept:  # whole, and the game as it was played, as far as it goes
        moves = [game.event_from_move(move) for move in load_replay(path).moves]
        assert moves == played[: len(moves)], path
    print(json.dumps({"played": len(played), "said": said, "left": [p.name for p in left]}))
    """
)


@pytest.mark.skipif(shutil.which("unshare") is None, reason="needs unshare to mount a tmpfs")
@pytest.mark.parametrize("free", [0, 4096])
def test_a_window_on_a_full_disk_keeps_its_session_whole_and_says_so_once(tmp_path, free):
    import json

    disk = tmp_path / "disk"
    disk.mkdir()
    script = tmp_path / "window.py"
    script.write_text(WINDOW_ON_A_SMALL_DISK)
    mounted = f"mount -t tmpfs -o size=64k tmpfs {disk} && {sys.executable} {script} {disk} {free}"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    try:
        run = subprocess.run(
            ["unshare", "-rm", "sh", "-c", mounted],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
    except subprocess.TimeoutExpired:
        raise AssertionError("the window did not finish") from None
    if "mount" in run.stderr and run.returncode != 0:
        pytest.skip(f"no tmpfs here: {run.stderr.strip()}")
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout.splitlines()[-1])
    said = [line for line in found["said"] if line.startswith("Session recording off: ")]
    assert said, "the window said nothing of the session it could not write"
    assert "No space left" in said[0]
    assert len(said) > 1 and set(said) == {said[0]}  # it stays, said once, as play goes on
    assert found["said"][-1] == said[0]
    assert len(found["left"]) <= 1  # the one session, or none: no temporary left behind
