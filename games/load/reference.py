"""Load's rules stated as plainly as possible with Python sets.

Slow on purpose: tests use it as an oracle for the bit-mask engine, and the
benchmark uses it as the baseline the engine is measured against.
"""

from __future__ import annotations

import random


class SetModel:
    def __init__(self, rows: int, cols: int, load: int) -> None:
        self.rows, self.cols, self.cells = rows, cols, rows * cols
        self.load = self.pending_load = load
        self.stage = 1
        self.winner: int | None = None
        self.red: set[int] = set()
        self.red_cleared: set[int] = set()
        self.green: set[int] = set()
        self.green_cleared: set[int] = set()

    def pair(self, cell: int) -> set[int]:
        low = cell - cell % 2
        return {c for c in (low, low + 1) if c < self.cells}

    def adjacent(self, a: int, b: int) -> bool:
        (ra, ca), (rb, cb) = divmod(a, self.cols), divmod(b, self.cols)
        return abs(ra - rb) + abs(ca - cb) == 1

    def green_legal(self, cell: int) -> bool:
        cells = self.pair(cell)
        return not cells & self.green and not any(
            self.adjacent(c, g) for c in cells for g in self.green
        )

    def pick_red(self, cell: int) -> None:
        self.red.add(cell)
        for g in self.green - self.green_cleared:
            if max(self.pair(g)) >= cell:
                self.green_cleared |= self.pair(g)

    def pick_green(self, cell: int) -> None:
        cells = self.pair(cell)
        self.green |= cells
        self.red_cleared |= {r for r in self.red if r >= min(cells)}
        self.end_stage()

    def end_stage(self) -> None:
        self.load = self.pending_load
        if (
            len(self.red - self.red_cleared) > self.load
            or len(self.green - self.green_cleared) > self.load
        ):
            self.winner = 1
        elif self.stage == self.cells:
            self.winner = 2
        else:
            self.stage += 1

    def play_stage(self, rng: random.Random) -> None:
        """One stage of the automatic players of SPEC 3.3."""
        self.pick_red(rng.choice([c for c in range(self.cells) if c not in self.red]))
        uncleared = self.red - self.red_cleared
        if self.stage % 3 == 0 and uncleared:
            top = max(uncleared)
            pairs = [
                c
                for c in range(0, self.cells, 2)
                if max(self.pair(c)) < top and self.green_legal(c)
            ]
            if pairs:
                self.pick_green(rng.choice(pairs))
                return
        self.end_stage()
