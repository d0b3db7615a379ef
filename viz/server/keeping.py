"""Finished games: each written as a recording (who held each seat in its header), added
to the library, judged for each side's accuracy, and exported for download on request.
Nothing of a game can be fetched before it has ended.

Judging is the heaviest work the server does (seconds of playouts a game), and the
least urgent: every game is judged in one worker process, one game at a time, at a low
priority, so that a hundred games ending together cost the rooms still playing nothing
but a queue, and the server's own thread keeps answering."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from games.recording import PERSON, recording_text
from viz.files import load_replay
from viz.outputs import write_atomic
from viz.server.rooms import PERSON as PERSON_SEAT
from viz.server.rooms import Room, RoomError
from viz.server.store import RoomStore

if TYPE_CHECKING:
    from concurrent.futures import Executor

log = logging.getLogger("oddsevens.server")

ROOM_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")
MIXED = "mixed"  # a seat that an automatic player stood in for
JUDGING_SECONDS = 60  # the longest a finished game's judging may take, once begun
JUDGING_NICENESS = 10  # the judging worker yields the processor to the rooms in play
DOWNLOAD_SUFFIXES = {"gif": ".gif", "svg": ".svg", "html": ".html"}


def one_judging_worker() -> Executor:
    from viz.workers import start_workers

    started: Executor = start_workers(1)
    return started


class Keeper:
    """Where finished games go: `folder` holds each one's recording and downloads."""

    def __init__(
        self,
        data: Path,
        store: RoomStore,
        judge: bool = True,
        judging_worker: Callable[[], Executor] = one_judging_worker,
    ) -> None:
        self.folder = data / "games"
        self.store = store
        self.judge = judge
        self.judging_worker = judging_worker
        self.tasks: dict[str, asyncio.Task[None]] = {}  # each game's writing and judging
        self.written: dict[str, asyncio.Event] = {}  # set once its recording is there
        self.on_judged: Callable[[Room], Any] = lambda room: None
        self._judging: Executor | None = None  # started when first needed
        self._one_at_a_time = asyncio.Lock()

    def finished(self, room: Room) -> None:
        if room.id not in self.tasks:
            self.written[room.id] = asyncio.Event()
            self.tasks[room.id] = asyncio.get_running_loop().create_task(self._keep(room))

    async def wait(self) -> None:
        """Let every game's keeping end; the games still to be judged stay unjudged."""
        self.judge = False
        await self._stop_judging()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)

    async def _keep(self, room: Room) -> None:
        path = self.path(room.id, ".jsonl")
        text = recording_of(room)
        try:
            await asyncio.to_thread(write_atomic, path, lambda out: out.write(text))
            self.store.kept(room.id)
            self.written[room.id].set()  # the recording may be fetched from now on
            await asyncio.to_thread(_into_library, path)
        except OSError as error:
            log.error("room %s: its recording could not be kept: %s", room.id, error)
            return
        finally:
            self.written[room.id].set()  # written, or never to be: nobody waits on it
        accuracy = await self._judged(room.game.id, path)
        if accuracy is not None:
            room.accuracy = accuracy
            self.on_judged(room)

    async def _judged(self, game_id: str, path: Path) -> dict[str, Any] | None:
        """Each side's accuracy in the finished game, or None when the server judges no
        more. A judging that fails or takes too long is given up (the worker with it):
        the game is kept whatever it says."""
        async with self._one_at_a_time:
            if not self.judge:
                return None
            work = (await self._judging_worker()).submit(_summary_lines, game_id, path)
            try:
                lines = await asyncio.wait_for(asyncio.wrap_future(work), JUDGING_SECONDS)
            except Exception as error:  # judging is a bonus
                if not self.judge:
                    return None
                log.error("%s: not judged: %s", path.name, str(error) or "it took too long")
                await self._stop_judging()
                lines = []
        return {"lines": lines}

    async def _judging_worker(self) -> Executor:
        if self._judging is None:
            self._judging = await asyncio.to_thread(self.judging_worker)
        return self._judging

    async def _stop_judging(self) -> None:
        """End the judging worker at once, mid-work."""
        from viz.workers import stop_now

        pool, self._judging = self._judging, None
        if pool is not None:
            await asyncio.to_thread(stop_now, pool)

    def path(self, room_id: str, suffix: str) -> Path:
        if not ROOM_ID.fullmatch(room_id):
            raise RoomError("no such room")
        return self.folder / f"{room_id}{suffix}"

    async def recording(self, room_id: str, playing: dict[str, Room]) -> Path:
        """The finished game's recording, once it is written; refused before the end."""
        path = self.path(room_id, ".jsonl")
        room = playing.get(room_id)
        if room is not None and not room.finished:
            raise RoomError("the recording can be fetched once the game has ended")
        written = self.written.get(room_id)
        if written is not None:
            await written.wait()
        if not path.is_file():
            raise RoomError("no such finished game")
        return path

    async def download(self, room_id: str, kind: str, playing: dict[str, Room]) -> Path:
        """The finished game as a GIF, an SVG or a replay page, made the first time."""
        suffix = DOWNLOAD_SUFFIXES.get(kind)
        if suffix is None:
            raise RoomError(f"downloads are {', '.join(DOWNLOAD_SUFFIXES)}")
        recording = await self.recording(room_id, playing)
        target = self.path(room_id, suffix)
        if not target.is_file():
            await asyncio.to_thread(_export, recording, kind, target)
        return target


def recording_of(room: Room) -> str:
    """The room's game as a recording, its header naming who held each seat: "person",
    the automatic player's tier, or "mixed" where one stood in; and the people's names."""
    holders = [
        MIXED if seat.covered else PERSON if seat.kind == PERSON_SEAT else seat.player
        for seat in room.seats
    ]
    return recording_text(
        room.game,
        room.rules,
        None,
        room.moves,
        room.state.result(),
        players=holders,
        names=[seat.name for seat in room.seats],
        started=room.created,
        room=room.id,
    )


def _into_library(path: Path) -> None:
    from viz.library.opening import open_library
    from viz.library.store import LibraryError

    try:
        with open_library() as library:
            added = library.add([path])
    except LibraryError as error:
        log.error("%s: not kept in the library: %s", path.name, error)
        return
    for refused in added.errors:
        log.error("%s: not kept in the library: %s", path.name, refused)


def _summary_lines(game_id: str, path: Path) -> list[str]:
    """In the judging worker: the summary's lines of the game at `path`."""
    from games.accuracy import summary
    from games.analysis import judge_game
    from viz.scenes import SCENES

    with contextlib.suppress(AttributeError, OSError):  # where priorities are not set so
        os.setpriority(os.PRIO_PROCESS, 0, JUDGING_NICENESS)
    replay = load_replay(path)
    moves = replay.moves
    found = judge_game(replay.game, replay.rules, moves, 0, lambda: False)
    return summary(found, SCENES[game_id].seat_name)


def _export(recording: Path, kind: str, target: Path) -> None:
    from viz.export.engine import export_replay

    export_replay(load_replay(recording), {kind: target})
