"""A folder, a device, a FIFO or a socket named where a recording is expected: one line
saying what it is, status 2, no traceback and nothing written, in every command (a
folder with no recordings in it, for analyze)."""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path

import pytest
from support.depth import quick_first

from viz.cli import main
from viz.files import NO_RECORDINGS

COMMANDS = {
    "validate": ["validate", "{path}"],
    "validate --json": ["validate", "--json", "{path}"],
    "export": ["export", "{path}", "--gif", "{dir}/out.gif"],
    "analyze": ["analyze", "{path}"],
    "replay": ["replay", "{path}"],
}


def _special(tmp_path: Path, kind: str) -> tuple[Path, str]:
    """A file of `kind` and the reason the reader gives for it."""
    if kind == "folder":
        folder = tmp_path / "games.jsonl"
        folder.mkdir()
        return folder, "is a folder"
    if kind == "device":
        return Path("/dev/zero"), "is a device, not a regular file"
    if kind == "fifo":
        fifo = tmp_path / "pipe.jsonl"
        os.mkfifo(fifo)
        return fifo, "is a FIFO, not a regular file"
    where = tmp_path / "sock.jsonl"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(where))
    return where, "is a socket, not a regular file"


@pytest.mark.parametrize("kind", ["folder", "device", "fifo", "socket"])
@pytest.mark.parametrize("command", quick_first(COMMANDS, 2))
def test_a_recording_that_is_not_a_file_is_one_line_and_status_2(tmp_path, capsys, kind, command):
    path, reason = _special(tmp_path, kind)
    before = sorted(tmp_path.iterdir())
    argv = [arg.format(path=path, dir=tmp_path) for arg in COMMANDS[command]]
    if command == "analyze" and kind == "folder":  # analyze reads the recordings in one
        reason += f" with {NO_RECORDINGS}"
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err == f"oddsevens: {path}: {reason}\n"
    if command == "validate --json":
        assert json.loads(out) == {"ok": False, "line": None, "error": reason}
    else:
        assert out == ""
    assert sorted(tmp_path.iterdir()) == before
