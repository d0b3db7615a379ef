"""Loop's timer: whether the game plays itself, how fast, and when the next turn is due."""

from __future__ import annotations

from collections.abc import Callable

from viz.render.timeline import PLAY_SPEEDS
from viz.window.panel import Control, Label, Slider

SPEEDS = (*PLAY_SPEEDS, 0)  # 0: one turn every frame
MOTION_MS = 220  # how long a change takes to show, when nothing hurries it
MOTION_SHARE = 0.8  # in Loop, the part of each turn's beat its motion may take
FASTEST_MOVING_SPEED = 20  # turns a second; faster, Loop shows each turn as it is


def speed_label(speed: int) -> str:
    return "max" if speed == 0 else f"{speed}/s"


class Playback:
    def __init__(self) -> None:
        self.looping = False
        self.elapsed_ms = 0.0
        self.speed_index = SPEEDS.index(4)

    @property
    def speed(self) -> int:
        return SPEEDS[self.speed_index]

    def speed_text(self) -> str:
        return speed_label(self.speed)

    def set_speed(self, index: int) -> None:
        self.speed_index = min(len(SPEEDS) - 1, max(0, index))

    def faster(self, by: int) -> Callable[[], None]:
        return lambda: self.set_speed(self.speed_index + by)

    def controls(self) -> list[Control]:
        return [
            Label(f"Speed {self.speed_text()}  (- / +)"),
            Slider(self.speed_index, 0, len(SPEEDS) - 1, self.set_speed),
        ]

    def start(self, on: bool) -> None:
        self.looping, self.elapsed_ms = on, 0.0

    def run(self, dt_ms: float, step: Callable[[], bool], over: Callable[[], bool]) -> None:
        """Play the turns due in `dt_ms`; stop at the end, or when a step fails."""
        if not self.looping:
            return
        self.elapsed_ms += dt_ms
        interval = 0 if self.speed == 0 else 1000 / self.speed
        while self.looping and (self.elapsed_ms >= interval):
            self.elapsed_ms -= interval
            if not step() or over():
                self.looping = False
            if self.speed == 0:
                self.elapsed_ms = 0
                break

    def motion_ms(self) -> float | None:
        """How long a change may take to show; None where Loop is too fast to follow."""
        if not self.looping:
            return MOTION_MS
        if self.speed == 0 or self.speed > FASTEST_MOVING_SPEED:
            return None
        return min(MOTION_MS, MOTION_SHARE * 1000 / self.speed)
