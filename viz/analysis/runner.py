"""One runner for every sweep: cells of work spread over worker processes, progress on
standard error, a prompt stop on Ctrl-C, and rows printed as JSON Lines.

A sweep names its cells (a board, a capacity and budget, …), splits each cell into
chunks of work, and combines a cell's chunk results into its row. The runner does the
rest, the same way for every sweep.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent import futures
from concurrent.futures import Future, ProcessPoolExecutor
from types import FrameType
from typing import Any, Generic, TypeVar

PROGRESS_AFTER_S = 0.5
CTRL_C_LOOK_S = 0.05  # how often a wait for a worker's result looks for a Ctrl-C

Cell = TypeVar("Cell")
Chunk = TypeVar("Chunk")
Row = TypeVar("Row")


class Progress:
    """Reports on standard error, but only once a run has taken more than a moment."""

    def __init__(
        self, total: int, clock: Callable[[], float] = time.monotonic, name: str = "sweep"
    ) -> None:
        self.total, self.done, self.clock, self.name = total, 0, clock, name
        self.started = clock()
        self.shown = False

    def step(self, label: str) -> None:
        self.done += 1
        if self.clock() - self.started > PROGRESS_AFTER_S:
            self.shown = True
            print(
                f"\r{self.name}: {self.done}/{self.total} {label}   ",
                end="",
                file=sys.stderr,
                flush=True,
            )

    def close(self) -> None:
        if self.shown:
            print(file=sys.stderr)


@dataclasses.dataclass(frozen=True)
class Sweep(Generic[Cell, Chunk, Row]):
    """What a sweep is made of. `work` runs in a worker process, so it and the arguments
    `chunks` gives it must be picklable (module-level functions and plain values)."""

    chunks: Callable[[Cell], Iterable[tuple[Any, ...]]]
    work: Callable[..., Chunk]
    combine: Callable[[Cell, list[Chunk]], Row]
    label: Callable[[Cell], str]


def run(
    sweep: Sweep[Cell, Chunk, Row], cells: Sequence[Cell], workers: int, name: str = "sweep"
) -> list[Row]:
    """Each cell's row, in the order of `cells`. `workers` 0 runs in this process. Progress
    is shown as `name`."""
    progress = Progress(len(cells), name=name)
    try:
        if workers == 0:
            return [_in_process(sweep, cell, progress) for cell in cells]
        return _in_pool(sweep, cells, workers, progress)
    finally:
        progress.close()


def _in_process(sweep: Sweep[Cell, Chunk, Row], cell: Cell, progress: Progress) -> Row:
    row = sweep.combine(cell, [sweep.work(*args) for args in sweep.chunks(cell)])
    progress.step(sweep.label(cell))
    return row


def _in_pool(
    sweep: Sweep[Cell, Chunk, Row], cells: Sequence[Cell], workers: int, progress: Progress
) -> list[Row]:
    jobs = [list(sweep.chunks(cell)) for cell in cells]
    with _ctrl_c_held() as check:
        pool = ProcessPoolExecutor(
            max_workers=most_workers(workers, sum(map(len, jobs))),
            initializer=_worker_start,
            initargs=(os.getpid(),),
        )
        try:
            pending: list[list[Future[Chunk]]] = []
            for chunks in jobs:
                pending.append([_submit(pool, sweep.work, args, check) for args in chunks])
            rows = []
            for cell, cell_futures in zip(cells, pending, strict=True):
                rows.append(sweep.combine(cell, [_result(f, check) for f in cell_futures]))
                progress.step(sweep.label(cell))
        except BaseException:
            _stop(pool)
            raise
        pool.shutdown()
    return rows


def most_workers(asked: int, chunks: int) -> int:
    """The workers worth starting: no more than the chunks to share out, nor the cores."""
    return max(1, min(asked, chunks, os.cpu_count() or 1))


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[Callable[[], None]]:
    """Ctrl-C is noted, and raised only by the check this yields and once more on leaving.
    Raised wherever the main thread happens to be, it could land inside the pool's own
    code with a lock taken (the queue of work being handed out, say) and leave it taken:
    the pool's thread would wait for that lock for ever, and so would the program at exit
    after printing 'interrupted'."""
    pressed = False

    def note(_signal: int, _frame: FrameType | None) -> None:
        nonlocal pressed
        pressed = True

    def check() -> None:
        if pressed:
            raise KeyboardInterrupt

    if threading.current_thread() is not threading.main_thread():
        yield check  # only the main thread is ever interrupted
        return
    previous = signal.signal(signal.SIGINT, note)
    try:
        yield check
    finally:
        signal.signal(signal.SIGINT, previous)
    check()


def _submit(
    pool: ProcessPoolExecutor,
    work: Callable[..., Chunk],
    args: tuple[Any, ...],
    check: Callable[[], None],
) -> Future[Chunk]:
    check()
    return pool.submit(work, *args)


def _result(future: Future[Chunk], check: Callable[[], None]) -> Chunk:
    while True:
        check()  # also for a result already in: the workers may be far ahead
        if futures.wait([future], timeout=CTRL_C_LOOK_S).done:
            return future.result()


def _worker_start(parent: int) -> None:
    """In each worker: leave Ctrl-C to the parent (which ends the workers at once), and
    end when the parent ends, however it ends (SIGKILL included): on Linux the kernel
    sends SIGKILL when the parent goes (PR_SET_PDEATHSIG); everywhere, a thread watches
    for the worker being handed to another parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for polite in (signal.SIGTERM, signal.SIGHUP):  # the parent's clean-up is not theirs
        signal.signal(polite, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # 1 is PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the parent went before the line above took hold
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def _stop(pool: ProcessPoolExecutor) -> None:
    """End the workers now, mid-chunk, rather than after the work queued for them."""
    processes = list((pool._processes or {}).values())  # the pool offers no public handle
    # Work already fed towards the workers waits in a pipe that nobody will read once they
    # are gone; at exit, Python would wait for it to drain, for ever.
    pool._call_queue.cancel_join_thread()  # type: ignore[attr-defined]
    for process in processes:
        process.terminate()
    # The pool's thread sees them end and reaps them; joining them here as well would race
    # it for each exit status, and a worker it had reaped could still look alive here.
    pool.shutdown(wait=True, cancel_futures=True)


def json_lines(rows: Iterable[Any]) -> str:
    """Rows (dataclasses) as JSON Lines: one object a line, the row's fields as keys."""
    return "\n".join(json.dumps(dataclasses.asdict(row)) for row in rows)
