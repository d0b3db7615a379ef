"""What each screen of Even Odds may see: a seat sees every hand's numbers but its own,
whose tiles it knows by colour and names by slot; a watcher sees the colours of every
hand; everyone sees everything once the game has ended."""

from __future__ import annotations

from games.screens import Event, Screen, Screens
from games.tiles.engine import Move, Play, TilesState, color_of


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


SCREENS = Screens(concealed, named, order, public)
