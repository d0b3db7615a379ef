"""Recordings replayed into animations and pictures (docs/rules.md 7): GIF, SVG, MP4, WebP,
APNG and a PNG still, all from the same scenes and the same timeline.

One writer per format, each given a clip (clip.py) and a temporary path: the GIF
(gif_parts.py) and the APNG streamed a frame at a time (animation.py), the MP4
through ffmpeg (mp4.py), the SVG built whole, the replay page around it (page.py).
Every output of one export goes through one `Outputs` batch: all are written, or
none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path

from games.recording import Replay
from viz import DEFAULT_SIZE, FRAME_MS
from viz.export.animation import stream_frames
from viz.export.apng import ApngStream
from viz.export.clip import Clip
from viz.export.formats import FORMATS
from viz.export.gif_parts import write_gif
from viz.export.mp4 import write_mp4
from viz.files import FileError
from viz.outputs import Outputs, outputs, writing
from viz.render.raster import render, render_stream

SUFFIXES = {kind: endings for kind, (endings, _) in FORMATS.items()}


def check_suffix(kind: str, path: Path) -> None:
    if path.suffix.lower() not in SUFFIXES[kind]:
        names = " or ".join(SUFFIXES[kind])
        raise FileError(path, f"--{kind} needs a file name ending in {names}")


# --- one writer per format -----------------------------------------------------------


def write_apng(clip: Clip, path: Path) -> None:
    with open(path, "wb") as out:
        stream_frames(clip.scenes(), clip.durations_ms(), ApngStream, out)


def write_svg(clip: Clip, path: Path) -> None:
    from viz.render.svg import animated_svg  # svgwrite takes a tenth of a second to load

    path.write_text(animated_svg(list(clip.scenes()), clip.timing()), encoding="utf-8")


# Pillow's own settings for a lossless animation: a key frame at most every 17 frames
# and no sooner than 9 after the last, and a transparent background hint.
WEBP_KEY_FRAMES = (9, 17)
# lossless: the quality is the effort; at 75 the shared game's WebP is under what
# `gif2webp -m 6` makes of its GIF, in about the time 50 took
WEBP_EFFORT, WEBP_METHOD = 75, 2


def write_webp(clip: Clip, path: Path) -> None:
    """Lossless animated WebP through libwebp's animation encoder (the `webp` package),
    each frame handed to it as it is rendered, so that only that one is held."""
    if len(clip.turns) == 1:  # a still picture, as Pillow writes one frame
        still = render(next(clip.scenes())).convert("RGB")
        still.save(path, format="WEBP", lossless=True, quality=WEBP_EFFORT, method=WEBP_METHOD)
        return
    import webp

    options = webp.WebPAnimEncoderOptions.new()
    options.loop_count = 0
    options.ptr.kmin, options.ptr.kmax = WEBP_KEY_FRAMES
    options.ptr.anim_params.bgcolor = 0
    config = webp.WebPConfig.new(lossless=True, quality=WEBP_EFFORT, method=WEBP_METHOD)
    encoder: webp.WebPAnimEncoder | None = None
    timestamp = 0
    durations = clip.durations_ms()
    for image, duration in zip(render_stream(clip.scenes()), durations, strict=True):
        picture = webp.WebPPicture.from_pil(image.convert("RGB"))
        if encoder is None:
            encoder = webp.WebPAnimEncoder.new(*image.size, options)
        encoder.encode_frame(picture, timestamp, config)
        timestamp += duration
    assert encoder is not None  # a clip has a turn at least
    path.write_bytes(encoder.assemble(timestamp).buffer())


def write_html(clip: Clip, path: Path) -> None:
    from viz.export.page import replay_page

    path.write_text(replay_page(clip), encoding="utf-8")


def write_png(clip: Clip, path: Path) -> None:
    """The still picture of the first turn of the clip."""
    render(next(clip.scenes())).save(path, format="PNG")


WRITERS: dict[str, Callable[[Clip, Path], None]] = {
    "gif": write_gif,
    "svg": write_svg,
    "mp4": write_mp4,
    "webp": write_webp,
    "apng": write_apng,
    "png": write_png,
    "html": write_html,
}


# --- exporting ---------------------------------------------------------------------


def export_clip(
    clip: Clip, targets: Mapping[str, Path], batch: Outputs | None = None
) -> list[Path]:
    """Write each format of `targets` (kind -> path); all of them, or none of them."""
    for kind, path in targets.items():
        check_suffix(kind, Path(path))
    if batch is None:
        with outputs() as own:
            return export_clip(clip, targets, own)
    for kind, path in targets.items():
        temp = batch.claim(path)
        writing(Path(path), temp, partial(WRITERS[kind], clip))
    return [Path(path) for path in targets.values()]


def export_replay(
    replay: Replay,
    targets: Mapping[str, Path],
    frame_ms: int = FRAME_MS,
    hold_ms: int = 2000,
    size: int = DEFAULT_SIZE,
    batch: Outputs | None = None,
    palette: str = "default",
) -> list[Path]:
    """Write the whole game in each format of `targets`."""
    return export_clip(Clip(replay, size, frame_ms, hold_ms, palette=palette), targets, batch)
