"""`oddsevens serve` as a real process on a free loopback port, and small clients of it:
JSON over HTTP (urllib) and a WebSocket (websockets' own blocking client)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

STARTS = 400  # connection attempts, 25 ms apart, while a server starts


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Served:
    """A server process keeping its rooms in `data`, on `port`."""

    def __init__(
        self,
        data: Path,
        port: int | None = None,
        program: tuple[str, ...] = (sys.executable, "-m", "viz"),
        env: dict[str, str] | None = None,
    ) -> None:
        """`program`: the command that runs oddsevens (the checkout's by default); `env`:
        the environment it runs in (this one's by default)."""
        self.data, self.port = data, port or free_port()
        self.program, self.env = program, os.environ if env is None else env
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> Served:
        command = [*self.program, "serve", "--port", str(self.port), "--data", str(self.data)]
        # the library of finished games beside the rooms: each test's own
        env = {**self.env, "ODDSEVENS_DATA": str(self.data)}
        # its output to a file: a pipe nobody reads would stop a server that fills it
        self.log = self.data / "serve.log"
        self.data.mkdir(parents=True, exist_ok=True)
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, text=True, env=env
            )
        for _ in range(STARTS):
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return self
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"the server ended: {self.log.read_text()}") from None
                time.sleep(0.025)
        raise RuntimeError("the server did not start listening")

    def kill(self, signum: int = signal.SIGKILL) -> int:
        assert self.process is not None
        os.kill(self.process.pid, signum)
        return self.process.wait(timeout=60)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.kill(signal.SIGTERM)

    def post(self, path: str, body: Any = None, token: str | None = None) -> Any:
        request = urllib.request.Request(
            self.base + path, data=json.dumps(body or {}).encode(), method="POST"
        )
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    def get(self, path: str) -> bytes:
        with urllib.request.urlopen(self.base + path, timeout=60) as answer:
            return bytes(answer.read())

    def room(self, game: str, rules: dict[str, Any], seats: list[str]) -> dict[str, Any]:
        """A room with a person claimed at each open seat: its tokens by seat."""
        made = self.post("/api/rooms", {"game": game, "rules": rules, "seats": seats})
        made["tokens"] = {
            s["seat"]: self.post(
                f"/api/rooms/{made['room']}/seats/{s['seat']}", {"name": f"P{s['seat']}"}
            )["token"]
            for s in made["seats"]
            if s["kind"] == "open"
        }
        return made

    def seat(self, room: dict[str, Any], seat: int) -> Screen:
        return Screen(self, room["room"], {"type": "hello", "token": room["tokens"][seat]})


class Screen:
    """One screen's WebSocket: every message it received, in order."""

    def __init__(self, served: Served, room: str, hello: dict[str, Any]) -> None:
        # connected directly (legacy=True): each call below reads or writes it
        self.socket = connect(
            f"ws://127.0.0.1:{served.port}/ws/{room}", open_timeout=30, legacy=True
        )
        self.received: list[str] = []
        self.socket.send(json.dumps(hello))

    def next(self, *kinds: str, timeout: float = 60) -> dict[str, Any]:
        """The next message of one of `kinds`; TimeoutError after `timeout` seconds."""
        while True:
            text = str(self.socket.recv(timeout=timeout))
            self.received.append(text)
            message = json.loads(text)
            if message["type"] in kinds:
                return message

    def play(self, view: dict[str, Any], choice: int = 0) -> dict[str, Any]:
        """Send the move offered at `choice`; the answer (its acknowledgement or refusal)."""
        move = view["legal"][choice]
        self.socket.send(json.dumps({"type": "move", "turn": view["turn"], "move": move}))
        return self.next("ack", "refused")

    def close(self) -> None:
        self.socket.close()
