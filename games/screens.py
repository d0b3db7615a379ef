"""What each screen of a game played together may see.

A screen is a seat (a number, as `to_move` names it) or a watcher (None). A game whose
players hold something the others may not see says so through its kit's `Screens`;
the default is a game of open information, where every screen sees everything and a
move is named as its recording event.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Screen = int | None
"""A seat's screen, or a watcher's (None)."""

Event = dict[str, Any]


def _nothing_concealed(state: Any, screen: Screen) -> frozenset[int]:
    return frozenset()


def _as_recorded(event: Event, state: Any, move: Any) -> Event:
    return event


def _seen_by_all(event: Event, screen: Screen) -> Event | None:
    return event


@dataclass(frozen=True)
class Screens:
    """How a game hides what a screen may not see.

    `concealed(state, screen)` names the seats whose hands the screen sees as colours
    (or backs) only. `named(event, state, move)` is the event the mover's own screen
    sends for a legal move, which may name a hidden piece by its place rather than by
    what it is (`event` is the recording's); `order(event)`, where given, is the order
    such moves are offered in (the game's own order may tell what they hide).
    `public(event, screen)` is a move as the screen may learn it from the change log,
    or None where it may learn only that a turn passed. `best(state, seat, rng)`, where
    given, is the hint a seat may have: the moves of its best option, judged from what
    the seat may see alone (without it, a hint is the analysis's, from the whole state,
    which every screen sees)."""

    concealed: Callable[[Any, Screen], frozenset[int]] = _nothing_concealed
    named: Callable[[Event, Any, Any], Event] = _as_recorded
    order: Callable[[Event], Any] | None = None
    public: Callable[[Event, Screen], Event | None] = _seen_by_all
    best: Callable[[Any, int, random.Random], list[Any]] | None = None


OPEN = Screens()
"""A game of open information: Load, Odds and Evens."""
