"""A window's saves and session recordings: names never collide, open sessions are never
pruned, and a failed write is one message while play goes on."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from support.outputs import ROOT, listing

from viz.files import load_replay


def _load_window(tmp_path, out="out"):
    from games import REGISTRY
    from viz.window.app import GameApp
    from viz.window.load import LoadWindow

    game = REGISTRY["load"]
    return GameApp(
        LoadWindow,
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
