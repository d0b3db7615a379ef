import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# Headless by default: windows open on SDL's dummy driver, sound goes nowhere.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).parent))

CI = os.environ.get("CI") == "true"

# A test's depth is a multiple of max_examples (see depth.py): CI runs the full depth, a
# local run a twentieth of it. HYPOTHESIS_PROFILE=ci runs the full depth anywhere.
settings.register_profile("ci", max_examples=1000, deadline=None, print_blob=True)
settings.register_profile("quick", max_examples=50, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if CI else "quick"))


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", help="also run the tests marked slow")


def pytest_collection_modifyitems(config, items):
    if CI or config.getoption("--runslow") or "slow" in config.option.markexpr:
        return
    skip = pytest.mark.skip(reason="slow: runs in CI (CI=true), with --runslow or -m slow")
    for item in items:
        if item.get_closest_marker("slow"):
            item.add_marker(skip)
