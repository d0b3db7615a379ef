"""Worker processes on this machine (loky's): they leave Ctrl-C, SIGTERM and SIGHUP to
the process that started them, which ends them, and they end when it ends, however it
ends."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future
from concurrent.futures import TimeoutError as WaitedTooLong
from typing import TYPE_CHECKING, TypeVar

from loky import BrokenProcessPool, ProcessPoolExecutor

from viz.system import HELD_SIGNALS, WorkerLost, signals_held

if TYPE_CHECKING:
    from games.kit import GameKit
    from viz.kits import Shown

PARENT_LOOK_S = 0.5  # how often a worker looks whether its parent is still there
SIGNAL_LOOK_S = 0.05  # how often a wait for a worker's result looks for a held signal

T = TypeVar("T")


@contextlib.contextmanager
def worker_processes(count: int) -> Iterator[ProcessPoolExecutor]:
    """`count` worker processes, started now (a stop signal that comes meanwhile waits
    until they have started). A block left by an exception (Ctrl-C included) kills them
    mid-work rather than waiting for their work to end."""
    executor = None
    try:
        with signals_held():  # not inside the pool's own code
            executor = start_workers(count)
        yield executor
    except BaseException:
        if executor is not None:
            with signals_held():
                stop_now(executor)
        raise
    finally:
        if executor is not None:
            executor.shutdown()


def start_workers(count: int) -> ProcessPoolExecutor:
    """`count` worker processes, started now, to be ended by `stop_now` or shut down."""
    from viz.kits import registered_elsewhere

    with _stops_blocked():  # the pool's helper process starts as the pool is made
        executor = ProcessPoolExecutor(
            max_workers=count,
            initializer=_worker_start,
            initargs=(os.getpid(), registered_elsewhere()),
        )
        executor.submit(int)  # the pool starts its workers with the first work
    return executor


def stop_now(executor: ProcessPoolExecutor) -> None:
    """End the workers at once, mid-work."""
    executor.shutdown(wait=True, kill_workers=True)


def outcome(future: Future[T]) -> T:
    """The result of work handed to `worker_processes`, once it is done; its exception,
    raised here; a worker that died is WorkerLost. A stop signal that comes meanwhile is
    raised here too, but never inside the pool's own code."""
    with signals_held() as check:
        while True:
            check()
            try:
                return result(future, (BrokenProcessPool,))
            except WaitedTooLong:
                continue


def result(
    future: Future[T], lost: tuple[type[BaseException], ...], wait_s: float = SIGNAL_LOOK_S
) -> T:
    """The future's result, waiting at most `wait_s` (TimeoutError after); the errors
    in `lost`, by which a pool says a worker died, are WorkerLost."""
    try:
        return future.result(timeout=wait_s)
    except lost as error:
        reason = str(error).splitlines()[0] if str(error) else "it was killed"
        raise WorkerLost(f"a worker process ended mid-work: {reason}") from None


@contextlib.contextmanager
def _stops_blocked() -> Iterator[None]:
    """The stop signals wait in this thread while the pool's processes are started, and
    the processes are born with them blocked: a worker sets them aside before it lets
    them in (`_worker_start`), and the helpers that track the pool's semaphores (loky's
    and Python's), which set aside only Ctrl-C and SIGTERM, keep the hang-up blocked.
    Else a signal sent to the whole group (as a terminal sends it) would stop a worker
    mid-import with a traceback of its own, or kill a helper, whose successor then fails
    on each semaphore it never knew. A stop that comes meanwhile reaches this process
    after. Windows has no hang-up and no signal mask: there Ctrl-C is ignored meanwhile,
    on the main thread (where Python lets a handler be set), and one that comes is lost."""
    if hasattr(signal, "pthread_sigmask"):
        from multiprocessing import resource_tracker

        before = signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS)
        try:
            # Python's own such helper, which the pool starts too, lets Ctrl-C and
            # SIGTERM in again once it has started: started first, then blocked again
            resource_tracker.ensure_running()
            signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS)
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)
    elif threading.current_thread() is threading.main_thread():
        handler = signal.getsignal(signal.SIGINT)
        try:  # set inside: a Ctrl-C raised just after the change still puts it back
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            yield
        finally:
            signal.signal(signal.SIGINT, handler)
    else:
        yield


def _worker_start(parent: int, games: list[tuple[GameKit, Shown]]) -> None:
    """In each worker: leave the stop signals to the parent (a terminal sends them to
    the whole group, and the parent ends the workers, with SIGKILL), and end when the
    parent ends, however it ends (SIGKILL included), which a thread notices by the
    worker's parent changing; know the games the parent registered from elsewhere."""
    from viz.kits import register_in_worker

    for signum in HELD_SIGNALS:
        signal.signal(signum, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # born with them blocked (`_stops_blocked`)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD_SIGNALS)
    if os.getppid() != parent:  # the parent went before the worker got this far
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    register_in_worker(games)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_LOOK_S)
    os._exit(1)
