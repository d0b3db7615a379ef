"""Recordings replayed into an animated GIF and an animated SVG (SPEC 7)."""

from __future__ import annotations

import io
from pathlib import Path

from games.recording import Replay
from viz.files import write_atomic
from viz.render_raster import indexed_palette, render_sequence
from viz.render_svg import animated_svg
from viz.scene import Scene
from viz.scenes import SCENES
from viz.scenes.common import DEFAULT_EXPORT_WIDTH
from viz.timeline import gif_delays_cs

DEFAULT_SIZE = DEFAULT_EXPORT_WIDTH


def replay_scenes(replay: Replay, size: int = DEFAULT_SIZE) -> list[Scene]:
    """One scene per turn: scene k shows the position after k turns."""
    kit = SCENES[replay.game.id]
    width, height = kit.export_size(replay.rules, size)
    return [kit.scene(state, width, height) for state in replay.frames()]


def gif_bytes(scenes: list[Scene], frame_ms: int, hold_ms: int) -> bytes:
    """An animated GIF: one global palette, changed-region frames, an explicit endless loop."""
    images = render_sequence(scenes)
    palette = bytes(indexed_palette(scenes[0].palette).flat())
    delays_ms = [cs * 10 for cs in gif_delays_cs(len(images), frame_ms, hold_ms)]
    out = io.BytesIO()
    images[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=images[1:],
        duration=delays_ms,
        loop=0,
        disposal=1,
        palette=palette,
        optimize=True,
    )
    return out.getvalue()


def export_replay(
    replay: Replay,
    gif: Path | None,
    svg: Path | None,
    frame_ms: int = 500,
    hold_ms: int = 2000,
    size: int = DEFAULT_SIZE,
) -> list[Path]:
    """Write the animations; both are made in memory first, so a failure writes nothing."""
    scenes = replay_scenes(replay, size)
    outputs: list[tuple[Path, bytes]] = []
    if gif is not None:
        outputs.append((gif, gif_bytes(scenes, frame_ms, hold_ms)))
    if svg is not None:
        outputs.append((svg, animated_svg(scenes, frame_ms, hold_ms).encode()))
    for path, data in outputs:
        write_atomic(path, lambda out, data=data: out.write(data), "wb")
    return [path for path, _ in outputs]
