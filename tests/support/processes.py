"""A command's child processes: which of them are a sweep's workers (the executor also
starts helpers that track its semaphores), and whether one is still alive; and code run
in a fresh interpreter."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time


def children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True)
    return [int(child) for child in found.stdout.split()]


def _command_line(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as line:
            return line.read()
    except OSError:
        return b""


def sweep_workers(pid: int) -> list[int]:
    return [child for child in children(pid) if b"resource_tracker" not in _command_line(child)]


def alive(pid: int) -> bool:
    """Running: not ended, nor a zombie waiting to be reaped."""
    try:
        with open(f"/proc/{pid}/stat") as info:
            return info.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def outlived(pids: list[int], patience: float = 30.0) -> list[int]:
    """Those of `pids` still running after waiting for each one's end, an event on its
    pidfd. `patience` only keeps a broken run from hanging: the test counts the processes
    left, it does not time them."""
    give_up = time.monotonic() + patience
    for pid in pids:
        try:
            handle = os.pidfd_open(pid)
        except ProcessLookupError:
            continue
        try:
            waiting = select.poll()
            waiting.register(handle, select.POLLIN)
            waiting.poll(max(0.0, give_up - time.monotonic()) * 1000)
        finally:
            os.close(handle)
    return [pid for pid in pids if alive(pid)]


def fresh_python(code: str, *args: str, columns: int | None = None) -> str:
    """What `code` prints in a fresh interpreter, which has loaded no game (the tests'
    own is registered in this process), its help `columns` wide (else as wide as its
    standard output, a pipe: 80)."""
    env = {"PATH": "/usr/bin:/bin", **({"COLUMNS": str(columns)} if columns else {})}
    found = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=env
    )
    assert found.returncode == 0, found.stderr
    return found.stdout
