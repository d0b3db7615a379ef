"""The window answers while it thinks: a hint and a finished game's judging are thought
of in a worker process beside the frame loop, so frames keep coming and keys are
answered whatever is being judged, and Ctrl+Q quits at once, the thinking dropped."""

from __future__ import annotations

import os

import pygame
import pytest
from support.processes import alive, sweep_workers
from support.xsession import XServer, XWindow, wait_until
from test_load_window import press, press_with, run

from games import REGISTRY
from viz.window.app import GameApp
from viz.window.jobs import THINKING
from viz.window.load import LoadWindow

LOAD = REGISTRY["load"]
WIDE = {"rows": 20, "cols": 20}  # where a hint takes some 20 s of a core's time
FRAMES = 30  # the frames a window must draw while it thinks


def _live_workers() -> set[int]:
    return {pid for pid in sweep_workers(os.getpid()) if alive(pid)}


def _worker(before: set[int]) -> int:
    """The worker process the window thinks in: the one live child not there `before`."""
    started = wait_until(lambda: _live_workers() - before)
    assert started, "nothing is thought of in a worker"
    (pid,) = started
    return pid


@pytest.fixture
def wide_window(tmp_path):
    window = GameApp(LoadWindow, LOAD, LOAD.rules(WIDE), seed=1, out_dir=tmp_path, size=(900, 700))
    yield window
    window.close()


def _frames_while(window, thinking) -> int:
    """Frames drawn while `thinking()` holds, up to FRAMES."""
    drawn = 0
    while drawn < FRAMES and thinking():
        window.frame(16)
        drawn += 1
    return drawn


def test_frames_and_keys_go_on_while_a_wide_hint_is_thought_of_and_ctrl_q_drops_it(
    wide_window,
):
    window = wide_window
    before = _live_workers()
    for _ in range(50):  # fifty presses: one hint thought of, not fifty
        press(window, pygame.K_h)
    hinting = window.jobs.hinting
    assert hinting is not None and window.message == THINKING
    worker = _worker(before)
    assert _frames_while(window, lambda: not hinting.done) == FRAMES
    palette = window.settings.palette
    press(window, pygame.K_c)  # a key is answered meanwhile
    assert window.settings.palette != palette and not hinting.done
    press_with(window, pygame.K_q, pygame.KMOD_LCTRL)
    assert not window.running
    window.close()
    assert hinting.done and hinting.outcome is None  # dropped, not waited for
    assert wait_until(lambda: not alive(worker)), "the worker goes on thinking"


def test_a_hint_the_game_has_moved_past_is_dropped(wide_window):
    window = wide_window
    press(window, pygame.K_h)
    first = window.jobs.hinting
    window.play(window.state.legal_moves()[0])
    press(window, pygame.K_h)
    assert first.done and first.outcome is None  # its worker ended with it
    assert window.jobs.hinting is not first and not window.jobs.hinting.done


def test_frames_go_on_while_a_finished_wide_game_is_judged_and_ctrl_q_drops_it(wide_window):
    window = wide_window
    while window.state.to_move is not None:
        window.mode.step()
    before = _live_workers()
    run(window)
    judging = window.jobs.judging
    assert judging is not None
    worker = _worker(before)
    assert _frames_while(window, lambda: not judging.done) == FRAMES
    assert window.jobs.verdict_shown() == ["Judging the moves…"]
    press_with(window, pygame.K_q, pygame.KMOD_LCTRL)
    window.close()
    assert judging.done and judging.outcome == []
    assert wait_until(lambda: not alive(worker)), "the worker goes on judging"


def test_under_x_a_wide_hint_leaves_the_keys_answered_and_ctrl_q_quits(tmp_path):
    """Real key presses: C changes the colours while H thinks, and Ctrl+Q ends the
    command while the hint is still being thought of."""
    server = XServer()
    window = XWindow(
        server, tmp_path, "play", "load", "--rows", "20", "--cols", "20", "--window", "900x700"
    )
    try:
        corner = (5, 5)
        before = window.screenshot().convert("RGB").getpixel(corner)
        window.key("h")
        window.key("c")
        changed = wait_until(lambda: window.screenshot().convert("RGB").getpixel(corner) != before)
        assert changed, "C was not answered while the hint was thought of"
        window.key("ctrl+q")
        assert wait_until(lambda: window.process.poll() is not None, 10), "Ctrl+Q waited"
        assert window.process.returncode == 0
    finally:
        if window.process.poll() is None:
            window.process.kill()
            window.process.wait()
        server.close()
