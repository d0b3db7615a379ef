"""The command line run in-process on a library of the test's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from viz.cli import main


def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The command line's library and window sessions in folders of the test's own;
    the library's folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv("ODDSEVENS_DATA", str(folder))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return folder


def cli(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, list[str]]:
    """A command's status, its output and its lines on stderr."""
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err.splitlines()
