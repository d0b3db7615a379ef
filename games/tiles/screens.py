"""What each screen of Even Odds may see: a seat sees every hand's numbers but its own,
whose tiles it knows by colour and names by slot; a watcher sees the colours of every
hand; everyone sees everything once the game has ended."""

from __future__ import annotations

import random

import numpy as np

from games.screens import Event, Screen, Screens
from games.tiles.ai import SeatView
from games.tiles.engine import Choose, Move, Play, TilesState, color_of
from games.tiles.expert import option_worth


def hidden_order(hand: list[int]) -> list[int]:
    """A hand whose values are hidden, slot by slot: by colour, and within a colour in the
    order dealt (a deal is shuffled), which tells nothing of the values."""
    return sorted(hand, key=color_of)


def concealed(state: TilesState, screen: Screen) -> frozenset[int]:
    if state.finished:
        return frozenset()
    if screen is None:
        return frozenset(range(state.rules.players))
    return frozenset((screen,))


def named(event: Event, state: TilesState, move: Move) -> Event:
    """A tile of the mover's own hand is named by its slot, never by its number."""
    if isinstance(move, Play):
        slot = hidden_order(state.hands[move.player]).index(move.tile)
        return {"player": move.player, "slot": slot}
    return event


def order(event: Event) -> tuple[int, str]:
    """The seat's own moves by slot (the engine lists them by value), colours by name."""
    return event.get("slot", -1), event.get("color", "")


def public(event: Event, screen: Screen) -> Event | None:
    """A played tile and a chosen colour are seen by all; a deal by no one as an event
    (each screen learns what it may of the hands from its view)."""
    return None if "deal" in event else event


def best_moves(state: TilesState, seat: int, rng: random.Random) -> list[Move]:
    """A seat's hint: the Expert's best colour judged from the seat's view alone, as
    every tile of that colour in its hand (to the seat they look alike), or the colour
    to name after a 10; every option where they are judged equal."""
    view = SeatView.of(state, seat)
    options = list(view.colors) if view.choosing else view.legal_colors()
    best = set(options)
    if len(options) > 1:
        worth = option_worth(state, view, options, rng)
        best = {options[int(i)] for i in np.flatnonzero(worth == worth.max())}
    if view.choosing:
        return [m for m in state.legal_moves() if isinstance(m, Choose) and m.color in best]
    return [m for m in state.legal_moves() if isinstance(m, Play) and color_of(m.tile) in best]


SCREENS = Screens(concealed, named, order, public, best_moves)
