"""Carrying a room's views to its screens, and playing its automatic seats.

Each connection has a sender of its own: a change in a room only wakes the senders of
its connections, and each makes its screen's view as it sends it (`views.view`), so a
burst of changes costs a slow screen one view, not a queue of them. A connection whose
screen stops reading is dropped after SEND_TIMEOUT without holding up the room; its
short messages (acknowledgements, refusals) are bounded too.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from games.screens import Screen
from viz.server.hints import hint_for
from viz.server.rooms import Room, RoomError, Rooms
from viz.server.views import changes_since, view

SEND_TIMEOUT = 10.0  # seconds a screen may take to read one message before it is dropped
MAX_NOTES = 32  # short messages waiting for one connection before it is dropped


def compact_json(message: dict[str, Any]) -> str:
    return orjson.dumps(message).decode()


class Dropped(Exception):
    """A connection that stopped reading, or fell too far behind."""


@dataclass(eq=False)
class Connection:
    """One screen's connection to a room: `send` writes one text frame."""

    room: Room
    screen: Screen
    send: Callable[[str], Any]
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    notes: deque[dict[str, Any]] = field(default_factory=deque)
    catch_up: int | None = None  # the change number to tell changes from, when asked
    hinting: bool = False  # a hint asked for is being thought of

    def note(self, message: dict[str, Any]) -> None:
        """Queue a short message (an acknowledgement, a refusal) ahead of the next view."""
        if len(self.notes) >= MAX_NOTES:
            raise Dropped("too many messages unread")
        self.notes.append(message)
        self.wake.set()

    async def run_sender(self) -> None:
        """Send what is due whenever woken, until the connection ends."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.notes:
                await self._send(self.notes.popleft())
            if self.catch_up is not None:
                told = changes_since(self.room, self.catch_up, self.screen)
                self.catch_up = None
                await self._send({"type": "changes", "changes": told})
            await self._send(view(self.room, self.screen))

    async def _send(self, message: dict[str, Any]) -> None:
        try:
            await asyncio.wait_for(self.send(compact_json(message)), SEND_TIMEOUT)
        except TimeoutError:
            raise Dropped("stopped reading") from None


class Hub:
    """The connections of every room, and the automatic players' turns."""

    def __init__(self, rooms: Rooms, think: Callable[..., Any] = asyncio.to_thread) -> None:
        self.rooms = rooms
        self.think = think  # runs an automatic player off the event loop
        self.connections: dict[str, set[Connection]] = {}
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self.on_finish: Callable[[Room], Any] = lambda room: None

    def count(self) -> int:
        return sum(map(len, self.connections.values()))

    def watchers(self, room: Room) -> int:
        return sum(c.screen is None for c in self.connections.get(room.id, ()))

    def join(self, connection: Connection) -> None:
        self.connections.setdefault(connection.room.id, set()).add(connection)
        connection.wake.set()

    def leave(self, connection: Connection) -> None:
        room = self.connections.get(connection.room.id, set())
        room.discard(connection)
        if not room:
            self.connections.pop(connection.room.id, None)

    def wake(self, room: Room) -> None:
        """Every screen of the room gets its view as it is now."""
        for connection in self.connections.get(room.id, ()):
            connection.wake.set()

    def changed(self, room: Room) -> None:
        """A room changed: every screen gets its new view, and an automatic seat to move
        starts thinking."""
        self.wake(room)
        if room.finished:
            self.on_finish(room)
        elif room.automatic_mover() and room.id not in self._drivers:
            self._drivers[room.id] = asyncio.get_running_loop().create_task(self._drive(room))

    def ask_hint(self, connection: Connection) -> None:
        """Think of the connection's seat's hint off the event loop, and send it unless
        the game has moved on meanwhile; one at a time a connection."""
        if connection.screen is None:
            raise RoomError("a hint is for the seat to move")
        if connection.hinting:
            raise RoomError("a hint is being thought of: one at a time")
        work = hint_for(connection.room, connection.screen, secrets.randbits(64))
        connection.hinting = True
        asyncio.get_running_loop().create_task(self._hint(connection, work))

    async def _hint(self, connection: Connection, work: Callable[[], dict[str, Any]]) -> None:
        try:
            found = await self.think(work)
            if found["turn"] == connection.room.state.turns:
                connection.note(found)
        except Dropped:
            pass  # the connection ends: its sender says so
        finally:
            connection.hinting = False

    async def _drive(self, room: Room) -> None:
        """Play the automatic seats of a room while one is to move."""
        try:
            while (turn := room.automatic_mover()) is not None:
                seat, name = turn
                policy = room.game.players[name]
                position = room.state.copy()
                move = await self.think(policy, position, random.Random(secrets.randbits(64)))
                if room.automatic_mover() != turn or room.state.turns != position.turns:
                    continue  # the seat changed hands while it thought
                self.rooms.play(room, move)
                self.changed(room)
        except RoomError:
            pass  # an automatic player's move is legal: a refusal means the room moved on
        finally:
            del self._drivers[room.id]

    async def stop(self) -> None:
        """End the automatic players' turns (the rooms are kept as they are)."""
        for task in list(self._drivers.values()):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
