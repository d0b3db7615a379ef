"""`python bench/window_frames.py LOG ARGS...`: `oddsevens ARGS...` with the start and end
of each of its windows' frames written to LOG (JSON) when it exits, and whether a
motion was under way after the frame: how fast a window draws while a change moves."""

from __future__ import annotations

import atexit
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from viz.cli import main
from viz.window.app import GameApp

frames: list[tuple[float, float, bool]] = []
timed_frame = GameApp.frame


def frame(app: GameApp[Any], dt_ms: float, first: Sequence[Any] = ()) -> None:
    start = time.perf_counter()
    timed_frame(app, dt_ms, first)
    frames.append((start, time.perf_counter(), app.board.motion is not None))


if __name__ == "__main__":
    log = Path(sys.argv[1])
    GameApp.frame = frame  # type: ignore[method-assign]
    atexit.register(lambda: log.write_text(json.dumps(frames)))
    sys.exit(main(sys.argv[2:]))
