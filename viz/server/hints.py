"""A seat's hint (H in the window, `{"type": "hint"}` on the socket): the moves of its
best option, named as its screen names them, and said in words.

A game that hides something from a seat judges the hint from what the seat may see
alone (`Screens.best`: Even Odds' Expert, whose option is a colour); a game of open
information gives the analysis's hint, as a local window's H does. Either way the hint
holds no more than the seat's view: moves it is offered, in the words it is offered
them."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.analysis import hint_in_time
from viz.export.judged import best_words, hint_text
from viz.scenes import SCENES
from viz.server.rooms import Room, RoomError


def hint_for(room: Room, seat: int, seed: int) -> Callable[[], dict[str, Any]]:
    """The work of `seat`'s hint in the room as it is now, to be done off the event loop
    (on copies: the room goes on meanwhile): its moves as the seat's events, and its
    words. RoomError unless the seat is to move."""
    game, screens, kit = room.game, room.kit.screens, SCENES[room.game.id]
    state, offered = room.state.copy(), room.legal_events(seat)
    if not offered:
        raise RoomError("a hint is for the seat to move")

    def work() -> dict[str, Any]:
        if screens.best is not None:
            best = screens.best(state, seat, random.Random(seed))
            chosen = [(event, move) for event, move in offered if move in best]
            # The tiles of one colour look alike to their holder: one option, said once.
            words = dict.fromkeys(kit.advice(state, move) for _, move in chosen)
            said = best_words(list(words), len(offered))
        else:
            found = hint_in_time(game, state, seed)
            chosen = [(event, move) for event, move in offered if move in found.best]
            said = hint_text(found, lambda move: kit.advice(state, move))
        moves = [event for event, _ in chosen]
        return {"type": "hint", "turn": state.turns, "moves": moves, "text": f"Hint: {said}"}

    return work
