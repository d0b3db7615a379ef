"""Every command that writes checks each target before it starts its work: a bad one is
one line and status 2, and the work it would have thrown away never begins."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from support.library import cli, data_folder

# The work each command would do before writing: a refusal must come before any of it.
WORK = {
    "record": ["viz.cli.recordings.record_game"],
    "export": ["viz.export.engine.export_clip"],
    "demo": ["viz.cli.recordings.record_game"],
    "analyze": ["viz.analysis.moves.analyze", "viz.analysis.moves.analyze_many"],
    "sweep": ["viz.sweeps.loops.run_sweep", "viz.sweeps.load.run_load_sweep"],
    "library": ["viz.library.stats.standings"],
    "practice": ["viz.library.open_library"],
}


@pytest.fixture
def recording(tmp_path, capsys):
    path = tmp_path / "game.jsonl"
    assert cli(capsys, "record", "load", "--seed", "1", "-o", path)[0] == 0
    return path


def _file_targets(tmp_path: Path, suffix: str) -> dict[str, tuple[Path, str]]:
    """Bad file targets, each with the words its refusal gives."""
    folder = tmp_path / f"a-folder{suffix}"
    folder.mkdir()
    fifo = tmp_path / f"a-fifo{suffix}"
    os.mkfifo(fifo)
    return {
        "a folder": (folder, "is a directory"),
        "in a missing folder": (tmp_path / "missing" / f"x{suffix}", "no such folder"),
        "in /proc": (Path(f"/proc/x{suffix}"), "No such file or directory"),
        "a FIFO": (fifo, "not a regular file"),
        "in a file": (tmp_path / "game.jsonl" / f"x{suffix}", "Not a directory"),
    }


def _folder_targets(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    plain = tmp_path / "plain.txt"
    plain.write_text("a file\n")
    return {
        "a file": (plain, "is not a folder"),
        "in a missing folder": (tmp_path / "missing" / "out", "no such folder"),
        "in /proc": (Path("/proc/out"), "No such file or directory"),
    }


COMMANDS = {
    "record": (".jsonl", lambda rec, target: ["record", "load", "-o", target]),
    "export --gif": (".gif", lambda rec, target: ["export", rec, "--gif", target]),
    "export --mp4": (".mp4", lambda rec, target: ["export", rec, "--mp4", target]),
    "analyze -o": (".jsonl", lambda rec, target: ["analyze", rec, "-o", target]),
    "analyze --plot": (".svg", lambda rec, target: ["analyze", rec, "--plot", target]),
    "sweep loops --plot": (
        ".png",
        lambda rec, target: ["sweep", "loops", "--trials", "1000", "--plot", target],
    ),
    "sweep load --plot": (
        ".png",
        lambda rec, target: ["sweep", "load", "--trials", "1000", "--plot", target],
    ),
    "library stats --plot": (".svg", lambda rec, target: ["library", "stats", "--plot", target]),
    "practice --page": (".html", lambda rec, target: ["practice", "--page", target]),
}

FOLDER_COMMANDS = {
    "demo --out": lambda rec, target: ["demo", "--out", target],
    "analyze -o (several)": lambda rec, target: ["analyze", rec, rec.parent, "-o", target],
}


def _refused_before_the_work(capsys, monkeypatch, argv: list[object], expected: str) -> None:
    begun: list[str] = []
    for name in WORK[str(argv[0])]:
        module, function = name.rsplit(".", 1)

        def work(*args, name=name, **kwargs):
            begun.append(name)
            raise AssertionError(f"{name} began before the target was checked")

        monkeypatch.setattr(f"{module}.{function}", work)
    code, out, err = cli(capsys, *argv)
    assert begun == []
    assert code == 2
    assert len(err) == 1 and err[0].startswith("oddsevens: ") and expected in err[0], err


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(
    "kind", ["a folder", "in a missing folder", "in /proc", "a FIFO", "in a file"]
)
def test_a_bad_output_file_is_refused_before_the_work(
    tmp_path, capsys, monkeypatch, recording, command, kind
):
    data_folder(tmp_path, monkeypatch)
    suffix, argv = COMMANDS[command]
    target, expected = _file_targets(tmp_path, suffix)[kind]
    before = sorted(os.listdir(tmp_path))
    _refused_before_the_work(capsys, monkeypatch, argv(recording, target), expected)
    assert sorted(os.listdir(tmp_path)) == before  # no folder made, nothing left
    assert not (tmp_path / "missing").exists()


@pytest.mark.parametrize("command", FOLDER_COMMANDS)
@pytest.mark.parametrize("kind", ["a file", "in a missing folder", "in /proc"])
def test_a_bad_output_folder_is_refused_before_the_work(
    tmp_path, capsys, monkeypatch, recording, command, kind
):
    data_folder(tmp_path, monkeypatch)
    target, expected = _folder_targets(tmp_path)[kind]
    before = sorted(os.listdir(tmp_path))
    _refused_before_the_work(
        capsys, monkeypatch, FOLDER_COMMANDS[command](recording, target), expected
    )
    assert sorted(os.listdir(tmp_path)) == before


def test_an_output_folder_that_is_missing_is_made_in_one_that_is_there(tmp_path, capsys):
    code, out, err = cli(capsys, "demo", "--out", tmp_path / "new")
    assert code == 0, err
    assert sorted(os.listdir(tmp_path / "new"))[:3] == ["load.gif", "load.jsonl", "load.svg"]
