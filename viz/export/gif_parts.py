"""The GIF writer: a long GIF shared out among the cores, each worker process drawing
and encoding a part of the frames as the whole file's stream would have, this process
joining them in order; a short one (or one of large frames) drawn here alone."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from viz.export.animation import add_frames, animation_of, stream_frames
from viz.export.clip import Clip
from viz.export.gif import GifPart, GifStream
from viz.render.timeline import gif_delays_cs
from viz.system import signals_held

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

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
        stream, frames = animation_of(GifStream, out, clip.scenes(slice(first)))
        with worker_processes(processes - 1) as pool:
            parts = _SharedParts(pool, processes, clip, delays, first)
            parts.hand_out()
            add_frames(stream, frames, delays[:first])
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
    stream, frames = animation_of(GifStream, io.BytesIO(), scenes)
    stream.follow(next(frames)[0])
    add_frames(stream, frames, delays[share.start : share.stop])
    return stream.part()
