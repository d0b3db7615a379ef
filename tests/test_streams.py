"""The streaming GIF and APNG writers on random frame sequences: decoded again, they show
every frame's pixels for its time, whatever changed, however long, with any palette size;
and a GIF written in parts, each by a stream of its own, is the GIF written whole."""

from __future__ import annotations

import io
import itertools

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


def picture(pixels: np.ndarray, colors: list[int]) -> Image.Image:
    image = Image.fromarray(pixels, "P")
    image.putpalette(colors)
    return image


def written(kind, colors, frames) -> bytes:
    out = io.BytesIO()
    stream = kind(out, colors)
    for pixels, delay in frames:
        stream.add(picture(pixels, colors), delay)
    stream.close()
    return out.getvalue()


def written_in_parts(colors, frames, starts: list[int]) -> bytes:
    """The GIF of `frames`, each part from one of `starts` on written by a stream that
    follows the picture before it, and joined to the stream of the first part."""
    out = io.BytesIO()
    stream = GifStream(out, colors)
    ends = [*starts, len(frames)]
    for pixels, delay in frames[: ends[0]]:
        stream.add(picture(pixels, colors), delay)
    for start, end in itertools.pairwise(ends):
        part = GifStream(io.BytesIO(), colors)
        part.follow(picture(frames[start - 1][0], colors))
        for pixels, delay in frames[start:end]:
            part.add(picture(pixels, colors), delay)
        stream.join(part.part())
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


@given(animations(longest=70_000), st.data())
def test_a_gif_written_in_parts_is_byte_for_byte_the_gif_written_whole(animation, data):
    """Parts whose first frames change nothing lengthen the frame before them, across
    parts that change nothing at all, and a delay too long for one frame is carried on
    by the picture as it stands after that frame."""
    colors, frames = animation
    places = st.integers(1, len(frames) - 1) if len(frames) > 1 else st.nothing()
    starts = sorted(data.draw(st.sets(places)))
    assert written_in_parts(colors, frames, starts) == written(GifStream, colors, frames)
