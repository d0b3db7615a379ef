"""A window's thinking (a hint, a finished game's judging) in a worker process of its
own: the frame loop never shares its interpreter with the search, so frames keep coming
at their rate however long the search takes, and work that is dropped (the game moved
past it, the window closes) ends with its process at once.

No pygame here: the worker imports this module to run the work."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as WaitedTooLong
from typing import Any, TypeVar

from loky import BrokenProcessPool, ProcessPoolExecutor

from games.analysis import Judgement, judge_game
from games.base import AnyGame
from viz.workers import result, start_workers, stop_now

T = TypeVar("T")


def judged(game: AnyGame, rules: Any, moves: Sequence[Any], seed: int) -> list[Judgement]:
    """Every move of a finished game judged (the worker is ended to stop it early)."""
    return judge_game(game, rules, moves, seed, lambda: False)


class Thinking:
    """One worker process, started with the first work handed to it; `ask(fn, *args)`
    makes the work of a Job: `fn(*args)` run there, waited for while looking at the
    job's `stopping()`, and `dropped` once it is stopped. Whoever stops a job that is
    not done calls `end()`, which ends the process mid-work (the next work starts
    another). `in_process`: `fn` runs on the job's
    own thread instead, to its end (as a sweep runs in its process with no workers)."""

    def __init__(self, in_process: bool = False) -> None:
        self.in_process = in_process
        self._executor: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def ask(
        self, fn: Callable[..., T], *args: Any, dropped: T
    ) -> Callable[[Callable[[], bool]], T]:
        def work(stopping: Callable[[], bool]) -> T:
            if self.in_process:
                return fn(*args)
            future = self._submit(fn, *args)
            while not stopping():
                try:
                    return result(future, (BrokenProcessPool,))
                except WaitedTooLong:
                    continue
                except Exception:
                    if stopping():  # its worker was ended under it
                        break
                    raise
            return dropped

        return work

    def _submit(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        with self._lock:
            if self._executor is None:
                self._executor = start_workers(1)
            future: Future[T] = self._executor.submit(fn, *args)
            return future

    def end(self) -> None:
        """End the worker now, whatever it is doing."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            stop_now(executor)
