"""Finished games kept by the server: every game judged in one worker, one at a time,
however many end together (viz.server.keeping)."""

from __future__ import annotations

import asyncio
import random
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from support.server import new_rooms, play_out, seated_room

from viz.server.keeping import Keeper


class Counted(ThreadPoolExecutor):
    """A judging worker that counts the judgings at work at once (threads enough to run
    every game together, were they let)."""

    def __init__(self, started: list[Counted]) -> None:
        super().__init__(max_workers=8)
        started.append(self)
        self.lock = threading.Lock()
        self.at_work = self.most_at_once = self.done = 0

    def submit(self, work: Any, /, *args: Any, **kwargs: Any) -> Any:
        return super().submit(self._counted, work, *args)

    def _counted(self, work: Any, *args: Any) -> Any:
        with self.lock:
            self.at_work += 1
            self.most_at_once = max(self.most_at_once, self.at_work)
        try:
            return work(*args)
        finally:
            with self.lock:
                self.at_work -= 1
                self.done += 1

    def shutdown(self, wait: bool = True, **_how: Any) -> None:
        super().shutdown(wait)


def test_games_ending_together_are_judged_one_at_a_time_by_one_worker(tmp_path):
    rooms = new_rooms(tmp_path)
    finished = []
    for seed in range(4):
        room, host, _ = seated_room(rooms, "load", {"rows": 3, "cols": 3}, ["open"] * 2)
        rooms.start(room, host)
        play_out(rooms, room, random.Random(seed))
        finished.append(room)
    started: list[Counted] = []
    judged = []

    async def keep_all() -> None:
        keeper = Keeper(tmp_path, rooms.store, judging_worker=lambda: Counted(started))
        keeper.on_judged = judged.append
        for room in finished:
            keeper.finished(room)
        await asyncio.gather(*keeper.tasks.values())
        await keeper.wait()

    # on a thread of its own: a browser test's driver may hold this thread's event loop
    with ThreadPoolExecutor(1) as own_loop:
        own_loop.submit(asyncio.run, keep_all()).result()
    assert len(started) == 1
    assert started[0].done == 4 and started[0].most_at_once == 1
    assert sorted(room.id for room in judged) == sorted(room.id for room in finished)
    assert all(room.accuracy["lines"] for room in finished)
