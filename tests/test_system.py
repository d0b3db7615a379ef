"""The advisory locks that keep two runs off each other's files (viz.system)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from viz.system import READ_NO_FOLLOW, try_lock


def _open(path: Path) -> int:
    return os.open(path, READ_NO_FOLLOW)


def test_an_exclusive_lock_keeps_every_other_lock_out_until_closed(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_text("x")
    holder, other = _open(path), _open(path)
    try:
        assert try_lock(holder)
        assert not try_lock(other)
        assert not try_lock(other, shared=True)
        os.close(holder)
        assert try_lock(other)
    finally:
        os.close(other)


def test_shared_locks_go_together_and_keep_an_exclusive_one_out(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_text("x")
    first, second, writer = _open(path), _open(path), _open(path)
    try:
        assert try_lock(first, shared=True)
        assert try_lock(second, shared=True)
        assert not try_lock(writer)
    finally:
        for fd in (first, second, writer):
            os.close(fd)


def test_opening_to_look_never_follows_a_symbolic_link(tmp_path: Path) -> None:
    (tmp_path / "target").write_text("x")
    (tmp_path / "link").symlink_to(tmp_path / "target")
    with pytest.raises(OSError):
        os.close(_open(tmp_path / "link"))
