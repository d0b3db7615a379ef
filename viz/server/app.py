"""The ASGI application: the pages, the HTTP API for rooms and seats, and the WebSocket
each screen plays through (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from games import KITS
from viz.resources import asset_text
from viz.server.hub import Connection, Dropped, Hub
from viz.server.keeping import Keeper
from viz.server.protocol import MAX_MESSAGE, BadMessage, parse_message, parse_object
from viz.server.rooms import Room, RoomError, Rooms
from viz.server.store import RoomStore

log = logging.getLogger("oddsevens.server")

HELLO_TIMEOUT = 10.0  # seconds a new connection has to say who it is


@dataclass(frozen=True)
class Limits:
    """What one server holds at most, and how fast one connection may talk."""

    rooms: int = 1000
    connections: int = 5000
    watchers: int = 50  # in one room
    rate: float = 10.0  # messages a second, over a while
    burst: int = 30  # messages at once
    flood: int = 60  # messages refused in a row before the connection is closed


class Bucket:
    """A token bucket: `take` says whether one more message may pass now."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.last = float(burst), clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def create_app(
    data: Path,
    limits: Limits = Limits(),
    judge: bool = True,
    origins: tuple[str, ...] = (),
    clock: Callable[[], float] = time.monotonic,
) -> Starlette:
    """The server's application, its rooms kept in `data` (the rooms' database, and each
    finished game's recording and downloads). A WebSocket from a page is accepted from
    this server's own origin and those in `origins`."""
    store = RoomStore(data / "rooms.sqlite3")
    rooms = Rooms(store, limits.rooms)
    hub = Hub(rooms)
    keeper = Keeper(data, store, judge)
    hub.on_finish = keeper.finished
    keeper.on_judged = hub.wake
    server = _Server(rooms, hub, keeper, limits, origins, clock)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for room in rooms.rooms.values():
            hub.changed(room)  # automatic seats to move go on; finished games are kept
        yield
        await hub.stop()
        await keeper.wait()
        store.close()

    routes = [
        Route("/", server.page("start.html")),
        Route("/r/{room}", server.page("room.html")),
        Route("/static/{name}", server.static),
        Route("/api/games", server.games),
        Route("/api/rooms", server.create, methods=["POST"]),
        Route("/api/rooms/{room}", server.room_info),
        Route("/api/rooms/{room}/seats/{seat:int}", server.claim, methods=["POST"]),
        Route("/api/rooms/{room}/seats/{seat:int}/stand-in", server.stand_in, methods=["POST"]),
        Route("/api/rooms/{room}/start", server.start, methods=["POST"]),
        Route("/api/rooms/{room}/recording", server.recording),
        Route("/api/rooms/{room}/download/{kind}", server.download),
        WebSocketRoute("/ws/{room}", server.socket),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = server
    return app


class _Server:
    def __init__(
        self,
        rooms: Rooms,
        hub: Hub,
        keeper: Keeper,
        limits: Limits,
        origins: tuple[str, ...],
        clock: Callable[[], float],
    ) -> None:
        self.rooms, self.hub, self.keeper, self.limits = rooms, hub, keeper, limits
        self.origins, self.clock = origins, clock

    # --- pages ---------------------------------------------------------------------------

    def page(self, name: str) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            return HTMLResponse(self._page_text(name, request), headers=_PAGE_HEADERS)

        return endpoint

    def _page_text(self, name: str, request: Request) -> str:
        """A page with the rules card of its room's game (every game's on the start page)."""
        from viz.export.rules_card import rules_card_parts

        room = self.rooms.rooms.get(request.path_params.get("room", ""))
        games = [room.game.id] if room is not None else list(KITS)
        return asset_text(f"server/{name}").replace("@RULES@", rules_card_parts(games).html)

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        kind = _STATIC.get(Path(name).suffix)
        if kind is None or "/" in name or name.startswith("."):
            return _refused("no such file", 404)
        try:
            text = asset_text(f"{_SHARED.get(name, 'server')}/{name}")
        except FileNotFoundError:
            return _refused("no such file", 404)
        return Response(text, media_type=kind, headers=_PAGE_HEADERS)

    # --- the HTTP API ----------------------------------------------------------------------

    async def games(self, request: Request) -> Response:
        from viz.server.catalogue import catalogue

        return JSONResponse(catalogue())

    async def create(self, request: Request) -> Response:
        async with _answer() as answer:
            body = await _body(request)
            room, host = self.rooms.create(
                body.get("game"), body.get("rules", {}), body.get("seats")
            )
            answer.value = JSONResponse(
                {"room": room.id, "host": host, "url": f"/r/{room.id}", "seats": _invites(room)},
                status_code=201,
            )
        return answer.value

    async def room_info(self, request: Request) -> Response:
        async with _answer() as answer:
            room = self._room(request)
            answer.value = JSONResponse(
                {
                    "room": room.id,
                    "game": room.game.id,
                    "started": room.started,
                    "ended": room.finished,
                    "seats": _invites(room),
                }
            )
        return answer.value

    async def claim(self, request: Request) -> Response:
        async with _answer() as answer:
            room = self._room(request)
            body = await _body(request)
            token = self.rooms.claim(room, request.path_params["seat"], body.get("name"))
            self.hub.changed(room)
            answer.value = JSONResponse({"token": token, "seat": request.path_params["seat"]})
        return answer.value

    async def start(self, request: Request) -> Response:
        async with _answer() as answer:
            room = self._room(request)
            self.rooms.start(room, _bearer(request))
            self.hub.changed(room)
            answer.value = JSONResponse({"started": True, "seq": room.seq})
        return answer.value

    async def stand_in(self, request: Request) -> Response:
        async with _answer() as answer:
            room = self._room(request)
            body = await _body(request)
            seat = request.path_params["seat"]
            self.rooms.stand_in(room, _bearer(request), seat, body.get("player", ""))
            self.hub.changed(room)
            answer.value = JSONResponse({"seat": seat, "stand_in": room.seat(seat).stand_in})
        return answer.value

    async def recording(self, request: Request) -> Response:
        async with _answer() as answer:
            path = await self.keeper.recording(request.path_params["room"], self.rooms.rooms)
            answer.value = Response(path.read_bytes(), media_type="application/x-ndjson")
        return answer.value

    async def download(self, request: Request) -> Response:
        async with _answer() as answer:
            kind = request.path_params["kind"]
            path = await self.keeper.download(request.path_params["room"], kind, self.rooms.rooms)
            answer.value = Response(
                path.read_bytes(),
                media_type=_DOWNLOADS[kind],
                headers={"Content-Disposition": f'attachment; filename="{path.name}"'},
            )
        return answer.value

    def _room(self, request: Request) -> Room:
        return self.rooms.get(request.path_params["room"])

    # --- the WebSocket ---------------------------------------------------------------------

    async def socket(self, websocket: WebSocket) -> None:
        if not self._origin_allowed(websocket):
            await websocket.close(code=1008, reason="origin not allowed")
            return
        if self.hub.count() >= self.limits.connections:
            await websocket.close(code=1013, reason="the server is full: try again later")
            return
        await websocket.accept()
        try:
            connection = await self._hello(websocket)
        except (RoomError, BadMessage, TimeoutError) as error:
            await _say_and_close(websocket, str(error) or "say who you are first")
            return
        except WebSocketDisconnect:
            return
        self.hub.join(connection)
        sender = asyncio.create_task(connection.run_sender())
        receiver = asyncio.create_task(self._receive(websocket, connection))
        try:
            done, _ = await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                if task.exception() is not None and not isinstance(
                    task.exception(), Dropped | WebSocketDisconnect
                ):
                    log.error("room %s: %r", connection.room.id, task.exception())
                if isinstance(task.exception(), Dropped):
                    await _close(websocket, 1008, str(task.exception()))
        finally:
            for task in (sender, receiver):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            self.hub.leave(connection)

    def _origin_allowed(self, websocket: WebSocket) -> bool:
        """A page may connect from this server's own origin or one named at start; a
        client that sends no Origin (a bot, the window) is no browser page."""
        origin = websocket.headers.get("origin")
        if origin is None:
            return True
        if origin in self.origins:
            return True
        return urlsplit(origin).netloc == websocket.headers.get("host", "")

    async def _hello(self, websocket: WebSocket) -> Connection:
        room = self.rooms.get(websocket.path_params["room"])
        raw = await asyncio.wait_for(_text(websocket), HELLO_TIMEOUT)
        message = parse_message(raw)
        if message["type"] == "hello":
            screen: int | None = room.screen_of(message["token"])
        elif message["type"] == "watch":
            if self.hub.watchers(room) >= self.limits.watchers:
                raise RoomError("this room has as many watchers as it may")
            screen = None
        else:
            raise BadMessage("say hello with your token, or watch")
        connection = Connection(room, screen, websocket.send_text)
        if "seq" in message:
            connection.catch_up = message["seq"]
        return connection

    async def _receive(self, websocket: WebSocket, connection: Connection) -> None:
        bucket = Bucket(self.limits.rate, self.limits.burst, self.clock)
        refused_in_a_row = 0
        while True:
            raw = await _text(websocket)
            if not bucket.take():
                refused_in_a_row += 1
                if refused_in_a_row >= self.limits.flood:
                    raise Dropped("too many messages")
                connection.note({"type": "refused", "reason": "too many messages: slow down"})
                continue
            refused_in_a_row = 0
            try:
                self._handle(connection, parse_message(raw))
            except (BadMessage, RoomError) as error:
                connection.note({"type": "refused", "reason": str(error)})

    def _handle(self, connection: Connection, message: dict[str, Any]) -> None:
        room, kind = connection.room, message["type"]
        if kind == "move":
            turn = message["turn"]
            self.rooms.move(room, connection.screen, turn, message["move"])
            connection.note({"type": "ack", "turn": turn, "seq": room.seq})
            self.hub.changed(room)
        elif kind == "since":
            connection.catch_up = message["seq"]
            connection.wake.set()
        elif kind == "take-back":
            if connection.screen is None:
                raise RoomError("a watcher holds no seat")
            self.rooms.take_back(room, connection.screen)
            self.hub.changed(room)
        elif kind == "hint":
            self.hub.ask_hint(connection)
        elif kind == "ping":
            connection.note({"type": "pong"})
        else:
            raise BadMessage(f"a {kind} message is only the first")


class _Answer:
    value: Response


@contextlib.asynccontextmanager
async def _answer() -> AsyncIterator[_Answer]:
    """An HTTP answer, or the room's refusal as a JSON error in one line."""
    answer = _Answer()
    try:
        yield answer
    except RoomError as error:
        answer.value = _refused(str(error), 409 if "started" in str(error) else 400)
    except BadMessage as error:
        answer.value = _refused(str(error), 400)
    except _TooLarge:
        answer.value = _refused(f"a request is at most {MAX_MESSAGE} bytes", 413)


class _TooLarge(Exception):
    pass


def _refused(reason: str, status: int) -> Response:
    return JSONResponse({"error": reason}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read no further than MAX_MESSAGE bytes."""
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_MESSAGE:
            raise _TooLarge
    return parse_object(data or b"{}")


def _bearer(request: Request) -> str:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def _invites(room: Room) -> list[dict[str, Any]]:
    from viz.server.views import seat_list

    return [
        {**seat, "invite": f"/r/{room.id}?seat={seat['seat']}"} if seat["kind"] == "open" else seat
        for seat in seat_list(room)
    ]


async def _text(websocket: WebSocket) -> str:
    """The next text or binary frame as text; WebSocketDisconnect when the client left."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        return bytes(message.get("bytes") or b"").decode("utf-8", "replace")
    return str(text)


async def _say_and_close(websocket: WebSocket, reason: str) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_json({"type": "refused", "reason": reason})
    await _close(websocket, 1008, reason)


async def _close(websocket: WebSocket, code: int, reason: str) -> None:
    with contextlib.suppress(Exception):
        await websocket.close(code=code, reason=reason[:120])


_STATIC = {".js": "text/javascript", ".css": "text/css"}
_SHARED = {"rules.js": "page", "rules.css": "page"}  # the rules card, as the replay page has it
_DOWNLOADS = {"gif": "image/gif", "svg": "image/svg+xml", "html": "text/html"}
# Pages load nothing from anywhere else: scripts and styles from this server alone.
_PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self' ws: wss:",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
