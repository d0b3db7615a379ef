"""Work a window runs beside its frame loop: a download being written, a finished game
being judged. The window goes on drawing and answering keys however long it takes."""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Job(Generic[T]):
    """`work(stopping)` runs on a thread of its own; long work checks `stopping()` and
    returns early once `stop()` is called. A fault of ours is printed and becomes
    `failed(error)`, to be said in the window rather than lost with the thread. Once the
    outcome is there, `finished()` is called on the job's thread (to wake the window)."""

    def __init__(
        self,
        name: str,
        work: Callable[[Callable[[], bool]], T],
        failed: Callable[[str], T],
        finished: Callable[[], None] = lambda: None,
    ) -> None:
        self.outcome: T | None = None
        self.reported = False  # the window has said how it ended
        self._stopping = threading.Event()
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work, failed, finished), name=name)
        self._thread.start()

    def _run(
        self,
        work: Callable[[Callable[[], bool]], T],
        failed: Callable[[str], T],
        finished: Callable[[], None],
    ) -> None:
        try:
            self.outcome = work(self._stopping.is_set)
        except Exception as error:
            traceback.print_exc()
            self.outcome = failed(f"{type(error).__name__}: {error}")
        self._done.set()
        finished()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def stop(self) -> None:
        self._stopping.set()

    def wait(self) -> T:
        """The outcome, once the work is over."""
        self._thread.join()
        assert self.outcome is not None  # _run sets it, whatever happens
        return self.outcome
