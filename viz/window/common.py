"""What every part of a window shares: the keys' map, the line that says the game is
over, and how a seat held by a person is named."""

from __future__ import annotations

from collections.abc import Callable

from games.recording import PERSON, YOU

GAME_OVER = "The game is over: press N for a new game"
HELD_BY_YOU, HELD_BY_PERSON = YOU, PERSON  # a seat held by a person, by its name
Keys = dict[int, Callable[[], object]]
