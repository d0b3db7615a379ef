"""Worker processes on this machine (loky's): they leave Ctrl-C to the process that
started them, which ends them, and they end when it ends, however it ends."""

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

from viz.system import WorkerLost, signals_held

if TYPE_CHECKING:
    from games.kit import GameKit
    from viz.kits import Shown

PARENT_LOOK_S = 0.5  # how often a worker looks whether its parent is still there
SIGNAL_LOOK_S = 0.05  # how often a wait for a worker's result looks for a held signal

T = TypeVar("T")


@contextlib.contextmanager
def worker_processes(count: int) -> Iterator[ProcessPoolExecutor]:
    """`count` worker processes, started now. A block left by an exception (Ctrl-C
    included) kills them mid-work rather than waiting for their work to end."""
    executor = start_workers(count)
    try:
        yield executor
    except BaseException:
        with signals_held():  # not inside the pool's own code
            stop_now(executor)
        raise
    finally:
        executor.shutdown()


def start_workers(count: int) -> ProcessPoolExecutor:
    """`count` worker processes, started now, to be ended by `stop_now` or shut down."""
    from viz.kits import registered_elsewhere

    executor = ProcessPoolExecutor(
        max_workers=count,
        initializer=_worker_start,
        initargs=(os.getpid(), registered_elsewhere()),
    )
    with _ctrl_c_ignored():
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
def _ctrl_c_ignored() -> Iterator[None]:
    """Workers start with Ctrl-C ignored, as they inherit that: until their start-up has
    set it aside, a Ctrl-C sent to the whole group (as a terminal sends it) would stop
    them mid-import with a traceback of their own. A Ctrl-C in the few milliseconds the
    workers take to be started is lost. Off the main thread (a window's download), where
    Python lets no handler be set, the workers set it aside only once started."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    handler = signal.getsignal(signal.SIGINT)
    try:  # set inside: a Ctrl-C raised just after the change still puts it back
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        yield
    finally:
        signal.signal(signal.SIGINT, handler)


def _worker_start(parent: int, games: list[tuple[GameKit, Shown]]) -> None:
    """In each worker: leave Ctrl-C to the parent (a terminal sends it to the whole
    group, and the parent ends the workers), and end when the parent ends, however it
    ends (SIGKILL included), which a thread notices by the worker's parent changing;
    know the games the parent registered from elsewhere."""
    from viz.kits import register_in_worker

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if os.getppid() != parent:  # the parent went before the worker got this far
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    register_in_worker(games)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_LOOK_S)
    os._exit(1)
