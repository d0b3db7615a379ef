"""Animations written a frame at a time: scenes rendered in turn, each frame holding
only the region that changed, encoded as a GIF or an APNG stream."""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, BinaryIO, TypeVar

from viz.export.apng import ApngStream
from viz.export.gif import GifStream
from viz.render.raster import Box, indexed_palette, render_changes
from viz.render.timeline import fixed_durations_ms, gif_delays_cs
from viz.scenes.shapes import Scene

if TYPE_CHECKING:
    from PIL import Image

Animation = TypeVar("Animation", GifStream, ApngStream)


def stream_frames(
    scenes: Iterable[Scene], delays: list[int], kind: type[Animation], out: BinaryIO
) -> None:
    """Render and encode one scene per delay, one at a time, into `out`."""
    animation, frames = animation_of(kind, out, scenes)
    add_frames(animation, frames, delays)
    animation.close()


def animation_of(
    kind: type[Animation], out: BinaryIO, scenes: Iterable[Scene]
) -> tuple[Animation, Iterator[tuple[Image.Image, Box | None]]]:
    """An animation of `kind` into `out` in the scenes' palette, and the scenes drawn in
    turn (`render_changes`)."""
    scenes = iter(scenes)
    first = next(scenes)
    animation = kind(out, indexed_palette(first.palette).flat())
    return animation, render_changes(_chain(first, scenes))


def add_frames(
    animation: GifStream | ApngStream,
    frames: Iterator[tuple[Image.Image, Box | None]],
    delays: list[int],
) -> None:
    for (image, near), delay in zip(frames, delays, strict=True):
        animation.add(image, delay, near or (0, 0, 0, 0))


def gif_bytes(scenes: list[Scene], frame_ms: int, hold_ms: int) -> bytes:
    """An animated GIF of `scenes`, in memory."""
    out = io.BytesIO()
    delays = gif_delays_cs(fixed_durations_ms(len(scenes), frame_ms, hold_ms))
    stream_frames(iter(scenes), delays, GifStream, out)
    return out.getvalue()


def _chain(first: Scene, rest: Iterator[Scene]) -> Iterator[Scene]:
    yield first
    yield from rest
