import atexit
import os
import shlex
import shutil
import signal
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

# Headless by default: windows open on SDL's dummy driver, sound goes nowhere.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).parent))
import sums  # noqa: E402

from viz.kits import register  # noqa: E402

# Fixtures the tests of outputs share (`game`, `long_game`).
pytest_plugins = ["support.outputs"]

# The tests' own game, registered as any game outside the package would be: one line.
register(sums.KIT, scene="sums.scene:KIT", window="sums.window:WINDOW", sweep="sums.sweep:SWEEP")

# Games a window keeps go to a library of the test run, never the user's.
_DATA = Path(tempfile.mkdtemp(prefix="oddsevens-data-"))
os.environ["ODDSEVENS_DATA"] = str(_DATA)
atexit.register(shutil.rmtree, _DATA, True)

# Ctrl-C as a terminal delivers it, whoever started the run: a shell ignores it in the
# commands it starts in the background (`pytest &`), and every process started from
# them, the commands under test included, would inherit that.
signal.signal(signal.SIGINT, signal.default_int_handler)

CI = os.environ.get("CI") == "true"

# A test's depth is a multiple of max_examples (see support/depth.py): CI runs the full depth, a
# local run a twentieth of it. HYPOTHESIS_PROFILE=ci runs the full depth anywhere.
settings.register_profile("ci", max_examples=1000, deadline=None, print_blob=True)
settings.register_profile("quick", max_examples=50, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if CI else "quick"))


@pytest.fixture(autouse=True)
def window_settings(tmp_path_factory, monkeypatch):
    """Windows built in a test read their settings from a folder of that test, never the
    user's nor another test's (a test that switches the colours leaves them switched):
    there motion is reduced, so that a picture is final the frame after a move. Tests of
    motion pass settings of their own; windows on Xvfb get a folder each."""
    config = tmp_path_factory.mktemp("config")
    (config / "oddsevens").mkdir()
    (config / "oddsevens" / "settings.json").write_text('{"motion": "reduced"}\n')
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", help="also run the tests marked slow")


def pytest_collection_modifyitems(config, items):
    if CI or config.getoption("--runslow") or "slow" in config.option.markexpr:
        return
    skip = pytest.mark.skip(reason="slow: runs in CI (CI=true), with --runslow or -m slow")
    for item in items:
        if item.get_closest_marker("slow"):
            item.add_marker(skip)


# Chromium 156's headless mode keeps a hidden omnibox popup, a WebUI page whose renderer
# takes a third of a core for as long as the browser is open (measured idle: 0.4 s of CPU a
# second, 0.02 s without it). Chromium reads only the last --disable-features switch, so the
# popup's features are added to the one Playwright passes, by a wrapper around the browser.
OMNIBOX_POPUP = "WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup"
WITHOUT_POPUP = """#!/bin/sh
seen=
for arg do
  shift
  case $arg in --disable-features=*) arg="$arg,{features}" seen=1 ;; esac
  set -- "$@" "$arg"
done
[ "$seen" ] || set -- "$@" --disable-features={features}
exec {executable} "$@"
"""


@pytest.fixture(scope="session")
def chromium(tmp_path_factory):
    """One headless Chromium a worker, driven by Playwright, for every module that opens
    pages (launching one takes a second or two of CPU)."""
    from test_svg_browser import BROWSERS

    executable = next((shutil.which(name) for name in BROWSERS if shutil.which(name)), None)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        executable = None
    if executable is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have Chromium and Playwright (.ci/run installs them)")
        pytest.skip("needs Chromium and Playwright")
    wrapper = tmp_path_factory.mktemp("chromium") / "chromium"
    wrapper.write_text(
        WITHOUT_POPUP.format(features=OMNIBOX_POPUP, executable=shlex.quote(executable))
    )
    wrapper.chmod(0o755)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=wrapper, args=["--no-sandbox"])
        yield launched
        launched.close()


# --- windows on a real X server (the x11 tests) ---------------------------------------


@pytest.fixture(scope="module")
def x_server():
    """An X server (Xvfb) for a test module's windows."""
    from support.xsession import XServer  # only the x11 tests need it loaded

    started = XServer()
    yield started
    started.close()


@pytest.fixture
def open_window(x_server, tmp_path):
    """Opens `oddsevens ARGS...` windows on the module's X server; each is closed after
    the test, which fails unless it exits with 0."""
    opened = []

    from support.xsession import XWindow

    def open_(*args: str) -> XWindow:
        window = XWindow(x_server, tmp_path, *args)
        opened.append(window)
        return window

    yield open_
    for window in opened:
        assert window.close() == 0, (tmp_path / "window.log").read_text()
