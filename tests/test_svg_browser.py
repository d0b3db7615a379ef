"""The animated SVG seeked in headless Chromium: sampled cells match the engine."""

import os
import shutil
import subprocess

import pytest
from PIL import Image
from test_export import FRAME_MS, HOLD_MS, expected_color, half_centre, recorded_load_game

from viz.export.clip import replay_scenes
from viz.render.svg import animated_svg
from viz.render.timeline import Timing

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
]
TURNS = (0, 3, 10, 17, -1)


def find_browser():
    found = next((shutil.which(name) for name in BROWSERS if shutil.which(name)), None)
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have Chromium (.ci/run installs it)")
        pytest.skip("no Chromium on this machine")
    return found


def page(svg, times_s):
    """One inline copy of the SVG per time, each paused and seeked to its time."""
    copies = "".join(f'<div style="line-height:0">{svg}</div>' for _ in times_s)
    seek = ";".join(
        f"s[{i}].pauseAnimations();s[{i}].setCurrentTime({t})" for i, t in enumerate(times_s)
    )
    return (
        f'<html><body style="margin:0">{copies}<script>'
        f'const s=document.querySelectorAll("svg");{seek}</script></body></html>'
    )


@pytest.mark.browser
@pytest.mark.slow  # the page tests seek the same kind of SVG in Chromium each run
def test_chromium_shows_the_engine_position_at_seeked_times(tmp_path):
    browser = find_browser()
    replay = recorded_load_game(seed=11)
    scenes = replay_scenes(replay, size=280)
    states = replay.frames()
    turns = [t % len(states) for t in TURNS]
    times = [(t + 0.5) * FRAME_MS / 1000 for t in turns]
    html = tmp_path / "page.html"
    html.write_text(page(animated_svg(scenes, Timing.fixed(len(scenes), FRAME_MS, HOLD_MS)), times))
    shot = tmp_path / "shot.png"
    width, height = scenes[0].width, scenes[0].height
    subprocess.run(
        [
            browser,
            *FLAGS,
            f"--user-data-dir={tmp_path / 'profile'}",
            f"--screenshot={shot}",
            f"--window-size={width},{height * len(times)}",
            html.as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    with Image.open(shot) as screenshot:
        image = screenshot.convert("RGB")
    for copy, turn in enumerate(turns):
        state = states[turn]
        for cell in range(state.board.cells):
            for half in ("red", "green"):
                x, y = half_centre(scenes[turn], f"{half}-{cell}")
                pixel = image.getpixel((x, y + copy * height))
                expected = expected_color(state, cell, half)
                off_by = max(abs(a - b) for a, b in zip(pixel, expected, strict=True))
                assert off_by <= 3, (turn, cell, half, pixel, expected)
        marker = scenes[turn].by_key().get("last-move-0")
        if marker is not None:  # the moving frame of the latest pick is where it belongs
            (x0, y0), (x1, _) = marker.points[:2]
            pixel = image.getpixel((round((x0 + x1) / 2), round(y0) + copy * height))
            assert max(pixel) < 90, (turn, pixel)
