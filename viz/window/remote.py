"""A seat of a room on a game server, as a window's client sees it: the room's link, the
WebSocket kept by a thread, and the scene each view carries.

The client holds its screen's views alone, as the server sends them: the scene to draw,
the status lines and the moves its seat may make, and the changes it may learn. It never
has what its seat may not see. The window that draws them is viz/window/seat.py.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from collections.abc import Generator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import parse_qs, urlsplit

from viz.scenes.shapes import (
    Circle,
    Line,
    Palette,
    Rect,
    Ring,
    Scene,
    Shape,
    Text,
    hex_rgb,
    rgb_hex,
)


class JoinError(Exception):
    """The room cannot be joined: the reason in one line."""


@dataclass
class Invitation:
    """Where a room is, and the seat to take: from a room's link (`/r/ID?seat=N`)."""

    base: str
    room: str
    seat: int | None

    @classmethod
    def from_url(cls, url: str) -> Invitation:
        parts = urlsplit(url)
        segments = [s for s in parts.path.split("/") if s]
        if parts.scheme not in ("http", "https") or len(segments) != 2 or segments[0] != "r":
            raise JoinError(f"{url}: not a room's link (http://HOST:PORT/r/ROOM?seat=N)")
        seats = parse_qs(parts.query).get("seat", [])
        seat = int(seats[0]) if seats and seats[0].isdigit() else None
        return cls(f"{parts.scheme}://{parts.netloc}", segments[1], seat)

    def post(self, path: str, body: dict[str, Any], token: str = "") -> dict[str, Any]:
        """A request about this room; the server's refusal is JoinError."""
        return self.post_to(f"/api/rooms/{self.room}{path}", body, token)

    def post_to(self, path: str, body: dict[str, Any], token: str = "") -> dict[str, Any]:
        request = urllib.request.Request(self.base + path, json.dumps(body).encode(), method="POST")
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=15) as answer:
                found: dict[str, Any] = json.loads(answer.read())
                return found
        except urllib.error.HTTPError as error:
            raise JoinError(_reason(error)) from None
        except OSError as error:
            raise JoinError(f"{self.base}: {error}") from None

    def take_seat(self, name: str) -> str:
        """Claim the invitation's seat, or the first open one; the seat's token."""
        seat = self.seat
        if seat is None:
            try:
                with urllib.request.urlopen(f"{self.base}/api/rooms/{self.room}", timeout=15) as a:
                    seats = json.loads(a.read())["seats"]
            except urllib.error.HTTPError as error:
                raise JoinError(_reason(error)) from None
            except (OSError, ValueError, KeyError) as error:
                raise JoinError(f"{self.base}: {error}") from None
            open_seats = [s["seat"] for s in seats if s["kind"] == "open"]
            if not open_seats:
                raise JoinError("every seat of this room is taken: watch it in a browser")
            seat = open_seats[0]
        token: str = self.post(f"/seats/{seat}", {"name": name})["token"]
        return token


def _reason(error: urllib.error.HTTPError) -> str:
    """The server's reason for refusing a request, or the HTTP status's."""
    try:
        return str(json.loads(error.read() or b"{}").get("error") or error)
    except ValueError:  # not the server's JSON: a proxy's page, say
        return str(error)


def open_room(server: str, game: str, rules: dict[str, Any], seats: int) -> tuple[Invitation, str]:
    """Open a room of `game` on the server at `server` (http://HOST:PORT), every seat
    open: an invitation to its first seat, and the host's token."""
    base = Invitation.from_url(f"{server.rstrip('/')}/r/new")
    made = base.post_to("/api/rooms", {"game": game, "rules": rules, "seats": ["open"] * seats})
    first = made["seats"][0]["seat"]
    return Invitation(base.base, made["room"], first), str(made["host"])


REFUSED = 1008  # the server's close code for a token, message or peer it will not take
AFTER_A_CLOSE_S = 0.5  # a connection the server closed is made again only after this


def _retry_waits() -> Generator[float]:
    """Seconds before each try to connect again: soon, then every few seconds (the
    library's own backoff reaches a minute, long for a game)."""
    yield from (0.5, 1.0, 2.0)
    while True:
        yield 3.0


@dataclass
class Connection:
    """The WebSocket, kept by a thread: the newest view, the hint and the notices since,
    and, while `following`, every change the screen may learn (asked for with `since`
    after each view, as a client that missed some would)."""

    invitation: Invitation
    token: str
    view: dict[str, Any] | None = None
    hint: dict[str, Any] | None = None  # the newest hint, for the turn it names
    notice: str = ""
    closed: bool = False  # the window has closed it
    socket: Any = None  # the connection now, once made
    following: bool = False
    changes: list[dict[str, Any]] = field(default_factory=list)  # told, not yet taken
    lock: threading.Lock = field(default_factory=threading.Lock)
    asked: int = 0  # the number of the last change told
    asking: bool = False  # a `since` is unanswered
    seen: int = 0  # how many views have come

    def start(self) -> None:
        threading.Thread(target=self._keep, daemon=True).start()

    def _keep(self) -> None:
        """Read until the window closes: websockets' `reconnect` makes a connection lost
        again (backing off while the server is away), and each time the seat's token is
        presented again, so the server sends the view at once."""
        from websockets.sync.client import reconnect

        scheme = "wss" if self.invitation.base.startswith("https") else "ws"
        address = f"{scheme}://{urlsplit(self.invitation.base).netloc}/ws/{self.invitation.room}"
        connections = reconnect(
            address,
            open_timeout=15,
            close_timeout=2,  # a window closing waits no longer for the server's goodbye
            max_size=2**21,
            reconnect_delays=_retry_waits,
        )
        try:
            for socket in connections:
                self.socket = socket
                if self.closed or not self._read(socket):
                    break
                time.sleep(AFTER_A_CLOSE_S)
        except Exception as error:  # refused for good (the room is gone, say)
            self.notice = f"Cannot connect: {error}"
        finally:
            if self.socket is not None:
                self.socket.close()

    def _read(self, socket: Any) -> bool:
        """Present the token and read the connection until it ends; whether to make it
        again (not once the window has closed, nor when the server refused the seat
        before sending it anything: a token it does not know)."""
        self.notice, self.asking, viewed = "", False, self.seen
        try:
            socket.send(json.dumps({"type": "hello", "token": self.token}))
            for text in socket:
                self._take(json.loads(text))
        except Exception as error:  # whatever ended it: said, and made again
            self.notice = f"Connection lost ({error}): trying again"
        else:
            self.notice = "The server closed the connection: trying again"
        if self.closed:
            return False
        if socket.close_code == REFUSED and self.seen == viewed:
            self.notice = f"The server refused this seat: {socket.close_reason}"
            return False
        return True

    def _take(self, message: dict[str, Any]) -> None:
        with self.lock:
            if message["type"] == "view":
                if self.view is None or message["seq"] != self.view["seq"]:
                    self.notice = ""  # a refusal said of the game before is old now
                self.view, self.seen = message, self.seen + 1
                self._ask_since(message["seq"])
            elif message["type"] == "changes":
                self.changes.extend(message["changes"])
                told = [change["seq"] for change in message["changes"]]
                self.asked, self.asking = max([self.asked, *told]), False
            elif message["type"] == "hint":
                self.hint = message
                print(message["text"], flush=True)  # as a screen reader says it
            elif message["type"] == "refused":
                self.notice = message["reason"]

    def _ask_since(self, seq: int) -> None:
        """While following, ask for the changes after the last one told, one asking at a
        time (the server answers the latest only), until they reach `seq`."""
        if self.following and not self.asking and seq > self.asked:
            self.asking = True
            self._send({"type": "since", "seq": self.asked})

    def take_changes(self) -> list[dict[str, Any]]:
        """The changes told since the last call."""
        with self.lock:
            taken, self.changes = self.changes, []
        return taken

    def play(self, turn: int, move: dict[str, Any]) -> None:
        self._send({"type": "move", "turn": turn, "move": move})

    def ask_hint(self) -> None:
        self._send({"type": "hint"})

    def _send(self, message: dict[str, Any]) -> None:
        try:
            self.socket.send(json.dumps(message))
        except Exception:  # the connection is being made again: the move is not sent
            self.notice = "Not sent: the connection is being made again"

    def close(self) -> None:
        self.closed = True
        if self.socket is not None:
            self.socket.close()


def scene_of(data: dict[str, Any], colors: Mapping[str, str] | None = None) -> Scene:
    """The scene a view carries (viz/render/scene_data.py), as every renderer takes it;
    with `colors`, each colour it names (#rrggbb) is drawn as the colour it maps to."""
    shapes = tuple(_shape(item) for item in data["shapes"])
    if colors:
        shapes = tuple(_recoloured(shape, colors) for shape in shapes)
    background = (colors or {}).get(data["background"], data["background"])
    palette = Palette({"background": hex_rgb(background)}, (data["ink"],))
    return Scene(data["width"], data["height"], "background", palette, shapes)


def repainted(palettes: Mapping[str, Palette], drawn_in: str, shown_in: str) -> dict[str, str]:
    """How each colour of the palette `drawn_in` reads in `shown_in` (a scene's colours
    have the same names in every palette of its game), by #rrggbb: {} where they agree."""
    was, now = palettes[drawn_in].colors, palettes[shown_in].colors
    pairs = {rgb_hex(was[name]): rgb_hex(now[name]) for name in was}
    return {old: new for old, new in pairs.items() if old != new}


def _recoloured(shape: Shape, colors: Mapping[str, str]) -> Shape:
    if isinstance(shape, Ring | Line):
        return replace(shape, stroke=colors.get(shape.stroke, shape.stroke))
    return replace(shape, fill=colors.get(shape.fill, shape.fill))


def _shape(item: list[Any]) -> Shape:
    kind, key, *rest = item
    if kind == "rect":
        return Rect(key, *rest)
    if kind == "circle":
        return Circle(key, *rest)
    if kind == "ring":
        return Ring(key, *rest)
    if kind == "line":
        points, *more = rest
        return Line(key, tuple(tuple(p) for p in points), *more)
    return Text(key, *rest)
