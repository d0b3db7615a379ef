"""A clock a test sets, for a window's session: it stands still until the test moves it."""

from __future__ import annotations


class ManualClock:
    def __init__(self, seconds: float = 0.0) -> None:
        self.seconds = seconds

    def __call__(self) -> float:
        return self.seconds

    def advance(self, ms: float) -> None:
        self.seconds += ms / 1000
