"""Sleeping until input comes, without spending a core's time on it.

`pygame.event.wait(timeout)` looks for events every millisecond: about 3 % of a core
on X11 for a window nobody touches. SDL's own `SDL_WaitEventTimeout` sleeps on the
display's connection and wakes for input, for SDL timers and for events posted from
other threads; pygame does not offer it, so it is called through ctypes in the very
SDL library pygame loaded (found among the process's mapped files). Where that
library cannot be found (not Linux), pygame's wait is used.
"""

from __future__ import annotations

import contextlib
import ctypes
import time
from functools import cache
from pathlib import Path

import pygame

SDL_INIT_VIDEO = 0x20
MAPS = Path("/proc/self/maps")
WAKE = pygame.event.custom_type()  # ends a wait; means nothing else


def wake_the_window() -> None:
    """End the window's wait for input, from any thread (a job that is done)."""
    with contextlib.suppress(pygame.error):  # the window has closed: nobody waits
        pygame.event.post(pygame.event.Event(WAKE))


def wait_for_events(timeout_ms: int) -> list[pygame.event.Event]:
    """The events that come within `timeout_ms` (none: the time ran out)."""
    deadline = time.monotonic() + timeout_ms / 1000
    sdl = _loaded_sdl()
    if sdl is not None and not sdl.SDL_WasInit(SDL_INIT_VIDEO):
        sdl = None  # another copy of SDL than the one pygame's display runs on
    while not (events := pygame.event.get()):
        left_ms = round((deadline - time.monotonic()) * 1000)
        if left_ms <= 0:
            return []
        if sdl is None:
            event = pygame.event.wait(left_ms)
            return [] if event.type == pygame.NOEVENT else [event]
        # Wakes when SDL has an event: pygame's next get() translates and takes it, or
        # drops it (an event pygame does not pass on), and the wait goes on.
        sdl.SDL_WaitEventTimeout(None, left_ms)
    return events


@cache
def _loaded_sdl() -> ctypes.CDLL | None:
    """The SDL 2 library loaded in this process, or None where it is not found."""
    try:
        maps = MAPS.read_text().splitlines()
    except OSError:
        return None
    paths = sorted({line.split()[-1] for line in maps if "/libSDL2-2" in line})
    if not paths:
        return None
    sdl = ctypes.CDLL(paths[0])  # the copy already loaded, not a second one
    sdl.SDL_WaitEventTimeout.argtypes = [ctypes.c_void_p, ctypes.c_int]
    sdl.SDL_WasInit.argtypes = [ctypes.c_uint32]
    return sdl
