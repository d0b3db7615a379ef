"""Sleeping until input comes, without spending a core's time on it.

`pygame.event.wait(timeout)` looks for events every millisecond: about 3 % of a core
on X11 for a window nobody touches. The windows look every `POLL_MS` instead, sleeping
in between: input waits at most one frame at 60 frames a second to be seen, and an
idle window costs about half as much. Input, SDL timers and events posted from other
threads (a job that is done) are all seen at the next look.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pygame

POLL_MS = 16
WAKE = pygame.event.custom_type()  # ends a wait; means nothing else


def wake_the_window() -> None:
    """End the window's wait for input, from any thread (a job that is done)."""
    with contextlib.suppress(pygame.error):  # the window has closed: nobody waits
        pygame.event.post(pygame.event.Event(WAKE))


def wait_for_events(
    timeout_ms: int, sleep: Callable[[int], object] = pygame.time.wait
) -> list[pygame.event.Event]:
    """The events that come within about `timeout_ms` (none: the time ran out).

    The wait is counted in the sleeps it takes, not read off a clock."""
    slept_ms = 0
    while not (events := pygame.event.get()):
        if slept_ms >= timeout_ms:
            return []
        nap = min(POLL_MS, timeout_ms - slept_ms)
        sleep(nap)
        slept_ms += nap
    return events
