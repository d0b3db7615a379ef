"""A window's recording, made by hand: a game of Load on 3x3 at Load 3 (seed 2: 14
turns and no other events) whose moves came after the pauses the test chooses."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import accumulate

from games import REGISTRY
from games.autoplay import play
from games.recording import recording_text

# The first move 0.7 s in, then one every 0.7 s, but for a pause of 5.7 s before the
# third move, 705 ms before the fourth and 5 ms before the fifth.
PAUSES_MS = [700, 700, 5700, 705, 5] + [700] * 9


def timed_load_game(pauses_ms: Sequence[int] = PAUSES_MS) -> str:
    game = REGISTRY["load"]
    rules = game.rules({"rows": 3, "cols": 3, "load": 3})
    state, moves = play(game, rules, random.Random(2), {})
    assert len(moves) == state.turns == len(pauses_ms)
    times = list(accumulate(pauses_ms))
    return recording_text(game, rules, 2, moves, state.result(), times=times)
