"""A command's child processes: which of them are a sweep's workers (the executor also
starts helpers that track its semaphores), and whether one is still alive."""

from __future__ import annotations

import subprocess


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
