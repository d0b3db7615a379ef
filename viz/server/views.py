"""What a screen receives: every payload the server sends about a room is made here, by
one function of the room as it is now and the screen it goes to, at the moment it is
sent. Nothing is kept of it between sends, so a screen receives what it may see now,
whatever it was sent before.

A seat's screen is its number; a watcher's is None. What a screen may not see is decided
by the game's `games.screens.Screens`: the concealed hands are drawn as colours only
(and keyed by slot, never by tile), the seat's own moves name a hidden tile by its slot,
and a change a screen may not learn reaches it as a bare change and turn number.
"""

from __future__ import annotations

from typing import Any

from games.screens import Event, Screen
from viz.render.scene_data import scene_data
from viz.scenes import SCENES
from viz.server.rooms import Room

CANVAS_WIDTH = 640  # the scene's width in its own pixels: the page scales it to fit


def view(room: Room, screen: Screen) -> dict[str, Any]:
    """The room as `screen` may see it now."""
    kit = SCENES[room.game.id]
    state = room.state
    concealed = room.kit.screens.concealed(state, screen)
    options = kit.screen_options(screen, concealed) if kit.screen_options else {}
    width, height = kit.export_size(room.rules, CANVAS_WIDTH)
    scene = kit.scene(state, width, height, **options)
    mover = room.mover()
    legal = room.legal_events(screen)
    payload: dict[str, Any] = {
        "type": "view",
        "room": room.id,
        "seq": room.seq,
        "turn": state.turns,
        "game": room.game.id,
        "name": room.game.name,
        "rules": room.game.rules_dict(room.rules),
        "you": screen,
        "seats": seat_list(room),
        "started": room.started,
        "ended": room.finished,
        "to_move": mover,
        "status": kit.status(state),
        "moves": room.words,
        "scene": scene_data(scene),
        "legal": [event for event, _ in legal],
        "legal_words": [kit.advice(state, move) for _, move in legal],
        "targets": [list(kit.targets(state, move)) for _, move in legal],
    }
    if room.finished:
        payload["result"] = kit.outcome(state)
        payload["accuracy"] = room.accuracy
    return payload


def seat_list(room: Room) -> list[dict[str, Any]]:
    """The seats as every screen may see them, each with its number."""
    return [
        {"seat": room.seat_number(index), **seat.public()} for index, seat in enumerate(room.seats)
    ]


def changes_since(room: Room, seq: int, screen: Screen) -> list[dict[str, Any]]:
    """The changes after `seq` as `screen` may learn them: each with its number and turn,
    and its move's event where the screen may see it."""
    public = room.kit.screens.public
    told = []
    for change in room.changes[max(0, seq) :]:
        entry: dict[str, Any] = {"seq": change.seq, "turn": change.turn}
        if change.event is not None:
            seen: Event | None = public(change.event, screen)
            if seen is not None:
                entry["event"] = seen
        told.append(entry)
    return told
