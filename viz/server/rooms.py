"""A room: one game of a kit game with its rules, its seats, and its numbered changes.

The room holds the only full state of its game. Every change (a seat taken, the start, a
move) gets the next change number and is stored before the room answers, so a move is
acknowledged only once it is kept. A move is checked against the moves the mover's own
screen is offered (`legal_events`), so a seat can only name what it may see, and a move
for a turn already played is refused, never applied twice.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

import games
from games.base import GameError, IllegalMove
from games.kit import GameKit
from games.recording import same_json
from games.screens import Event, Screen
from viz.scenes import SCENES
from viz.server.store import RoomStore, StoredRoom

OPEN = "open"  # a seat waiting for a person
PERSON = "person"  # a seat a person holds
AUTOMATIC = "ai"  # a seat an automatic player holds
MAX_NAME = 24  # characters of a person's name


class RoomError(Exception):
    """A request the room refuses: the reason is said to the client as it is."""


def new_token() -> str:
    """A secret of 128 random bits, as a client presents it."""
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    """What is kept of a token: its SHA-256, so the database never holds a secret."""
    return hashlib.sha256(token.encode()).hexdigest()


def same_token(token: str, kept: str) -> bool:
    """Whether `token` is the one kept, compared in constant time."""
    return bool(kept) and hmac.compare_digest(token_hash(token), kept)


@dataclass
class Seat:
    """Who holds a seat: a person (with their name and the hash of their token), an
    automatic player (`player`, a tier name), or nobody yet. `stand_in` is the tier
    that plays for a person who left, until they take the seat back."""

    kind: str = OPEN
    player: str = ""
    name: str = ""
    token: str = ""
    stand_in: str = ""
    covered: bool = False  # an automatic player has stood in for the person at some time

    @property
    def automatic(self) -> str:
        """The automatic player that moves for this seat now, or ""."""
        return self.stand_in or (self.player if self.kind == AUTOMATIC else "")

    def public(self) -> dict[str, Any]:
        """The seat as every screen may see it."""
        return {
            "kind": self.kind,
            "player": self.player,
            "name": self.name,
            "stand_in": self.stand_in,
        }


@dataclass
class Change:
    """One numbered change of a room: the turn it left the game at and its move's
    recording event (None for a change of the seats or the start)."""

    seq: int
    turn: int
    event: Event | None


@dataclass
class Room:
    id: str
    kit: GameKit
    rules: Any
    host: str  # the host token's hash
    created: str
    seats: list[Seat]
    state: Any
    changes: list[Change] = field(default_factory=list)
    started: bool = False
    moves: list[Any] = field(default_factory=list)
    words: list[str] = field(default_factory=list)  # each move in words, as all may see it
    accuracy: dict[str, Any] | None = None  # each seat's, once the finished game is judged
    # Chances (deals) and automatic seats draw from a generator seeded by the system's,
    # never recorded or shown: a known seed would replay the deal.
    chance: random.Random = field(default_factory=lambda: random.Random(secrets.randbits(128)))

    @property
    def game(self) -> Any:
        return self.kit.game

    @property
    def seq(self) -> int:
        return self.changes[-1].seq if self.changes else 0

    @property
    def finished(self) -> bool:
        return self.state.to_move is None

    def advance(self, move: Any) -> Event:
        """Apply a legal move and note it (its event and its words); the event back."""
        before = self.state.copy()
        self.state.apply(move)
        event: Event = self.game.event_from_move(move)
        self.moves.append(move)
        self.words.append(SCENES[self.game.id].move_words(before, self.state))
        return event

    def seat_number(self, index: int) -> int:
        return int(self.game.first_seat) + index

    def seat(self, number: int) -> Seat:
        index = number - self.seat_number(0)
        if not 0 <= index < len(self.seats):
            raise RoomError(f"no seat {number}")
        return self.seats[index]

    def screen_of(self, token: str) -> int:
        """The seat a token holds, or RoomError."""
        for index, seat in enumerate(self.seats):
            if seat.kind == PERSON and same_token(token, seat.token):
                return self.seat_number(index)
        raise RoomError("that token holds no seat in this room")

    def is_host(self, token: str) -> bool:
        return same_token(token, self.host)

    # --- what a screen may do --------------------------------------------------------

    def mover(self) -> int | None:
        """The seat to move once the game has started, or None (not started, over, or a
        chance to draw)."""
        if not self.started or self.finished or not self.state.legal_moves():
            return None
        number: int = self.state.to_move
        return number

    def legal_events(self, screen: Screen) -> list[tuple[Event, Any]]:
        """The moves `screen` may send now, each as its screen names it, with the move it
        stands for: none unless the screen's person is to move."""
        if screen is None or screen != self.mover() or self.seat(screen).automatic:
            return []
        screens = self.kit.screens
        offered = [
            (screens.named(self.game.event_from_move(move), self.state, move), move)
            for move in self.state.legal_moves()
        ]
        if screens.order is not None:
            offered.sort(key=lambda pair: screens.order(pair[0]))  # type: ignore[misc]
        return offered

    def automatic_mover(self) -> tuple[int, str] | None:
        """The seat an automatic player is to move for now, and its player's name."""
        seat = self.mover()
        if seat is None or not self.seat(seat).automatic:
            return None
        return seat, self.seat(seat).automatic


class Rooms:
    """Every room of this server, kept in its store."""

    def __init__(self, store: RoomStore, max_rooms: int = 1000) -> None:
        self.store = store
        self.max_rooms = max_rooms
        self.rooms: dict[str, Room] = {}
        for stored in store.rooms(waiting_only=True):
            room = self.rooms[stored.id] = _restored(stored)
            self.draw_chances(room)  # one drawn as the server stopped was not kept

    def get(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is None:
            raise RoomError("no such room (it may have ended: its recording stays)")
        return room

    # --- the host's and the people's requests -----------------------------------------

    def create(self, game_id: Any, rules: Any, seats: Any) -> tuple[Room, str]:
        """A new room and its host's token."""
        if len(self.rooms) >= self.max_rooms:
            raise RoomError("this server holds as many rooms as it may: try again later")
        if not isinstance(game_id, str) or game_id not in games.KITS:
            raise RoomError(f"no game {str(game_id)[:20]!r}: one of {', '.join(games.KITS)}")
        if not isinstance(rules, dict):
            raise RoomError("rules must be an object")
        kit = games.KITS[game_id]
        try:
            parsed = kit.game.rules(rules)
        except GameError as error:
            raise RoomError(str(error)) from None
        room_seats = _seats(kit, parsed, seats)
        host = new_token()
        room = Room(
            secrets.token_urlsafe(6),
            kit,
            parsed,
            token_hash(host),
            datetime.now().astimezone().isoformat(timespec="seconds"),
            room_seats,
            kit.game.new_state(parsed),
        )
        self.store.create(
            StoredRoom(
                room.id,
                game_id,
                kit.game.rules_dict(parsed),
                room.host,
                room.created,
                [asdict(s) for s in room_seats],
                False,
                False,
                [],
            )
        )
        self.rooms[room.id] = room
        return room, host

    def claim(self, room: Room, number: int, name: Any) -> str:
        """Seat a person in an open seat; their token back."""
        seat = room.seat(number)
        if seat.kind != OPEN:
            raise RoomError(f"seat {number} is taken")
        token = new_token()
        seat.kind, seat.name, seat.token = PERSON, _name(name, number), token_hash(token)
        self._keep(room, None)
        return token

    def start(self, room: Room, host_token: str) -> None:
        self._host(room, host_token)
        if room.started:
            raise RoomError("the game has started already")
        waiting = [room.seat_number(i) for i, s in enumerate(room.seats) if s.kind == OPEN]
        if waiting:
            raise RoomError(f"seat {waiting[0]} is still open: fill every seat first")
        room.started = True
        self._keep(room, None, started=True)
        self.draw_chances(room)

    def stand_in(self, room: Room, host_token: str, number: int, player: Any) -> None:
        """An automatic player takes the seat of a person who left (or leaves it again
        when `player` is "")."""
        self._host(room, host_token)
        seat = room.seat(number)
        if seat.kind != PERSON:
            raise RoomError(f"seat {number} is not a person's")
        if player and player not in seat_players(room.kit, room.rules, number):
            raise RoomError(f"no automatic player {str(player)[:20]!r} for seat {number}")
        seat.stand_in = str(player)
        seat.covered = seat.covered or bool(player)
        self._keep(room, None)

    def take_back(self, room: Room, number: int) -> None:
        """A person back at their seat plays it again."""
        seat = room.seat(number)
        if not seat.stand_in:
            raise RoomError("your seat is yours already")
        seat.stand_in = ""
        self._keep(room, None)

    def move(self, room: Room, screen: Screen, turn: Any, event: Any) -> None:
        """Play the move a person's screen sent for `turn`, or RoomError with the reason."""
        if not room.started:
            raise RoomError("the game has not started")
        if room.finished:
            raise RoomError("the game is over")
        if type(turn) is not int or turn != room.state.turns:
            raise RoomError(
                f"that move answers turn {turn}: the game is at turn {room.state.turns}"
            )
        if screen != room.mover():
            raise RoomError("it is not your turn")
        for named, move in room.legal_events(screen):
            if same_json(named, event):
                self.play(room, move)
                return
        raise RoomError("that move is not one you may make now")

    def play(self, room: Room, move: Any) -> None:
        """Apply a legal move, keep it, and draw any chance that follows."""
        try:
            event = room.advance(move)
        except IllegalMove as error:  # a move of the room's own players: never expected
            raise RoomError(str(error)) from None
        self._keep(room, event, finished=room.finished)
        self.draw_chances(room)

    def draw_chances(self, room: Room) -> None:
        """Deal (and draw any other chance) while the game waits on one."""
        while room.started and not room.finished and not room.state.legal_moves():
            self.play(room, room.game.auto_move(room.state, room.chance))

    def _host(self, room: Room, token: str) -> None:
        if not room.is_host(token):
            raise RoomError("only the room's host may do that")

    def _keep(
        self, room: Room, event: Event | None, started: bool = False, finished: bool = False
    ) -> None:
        change = Change(room.seq + 1, room.state.turns, event)
        self.store.change(
            room.id,
            change.seq,
            change.turn,
            event,
            [asdict(s) for s in room.seats],
            started,
            finished,
        )
        room.changes.append(change)


def seat_players(kit: GameKit, rules: Any, number: int) -> list[str]:
    """The automatic players that can hold seat `number`: the game's tiers, else every
    player of the game that can hold the seat."""
    game = kit.game
    names = [n for n in game.players if number in game.player_seats(n, rules)]
    tiers = [n for n in kit.opponents if n in names]
    return tiers or names


def _seats(kit: GameKit, rules: Any, seats: Any) -> list[Seat]:
    count = kit.game.seats(rules)
    if not isinstance(seats, list) or len(seats) != count:
        raise RoomError(f'seats must list {count} seats, each "open" or an automatic player')
    made = []
    for index, held in enumerate(seats):
        number = kit.game.first_seat + index
        if held == OPEN:
            made.append(Seat())
        elif isinstance(held, str) and held in seat_players(kit, rules, number):
            made.append(Seat(kind=AUTOMATIC, player=held, name=held.capitalize()))
        else:
            choices = ", ".join(seat_players(kit, rules, number))
            raise RoomError(f'seat {number} must be "open" or one of {choices}')
    return made


def _name(name: Any, number: int) -> str:
    """A person's name as shown to every screen: printable, at most MAX_NAME characters,
    and "Seat N" where none is given."""
    text = "".join(ch for ch in str(name or "") if ch.isprintable()).strip()[:MAX_NAME]
    return text or f"Seat {number}"


def _restored(stored: StoredRoom) -> Room:
    """A room as it was stored: its game replayed through the rules from its events."""
    kit = games.KITS[stored.game]
    rules = kit.game.rules(stored.rules)
    state = kit.game.new_state(rules)
    room = Room(
        stored.id,
        kit,
        rules,
        stored.host,
        stored.created,
        [Seat(**seat) for seat in stored.seats],
        state,
        started=stored.started,
    )
    for seq, turn, event in stored.changes:
        if event is not None:
            room.advance(kit.game.move_from_event(state, event))
        room.changes.append(Change(seq, turn, event))
    return room
