"""A clip: which turns of a replay an export shows, on what canvas, and for how long
each. Its scenes are made one at a time as a writer asks for them; its durations are
the one source of every export's timing (docs/rules.md 7, or the recording's clock)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property, partial

from games.base import State
from games.recording import Replay
from viz import DEFAULT_SIZE, FRAME_MS
from viz.render.timeline import RealTime, Timing, real_durations_ms
from viz.scenes import SCENES
from viz.scenes.kit import SceneFunction
from viz.scenes.shapes import Scene

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
        return list(self.timing().durations_ms)

    def timing(self) -> Timing:
        """The one source of every format's times: the fixed timeline, or the
        recording's clock (`realtime`)."""
        if self.realtime is None:
            return Timing.fixed(len(self.turns), self.frame_ms, self.hold_ms)
        return Timing(tuple(self.real_durations_ms(self.realtime)), self.hold_ms)

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
