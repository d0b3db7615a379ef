"""The game server's HTTP API and WebSocket, through Starlette's test client: what a
client may send, what it is refused and why, and that the room is unharmed after."""

from __future__ import annotations

import contextlib
import json
import re

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from viz.server.app import Limits, create_app


class Table:
    """A server and a client of it, with the rooms it opened."""

    def __init__(self, client: TestClient) -> None:
        self.client = client

    def room(self, game="loops", rules=None, seats=("open", "open")):
        made = self.client.post(
            "/api/rooms", json={"game": game, "rules": rules or {}, "seats": list(seats)}
        )
        assert made.status_code == 201, made.text
        room = made.json()
        room["tokens"] = {}
        for seat in room["seats"]:
            if seat["kind"] == "open":
                answer = self.client.post(
                    f"/api/rooms/{room['room']}/seats/{seat['seat']}", json={}
                )
                room["tokens"][seat["seat"]] = answer.json()["token"]
        return room

    def start(self, room):
        answer = self.client.post(
            f"/api/rooms/{room['room']}/start", headers={"Authorization": f"Bearer {room['host']}"}
        )
        assert answer.status_code == 200, answer.text

    @contextlib.contextmanager
    def socket(self, room, hello):
        with self.client.websocket_connect(f"/ws/{room['room']}") as ws:
            ws.send_text(json.dumps(hello))
            yield ws


def next_of(ws, kind):
    """The next message of `kind` (or of any of the kinds named), passing others by."""
    while True:
        message = json.loads(ws.receive_text())
        if message["type"] in kind:
            return message


@pytest.fixture
def table(tmp_path):
    app = create_app(tmp_path, Limits(burst=30, flood=60), judge=False, clock=lambda: 0.0)
    with TestClient(app) as client:
        yield Table(client)


def send_move(ws, turn, move):
    ws.send_text(json.dumps({"type": "move", "turn": turn, "move": move}))


def hello(room, seat):
    return {"type": "hello", "token": room["tokens"][seat]}


def test_a_seat_plays_its_move_is_acknowledged_once_and_a_repeat_is_refused(table):
    room = table.room()
    table.start(room)
    with table.socket(room, hello(room, 0)) as ws:
        view = next_of(ws, "view")
        assert view["you"] == 0 and view["legal"]
        move = {"type": "move", "turn": view["turn"], "move": view["legal"][0]}
        ws.send_text(json.dumps(move))
        assert next_of(ws, "ack")["turn"] == view["turn"]
        ws.send_text(json.dumps(move))  # resent: the turn has passed
        assert "answers turn" in next_of(ws, "refused")["reason"]
        ws.send_text(json.dumps({"type": "since", "seq": 0}))
        told = next_of(ws, "changes")["changes"]
        assert [c.get("event") for c in told if "event" in c] == [view["legal"][0]]


def test_the_seat_to_move_is_hinted_among_its_own_moves_and_no_other_screen_is(table):
    room = table.room()
    table.start(room)
    with (
        table.socket(room, hello(room, 0)) as mover,
        table.socket(room, hello(room, 1)) as waiting,
        table.socket(room, {"type": "watch"}) as watcher,
    ):
        offered = next_of(mover, "view")["legal"]
        for ws in (waiting, watcher):
            next_of(ws, "view")
            ws.send_text(json.dumps({"type": "hint"}))
            assert next_of(ws, "refused")["reason"] == "a hint is for the seat to move"
        mover.send_text(json.dumps({"type": "hint"}))
        hinted = next_of(mover, "hint")
        assert hinted["text"].startswith("Hint: ")
        assert hinted["moves"] and all(move in offered for move in hinted["moves"])


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ("not json", "not valid JSON"),
        ("[1, 2]", "not a JSON object"),
        ('{"type": "move", "turn": 0, "turn": 1, "move": {}}', "appears twice"),
        ('{"type": "move", "turn": NaN, "move": {}}', "not a number JSON allows"),
        ('{"type": "teleport"}', "type must be one of"),
        ('{"type": "move", "turn": 0}', "needs move"),
        ('{"type": "move", "turn": "0", "move": {}}', "wrong kind"),
        ('{"type": "move", "turn": 0, "move": {}, "extra": 1}', "no field"),
        ('{"type": "move", "turn": 0, "move": {"player": 1, "place": "left"}}', "not one you may"),
        ('{"type": "move", "turn": 0, "move": {"player": 0, "place": "up"}}', "not one you may"),
        ('{"type": "hello", "token": "x"}', "only the first"),
        ('{"type": "move", "turn": 0, "move": ' + "[" * 40 + "]" * 40 + "}", "nested deeper"),
    ],
)
def test_a_bad_message_is_refused_in_one_line_and_the_room_goes_on(table, message, reason):
    room = table.room()
    table.start(room)
    with table.socket(room, hello(room, 0)) as ws:
        view = next_of(ws, "view")
        ws.send_text(message)
        refused = next_of(ws, "refused")
        assert reason in refused["reason"] and "\n" not in refused["reason"]
        assert "Traceback" not in refused["reason"]
        send_move(ws, view["turn"], view["legal"][0])
        assert next_of(ws, "ack")


def test_an_oversized_message_is_refused(table):
    room = table.room()
    table.start(room)
    with table.socket(room, hello(room, 0)) as ws:
        next_of(ws, "view")
        ws.send_text(json.dumps({"type": "ping", "pad": "x" * 5000}))
        assert "at most 4096 bytes" in next_of(ws, "refused")["reason"]
        ws.send_text(json.dumps({"type": "ping"}))
        assert next_of(ws, "pong")


@pytest.mark.parametrize(
    "first",
    [
        {"type": "hello", "token": "A" * 22},
        {"type": "ping"},
        {"type": "hello", "token": "A" * 500},
    ],
)
def test_a_connection_that_does_not_say_who_it_is_is_closed(table, first):
    room = table.room()
    with table.socket(room, first) as ws:
        refused = json.loads(ws.receive_text())
        assert refused["type"] == "refused"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 1008


def test_another_rooms_token_holds_no_seat_here(table):
    one, two = table.room(), table.room()
    with table.socket(two, {"type": "hello", "token": one["tokens"][0]}) as ws:
        assert "holds no seat" in json.loads(ws.receive_text())["reason"]


def test_a_flood_is_refused_then_closed_and_the_room_is_unharmed(table):
    room = table.room()
    table.start(room)
    with table.socket(room, hello(room, 0)) as ws:
        next_of(ws, "view")
        for _ in range(30 + 60):  # the burst, then 60 refused in a row
            ws.send_text(json.dumps({"type": "ping"}))
        kinds = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                kinds.append(json.loads(ws.receive_text())["type"])
        assert closed.value.code == 1008
        assert kinds.count("pong") == 30 and "refused" in kinds
    with table.socket(room, hello(room, 0)) as ws:
        view = next_of(ws, "view")
        send_move(ws, view["turn"], view["legal"][0])
        assert next_of(ws, "ack")


def test_a_page_of_another_origin_may_not_connect(table):
    room = table.room()
    headers = {"origin": "http://evil.example"}
    connecting = table.client.websocket_connect(f"/ws/{room['room']}", headers=headers)
    with pytest.raises(WebSocketDisconnect) as closed, connecting as ws:
        ws.receive_text()
    assert closed.value.code == 1008
    same = {"origin": "http://testserver"}
    with table.client.websocket_connect(f"/ws/{room['room']}", headers=same) as ws:
        ws.send_text(json.dumps({"type": "watch"}))
        assert next_of(ws, "view")["you"] is None


def test_a_watcher_joins_any_room_and_is_offered_no_move(table):
    room = table.room()
    table.start(room)
    with table.socket(room, {"type": "watch"}) as ws:
        view = next_of(ws, "view")
        assert view["you"] is None and view["legal"] == []
        ws.send_text(
            json.dumps(
                {"type": "move", "turn": view["turn"], "move": {"player": 0, "place": "left"}}
            )
        )
        assert "not your turn" in next_of(ws, "refused")["reason"]


def test_the_recording_is_refused_before_the_end_and_served_after(table):
    room = table.room()
    answer = table.client.get(f"/api/rooms/{room['room']}/recording")
    assert answer.status_code == 400 and "once the game has ended" in answer.json()["error"]
    table.start(room)
    play_to_the_end(table, room)
    answer = table.client.get(f"/api/rooms/{room['room']}/recording")
    assert answer.status_code == 200
    lines = answer.text.splitlines()
    header = json.loads(lines[0])
    assert header["players"] == ["person", "person"] and "seed" in header and header["seed"] is None
    assert "result" in json.loads(lines[-1])
    svg = table.client.get(f"/api/rooms/{room['room']}/download/svg")
    assert svg.status_code == 200 and svg.text.startswith("<svg")


def play_to_the_end(table, room):
    """Each seat in turn reads its next view and plays the first move offered, if any (a
    move from a view that a later change made stale is refused, and read again)."""
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(table.socket(room, hello(room, s))) for s in room["tokens"]]
        ended = False
        while not ended:
            for ws in sockets:
                view = next_of(ws, "view")
                ended = ended or view["ended"]
                if view["legal"]:
                    send_move(ws, view["turn"], view["legal"][0])
                    next_of(ws, ("ack", "refused"))


@pytest.mark.parametrize(
    ("path", "body", "status", "reason"),
    [
        ("/api/rooms", {"game": "loops", "rules": {}, "seats": ["open"]}, 400, "must list 2"),
        ("/api/rooms", "x" * 5000, 413, "at most 4096"),
        ("/api/rooms/nosuch/seats/0", {}, 400, "no such room"),
    ],
)
def test_a_bad_request_is_refused_with_a_reason(table, path, body, status, reason):
    content = body if isinstance(body, str) else json.dumps(body)
    answer = table.client.post(path, content=content)
    assert answer.status_code == status and reason in answer.json()["error"]


def test_the_pages_load_nothing_from_elsewhere(table):
    for path in ("/", "/r/abc"):
        page = table.client.get(path)
        assert page.status_code == 200
        assert "default-src 'self'" in page.headers["content-security-policy"]
        assert not re.search(
            r"""(src|href|action)=["']?(https?:)?//|url\(\s*["']?https?:""", page.text
        )
    assert table.client.get("/static/../app.py").status_code == 404
