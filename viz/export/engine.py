"""Recordings replayed into animations and pictures (docs/rules.md 7): GIF, SVG, MP4, WebP,
APNG and a PNG still, all from the same scenes and the same timeline.

Scenes are made, rendered and encoded one frame at a time (the SVG, a text
document, is built whole). A long GIF is shared out among the cores: each process
draws and encodes a part of the frames, and this one joins them. Every output of
one export goes through one `Outputs` batch: all are written, or none.
"""

from __future__ import annotations

import io
import math
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TypeVar

from games.base import State
from games.recording import Replay
from viz import DEFAULT_SIZE, FRAME_MS
from viz.export.apng import ApngStream
from viz.export.formats import FORMATS
from viz.export.gif import GifPart, GifStream
from viz.export.mp4 import write_mp4
from viz.files import FileError, Outputs, outputs, writing
from viz.render.raster import Box, indexed_palette, render, render_changes, render_stream
from viz.render.timeline import RealTime, fixed_durations_ms, gif_delays_cs, real_durations_ms
from viz.scenes import SCENES
from viz.scenes.kit import SceneFunction
from viz.scenes.shapes import Scene
from viz.system import signals_held

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

    from PIL import Image

SUFFIXES = {kind: endings for kind, (endings, _) in FORMATS.items()}


NOTE_LINES = 4  # the most status lines a judgement of `export --annotate` takes


@dataclass(frozen=True)
class Clip:
    """Which turns of a replay an export shows, how large, and for how long each: on
    the fixed timeline, or by the recording's clock (`realtime`)."""

    replay: Replay
    size: int = DEFAULT_SIZE
    frame_ms: int = FRAME_MS
    hold_ms: int = 2000
    first: int = 0
    last: int | None = None  # the last turn shown; None: the end of the game
    palette: str = "default"  # a name in viz.PALETTE_NAMES
    annotate: bool = False  # an analysed recording's judgements as a status line
    realtime: RealTime | None = None

    @cached_property
    def notes(self) -> dict[int, str]:
        """With `annotate`, the judgement of the move that led to each turn, by turn."""
        from viz.export.judged import turn_notes

        return turn_notes(self.replay) if self.annotate else {}

    @cached_property
    def states(self) -> list[State]:
        """The position after each turn of the whole game, replayed once."""
        return self.replay.frames()

    @property
    def turns(self) -> range:
        end = len(self.states) - 1
        last = end if self.last is None else min(self.last, end)
        return range(min(self.first, last), last + 1)

    def scenes(self, shown: slice = slice(None)) -> Iterator[Scene]:
        """The scene of each turn shown, made as it is needed; or of those `shown`, by
        their place in the clip (`slice(2, 5)`: its third to fifth)."""
        kit = SCENES[self.replay.game.id]
        width, height, notes = self.canvas
        for turn in self.turns[shown]:
            state = self.states[turn]
            yield kit.scene(state, width, height, notes=notes.get(turn, ()), palette=self.palette)

    @cached_property
    def canvas(self) -> tuple[int, int, dict[int, tuple[str, ...]]]:
        """The width and height of the frames and each turn's status notes. Every frame
        gets the room for the board that the game's export size plans, the room left by
        its emptiest frame: the canvas grows by the rows its fullest frame has more (a
        status line that wraps, a judgement of `annotate`) and by what its margins grow
        with it, again while the larger margins break a note into more rows. So the board
        keeps its height, its size and its place from frame to frame, and its text the
        size its game planned (its width may be twice the margins' growth less: 6 % of
        the height added, at most)."""
        from viz.scenes.common import STATUS_STEP, font_size, margin

        width, height = SCENES[self.replay.game.id].export_size(self.replay.rules, self.size)
        plain = self._status_rows(width, height, {}).values()
        emptiest = min(plain)
        if not self.notes and emptiest == max(plain):
            return width, height, {}  # every frame as planned (Load's, Odds and Evens')
        grown = height
        while True:
            notes, most = self._padded_notes(width, grown)
            added = font_size(width) * STATUS_STEP * (most - emptiest)
            margins = 2 * (margin(width, grown) - margin(width, height))
            taller = height + math.ceil(added + margins)
            if taller <= grown:
                return width, grown, notes
            grown = taller

    def _status_rows(
        self, width: int, height: int, notes: dict[int, tuple[str, ...]]
    ) -> dict[int, int]:
        """How many status rows each turn's scene has on this canvas with these notes: told
        by the game's kit, or else counted in a scene made for each turn."""
        kit = SCENES[self.replay.game.id]
        count = kit.status_room or partial(_scene_status_rows, kit.scene)
        return {
            turn: count(self.states[turn], width, height, notes.get(turn, ()))
            for turn in self.turns
        }

    def _padded_notes(self, width: int, height: int) -> tuple[dict[int, tuple[str, ...]], int]:
        """Each turn's judgement (none where no judged move led to it, or without
        `annotate`) broken into status lines that fit the canvas, and empty lines after
        them so that every frame has as many status rows as the fullest, and that many."""
        from viz.scenes.common import font_size, margin, wrap

        room, size = width - 2 * margin(width, height), font_size(width)
        lines = {
            turn: tuple(wrap(self.notes[turn], room, size, NOTE_LINES))
            if turn in self.notes
            else ()
            for turn in self.turns
        }
        rows = self._status_rows(width, height, lines)
        most = max(rows.values())
        return {turn: lines[turn] + ("",) * (most - rows[turn]) for turn in rows}, most

    def durations_ms(self) -> list[int]:
        """How long each turn shown is shown, the hold included."""
        if self.realtime is None:
            return fixed_durations_ms(len(self.turns), self.frame_ms, self.hold_ms)
        return self.real_durations_ms(self.realtime)

    def real_durations_ms(self, pace: RealTime) -> list[int]:
        """Each turn's time by the recording's clock, played at `pace`; a recording
        without times has none (ValueError)."""
        starts = self.replay.turn_times()
        if not starts:
            raise ValueError("the recording has no times")
        first, last = self.turns[0], self.turns[-1]
        end = starts[last + 1] if last + 1 < len(starts) else None
        return real_durations_ms(starts[first : last + 1], end, pace, self.hold_ms)


def _scene_status_rows(
    scene: SceneFunction, state: State, width: int, height: int, notes: tuple[str, ...]
) -> int:
    made = scene(state, width, height, notes=notes)
    return made.layout.status_lines if made.layout is not None else 0


def replay_scenes(replay: Replay, size: int = DEFAULT_SIZE) -> list[Scene]:
    """One scene per turn: scene k shows the position after k turns."""
    return list(Clip(replay, size).scenes())


def check_suffix(kind: str, path: Path) -> None:
    if path.suffix.lower() not in SUFFIXES[kind]:
        names = " or ".join(SUFFIXES[kind])
        raise FileError(path, f"--{kind} needs a file name ending in {names}")


# --- one writer per format -----------------------------------------------------------


# A GIF of at least this many frames a process is shared out among the cores: a
# worker's start and its first whole picture cost it about 0.6 s of CPU, which a
# shorter clip does not repay (measured on this machine's two cores: 500 frames of the
# 20x20 game in 0.75 of the time, 300 frames in 0.95; docs/decisions.md). Its parts are
# a share of the frames left, and no smaller than SMALLEST_PART, which each part's whole
# picture of the frame before it would outweigh.
FRAMES_PER_PROCESS = 250
SMALLEST_PART = 20
# A larger frame is drawn by this process alone: a worker holds pictures of its own,
# and at 1200 px (1,200 x 1,514 for a 20x20 board) two processes and loky's trackers
# peaked at 216 MB, where the export is held to 150 MB. Every export at its default
# size shares out (the largest, 20x20's, is 894 x 1,128).
LARGEST_SHARED_FRAME = 1_050_000  # pixels


def write_gif(clip: Clip, path: Path) -> None:
    delays = gif_delays_cs(clip.durations_ms())
    width, height, _ = clip.canvas
    processes = min(os.cpu_count() or 1, len(delays) // FRAMES_PER_PROCESS)
    if width * height > LARGEST_SHARED_FRAME:
        processes = 1
    with open(path, "wb") as out:
        if processes < 2:
            stream_frames(clip.scenes(), delays, GifStream, out)
            return
        from viz.workers import worker_processes  # loky loads only for a long GIF

        first = part_size(len(delays), processes)
        # the first scene is made before any part is sent: the clip works out its canvas
        # with it, and must not change while a copy is pickled, off this thread
        stream, frames = _animation(GifStream, out, clip.scenes(slice(first)))
        with worker_processes(processes - 1) as pool:
            parts = _SharedParts(pool, processes, clip, delays, first)
            parts.hand_out()
            _add_frames(stream, frames, delays[:first])
            for part in parts.in_order():
                stream.join(part)
            stream.close()


def part_size(left: int, processes: int) -> int:
    """How many of the frames `left` the next part takes: a share that shrinks with them,
    so that the processes' last parts are short and they end about at once; all of them
    rather than a sliver too small for a part of its own."""
    size = max(SMALLEST_PART, left // (2 * processes))
    return size if left - size >= SMALLEST_PART else left


class _SharedParts:
    """The frames of a GIF after its first part, shared out in parts: the workers take
    theirs from the front, this process from the back, so that they meet about at once
    however the frames' costs differ. Each worker has two in hand, so that it never
    waits for its next."""

    def __init__(
        self, pool: Executor, processes: int, clip: Clip, delays: list[int], start: int
    ) -> None:
        self.pool, self.processes, self.clip, self.delays = pool, processes, clip, delays
        self.front, self.back = start, len(delays)  # the frames not yet taken
        self.sent: list[Future[GifPart]] = []  # the workers' parts, first first
        self.kept: list[GifPart] = []  # the parts made here, last first

    def _next(self) -> int:
        return part_size(self.back - self.front, self.processes)

    def hand_out(self) -> None:
        """Parts to the workers, as many as they have room for."""
        with signals_held():  # not inside the pool's own code
            busy = sum(not future.done() for future in self.sent)
            while busy < 2 * (self.processes - 1) and self.front < self.back:
                share = range(self.front, min(self.back, self.front + self._next()))
                self.sent.append(self.pool.submit(gif_part, self.clip, share, self.delays))
                self.front, busy = share.stop, busy + 1

    def in_order(self) -> Iterator[GifPart]:
        """Every part, in order: this process makes the last not handed out, one by one,
        handing out more to the workers as they finish theirs, until none is left."""
        from viz.workers import outcome

        self.hand_out()
        while self.front < self.back:
            share = range(max(self.front, self.back - self._next()), self.back)
            self.kept.append(gif_part(self.clip, share, self.delays))
            self.back = share.start
            self.hand_out()
        for future in self.sent:
            yield outcome(future)
        yield from reversed(self.kept)


def gif_part(clip: Clip, share: range, delays: list[int]) -> GifPart:
    """The clip's GIF frames at the places `share` (from the second on), of the clip's
    `delays`, for the stream of the frames before them to join: they are drawn on from a
    whole picture of the frame before, as that stream would have drawn them on."""
    scenes = clip.scenes(slice(share.start - 1, share.stop))
    stream, frames = _animation(GifStream, io.BytesIO(), scenes)
    stream.follow(next(frames)[0])
    _add_frames(stream, frames, delays[share.start : share.stop])
    return stream.part()


def write_apng(clip: Clip, path: Path) -> None:
    with open(path, "wb") as out:
        stream_frames(clip.scenes(), clip.durations_ms(), ApngStream, out)


Animation = TypeVar("Animation", GifStream, ApngStream)


def stream_frames(
    scenes: Iterable[Scene], delays: list[int], kind: type[Animation], out: BinaryIO
) -> None:
    """Render and encode one scene per delay, one at a time, into `out`."""
    animation, frames = _animation(kind, out, scenes)
    _add_frames(animation, frames, delays)
    animation.close()


def _animation(
    kind: type[Animation], out: BinaryIO, scenes: Iterable[Scene]
) -> tuple[Animation, Iterator[tuple[Image.Image, Box | None]]]:
    """An animation of `kind` into `out` in the scenes' palette, and the scenes drawn in
    turn (`render_changes`)."""
    scenes = iter(scenes)
    first = next(scenes)
    animation = kind(out, indexed_palette(first.palette).flat())
    return animation, render_changes(_chain(first, scenes))


def _add_frames(
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


def write_svg(clip: Clip, path: Path) -> None:
    from viz.render.svg import animated_svg  # svgwrite takes a tenth of a second to load

    real_ms = clip.durations_ms() if clip.realtime is not None else None
    path.write_text(
        animated_svg(list(clip.scenes()), clip.frame_ms, clip.hold_ms, real_ms), encoding="utf-8"
    )


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


def _chain(first: Scene, rest: Iterator[Scene]) -> Iterator[Scene]:
    yield first
    yield from rest


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
