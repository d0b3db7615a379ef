"""`oddsevens serve` as a process: killed mid-game it loses no acknowledged move, every
unfinished room is there on restart, a dropped screen reconnects at once, SIGTERM keeps
every room, and a finished game is in the library with who held each seat."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest
from support.serving import Served
from websockets.exceptions import ConnectionClosed


@pytest.fixture
def served(tmp_path):
    server = Served(tmp_path).start()
    yield server
    server.stop()


def play_acknowledged(server, room, moves):
    """Play `moves` moves, each seat in turn on its own screen; the turns acknowledged."""
    screens = {seat: server.seat(room, seat) for seat in room["tokens"]}
    acknowledged = []
    try:
        while len(acknowledged) < moves:
            for screen in screens.values():
                view = screen.next("view")
                if view["legal"]:
                    answer = screen.play(view)
                    if answer["type"] == "ack":
                        acknowledged.append(answer["turn"])
    finally:
        for screen in screens.values():
            screen.close()
    return acknowledged


def test_a_server_killed_mid_game_comes_back_with_every_acknowledged_move(served, tmp_path):
    room = served.room("loops", {}, ["open", "open"])
    served.post(f"/api/rooms/{room['room']}/start", token=room["host"])
    acknowledged = play_acknowledged(served, room, 5)
    assert served.kill(signal.SIGKILL) == -signal.SIGKILL
    again = Served(tmp_path, served.port).start()
    try:
        screen = again.seat(room, 0)
        view = screen.next("view")
        assert view["turn"] > acknowledged[-1] and len(view["moves"]) == view["turn"]
        assert view["started"] and not view["ended"]
        screen.close()
        play_to_the_end(again, room)
        recording = again.get(f"/api/rooms/{room['room']}/recording").decode().splitlines()
        assert json.loads(recording[0])["players"] == ["person", "person"]
        listed = subprocess.run(
            [sys.executable, "-m", "viz", "library", "--json"],
            capture_output=True,
            text=True,
            env={**os.environ, "ODDSEVENS_DATA": str(tmp_path)},
            check=True,
        )
        [game] = [json.loads(line) for line in listed.stdout.splitlines()]
        assert game["game"] == "loops"
    finally:
        again.stop()


def play_to_the_end(server, room):
    screens = {seat: server.seat(room, seat) for seat in room["tokens"]}
    try:
        ended = False
        while not ended:
            for screen in screens.values():
                view = screen.next("view")
                ended = ended or view["ended"]
                if view["legal"]:
                    screen.play(view)
    finally:
        for screen in screens.values():
            screen.close()


def test_a_dropped_screen_reconnects_and_catches_up_from_its_last_change(served):
    room = served.room("tiles", {"players": 3}, ["open", "hard", "hard"])
    served.post(f"/api/rooms/{room['room']}/start", token=room["host"])
    screen = served.seat(room, 0)
    view = screen.next("view")
    seen = view["seq"]
    screen.close()
    again = served.seat(room, 0)
    again.socket.send(json.dumps({"type": "since", "seq": seen}))
    current = again.next("view")
    assert current["you"] == 0
    told = again.next("changes")["changes"]
    assert [c["seq"] for c in told] == list(range(seen + 1, seen + 1 + len(told)))
    again.close()


def test_sigterm_closes_the_screens_and_keeps_every_room(served, tmp_path):
    room = served.room("loops", {}, ["open", "open"])
    served.post(f"/api/rooms/{room['room']}/start", token=room["host"])
    acknowledged = play_acknowledged(served, room, 2)
    screen = served.seat(room, 0)
    screen.next("view")
    status = served.kill(signal.SIGTERM)
    assert status in (0, 128 + signal.SIGTERM)
    with pytest.raises(ConnectionClosed):
        while True:
            screen.next("view")
    assert "Traceback" not in served.log.read_text()
    again = Served(tmp_path, served.port).start()
    try:
        view = again.seat(room, 0).next("view")
        assert view["turn"] > acknowledged[-1]
    finally:
        again.stop()
