"""Helpers for the game server's tests: rooms played to the end by bots that see only
what their screens are sent, and a reading of every byte a screen received for the
numbers of its own hidden tiles."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from games.tiles.engine import COLORS, color_of, tile_name, value_of
from viz.scenes.tiles import LETTERS
from viz.server.rooms import Room, Rooms
from viz.server.store import RoomStore
from viz.server.views import view


def new_rooms(folder: Path) -> Rooms:
    return Rooms(RoomStore(folder / "rooms.sqlite3"))


def seated_room(
    rooms: Rooms, game: str, rules: dict[str, Any], seats: list[str]
) -> tuple[Room, str, dict[int, str]]:
    """A room with a person claimed at every open seat: the room, the host's token and
    each person's token by seat."""
    room, host = rooms.create(game, rules, seats)
    tokens = {
        room.seat_number(i): rooms.claim(room, room.seat_number(i), f"P{i}")
        for i, held in enumerate(seats)
        if held == "open"
    }
    return room, host, tokens


Received = dict[int | None, list[tuple[str, list[int]]]]


def play_out(
    rooms: Rooms, room: Room, rng: random.Random, screens: Iterable[int | None] = ()
) -> Received:
    """Play the room to its end: each person picks among the moves their own view offers,
    each automatic seat moves as the server would have it. Every screen in `screens`
    is sent its view (as JSON text) after every change; those texts come back by screen,
    each with the tiles the screen may not see as it was sent (from the room's state)."""
    watching = list(screens)
    received: Received = {screen: [] for screen in watching}

    def send_all() -> None:
        for screen in watching:
            hidden = room.kit.screens.concealed(room.state, screen)
            tiles = [tile for seat in hidden for tile in room.state.hands[seat]]
            received[screen].append((json.dumps(view(room, screen)), tiles))

    send_all()
    while not room.finished:
        automatic = room.automatic_mover()
        if automatic is not None:
            seat, name = automatic
            rooms.play(room, room.game.players[name](room.state.copy(), rng))
        else:
            seat = room.mover()
            offered = view(room, seat)
            rooms.move(room, seat, offered["turn"], rng.choice(offered["legal"]))
        send_all()
    return received


def tile_words(tile: int) -> list[re.Pattern[str]]:
    """What would name a tile anywhere in a payload: its name ("red-7") and its key
    ("tile-26"), each as a whole word."""
    return [whole_words([word]) for word in _names(tile)]


def _names(tile: int) -> list[str]:
    return [tile_name(tile), f"tile-{tile}"]


def whole_words(words: Iterable[str]) -> re.Pattern[str]:
    """A pattern that finds any of `words` (at least one) where it stands as a whole
    word: one pass over a text for many words."""
    either = "|".join(re.escape(word) for word in words)
    return re.compile(rf"(?<![\w-])(?:{either})(?![\w])")


def tile_label(tile: int) -> str:
    """The label a tile's face shows: its colour's letter and its number ("R7")."""
    return LETTERS[COLORS[color_of(tile)]] + str(value_of(tile))


def leaks(text: str, tiles: Iterable[int]) -> list[str]:
    """Each word in a view's text that names one of `tiles` (held now): anywhere as a
    name or key, and as the label of any tile drawn in its scene. The move list's rounds
    before this one are left out: every round deals all the tiles again, so a tile held
    now may have been played, face up, in a round before."""
    tiles = list(tiles)
    payload = json.loads(text)
    words = payload["moves"]
    dealt = [i for i, line in enumerate(words) if line.startswith("Tiles dealt")]
    payload["moves"] = words[dealt[-1] :] if dealt else words
    now = json.dumps(payload)
    named = whole_words(word for tile in tiles for word in _names(tile)) if tiles else None
    found = [m.group() for m in named.finditer(now)] if named else []
    labels = {tile_label(tile) for tile in tiles}
    shapes = payload["scene"]["shapes"]
    drawn = [s[4] for s in shapes if s[0] == "text" and s[1].startswith(("tile-", "hidden-"))]
    return found + [label for label in drawn if label in labels]
