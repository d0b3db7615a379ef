"""The export timeline of docs/rules.md 7: frame k shows from k*frame_ms to (k+1)*frame_ms,
the last frame holds hold_ms more, and the whole loops forever. A real-time export
times each frame by the recording's clock instead (`real_durations_ms`)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate

MIN_GIF_DELAY_CS = 2
MIN_FRAME_MS = 10 * MIN_GIF_DELAY_CS  # no real-time frame is shorter: a GIF can say it

PLAY_SPEEDS = (1, 2, 4, 8, 15, 30, 60)  # turns a second, in the windows and on the page


@dataclass(frozen=True)
class RealTime:
    """How a real-time export plays the recording's clock: each pause cut to
    `idle_limit_ms`, then `speed` times as fast."""

    idle_limit_ms: int = 2000
    speed: float = 1.0


@dataclass(frozen=True)
class Timing:
    """How long each frame of an export shows, the hold included, and how an animated
    SVG's root says it: by the fixed timeline's frame time (`frame_ms`), or, in real
    time (`frame_ms` None), by every frame's own time."""

    durations_ms: tuple[int, ...]
    hold_ms: int
    frame_ms: int | None = None

    @classmethod
    def fixed(cls, frames: int, frame_ms: int, hold_ms: int) -> Timing:
        return cls(tuple(fixed_durations_ms(frames, frame_ms, hold_ms)), hold_ms, frame_ms)

    def root_attributes(self) -> dict[str, str]:
        if self.frame_ms is None:
            pace = {"data-real-ms": " ".join(map(str, self.durations_ms))}
        else:
            pace = {"data-frame-ms": str(self.frame_ms)}
        return {
            **pace,
            "data-hold-ms": str(self.hold_ms),
            "data-frames": str(len(self.durations_ms)),
        }


def fixed_durations_ms(frames: int, frame_ms: int, hold_ms: int) -> list[int]:
    """Each frame's time on the fixed timeline: frame_ms, and the last hold_ms more."""
    return [frame_ms] * (frames - 1) + [frame_ms + hold_ms]


def real_durations_ms(
    starts_ms: Sequence[int], end_ms: int | None, pace: RealTime, hold_ms: int
) -> list[int]:
    """Each frame's time in a real-time export. Frame k shows from `starts_ms[k]`, when
    its turn was played by the recording's clock, until the next frame's start (`end_ms`
    after the last frame shown; None where the game ends there). Every such pause is cut
    to the pace's idle limit, then played at its speed; the last frame holds `hold_ms`
    more. Frames end at whole milliseconds nearest their exact ends, so the whole never
    drifts, and none is shorter than MIN_FRAME_MS."""
    nexts = [*starts_ms[1:], starts_ms[-1] if end_ms is None else end_ms]
    pauses = [
        min(after - start, pace.idle_limit_ms) / pace.speed
        for start, after in zip(starts_ms, nexts, strict=True)
    ]
    pauses[-1] += hold_ms
    return rounded_steps(accumulate(pauses), 1, MIN_FRAME_MS)


def gif_delays_cs(durations_ms: Sequence[int]) -> list[int]:
    """Per-frame GIF delays in centiseconds, rounded cumulatively so the timeline never drifts."""
    return rounded_steps(accumulate(durations_ms), 10, MIN_GIF_DELAY_CS)


def rounded_steps(ends_ms: Iterable[float], unit_ms: int, least: int) -> list[int]:
    """The lengths, in units of `unit_ms`, of frames that end at `ends_ms` (from the
    start): each end goes to its nearest unit (a half up), and each frame lasts `least`
    units at least, later ends catching up."""
    steps, shown = [], 0
    for end in ends_ms:
        boundary = max(math.floor(end / unit_ms + 0.5), shown + least)
        steps.append(boundary - shown)
        shown = boundary
    return steps
