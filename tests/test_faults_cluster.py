"""A cluster that cannot hang us: a scheduler's address is checked before anything is
asked of it, a listener that is silent or speaks garbage is one line within the stated
time, and Ctrl-C or SIGTERM ends the wait at once. Every listener is on 127.0.0.1."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.library import cli

from viz.system import SCHEDULER_VARIABLE

pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[1]
SWEEP = ["sweep", "loops", "--trials", "3000", "--capacity", "7", "--flips", "2"]
MALFORMED = ["tcp://", "http://127.0.0.1:8786", "tcp://[::1", "unix://", "inproc://"]
MALFORMED += ["tls://", "tcp://127.0.0.1", "tcp://127.0.0.1:0", "tcp://127.0.0.1:http", ""]


@contextlib.contextmanager
def listener(answer: bytes | None) -> Iterator[tuple[str, threading.Event]]:
    """A port on 127.0.0.1 that accepts and then sends `answer` (None: stays silent);
    its address, and an event set once a connection is accepted."""
    accepted = threading.Event()
    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def serve() -> None:
        with contextlib.suppress(OSError):
            while True:
                connection, _ = server.accept()
                held.append(connection)
                if answer is not None:
                    connection.sendall(answer)
                accepted.set()

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}", accepted
    finally:
        server.close()
        for connection in held:
            connection.close()


@pytest.mark.parametrize("address", MALFORMED)
def test_a_malformed_address_is_one_line_before_any_work(capsys, monkeypatch, address):
    monkeypatch.setattr("viz.sweeps.runner._connected", lambda *args: pytest.fail("connected"))
    code, out, err = cli(capsys, *SWEEP, "--scheduler", address)
    assert code == 2 and out == ""
    assert len(err) == 1 and "is not a Dask scheduler's address" in err[0], err


def test_a_malformed_address_in_the_environment_is_one_line_too(capsys, monkeypatch):
    monkeypatch.setenv(SCHEDULER_VARIABLE, "http://example.org:8786")
    code, _, err = cli(capsys, *SWEEP)
    assert code == 2 and len(err) == 1 and "http://example.org:8786" in err[0], err


@pytest.mark.parametrize("address", ["127.0.0.1:8786", "tcp://[::1]:8786", "tcp://host:1"])
def test_a_well_formed_address_is_taken(address):
    from viz.cli.common import scheduler_address

    assert scheduler_address(address).startswith("tcp://")


def test_a_silent_listener_is_one_line_once_the_stated_time_is_up(capsys, monkeypatch):
    monkeypatch.setattr("viz.sweeps.runner.CONNECT_TIMEOUT_S", 0.5)
    with listener(None) as (address, accepted):
        code, out, err = cli(capsys, *SWEEP, "--scheduler", address)
        assert accepted.is_set()
    assert code == 1 and out == ""
    assert err == [f"oddsevens: no Dask scheduler answers at {address} within 0.5 s"]


def test_a_listener_that_answers_garbage_is_one_line(capsys):
    with listener(b"\xff" * 4096) as (address, accepted):
        code, out, err = cli(capsys, *SWEEP, "--scheduler", address)
        assert accepted.is_set()
    assert code == 1 and out == ""
    assert len(err) == 1 and err[0].startswith(
        f"oddsevens: no Dask scheduler answers at {address}: "
    )


@pytest.mark.parametrize(("signum", "status"), [(2, 130), (15, 143)])
def test_ctrl_c_and_sigterm_end_the_wait_at_once(signum, status):
    with listener(None) as (address, accepted):
        sweep = subprocess.Popen(
            [sys.executable, "-m", "viz", *SWEEP, "--scheduler", address],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            assert accepted.wait(60), "the sweep never connected"
            sweep.send_signal(signum)
            # The wait is 5 s: ended by the signal, the sweep is gone well before.
            out, err = sweep.communicate(timeout=4)
        finally:
            if sweep.poll() is None:
                sweep.kill()
                sweep.wait()
    assert sweep.returncode == status
    assert out == "" and len(err.splitlines()) <= 1 and "Traceback" not in err
