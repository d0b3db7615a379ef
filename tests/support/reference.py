"""The GIF writer the streaming one replaced, kept as the reference it is checked and
measured against: every frame rendered and kept, then handed to Pillow at once."""

from __future__ import annotations

import io

from PIL import Image

from viz.render.raster import indexed_palette, render_stream
from viz.render.timeline import fixed_durations_ms, gif_delays_cs
from viz.scenes.shapes import Scene


def every_frame(scenes: list[Scene]) -> list[Image.Image]:
    """Every frame of an animation, each its own image."""
    return [image.copy() for image in render_stream(scenes)]


def pillow_gif(scenes: list[Scene], frame_ms: int, hold_ms: int) -> bytes:
    images = every_frame(scenes)
    out = io.BytesIO()
    delays = [cs * 10 for cs in gif_delays_cs(fixed_durations_ms(len(images), frame_ms, hold_ms))]
    images[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=images[1:],
        duration=delays,
        loop=0,
        disposal=1,
        palette=bytes(indexed_palette(scenes[0].palette).flat()),
        optimize=True,
    )
    return out.getvalue()
