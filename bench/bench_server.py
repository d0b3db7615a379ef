"""The game server under load, with a client of its own on loopback: ROOMS four-seat
Even Odds rooms, every seat a bot on a WebSocket of its own (ROOMS x 4 connections to
one `oddsevens serve` process).

First every bot moves as soon as its view offers it a move: moves a second over all
rooms, and the round trip from sending a move to the last of the room's four seats
receiving the view that follows it, p50 and p99. Then the same rooms at a person's pace,
one move every PACE seconds a room: the round trip's p99 and the server's memory (its
peak resident set). The baseline, measured in the same phase, is the round trip of a
watcher's ping (the server's cheapest answer, ten a second): the ratio says what
making and sending four views costs over it. Each phase is measured once SETTLE_S have
let the queue the phase before left go through.

Run: python bench/bench_server.py [--rooms 250] [--seconds 30] [--pace 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import orjson
from common import print_table
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from support.serving import Served  # noqa: E402


def post(base: str, path: str, body: dict, token: str = "") -> dict:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


class Room:
    """One room's four bots and the round trips of its moves."""

    def __init__(self, served: Served) -> None:
        seats = {"game": "tiles", "rules": {}, "seats": ["open"] * 4}
        made = post(served.base, "/api/rooms", seats)
        self.id, self.port = made["room"], served.port
        self.tokens = [
            post(served.base, f"/api/rooms/{self.id}/seats/{s}", {})["token"] for s in range(4)
        ]
        self.host = made["host"]
        self.sent: dict[int, float] = {}  # the turn a move answered: when it was sent
        self.seen: dict[int, set[int]] = {}  # the seats that have a view past that turn
        self.since = 0.0  # the phase's start: moves sent before it are not its to count
        self.trips: list[float] = []
        self.acks = 0  # moves taken this phase
        self.views = 0  # views received this phase, by all four seats
        self.pace: float | None = None  # seconds between moves; None: at once
        self.ended = asyncio.Event()

    async def seat(self, number: int, ready: asyncio.Barrier) -> None:
        async with connect(f"ws://127.0.0.1:{self.port}/ws/{self.id}", max_size=2**20) as ws:
            await ws.send(json.dumps({"type": "hello", "token": self.tokens[number]}))
            await ready.wait()
            async for text in ws:
                message = orjson.loads(text)
                self.acks += message["type"] == "ack"
                if message["type"] != "view":
                    continue
                self.views += 1
                self._arrived(message["turn"], number)
                if message["ended"]:
                    self.ended.set()
                if message["legal"] and message["turn"] not in self.sent:
                    await GO.wait()  # every room started, the phase begun
                    if self.pace is not None:
                        await asyncio.sleep(self.pace * random.uniform(0.5, 1.5))
                    self.sent[message["turn"]] = time.perf_counter()
                    move = {"type": "move", "turn": message["turn"], "move": message["legal"][0]}
                    await ws.send(json.dumps(move))

    def _arrived(self, turn: int, seat: int) -> None:
        for answered, when in list(self.sent.items()):
            if answered < turn:
                seen = self.seen.setdefault(answered, set())
                seen.add(seat)
                if len(seen) == 4:
                    if when >= self.since:
                        self.trips.append(time.perf_counter() - when)
                    del self.sent[answered], self.seen[answered]


def peak_memory_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


@dataclass
class Phase:
    """What the bots of every room measured in one phase."""

    name: str
    seconds: float
    trips: list[float]
    moves: int
    views: int
    cpu: float  # the server's processor seconds over the phase
    pings: list[float]  # a watcher's pings meanwhile, ten a second: the baseline

    def row(self) -> list[str]:
        p50, p99 = percentile(self.trips, 0.5) * 1000, percentile(self.trips, 0.99) * 1000
        ping = statistics.median(self.pings) * 1000 if self.pings else float("nan")
        return [
            self.name,
            f"{self.moves / self.seconds:.0f}",
            f"{self.views / self.seconds:.0f}",
            f"{p50:.1f}",
            f"{p99:.1f}",
            f"{ping:.1f}",
            f"{p50 / ping:.1f}x",
            f"{self.cpu / self.seconds * 100:.0f} %",
            f"{self.cpu * 1000 / max(1, self.moves):.2f}",
        ]


def cpu_seconds(pid: int) -> float:
    """A process's processor time so far, user and system (proc(5): fields 14 and 15)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def phase(
    rooms: list[Room], server: int, name: str, seconds: float, pace: float | None
) -> Phase:
    """Every room's bots at `pace` (None: at once) for `seconds`, once SETTLE_S have let
    what the phase before left queued go through."""
    for room in rooms:
        room.pace = pace
    GO.set()
    await asyncio.sleep(SETTLE_S)
    for room in rooms:
        room.trips, room.since = [], time.perf_counter()
        room.acks = room.views = 0
    cpu, pings = cpu_seconds(server), []
    pinging = asyncio.create_task(pinger(rooms[0], pings))
    await asyncio.sleep(seconds)
    pinging.cancel()
    return Phase(
        name,
        seconds,
        [trip for room in rooms for trip in room.trips],
        sum(room.acks for room in rooms),
        sum(room.views for room in rooms),
        cpu_seconds(server) - cpu,
        pings,
    )


async def pinger(room: Room, pings: list[float]) -> None:
    """A watcher of `room` pinging ten times a second: each pong's round trip."""
    async with connect(f"ws://127.0.0.1:{room.port}/ws/{room.id}", max_size=2**20) as ws:
        await ws.send(json.dumps({"type": "watch"}))
        while True:
            pinged = time.perf_counter()
            await ws.send(json.dumps({"type": "ping"}))
            while orjson.loads(await ws.recv())["type"] != "pong":
                pass
            pings.append(time.perf_counter() - pinged)
            await asyncio.sleep(0.1)


async def start_all(rooms: list[Room]) -> None:
    """Start every room; its bots move once the first phase begins."""
    for room in rooms:
        base = f"http://127.0.0.1:{room.port}"
        await asyncio.to_thread(post, base, f"/api/rooms/{room.id}/start", {}, room.host)


GO = asyncio.Event()
SETTLE_S = 5.0  # before a phase is measured: it starts from what the one before left


async def run(count: int, seconds: float, pace: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        served = Served(Path(folder)).start()
        try:
            began = time.perf_counter()
            rooms = [Room(served) for _ in range(count)]
            ready = asyncio.Barrier(4 * count + 1)
            tasks = [asyncio.create_task(r.seat(n, ready)) for r in rooms for n in range(4)]
            await ready.wait()
            made = time.perf_counter() - began
            print(
                f"{count} rooms made and {4 * count} seats connected in {made:.1f} s",
                file=sys.stderr,
            )
            load = os.getloadavg()
            assert served.process is not None
            pid = served.process.pid
            await start_all(rooms)
            phases = [
                await phase(rooms, pid, "as fast as they can", seconds, None),
                await phase(rooms, pid, f"a move every {pace:g} s a room", seconds, pace),
            ]
            memory = peak_memory_mb(pid)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            stopping = time.perf_counter()
            served.stop()
            stopped = time.perf_counter() - stopping
            said = served.log.read_text().splitlines()[1:]  # after its address
            for line in said[:5]:
                print(f"the server said: {line}", file=sys.stderr)
    print(f"{count} four-seat Even Odds rooms, {4 * count} connections, {seconds:g} s a phase")
    print_table(
        [
            "bots",
            "moves/s",
            "views/s",
            "p50 ms",
            "p99 ms",
            "ping ms",
            "p50/ping",
            "server",
            "cpu ms/move",
        ],
        [measured.row() for measured in phases],
    )
    print(
        f"server peak memory: {memory:.0f} MB; stopped in {stopped:.1f} s; "
        f"load average at the start: {load[0]:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=250)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--pace", type=float, default=2.0)
    args = parser.parse_args()
    asyncio.run(run(args.rooms, args.seconds, args.pace))


if __name__ == "__main__":
    main()
