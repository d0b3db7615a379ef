"""A seat of a room on a game server, played in a window (`play GAME --join URL`).

The window holds its screen's views alone, as the server sends them: the scene to
draw, the status lines and the moves its seat may make. It never has the game's state,
so it cannot show what its seat may not see. A thread keeps the WebSocket; the
window's own loop draws the newest view and sends the move chosen. Once the game has
ended, the whole recording may be fetched: the window saves it where G saves and keeps
it in the library, as a local game's session is kept.
"""

from __future__ import annotations

import json
import threading
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pygame

from viz.scenes.motion import Motion
from viz.scenes.shapes import Circle, Line, Palette, Rect, Ring, Scene, Shape, Text, hex_rgb
from viz.window.render_pygame import draw, font

FRAME_RATE = 60
CHANGE_MS = 220  # a change's motion, as a local window's
SIDE = 300  # the width of the list of moves beside the board
INK, PAPER, FOCUS, MUTED = (31, 31, 31), (242, 239, 232), (31, 78, 156), (95, 91, 85)


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
            raise JoinError(json.loads(error.read() or b"{}").get("error", str(error))) from None
        except OSError as error:
            raise JoinError(f"{self.base}: {error}") from None

    def take_seat(self, name: str) -> str:
        """Claim the invitation's seat, or the first open one; the seat's token."""
        seat = self.seat
        if seat is None:
            with urllib.request.urlopen(f"{self.base}/api/rooms/{self.room}", timeout=15) as a:
                seats = json.loads(a.read())["seats"]
            open_seats = [s["seat"] for s in seats if s["kind"] == "open"]
            if not open_seats:
                raise JoinError("every seat of this room is taken: watch it in a browser")
            seat = open_seats[0]
        token: str = self.post(f"/seats/{seat}", {"name": name})["token"]
        return token


def open_room(server: str, game: str, rules: dict[str, Any], seats: int) -> tuple[Invitation, str]:
    """Open a room of `game` on the server at `server` (http://HOST:PORT), every seat
    open: an invitation to its first seat, and the host's token."""
    base = Invitation.from_url(f"{server.rstrip('/')}/r/new")
    made = base.post_to("/api/rooms", {"game": game, "rules": rules, "seats": ["open"] * seats})
    first = made["seats"][0]["seat"]
    return Invitation(base.base, made["room"], first), str(made["host"])


@dataclass
class Connection:
    """The WebSocket, kept by a thread: the newest view, and the notices since."""

    invitation: Invitation
    token: str
    view: dict[str, Any] | None = None
    hint: dict[str, Any] | None = None  # the newest hint, for the turn it names
    notice: str = ""
    closed: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)

    def start(self) -> None:
        from websockets.sync.client import connect

        scheme = "wss" if self.invitation.base.startswith("https") else "ws"
        address = f"{scheme}://{urlsplit(self.invitation.base).netloc}/ws/{self.invitation.room}"
        self.socket = connect(address, open_timeout=15, max_size=2**21)
        self.socket.send(json.dumps({"type": "hello", "token": self.token}))
        threading.Thread(target=self._listen, daemon=True).start()

    def _listen(self) -> None:
        try:
            for text in self.socket:
                message = json.loads(text)
                with self.lock:
                    if message["type"] == "view":
                        self.view = message
                    elif message["type"] == "hint":
                        self.hint = message
                        print(message["text"], flush=True)  # as a screen reader says it
                    elif message["type"] == "refused":
                        self.notice = message["reason"]
        except Exception as error:  # the server went: said in the window
            self.notice = f"connection lost: {error}"
        self.closed = True

    def play(self, turn: int, move: dict[str, Any]) -> None:
        self.socket.send(json.dumps({"type": "move", "turn": turn, "move": move}))

    def ask_hint(self) -> None:
        self.socket.send(json.dumps({"type": "hint"}))

    def close(self) -> None:
        self.socket.close()


def scene_of(data: dict[str, Any]) -> Scene:
    """The scene a view carries (viz/render/scene_data.py), as every renderer takes it."""
    palette = Palette({"background": hex_rgb(data["background"])}, (data["ink"],))
    shapes = tuple(_shape(item) for item in data["shapes"])
    return Scene(data["width"], data["height"], "background", palette, shapes)


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


class RemoteWindow:
    """The window of a seat at a server's room: ←/→ (or Tab) choose a move, Enter or
    Space plays it, 1-9 play the move of that number, a click on your own tile plays it;
    H asks the server for a hint (the hinted moves are marked, the first chosen); Esc or
    Ctrl+Q closes. The room's host (given its `host` token) starts it with S."""

    def __init__(
        self,
        invitation: Invitation,
        name: str,
        size: tuple[int, int],
        out_dir: Path,
        keep: Callable[[Path], str | None],
        moving: bool = True,
        host: str = "",
    ) -> None:
        """`moving`: a change slides into place (the settings' motion), else it snaps."""
        self.invitation = invitation
        self.connection = Connection(invitation, invitation.take_seat(name))
        self.connection.start()
        self.out_dir, self.keep, self.host = out_dir, keep, host
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(f"oddsevens · room {invitation.room}")
        self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.choice = 0
        self.hint_shown: int | None = None  # the turn whose hint chose a move
        self.saved = False
        self.running = True
        self.board = pygame.Rect(0, 0, 0, 0)
        self.moving = moving
        self.scene: tuple[int, Scene] | None = None  # the newest view's scene, by change
        self.motion: Motion | None = None

    def run(self) -> None:
        clock = pygame.time.Clock()
        while self.running:
            for event in pygame.event.get():
                self.handle(event)
            with self.connection.lock:
                view, notice = self.connection.view, self.connection.notice
            if view is not None:
                self.paint(view, notice, self.picture(view, clock.get_time()))
                if view["ended"] and not self.saved:
                    self.saved = True
                    threading.Thread(target=self.save, daemon=True).start()
            pygame.display.flip()
            clock.tick(FRAME_RATE)
        self.close()

    def close(self) -> None:
        self.connection.close()
        pygame.display.quit()

    # --- input -------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN:
            self.key(event.key, event.mod)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)

    def key(self, key: int, mod: int) -> None:
        legal = self.legal()
        if key == pygame.K_ESCAPE or (key == pygame.K_q and mod & pygame.KMOD_CTRL):
            self.running = False
        elif key in (pygame.K_RIGHT, pygame.K_DOWN) or (
            key == pygame.K_TAB and not mod & pygame.KMOD_SHIFT
        ):
            self.choice = (self.choice + 1) % max(1, len(legal))
        elif key in (pygame.K_LEFT, pygame.K_UP, pygame.K_TAB):
            self.choice = (self.choice - 1) % max(1, len(legal))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.play(self.choice)
        elif pygame.K_1 <= key <= pygame.K_9:
            self.play(key - pygame.K_1)
        elif key == pygame.K_h and legal:
            self.connection.ask_hint()
        elif key == pygame.K_s and self.host:
            try:
                self.invitation.post("/start", {}, self.host)
            except JoinError as error:
                self.connection.notice = str(error)

    def click(self, position: tuple[int, int]) -> None:
        """A click on a tile of your own hand plays it (its key names its slot)."""
        view = self.connection.view
        if view is None or not self.board.collidepoint(position):
            return
        scale = self.board.width / view["scene"]["width"]
        x, y = (position[0] - self.board.x) / scale, (position[1] - self.board.y) / scale
        for index, move in enumerate(self.legal()):
            if "slot" not in move:
                continue
            key = f"hidden-{move['player']}-{move['slot']}"
            for item in view["scene"]["shapes"]:
                if item[0] == "rect" and item[1] == key:
                    left, top, width, height = item[2:6]
                    if left <= x <= left + width and top <= y <= top + height:
                        self.play(index)
                        return

    def legal(self) -> list[dict[str, Any]]:
        view = self.connection.view
        return list(view["legal"]) if view else []

    def play(self, index: int) -> None:
        view = self.connection.view
        if view is not None and 0 <= index < len(view["legal"]):
            self.connection.play(view["turn"], view["legal"][index])
            self.choice = 0

    # --- drawing -------------------------------------------------------------------------

    def picture(self, view: dict[str, Any], elapsed_ms: float) -> Scene:
        """The view's scene, on its way from the one before while a change moves."""
        if self.scene is None or self.scene[0] != view["seq"]:
            before = self.scene[1] if self.scene else None
            self.scene = (view["seq"], scene_of(view["scene"]))
            self.motion = Motion(before, CHANGE_MS) if before and self.moving else None
        elif self.motion is not None:
            self.motion.elapsed_ms += elapsed_ms
        scene = self.scene[1]
        if self.motion is None or self.motion.done:
            return scene
        return self.motion.picture(scene)

    def paint(self, view: dict[str, Any], notice: str, scene: Scene) -> None:
        width, height = self.surface.get_size()
        self.surface.fill(PAPER)
        canvas = pygame.Surface((scene.width, scene.height))
        draw(canvas, scene)
        room = (max(1, width - SIDE), height)
        scale = min(room[0] / scene.width, room[1] / scene.height)
        shown = pygame.transform.smoothscale(
            canvas, (max(1, int(scene.width * scale)), max(1, int(scene.height * scale)))
        )
        self.board = shown.get_rect(topleft=(0, 0))
        self.surface.blit(shown, self.board)
        lines = [f"{view['name']} · room {view['room']}", *view["status"]]
        if view["ended"]:
            lines += [view.get("result", ""), *(view.get("accuracy") or {}).get("lines", [])]
        elif not view["started"]:
            lines.append(f"Invite: {self.invitation.base}/r/{self.invitation.room}")
            lines.append("Press S to start once every seat is taken" if self.host else "")
        elif not view["legal"]:
            lines.append("Waiting for the others")
        self.side(width - SIDE + 10, lines, view, notice)

    def side(self, x: int, lines: list[str], view: dict[str, Any], notice: str) -> None:
        y = 10
        text = font(16)
        for line in lines:
            for part in _wrapped(line, text, SIDE - 20):
                self.surface.blit(text.render(part, True, INK), (x, y))
                y += 22
        said, hinted = self.hinted(view)
        for part in _wrapped(said, text, SIDE - 20):
            self.surface.blit(text.render(part, True, FOCUS), (x, y))
            y += 22
        y += 8
        self.choice = min(self.choice, max(0, len(view["legal"]) - 1))
        for index, words in enumerate(view["legal_words"]):
            slot = view["legal"][index].get("slot")
            label = f"{index + 1}. {words}" + (f" (slot {slot + 1})" if slot is not None else "")
            label += "  ◂ hint" if view["legal"][index] in hinted else ""
            chosen = index == self.choice
            if chosen:
                pygame.draw.rect(self.surface, FOCUS, (x - 4, y - 2, SIDE - 12, 22), 2)
            self.surface.blit(text.render(label, True, INK), (x, y))
            y += 24
        if notice:
            self.surface.blit(text.render(notice[:60], True, (140, 28, 19)), (x, y + 8))

    def hinted(self, view: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
        """The hint for this turn, in words, and the moves it names (the first is chosen
        once it comes); none once the game has moved on."""
        hint = self.connection.hint
        if hint is None or hint["turn"] != view["turn"]:
            return "", []
        if self.hint_shown != view["turn"] and hint["moves"]:
            self.hint_shown = view["turn"]
            self.choice = view["legal"].index(hint["moves"][0])
        return hint["text"], hint["moves"]

    def save(self) -> None:
        """The finished game's recording, saved where G saves and kept in the library (on
        a thread of its own: the window keeps answering)."""
        url = f"{self.invitation.base}/api/rooms/{self.invitation.room}/recording"
        try:
            with urllib.request.urlopen(url, timeout=60) as answer:
                text = answer.read()
        except OSError as error:
            self.connection.notice = f"recording not fetched: {error}"
            return
        from viz.outputs import write_atomic

        path = self.out_dir / f"room-{self.invitation.room}.jsonl"
        self.out_dir.mkdir(parents=True, exist_ok=True)
        write_atomic(path, lambda out: out.write(text), mode="wb")
        self.connection.notice = self.keep(path) or f"saved {path.name}"


def _wrapped(line: str, text: pygame.font.Font, width: int) -> list[str]:
    words, rows, row = line.split(), [], ""
    for word in words:
        wider = f"{row} {word}".strip()
        if text.size(wider)[0] > width and row:
            rows.append(row)
            row = word
        else:
            row = wider
    return [*rows, row] if row else rows
