"""The product as a user installs it: the built wheel in a fresh virtual environment,
run from an empty folder with an empty home and no system fonts, away from the checkout.

Building and installing takes a while (the wheel's dependencies come from the package
index or pip's cache), so these tests are `slow`: CI runs them.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from support.commands import HELPS, LOADED
from support.xsession import XServer, XWindow

import viz

pytestmark = pytest.mark.slow

CHECKOUT = Path(__file__).resolve().parents[1]
PACKAGE_DATA = (
    "viz/assets/DejaVuSans.ttf",
    "viz/assets/page/player.html",
    "viz/assets/page/player.js",
    "viz/assets/page/player.css",
    "viz/assets/rules.json",  # the rules cards
    "viz/assets/page/rules.js",
    "viz/assets/page/rules.css",
    "viz/assets/server/start.html",  # the game server's pages
    "viz/assets/server/room.html",
    "viz/assets/server/table.js",
    "viz/assets/server/start.js",
    "viz/assets/server/table.css",
)
FORMATS = ("gif", "svg", "mp4", "webp", "apng", "html")


@dataclass
class Installed:
    venv: Path
    work: Path  # an empty folder to run in
    env: dict[str, str]
    dist: Path

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [str(self.venv / "bin" / "oddsevens"), *args],
            cwd=self.work,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, f"oddsevens {' '.join(args)}: {done.stderr}"
        assert done.stderr == "", done.stderr
        return done


def _run(*args: str | Path, cwd: Path | None = None) -> None:
    subprocess.run([str(arg) for arg in args], check=True, cwd=cwd, capture_output=True)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    root = tmp_path_factory.mktemp("installed")
    dist, venv, home, work = (root / name for name in ("dist", "venv", "home", "work"))
    # Without --sdist or --wheel, build makes the sdist and then the wheel from it, so the
    # wheel proves the sdist complete, and no build folder is left in the checkout.
    _run(sys.executable, "-m", "build", "--outdir", dist, CHECKOUT)
    _run(sys.executable, "-m", "venv", venv)
    (wheel,) = dist.glob("*.whl")
    _run(venv / "bin" / "pip", "install", "-q", wheel)
    home.mkdir()
    work.mkdir()
    no_fonts = root / "fonts.conf"
    no_fonts.write_text('<?xml version="1.0"?>\n<fontconfig></fontconfig>\n')
    env = {
        "PATH": f"{venv / 'bin'}:/usr/bin:/bin",
        "HOME": str(home),
        "FONTCONFIG_FILE": str(no_fonts),
        "LANG": "C.UTF-8",
    }
    return Installed(venv, work, env, dist)


def test_wheel_and_sdist_carry_the_package_data(installed: Installed) -> None:
    (wheel,) = installed.dist.glob("*.whl")
    (sdist,) = installed.dist.glob("*.tar.gz")
    in_wheel = set(zipfile.ZipFile(wheel).namelist())
    with tarfile.open(sdist) as archive:
        in_sdist = {name.partition("/")[2] for name in archive.getnames()}
    for name in PACKAGE_DATA:
        assert name in in_wheel
        assert name in in_sdist


def test_runs_from_its_install_not_the_checkout(installed: Installed) -> None:
    python = installed.venv / "bin" / "python"
    where = subprocess.run(
        [str(python), "-c", "import viz, games; print(viz.__file__); print(games.__file__)"],
        cwd=installed.work,
        env=installed.env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    for module in where:
        assert Path(module).is_relative_to(installed.venv), module
    version = installed.run("--version").stdout.strip()
    assert version == f"oddsevens {viz.__version__}"


def test_no_help_of_the_installed_wheel_loads_pathlib(installed: Installed) -> None:
    """Where no editable finder has loaded it into every Python, a help loads no
    `pathlib` (nor `urllib.parse` and `ipaddress` with it): an option's path is made
    when one is given (docs/benchmarks.md, the command line's start)."""
    python = str(installed.venv / "bin" / "python")
    bare = subprocess.run(
        [python, "-c", "import json, sys; print(json.dumps(sorted(sys.modules)))"],
        **_in(installed),
    )
    assert "pathlib" not in bare.stdout  # else the check below could not fail
    for argv in HELPS:
        printed = subprocess.run([python, "-c", LOADED, *argv], **_in(installed))
        loaded = json.loads(printed.stdout.splitlines()[-1])
        assert not {"pathlib", "urllib.parse", "ipaddress"} & set(loaded), argv


def _in(installed: Installed) -> dict[str, Any]:
    return {
        "cwd": installed.work,
        "env": installed.env,
        "capture_output": True,
        "text": True,
        "check": True,
    }


def test_demo_validate_and_every_export(installed: Installed) -> None:
    installed.run("demo", "--out", "demo")
    demo = installed.work / "demo"
    (installed.work / "out").mkdir()  # as cp, export writes into a folder that exists
    for game_id in ("load", "loops", "tiles"):
        recording = demo / f"{game_id}.jsonl"
        assert "valid" in installed.run("validate", str(recording)).stdout
        targets = [arg for kind in FORMATS for arg in (f"--{kind}", f"out/{game_id}.{kind}")]
        # at 417 px, the narrowest at which the text stays legible: no note on stderr
        installed.run("export", str(recording), *targets, "--size", "417")
        installed.run("export", str(recording), "--png", f"out/{game_id}-1.png", "--turn", "1")
        for name in [f"{game_id}.{kind}" for kind in FORMATS] + [f"{game_id}-1.png"]:
            assert (installed.work / "out" / name).stat().st_size > 0, name
    page = (installed.work / "out" / "load.html").read_text(encoding="utf-8")
    assert "<svg" in page and "@SCRIPT@" not in page and "scrub" in page


@pytest.mark.x11
@pytest.mark.parametrize(
    "args",
    [("watch",), ("play", "loops"), ("play", "tiles"), ("replay", "demo/load.jsonl")],
    ids=["watch", "play-loops", "play-tiles", "replay"],
)
def test_each_window_opens_and_quits(
    installed: Installed, tmp_path: Path, args: tuple[str, ...]
) -> None:
    if args[0] == "replay":
        installed.run("demo", "--out", "demo")
        args = (*args[:-1], str(installed.work / args[-1]))
    server = XServer()
    try:
        window = XWindow(
            server,
            tmp_path,
            *args,
            program=(str(installed.venv / "bin" / "oddsevens"),),
            env=installed.env,
        )
        time.sleep(1)
        assert window.process.poll() is None, (tmp_path / "window.log").read_text()
        assert window.close() == 0
    finally:
        server.close()
    assert (tmp_path / "window.log").read_text() == ""


def test_the_game_server_serves_its_pages_from_the_install(installed: Installed) -> None:
    from support.serving import Served

    program = (str(installed.venv / "bin" / "oddsevens"),)
    served = Served(installed.work / "server", program=program, env=installed.env).start()
    try:
        for path in (
            "/",
            "/r/anyroom",
            "/static/table.js",
            "/static/start.js",
            "/static/table.css",
        ):
            assert served.get(path)
        made = served.room("tiles", {"players": 3}, ["open", "easy", "easy"])
        assert set(made["tokens"]) == {0}
    finally:
        served.stop()
