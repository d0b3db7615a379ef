"""Faults a person meets: no display, Ctrl-C, settings and session files that cannot be
read or written, two windows at once, and storms of random input to every window."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from test_load_window import run

from games import REGISTRY
from games.load import Pick
from viz.files import load_replay
from viz.window.app import GameApp
from viz.window.load import LoadWindow
from viz.window.loops import LoopsWindow
from viz.window.sessions import SessionLog
from viz.window.settings import Settings
from viz.window.tiles import TilesWindow


def test_with_no_display_the_windows_say_so_at_once(tmp_path):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    env["XDG_STATE_HOME"] = str(tmp_path)
    for command in (["watch"], ["play", "loops"], ["play", "tiles"]):
        done = subprocess.run(
            [sys.executable, "-m", "viz", *command],
            env=env,
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr == "oddsevens: no display (DISPLAY is not set): try 'oddsevens demo'\n"
    assert not any(tmp_path.rglob("*.jsonl"))


@pytest.mark.parametrize("kind", ["directory", "fifo", "link to /dev/zero", "nested"])
def test_unusable_settings_give_the_defaults_and_one_message(tmp_path, kind):
    path = tmp_path / "settings.json"
    if kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "link to /dev/zero":
        path.symlink_to("/dev/zero")
    else:
        path.write_text('{"keyboard_entry": ' + "[" * 500 + "]" * 500 + "}")
    settings = Settings.load(path)  # a FIFO's open would wait: the suite's timeout catches it
    assert settings.keyboard_entry == {"mouse": True, "touch": False}
    assert "unreadable settings" in settings.problem and "\n" not in settings.problem


def test_a_settings_write_that_fails_is_a_message_and_keeps_the_old_file(tmp_path):
    folder = tmp_path / "config"
    folder.mkdir()
    (folder / "settings.json").write_text('{"keyboard_entry": {"mouse": true}}\n')
    settings = Settings.load(folder / "settings.json")
    game = REGISTRY["loops"]
    window = GameApp(
        LoopsWindow, game, game.rules({}), vs="human", seed=1, settings=settings, size=(900, 700)
    )
    try:
        run(window)
        (folder / "settings.json").unlink()
        (folder / "settings.json").mkdir()  # now a directory: the write cannot replace it
        window.game_window.show_keyboard(False)
        run(window)
        assert window.message.startswith("Setting not saved: ")
        assert window.panel.entry() is None  # the choice holds for this window
    finally:
        window.close()


def test_a_session_that_cannot_be_written_is_switched_off_and_play_goes_on(tmp_path):
    (tmp_path / "state").write_text("a file where the session folder should be")
    game = REGISTRY["load"]
    window = GameApp(
        LoadWindow,
        game,
        game.rules({}),
        seed=1,
        session_dir=tmp_path / "state" / "sessions",
        size=(900, 700),
    )
    try:
        window.play(Pick(1, 3))
        assert window.message.startswith("Session recording off: ")
        assert window.session.log is None and window.state.turns == 1
        assert window.mode.step() and window.state.turns == 2
    finally:
        window.close()


def test_two_windows_with_one_seed_in_one_second_keep_two_files(tmp_path):
    game = REGISTRY["load"]
    logs = [SessionLog(tmp_path) for _ in range(2)]
    for log, cell in zip(logs, (3, 4), strict=True):
        log.start(game, game.rules({}), 7)
        log.event(Pick(1, cell), 0, None)
    for log in logs:
        log.close()
    files = sorted(tmp_path.iterdir())
    assert len(files) == 2
    assert sorted(load_replay(f).moves[0].cell for f in files) == [3, 4]


KEYS = [
    pygame.K_SPACE,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_TAB,
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_BACKSPACE,
    pygame.K_a,
    pygame.K_g,
    pygame.K_n,
    pygame.K_p,
    pygame.K_k,
    pygame.K_MINUS,
    pygame.K_EQUALS,
    pygame.K_LEFTBRACKET,
    pygame.K_RIGHTBRACKET,
    pygame.K_SLASH,
    *range(pygame.K_0, pygame.K_9 + 1),
]


def random_event(rng: random.Random, window) -> pygame.event.Event | None:
    width, height = window.screen.get_size()
    pos = (rng.randrange(width), rng.randrange(height))
    kind = rng.random()
    if kind < 0.35:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 3)))
    if kind < 0.45:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    if kind < 0.55:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    if kind < 0.85:
        key = rng.choice(KEYS)
        char = chr(key) if 32 <= key < 127 else ""
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0)
    if kind < 0.93:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("lrfs /x"))
    if kind < 0.97:
        window.window.size = (rng.randrange(640, 1300), rng.randrange(480, 1000))
        return pygame.event.Event(pygame.WINDOWSIZECHANGED, x=0, y=0)
    return pygame.event.Event(rng.choice((pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED)))


def make_window(game_id, tmp_path):
    game = REGISTRY[game_id]
    options = {
        "seed": 3,
        "out_dir": tmp_path / "out",
        "session_dir": tmp_path / "sessions",
        "size": (900, 700),
    }
    if game_id == "loops":
        return GameApp(
            LoopsWindow,
            game,
            game.rules({}),
            vs="hard",
            settings=Settings(path=tmp_path / "settings.json"),
            **options,
        )
    if game_id == "tiles":
        return GameApp(TilesWindow, game, game.rules({"players": 3}), **options)
    return GameApp(LoadWindow, game, game.rules({}), **options)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["load", "loops", "tiles"])
def test_a_storm_of_20000_random_events_leaves_a_window_that_replays(tmp_path, game_id):
    rng = random.Random(game_id)
    window = make_window(game_id, tmp_path)
    try:
        for _ in range(400):
            for _ in range(50):
                event = random_event(rng, window)
                if event is not None:
                    pygame.event.post(event)
            window.frame(rng.choice((16, 16, 250, 700)))
            window.running = True  # a storm may press Ctrl+Q-like keys; keep going
        if window.session.recorder is not None and list(window.history.moves):
            replayed = load_replay(window.session.recorder.path).final()
            assert replayed.snapshot() == window.state.snapshot()
    finally:
        window.close()


def test_ctrl_c_ends_a_window_without_a_traceback(tmp_path):
    # Ctrl-C half a second after the window's frame loop starts, however long start-up took.
    code = (
        "import os, signal, threading; os.environ['SDL_VIDEODRIVER'] = 'dummy';"
        "from viz.window.app import GameApp; run = GameApp.run;"
        "interrupt = lambda: os.kill(os.getpid(), signal.SIGINT);"
        "GameApp.run = lambda self: (threading.Timer(0.5, interrupt).start(), run(self));"
        "from viz.cli import main; raise SystemExit(main(['watch']))"
    )
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path), "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parents[1],
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr
