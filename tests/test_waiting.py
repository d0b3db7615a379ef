"""A window waiting for input sleeps between looks, and wakes for input, timers and jobs.

The waits are counted in the sleeps they take (an injected sleep), not on a clock."""

from __future__ import annotations

import threading

import pygame
import pytest

from viz.window.waiting import POLL_MS, WAKE, wait_for_events, wake_the_window


@pytest.fixture
def display():
    pygame.display.init()
    window = pygame.Window("waiting", (64, 48))
    pygame.event.get()  # the window's own events at opening
    yield window
    window.destroy()
    pygame.display.quit()


class Naps:
    """A sleep that sleeps for real (events from SDL's threads still arrive) and notes
    each nap; `then` runs after the nap of that number."""

    def __init__(self, then: dict[int, object] | None = None) -> None:
        self.taken: list[int] = []
        self.then = then or {}

    def __call__(self, ms: int) -> None:
        pygame.time.wait(ms)
        self.taken.append(ms)
        action = self.then.get(len(self.taken))
        if callable(action):
            action()


def test_with_nothing_to_wake_it_the_wait_sleeps_its_whole_time_in_short_naps(display):
    naps = Naps()
    assert wait_for_events(125, naps) == []
    assert sum(naps.taken) == 125
    assert naps.taken == [POLL_MS] * (125 // POLL_MS) + [125 % POLL_MS]


def test_an_event_already_there_ends_the_wait_before_any_sleep(display):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    naps = Naps()
    events = wait_for_events(5000, naps)
    assert naps.taken == []
    assert [event.type for event in events] == [pygame.KEYDOWN]


def test_a_job_done_on_another_thread_wakes_the_wait_at_the_next_look(display):
    def job_ends() -> None:
        job = threading.Thread(target=wake_the_window)
        job.start()
        job.join()

    naps = Naps(then={3: job_ends})
    events = wait_for_events(5000, naps)
    assert len(naps.taken) == 3
    assert [event.type for event in events] == [WAKE]


def test_a_timer_wakes_the_wait(display):
    pygame.time.set_timer(pygame.USEREVENT, 100, loops=1)
    naps = Naps()
    events = wait_for_events(5000, naps)
    assert [event.type for event in events] == [pygame.USEREVENT]
    assert sum(naps.taken) < 5000


def test_waking_a_closed_window_is_harmless():
    assert not pygame.display.get_init()
    wake_the_window()  # a job that ends after its window closed
