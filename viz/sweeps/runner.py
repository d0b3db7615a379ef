"""One runner for every sweep: cells of work spread over worker processes (loky's, on
this machine) or over a Dask cluster's workers, progress on standard error, a prompt stop
on Ctrl-C, SIGTERM or SIGHUP, and rows printed as JSON Lines.

A sweep names its cells (a board, a capacity and budget, a recording, …), splits each
cell into chunks of work, and combines a cell's chunk results into its row. A cell may
ask for more chunks, in rounds: once every chunk of a round is in, `more` sees them all
in the round's order and names the next round's (none: the cell is done). The runner
does the rest, the same way for every sweep and wherever the work runs: a chunk's draws
come from its arguments alone and a round from the chunks before it, never from the
worker that ran them or the order in which they finished.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import itertools
import json
import os
import queue
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from functools import partial
from typing import Any, Generic, TypeVar, cast

from loky import BrokenProcessPool

from viz.system import SCHEDULER_VARIABLE, ClusterUnreachable, signals_held
from viz.workers import SIGNAL_LOOK_S, result, stop_now, worker_processes

PROGRESS_AFTER_S = 0.5
CONNECT_TIMEOUT_S = 5  # how long a Dask scheduler is given to answer


Cell = TypeVar("Cell")
Chunk = TypeVar("Chunk")
Row = TypeVar("Row")


class Progress:
    """Reports on standard error, but only once a run has taken more than a moment, and
    only to a person: not when standard error is a file or a pipe (a log, a test)."""

    def __init__(
        self,
        total: int,
        clock: Callable[[], float] = time.monotonic,
        name: str = "sweep",
        terminal: bool | None = None,
    ) -> None:
        self.total, self.done, self.clock, self.name = total, 0, clock, name
        self.started = clock()
        self.shown = 0  # the widest line shown yet (0: none)
        self.terminal = sys.stderr.isatty() if terminal is None else terminal

    def step(self, label: str) -> None:
        """One more done, named `label`; the line is written over the last one, blanks
        covering whatever a longer label left."""
        self.done += 1
        if self.terminal and self.clock() - self.started > PROGRESS_AFTER_S:
            line = f"{self.name}: {self.done}/{self.total} {label}"
            print(f"\r{line.ljust(self.shown)}", end="", file=sys.stderr, flush=True)
            self.shown = max(self.shown, len(line))

    def close(self) -> None:
        if self.shown:
            print(file=sys.stderr)


@dataclasses.dataclass(frozen=True)
class Sweep(Generic[Cell, Chunk, Row]):
    """What a sweep is made of. `work` runs in a worker process, so it and the arguments
    `chunks` and `more` give it must be picklable (module-level functions and plain
    values). `chunks` is a cell's first round; `more`, given the results of every round
    so far, its next (none: the cell is done); without `more` a cell has one round."""

    chunks: Callable[[Cell], Iterable[tuple[Any, ...]]]
    work: Callable[..., Chunk]
    combine: Callable[[Cell, list[Chunk]], Row]
    label: Callable[[Cell], str]
    more: Callable[[Cell, list[Chunk]], Iterable[tuple[Any, ...]]] | None = None


@dataclasses.dataclass(frozen=True)
class Workers:
    """Where a run's chunks go: `count` processes on this machine (0: this process), or
    the workers of the Dask cluster whose scheduler listens at `scheduler`."""

    count: int
    scheduler: str | None = None

    @classmethod
    def asked(cls, count: int | None, scheduler: str | None) -> Workers:
        """The command line's choice: a scheduler named by --scheduler or else by
        $ODDSEVENS_SCHEDULER; else `count` processes (default: one a core)."""
        address = scheduler or os.environ.get(SCHEDULER_VARIABLE) or None
        return cls(count or os.cpu_count() or 1, address)


IN_PROCESS = Workers(0)


def never() -> bool:
    return False


def time_up_after(
    seconds: int | None, clock: Callable[[], float] = time.monotonic
) -> Callable[[], bool]:
    """Whether `seconds` have passed since now (never, without a limit)."""
    if seconds is None:
        return never
    deadline = clock() + seconds
    return lambda: clock() >= deadline


def run(
    sweep: Sweep[Cell, Chunk, Row],
    cells: Sequence[Cell],
    workers: Workers,
    name: str = "sweep",
    time_up: Callable[[], bool] = never,
) -> list[Row]:
    """Each cell's row, in the order of `cells`, or the first rows, as many as were done
    when `time_up()` turned true. Progress is shown as `name`."""
    progress = Progress(len(cells), name=name)
    try:
        if workers.count == 0 and workers.scheduler is None:
            rows = []
            for cell in cells:
                if time_up():
                    break
                rows.append(_in_process(sweep, cell, progress))
            return rows
        return _in_pool(sweep, cells, workers, progress, time_up)
    finally:
        progress.close()


class _TimeUp(Exception):
    """The time a run was given is over: it ends with the rows it has."""


def _next_round(
    sweep: Sweep[Cell, Chunk, Row], cell: Cell, found: list[Chunk]
) -> list[tuple[Any, ...]]:
    """A cell's next round of chunks: its first when nothing is found yet."""
    if not found:
        return list(sweep.chunks(cell))
    return [] if sweep.more is None else list(sweep.more(cell, found))


def _in_process(sweep: Sweep[Cell, Chunk, Row], cell: Cell, progress: Progress) -> Row:
    found: list[Chunk] = []
    while chunks := _next_round(sweep, cell, found):
        found += [sweep.work(*args) for args in chunks]
    row = sweep.combine(cell, found)
    progress.step(sweep.label(cell))
    return row


def _in_pool(
    sweep: Sweep[Cell, Chunk, Row],
    cells: Sequence[Cell],
    workers: Workers,
    progress: Progress,
    time_up: Callable[[], bool],
) -> list[Row]:
    """Chunks are handed out as workers free up, a few a worker at a time: memory holds
    the work in flight and the rounds of the cells at work, whatever the trials. The
    cells begin in their order; a cell's next round, as soon as its last round is all
    in, goes ahead of the cells not yet begun."""
    rows: dict[int, Row] = {}
    plan = _Plan(sweep, cells, rows, progress)
    asked = plan.chunks_at_most(workers.count) if sweep.more is None else workers.count
    with signals_held() as check, _pool(workers, asked, check) as pool:
        came_in: queue.SimpleQueue[Place] = queue.SimpleQueue()  # the chunks done
        out: dict[Place, Future[Chunk]] = {}  # the chunks handed out, not yet taken in

        def top_up() -> None:
            while len(out) < pool.slots and (chunk := plan.next_chunk()) is not None:
                place, args = chunk
                out[place] = _submit(pool, sweep.work, args, check)
                out[place].add_done_callback(partial(_tell, came_in, place))

        try:
            top_up()
            while len(rows) < len(cells):
                place = _next_in(came_in, check, time_up)
                plan.came_in(place, result(out.pop(place), pool.lost))
                top_up()
        except _TimeUp:
            pool.stop()
        except BaseException:
            pool.stop()  # now, mid-chunk
            raise
    return [rows[number] for number in itertools.takewhile(rows.__contains__, range(len(cells)))]


Place = tuple[int, int]  # a chunk's cell, by its number, and its place in the cell's round


def _tell(came_in: queue.SimpleQueue[Place], place: Place, _done: Future[Any]) -> None:
    came_in.put(place)


class _Plan(Generic[Cell, Chunk, Row]):
    """Which chunk goes out next, and each cell's rounds as they come in: a cell's row
    goes into `rows` (by its number) once it is done."""

    def __init__(
        self,
        sweep: Sweep[Cell, Chunk, Row],
        cells: Sequence[Cell],
        rows: dict[int, Row],
        progress: Progress,
    ) -> None:
        self.sweep, self.cells, self.rows, self.progress = sweep, cells, rows, progress
        self.ready: collections.deque[tuple[Place, tuple[Any, ...]]] = collections.deque()
        self.rounds: dict[int, list[Chunk | None]] = {}  # each cell's results, in its order
        self.waiting: dict[int, int] = {}  # chunks of a cell's round not yet in
        self.found: dict[int, list[Chunk]] = {}
        self.begun = 0  # the cells begun so far, from the first
        self.firsts: dict[int, list[tuple[Any, ...]]] = {}  # first rounds looked at early

    def chunks_at_most(self, enough: int) -> int:
        """The chunks of the first rounds, counted only as far as `enough`."""
        counted = 0
        for number, cell in enumerate(self.cells):
            if counted >= enough:
                break
            self.firsts[number] = _next_round(self.sweep, cell, [])
            counted += len(self.firsts[number])
        return counted

    def next_chunk(self) -> tuple[Place, tuple[Any, ...]] | None:
        """The next chunk to hand out (its cell, its place in the round, its arguments);
        none when every cell is begun and no round has chunks left to hand out."""
        while not self.ready and self.begun < len(self.cells):
            number, self.begun = self.begun, self.begun + 1
            first = self.firsts.pop(number, None)
            self.found[number] = []
            self._begin_round(number, first if first is not None else self._round(number))
        return self.ready.popleft() if self.ready else None

    def came_in(self, place: Place, found: Chunk) -> None:
        """The chunk at `place` is done: with the last of its round, the cell's next
        round is ready to hand out, or the cell is done."""
        number, index = place
        self.rounds[number][index] = found
        self.waiting[number] -= 1
        if self.waiting[number]:
            return
        self.found[number] += cast(list[Chunk], self.rounds.pop(number))  # all in now
        self._begin_round(number, self._round(number))

    def _round(self, number: int) -> list[tuple[Any, ...]]:
        return _next_round(self.sweep, self.cells[number], self.found[number])

    def _begin_round(self, number: int, chunks: list[tuple[Any, ...]]) -> None:
        if not chunks:
            self.rows[number] = self.sweep.combine(self.cells[number], self.found.pop(number))
            self.progress.step(self.sweep.label(self.cells[number]))
            return
        self.rounds[number] = [None] * len(chunks)
        self.waiting[number] = len(chunks)
        self.ready.extend(((number, index), args) for index, args in enumerate(chunks))


@dataclasses.dataclass(frozen=True)
class _Pool:
    """Where chunks go (the standard futures interface), how to end it at once,
    mid-chunk, and the errors by which it says that a worker was lost."""

    executor: Executor
    stop: Callable[[], None]
    lost: tuple[type[BaseException], ...]
    slots: int  # chunks out at once: one at work and one waiting, for each worker


@contextlib.contextmanager
def _pool(workers: Workers, chunks: int, check: Callable[[], None]) -> Iterator[_Pool]:
    if workers.scheduler is not None:
        with _cluster(workers.scheduler, check) as pool:
            yield pool
        return
    count = most_workers(workers.count, chunks)
    with worker_processes(count) as executor:
        yield _Pool(executor, partial(stop_now, executor), (BrokenProcessPool,), 2 * count)


@contextlib.contextmanager
def _cluster(address: str, check: Callable[[], None]) -> Iterator[_Pool]:
    """A Dask cluster's workers, through its client's executor; the client closes after."""
    try:
        from distributed import KilledWorker
    except ImportError:
        raise ClusterUnreachable(
            "--scheduler needs Dask: pip install 'oddsevens[cluster]'"
        ) from None
    client = _connected(address, check)
    try:
        executor = client.get_executor()
        threads = sum(client.nthreads().values()) or 1
        # shutdown(wait=False) cancels the chunks still queued or running
        yield _Pool(executor, lambda: executor.shutdown(wait=False), (KilledWorker,), 2 * threads)
    finally:
        client.close()


def _connected(address: str, check: Callable[[], None]) -> Any:
    """A Dask client of the scheduler at `address`, connected within CONNECT_TIMEOUT_S.

    The client is made on a thread of its own, and this waits for it looking for a held
    signal meanwhile: a listener that accepts and never answers, or answers with
    garbage, is one line once the time is up or the client gives up, and Ctrl-C or
    SIGTERM ends the wait at once (the thread, left behind, ends with the process)."""
    from distributed import Client

    made: queue.SimpleQueue[Any] = queue.SimpleQueue()  # the client, or why there is none

    def connect() -> None:
        # Dask's own handshake first, on a connection of its own: a listener that does
        # not speak Dask fails it, before a client exists whose clean-up would then wait
        # on that listener as the program ends.
        try:
            asyncio.run(_handshake(address))
            made.put(Client(address, timeout=CONNECT_TIMEOUT_S, set_as_default=False))
        except BaseException as error:  # whatever it is (garbage read as a length), one line
            made.put(str(error).splitlines()[0] if str(error) else type(error).__name__)

    threading.Thread(target=connect, name="connecting", daemon=True).start()
    deadline = time.monotonic() + CONNECT_TIMEOUT_S
    while True:
        check()
        try:
            client = made.get(timeout=SIGNAL_LOOK_S)
        except queue.Empty:
            if time.monotonic() < deadline:
                continue
            raise ClusterUnreachable(
                f"no Dask scheduler answers at {address} within {CONNECT_TIMEOUT_S} s"
            ) from None
        if isinstance(client, str):
            raise ClusterUnreachable(f"no Dask scheduler answers at {address}: {client}")
        return client


async def _handshake(address: str) -> None:
    from distributed.comm.core import connect

    comm = await connect(address, timeout=CONNECT_TIMEOUT_S)
    await comm.close()


def most_workers(asked: int, chunks: int) -> int:
    """The workers worth starting: no more than the chunks to share out, nor the cores."""
    return max(1, min(asked, chunks, os.cpu_count() or 1))


def _submit(
    pool: _Pool, work: Callable[..., Chunk], args: tuple[Any, ...], check: Callable[[], None]
) -> Future[Chunk]:
    check()
    future: Future[Chunk] = pool.executor.submit(work, *args)
    return future


def _next_in(
    came_in: queue.SimpleQueue[Place], check: Callable[[], None], time_up: Callable[[], bool]
) -> Place:
    """The place of the next chunk done, looking for a held signal and the time meanwhile
    (also when one is in already: the workers may be far ahead)."""
    while True:
        check()
        if time_up():
            raise _TimeUp
        try:
            return came_in.get(timeout=SIGNAL_LOOK_S)
        except queue.Empty:
            continue


def json_lines(rows: Iterable[Any]) -> str:
    """Rows (dataclasses) as JSON Lines: one object a line, the row's fields as keys."""
    return "\n".join(json.dumps(dataclasses.asdict(row)) for row in rows)
