"""What differs between operating systems, kept in one place.

Advisory file locks: `fcntl.flock` where the system has it (Linux, macOS, the BSDs),
`msvcrt.locking` on Windows, and on a system with neither no lock at all, which only
loses the protection a lock gives between two runs at once.
"""

from __future__ import annotations

import _thread
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

# Opening a file to read it as bytes, never waiting on a FIFO; and, to look at a file
# without following a symbolic link (flags a system lacks are left out).
READ_NO_WAIT = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
READ_NO_FOLLOW = READ_NO_WAIT | getattr(os, "O_NOFOLLOW", 0)

# Windows locks byte ranges, and a locked range cannot be read by others: the lock is
# taken on one byte far past any recording, so readers of the file are never blocked.
_WINDOWS_LOCK_OFFSET = 1 << 40


def try_lock(fd: int, *, shared: bool = False) -> bool:
    """Take an advisory lock on the open file `fd` without waiting; whether it was taken.

    The lock lasts until `fd` is closed. Windows has no shared locks, so there `shared`
    asks for an exclusive one: two readers at once may each see the file as in use."""
    if sys.platform == "win32":
        import msvcrt

        position = os.lseek(fd, 0, os.SEEK_CUR)
        try:
            os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        finally:
            os.lseek(fd, position, os.SEEK_SET)
        return True
    try:
        import fcntl
    except ImportError:
        return True
    try:
        fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


SCHEDULER_VARIABLE = "ODDSEVENS_SCHEDULER"  # a Dask scheduler's address, as --scheduler


def lock_waiting(fd: int) -> None:
    """Take an exclusive advisory lock on the open file `fd`, waiting for it (Windows'
    waits up to about ten seconds, then raises OSError). The lock lasts until `fd` is
    closed; on a system with no locks there is none."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
        return
    try:
        import fcntl
    except ImportError:
        return
    fcntl.flock(fd, fcntl.LOCK_EX)


@contextmanager
def switch_interval(seconds: float) -> Iterator[None]:
    """Python's thread switch interval set to `seconds` while the block runs, and put
    back after: it is the whole process's."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(seconds)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


class ClusterUnreachable(Exception):
    """No Dask scheduler answers at the address given, or Dask is not installed."""


class WorkerLost(Exception):
    """A worker process ended in the middle of its work: killed by the system (out of
    memory, say) or by someone, not by a fault in the input."""


# The signals that end a run with its clean-up: Ctrl-C, and the polite SIGTERM and SIGHUP.
HELD_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class Stopped(KeyboardInterrupt):
    """Ctrl-C, SIGTERM or SIGHUP, raised where Ctrl-C would be, so that the same clean-up
    runs for all three."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_heard: list[int] = []  # the stop signals this process has had, first first
IMPORT_LOOK_S = 0.005  # how often a stop that came during an import looks for its end


@contextmanager
def stops_raised() -> Iterator[None]:
    """While the block runs, each stop signal raises `Stopped` in the main thread and is
    remembered: one raised inside a `__del__` or a callback is dropped by Python, and
    `raise_if_stopped` gives it its effect at the next safe point. One that comes during
    an import is sent again a moment later, until the import is done: raised inside, it
    would leave the module half made, or an extension would turn it into an ImportError
    that its importer passes over. (A thread of `_thread`'s sends it, which Python has
    loaded before any program: the handler imports nothing.)"""
    owner = os.getpid()
    in_force = [True]  # emptied when the block is left
    resending: list[bool] = []  # a thread is about to send the stop again

    def stop(signum: int, frame: FrameType | None) -> None:
        if os.getpid() != owner:  # a forked worker: die of it, as it would have
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
        _heard.append(signum)
        if _importing(frame):
            if not resending:
                resending.append(True)
                _thread.start_new_thread(send_again, (signum,))
            return
        raise Stopped(signum)

    def send_again(signum: int) -> None:
        time.sleep(IMPORT_LOOK_S)
        resending.clear()
        if in_force:  # to the stop's handler: this one's, or a held block's
            os.kill(owner, signum)

    def unraisable(dropped: Any) -> None:
        if not isinstance(dropped.exc_value, Stopped):  # a stop is only postponed
            hook(dropped)

    previous = {signum: signal.signal(signum, stop) for signum in HELD_SIGNALS}
    hook, sys.unraisablehook = sys.unraisablehook, unraisable
    try:
        yield
    finally:
        in_force.clear()
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        sys.unraisablehook = hook
        _heard.clear()


def _importing(frame: FrameType | None) -> bool:
    """Whether `frame` runs inside an import (a module's own code included)."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib._bootstrap"):
            return True
        frame = frame.f_back
    return False


def stop_handled() -> None:
    """The stop that came has had its effect (a window closed on Ctrl-C): forget it."""
    _heard.clear()


def stop_heard() -> int | None:
    """The first stop signal that came while `stops_raised` is in force, if one did."""
    return _heard[0] if _heard else None


def raise_if_stopped() -> None:
    """`Stopped` again if a stop signal came before, even one whose exception was lost."""
    if _heard:
        raise Stopped(_heard[0])


class _SignalNoted(BaseException):
    """Unwinds a held block once a held signal has come."""


@contextmanager
def signals_held() -> Iterator[Callable[[], None]]:
    """Ctrl-C, SIGTERM and SIGHUP wait until the block is left, and are then delivered to
    the handler they had before. The block may call the check this yields to stop early
    (it unwinds the block when a signal has come). Delivered at once, a handler's
    exception could land between making a file and noting it for clean-up, or inside a
    worker pool's code with a lock taken, leaving the file behind or the lock held. A
    block that fails once a signal has come ends as the signal ends it."""
    import threading  # here: the command line starts without it

    noted: list[int] = []

    def note(signum: int, _frame: FrameType | None) -> None:
        noted.append(signum)

    def check() -> None:
        if noted:
            raise _SignalNoted

    if threading.current_thread() is not threading.main_thread():
        yield check  # only the main thread receives signals
        return
    previous = {signum: signal.signal(signum, note) for signum in HELD_SIGNALS}
    try:
        yield check
    except BaseException:
        # a failure after a stop came (a worker killed by the same signal sent to the
        # whole group, say) is the stop's doing: the stop is what is told
        if not noted:
            raise
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    if noted:
        signal.raise_signal(noted[0])  # its own handler runs now: raises, or ends us
