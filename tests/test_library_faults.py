"""The library's faults (issue 31, item 4): killed mid-write, two windows at once, a
database that cannot be used, a read-only or full disk."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from support.library import cli, data_folder

from viz.library import keep_session, open_library
from viz.library.schema import LATEST
from viz.library.store import BATCH

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = (ROOT / "recordings" / "loops-sample.jsonl").read_text().splitlines()


def recordings(folder: Path, count: int, players=("you", "easy")) -> list[Path]:
    """`count` recordings of the sample game, each with a seed of its own (other bytes)."""
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for number in range(count):
        header = json.loads(SAMPLE[0]) | {"seed": number, "players": list(players)}
        path = folder / f"game{number:05}.jsonl"
        path.write_text("\n".join([json.dumps(header), *SAMPLE[1:]]) + "\n")
        made.append(path)
    return made


def consistent(database: Path) -> list[sqlite3.Row]:
    """The library's rows, once SQLite's integrity check passes and every row's copy is
    there with the bytes its hash names."""
    with open_library(database) as library:
        assert library.connection.execute("PRAGMA integrity_check").fetchall()[0][0] == "ok"
        games = library.games()
    for game in games:
        assert hashlib.sha256(game.path.read_bytes()).hexdigest() == game.hash
    return games


@pytest.fixture
def data(tmp_path, monkeypatch):
    return data_folder(tmp_path, monkeypatch)


# --- killed in the middle of a write -----------------------------------------------------


@pytest.mark.slow
def test_a_kill_in_the_middle_of_an_add_leaves_whole_transactions(tmp_path, data):
    sources = recordings(tmp_path / "many", 6 * BATCH)
    database = data / "library.sqlite3"
    env = os.environ | {"ODDSEVENS_DATA": str(data), "XDG_STATE_HOME": str(tmp_path / "s")}
    adding = subprocess.Popen(
        [sys.executable, "-m", "viz", "library", "add", str(tmp_path / "many")],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
    )
    try:
        while adding.poll() is None and not _count(database):
            time.sleep(0.005)
        os.kill(adding.pid, signal.SIGKILL)  # the first batch is in: the next is under way
    finally:
        adding.wait()
    assert adding.returncode == -signal.SIGKILL
    games = consistent(database)
    assert 0 < len(games) < len(sources) and len(games) % BATCH == 0  # whole batches only
    env_add = subprocess.run(
        [sys.executable, "-m", "viz", "library", "add", str(tmp_path / "many")],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert env_add.returncode == 0 and env_add.stderr == ""
    games = consistent(database)
    assert len(games) == len(sources)
    assert sorted(p.name for p in (data / "games").iterdir()) == sorted(g.path.name for g in games)


def _count(database: Path) -> int:
    try:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as reading:
            found: int = reading.execute("SELECT count(*) FROM games").fetchone()[0]
            return found
    except sqlite3.Error:
        return 0  # not made yet


# --- two windows ending a game at once ---------------------------------------------------

KEEPER = textwrap.dedent(
    """
    import os, sys, time
    from pathlib import Path
    from viz.library import keep_session
    go = Path(sys.argv[3])
    while not go.exists():
        time.sleep(0.001)
    print(keep_session(Path(sys.argv[1]), Path(sys.argv[2])))
    """
)


def test_two_windows_ending_games_at_once_both_keep_them(tmp_path):
    first, second = recordings(tmp_path / "sessions", 2)
    database, go = tmp_path / "data" / "library.sqlite3", tmp_path / "go"
    open_library(database).close()
    windows = [
        subprocess.Popen(
            [sys.executable, "-c", KEEPER, str(path), str(database), str(go)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        for path in (first, second)
    ]
    go.touch()
    said = [window.communicate(timeout=60)[0] for window in windows]
    assert said == ["None\n", "None\n"]
    assert sorted(game.source for game in consistent(database)) == [first, second]


def test_a_game_ending_while_another_process_writes_waits_for_it(tmp_path):
    first, second = recordings(tmp_path / "sessions", 2)
    database = tmp_path / "data" / "library.sqlite3"
    open_library(database).close()
    writer = sqlite3.connect(database, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")  # another window's write, under way
    said: list[str | None] = []
    keeping = threading.Thread(target=lambda: said.append(keep_session(first, database)))
    keeping.start()
    time.sleep(0.3)  # the keeper meets the lock (without a busy timeout it would fail now)
    writer.execute("COMMIT")
    writer.close()
    keeping.join(timeout=60)
    assert said == [None]
    assert keep_session(second, database) is None
    assert len(consistent(database)) == 2


# --- a database that cannot be used ------------------------------------------------------


def _damage(database: Path, kind: str) -> bytes:
    if kind == "not SQLite":
        database.write_text("my notes about the games\n")
    elif kind == "newer schema":
        with sqlite3.connect(database) as connection:
            connection.execute(f"PRAGMA user_version = {LATEST + 1}")
        connection.close()
    else:
        with open(database, "r+b") as file:
            file.seek(2 * 4096)  # a page of the games table
            file.write(b"\xff" * 4096)
    return database.read_bytes()


@pytest.mark.parametrize("kind", ["not SQLite", "newer schema", "damaged"])
def test_an_unusable_database_is_kept_aside_and_built_again_from_the_recordings(
    tmp_path, data, capsys, kind
):
    recordings(tmp_path / "mine", 40)
    assert cli(capsys, "library", "add", tmp_path / "mine")[0] == 0
    database = data / "library.sqlite3"
    damaged = _damage(database, kind)
    code, out, err = cli(capsys, "library", "--json")
    assert code == 0 and len(err) == 1, err
    assert err[0].startswith(f"oddsevens: {database}: ")
    assert err[0].endswith("kept as " + err[0].rpartition("kept as ")[2])
    aside = data / err[0].rpartition("kept as ")[2].partition(";")[0]
    assert aside.name.startswith("library.sqlite3.unusable-") and aside.read_bytes() == damaged
    assert err[0].endswith("a new library was built from 40 recordings")
    assert len(out.splitlines()) == 40
    assert {json.loads(line)["vs"] for line in out.splitlines()} == {"easy"}
    assert cli(capsys, "library", "--json")[2] == []  # once


# --- a read-only or full disk ------------------------------------------------------------

ON_A_SMALL_DISK = textwrap.dedent(
    """
    import json, os, subprocess, sys
    from pathlib import Path
    from games import REGISTRY
    from viz.cli import main
    from viz.library import keep_session, open_library
    from viz.window.session import Session

    disk, sessions, fault = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(disk)], check=True)
    database = disk / "library.sqlite3"
    with open_library(database) as library:
        library.add([sessions / "game00000.jsonl"])
    if fault == "read-only":
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
    else:
        try:
            with open(disk / "filler", "wb") as filler:
                while True:
                    filler.write(b"x" * 4096)
                    filler.flush()
        except OSError:
            pass
    hook = keep_session(sessions / "game00001.jsonl", database)
    said = []
    game = REGISTRY["loops"]
    session = Session(game, game.rules({}), 1, sessions / "window", said.append,
                      keep=lambda path: keep_session(path, database))
    while session.state.to_move is not None:
        session.play(session.state.legal_moves()[0])
    os.environ["ODDSEVENS_DATA"] = str(disk)
    code = main(["library", "add", str(sessions / "game00002.jsonl")])
    print(json.dumps({"hook": hook, "said": said, "recording": session.log is not None,
                      "code": code}))
    """
)


def _unshare() -> list[str]:
    command = ["unshare", "--user", "--map-root-user", "--mount"]
    if not shutil.which("unshare") or subprocess.run([*command, "true"]).returncode:
        pytest.skip("needs unshare (user and mount namespaces) to mount a small disk")
    return command


@pytest.mark.parametrize("fault", ["read-only", "full"])
def test_a_read_only_or_full_disk_is_one_line_and_the_window_goes_on(tmp_path, fault):
    sessions = tmp_path / "sessions"
    recordings(sessions, 3)
    (tmp_path / "disk").mkdir()
    done = subprocess.run(
        [*_unshare(), sys.executable, "-c", ON_A_SMALL_DISK, tmp_path / "disk", sessions, fault],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.splitlines()[-1])
    reasons = ["read-only"] if fault == "read-only" else ["full", "No space left"]
    assert found["hook"].startswith("Not kept in your games: ")
    assert any(reason in found["hook"] for reason in reasons), found
    assert "\n" not in found["hook"]
    assert len(found["said"]) == 1 and found["said"][0].startswith("Not kept in your games: ")
    assert found["recording"]  # the window's own recording goes on
    assert found["code"] == 2
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("oddsevens: ")
