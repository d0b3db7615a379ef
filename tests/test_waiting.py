"""A window waiting for input sleeps in SDL, and wakes for input, timers, and jobs."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import pygame
import pytest
from xsession import XServer

from viz.window.waiting import WAKE, wait_for_events, wake_the_window


@pytest.fixture
def display():
    pygame.display.init()
    window = pygame.Window("waiting", (64, 48))
    pygame.event.get()  # the window's own events at opening
    yield window
    window.destroy()
    pygame.display.quit()


def test_with_nothing_to_wake_it_the_wait_lasts_its_time(display):
    started = time.monotonic()
    assert wait_for_events(120) == []
    assert time.monotonic() - started >= 0.115


def test_an_event_already_there_ends_the_wait_at_once(display):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    started = time.monotonic()
    events = wait_for_events(5000)
    assert time.monotonic() - started < 1
    assert [event.type for event in events] == [pygame.KEYDOWN]


def test_a_job_done_on_another_thread_wakes_the_wait(display):
    threading.Timer(0.1, wake_the_window).start()
    started = time.monotonic()
    events = wait_for_events(5000)
    assert 0.09 <= time.monotonic() - started < 2
    assert [event.type for event in events] == [WAKE]


def test_a_timer_wakes_the_wait(display):
    pygame.time.set_timer(pygame.USEREVENT, 100, loops=1)
    events = wait_for_events(5000)
    assert [event.type for event in events] == [pygame.USEREVENT]


def test_waking_a_closed_window_is_harmless():
    assert not pygame.display.get_init()
    wake_the_window()  # a job that ends after its window closed


# Run on X11 in a process of its own: SDL's own wait is found, and a second of waiting
# costs next to no CPU (pygame's wait looks for events every millisecond: ~30 ms of CPU).
ON_X11 = """
import time, pygame
from viz.window.waiting import _loaded_sdl, wait_for_events
pygame.display.init()
window = pygame.Window("waiting", (64, 48))
while wait_for_events(300):
    pass  # the window's own events at opening
sdl = _loaded_sdl()
assert sdl is not None and sdl.SDL_WasInit(0x20), "SDL's wait was not found"
cpu, wall = time.process_time(), time.monotonic()
assert wait_for_events(1000) == []
print(time.process_time() - cpu, time.monotonic() - wall)
"""


@pytest.mark.x11
def test_on_x11_a_window_sleeps_in_sdl_instead_of_polling():
    server = XServer()
    try:
        env = {**os.environ, "DISPLAY": server.display, "SDL_VIDEODRIVER": "x11"}
        done = subprocess.run(
            [sys.executable, "-c", ON_X11], env=env, capture_output=True, text=True, timeout=60
        )
    finally:
        server.close()
    assert done.returncode == 0, done.stderr
    cpu, wall = map(float, done.stdout.split())
    assert wall >= 0.99 and cpu < 0.010
