"""The streaming GIF and APNG writers on random frame sequences: decoded again, they show
every frame's pixels for its time, whatever changed, however long, with any palette size."""

from __future__ import annotations

import io

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from viz.export.apng import ApngStream
from viz.export.gif import GifStream

WIDTH, HEIGHT = 9, 7


@st.composite
def animations(draw, longest: int):
    """A palette of 2 to 256 colours and 1 to 8 frames, each drawn with it and shown for
    a delay of 1 to `longest` units; frames often repeat or change in a few pixels."""
    count = draw(st.integers(2, 256))
    # Palette and pixels come as whole byte strings: one draw each keeps generation fast.
    colors = list(draw(st.binary(min_size=3 * count, max_size=3 * count)))
    size = HEIGHT * WIDTH
    pictures = st.binary(min_size=size, max_size=size).map(
        lambda data: np.array([byte % count for byte in data], np.uint8).reshape(HEIGHT, WIDTH)
    )
    frame = draw(pictures)
    frames = []
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(["same", "few", "all"]))
        if kind == "few":
            frame = frame.copy()
            for _ in range(draw(st.integers(1, 4))):
                row, column = draw(st.integers(0, HEIGHT - 1)), draw(st.integers(0, WIDTH - 1))
                frame[row, column] = draw(st.integers(0, count - 1))
        elif kind == "all":
            frame = draw(pictures)
        frames.append((frame, draw(st.integers(1, longest))))
    return colors, frames


def written(kind, colors, frames) -> bytes:
    out = io.BytesIO()
    stream = kind(out, WIDTH, HEIGHT, colors)
    for pixels, delay in frames:
        image = Image.fromarray(pixels, "P")
        image.putpalette(colors)
        stream.add(image, delay)
    stream.close()
    return out.getvalue()


def timeline(shown: list[tuple[bytes, int]]) -> list[tuple[bytes, int]]:
    """Consecutive equal pictures joined, their times added."""
    joined: list[tuple[bytes, int]] = []
    for picture, time in shown:
        if joined and joined[-1][0] == picture:
            joined[-1] = (picture, joined[-1][1] + time)
        else:
            joined.append((picture, time))
    return joined


def as_rgb(pixels: np.ndarray, colors: list[int]) -> bytes:
    table = np.array(colors, dtype=np.uint8).reshape(-1, 3)
    return table[pixels].tobytes()


def decoded(data: bytes) -> list[tuple[bytes, int]]:
    with Image.open(io.BytesIO(data)) as animation:
        shown = []
        for index in range(getattr(animation, "n_frames", 1)):
            animation.seek(index)
            picture = animation.convert("RGB").tobytes()
            shown.append((picture, round(animation.info["duration"])))
        return shown


@given(animations(longest=70_000))  # centiseconds: past the 65,535 one GIF frame can say
def test_the_gif_stream_shows_every_frame_for_its_time(animation):
    colors, frames = animation
    expected = timeline([(as_rgb(pixels, colors), delay * 10) for pixels, delay in frames])
    assert timeline(decoded(written(GifStream, colors, frames))) == expected


@given(animations(longest=140_000))  # milliseconds: past the 65,535 one APNG frame can say
def test_the_apng_stream_shows_every_frame_for_its_time(animation):
    colors, frames = animation
    expected = timeline([(as_rgb(pixels, colors), delay) for pixels, delay in frames])
    assert timeline(decoded(written(ApngStream, colors, frames))) == expected
