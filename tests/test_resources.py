"""The program's own files come from its package, and a fault in them is its own, not the
fault of the file a user asked it to write."""

from __future__ import annotations

from pathlib import Path

import pytest

import viz
from viz import resources
from viz.cli import main
from viz.files import FileError
from viz.outputs import write_atomic

SAMPLE = Path(__file__).resolve().parents[1] / "recordings" / "load-sample.jsonl"


def test_the_font_and_page_are_files_of_the_package():
    package = Path(viz.__file__).parent
    names = ("DejaVuSans.ttf", "page/player.html", "page/player.js", "page/player.css")
    for name in (*names, "rules.json", "page/rules.js", "page/rules.css"):
        path = resources.asset_path(name)
        assert path.is_file()
        assert path.is_relative_to(package / "assets")
    assert resources.font_path().name == "DejaVuSans.ttf"


def test_version_is_printed_from_the_package(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"oddsevens {viz.__version__}\n"


@pytest.fixture
def broken_install(tmp_path, monkeypatch):
    """The package's files as if the page's script had been lost from the installation."""
    package = tmp_path / "viz"
    (package / "assets" / "page").mkdir(parents=True)
    for name in ("DejaVuSans.ttf", "page/player.html", "page/player.css"):
        (package / "assets" / name).write_bytes(resources.asset_path(name).read_bytes())
    monkeypatch.setattr(resources.resources, "files", lambda _package: package)
    resources.asset_path.cache_clear()
    yield
    resources.asset_path.cache_clear()


def test_a_lost_page_file_is_the_programs_fault_and_writes_nothing(
    broken_install, tmp_path, capsys
):
    page = tmp_path / "game.html"
    gif = page.with_suffix(".gif")
    assert main(["export", str(SAMPLE), "--html", str(page), "--gif", str(gif)]) == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "viz/assets/page/player.js" in error and "reinstall oddsevens" in error
    assert str(page) not in error
    assert not page.exists() and not gif.exists()


def test_a_write_that_fails_reading_another_file_names_that_file(tmp_path):
    missing = tmp_path / "nowhere" / "part.txt"
    target = tmp_path / "out.txt"
    with pytest.raises(FileError) as failure:
        write_atomic(target, lambda out: out.write(missing.read_text()))
    assert str(failure.value).startswith(f"{missing}: ")
    assert not target.exists()


def test_a_write_that_fails_on_its_own_file_names_the_target(tmp_path):
    target = tmp_path / "out.bin"

    def fill(out):
        raise OSError(28, "No space left on device")

    with pytest.raises(FileError) as failure:
        write_atomic(target, fill, mode="wb")
    assert str(failure.value) == f"{target}: No space left on device"
