"""Bounds on memory: the window's text cache, and reading a huge recording."""

from __future__ import annotations

import subprocess
import sys

import pytest
from support.outputs import ROOT, listing


def test_the_windows_text_cache_is_bounded_in_bytes():
    import pygame

    from viz.window import render_pygame

    pygame.font.init()
    cache = render_pygame._TextCache(1_000_000)
    for number in range(3000):
        cache(f"a long status line that changes every time, number {number}", 22, (0, 0, 0))
        assert cache.bytes <= 1_000_000
    assert 0 < len(cache.entries) < 3000
    assert cache.bytes == sum(render_pygame._size(s) for s in cache.entries.values())


PEAK = (  # VmHWM, not ru_maxrss: Linux keeps the latter across exec, the forking pytest's
    "import sys; from viz.cli import main; code = main(sys.argv[1:]); "
    "print([int(line.split()[1]) // 1024 for line in open('/proc/self/status') "
    "if line.startswith('VmHWM:')][0]); sys.exit(code)"
)


@pytest.mark.parametrize("bad", ["short lines", "one long line"])
def test_reading_an_8_mib_recording_streams_under_60_mb(tmp_path, game, bad):
    header = game.read_text().splitlines(keepends=True)[0]
    big = tmp_path / "big.jsonl"
    with big.open("w") as out:
        out.write(header)
        if bad == "short lines":
            out.write("{}\n" * ((8 * 1024 * 1024 - len(header)) // 3))
        else:
            out.write("[" + "0," * ((8 * 1024 * 1024 - len(header)) // 2 - 2) + "0]\n")
    before = listing(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", PEAK, "validate", str(big)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith(f"oddsevens: {big}:2: ")
    assert int(done.stdout) < 60, f"{done.stdout} MB"
    assert listing(tmp_path) == before
