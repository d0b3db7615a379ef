"""The export timeline of SPEC 7: frame k shows from k*frame_ms to (k+1)*frame_ms,
the last frame holds hold_ms more, and the whole loops forever."""

from __future__ import annotations

MIN_GIF_DELAY_CS = 2

PLAY_SPEEDS = (1, 2, 4, 8, 15, 30, 60)  # turns a second, in the windows and on the page


def frame_starts_ms(frames: int, frame_ms: int) -> list[int]:
    return [k * frame_ms for k in range(frames)]


def total_ms(frames: int, frame_ms: int, hold_ms: int) -> int:
    return frames * frame_ms + hold_ms


def gif_delays_cs(frames: int, frame_ms: int, hold_ms: int) -> list[int]:
    """Per-frame GIF delays in centiseconds, rounded cumulatively so the timeline never drifts."""
    ends = [*frame_starts_ms(frames, frame_ms)[1:], total_ms(frames, frame_ms, hold_ms)]
    delays, shown = [], 0
    for end in ends:
        boundary = max((end + 5) // 10, shown + MIN_GIF_DELAY_CS)
        delays.append(boundary - shown)
        shown = boundary
    return delays
