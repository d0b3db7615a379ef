"""Practice from your own mistakes: puzzles made of the `??` and `?` moves a person made
where a clearly better move existed, and when each comes back (Leitner boxes).

A puzzle is the position before the mistake, the seat to move, and the moves the analysis
judged as good as the best: any of them is a right answer. A judged recording carries
what it needs (games/recording.py: before, after, error, best, glyph on the move's line).

Pure: the caller reads the recordings and keeps the boxes; today's date is handed in.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from functools import cached_property
from typing import Any

from games import KITS
from games.history import History
from games.recording import YOU, Replay, seat_holders

PUZZLE_GLYPHS = ("??", "?")
CLEARLY = 3.0  # an estimated fall counts when it is more than this many standard errors
INTERVALS = (1, 2, 4, 8, 16)  # days until a puzzle in box 1, 2, … comes back


@dataclass(frozen=True)
class Puzzle:
    """The position before a person's mistake: find a move as good as the best.

    `moves` lead from the start to the position (deals and settings included);
    `best` are the analysis's best moves there, `played` the mistake; `before` and
    `after` the mover's chance with the best move and with the mistake."""

    game: str
    rules: Any
    moves: tuple[Any, ...]
    seat: int
    best: tuple[Any, ...]
    played: Any
    glyph: str
    before: float
    after: float
    se: float  # the standard error of the estimate, 0 where exact
    exact: bool

    @property
    def lost(self) -> float:
        """The chance the mistake lost."""
        return self.before - self.after

    @property
    def key(self) -> str:
        return key_of(self.as_json())

    def as_json(self) -> dict[str, Any]:
        """The puzzle as JSON: its moves as their recording events."""
        game = KITS[self.game].game
        return {
            "game": self.game,
            "rules": game.rules_dict(self.rules),
            "moves": [game.event_from_move(move) for move in self.moves],
            "seat": self.seat,
            "best": [game.event_from_move(move) for move in self.best],
            "played": game.event_from_move(self.played),
            "glyph": self.glyph,
            "before": self.before,
            "after": self.after,
            "se": self.se,
            "exact": self.exact,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Puzzle:
        """The puzzle `as_json` gave, its moves read back through the game's engine."""
        game = KITS[data["game"]].game
        rules = game.rules(data["rules"])
        state, moves = game.new_state(rules), []
        for event in data["moves"]:
            moves.append(game.move_from_event(state, event))
            state.apply(moves[-1])
        return cls(
            data["game"],
            rules,
            tuple(moves),
            data["seat"],
            tuple(game.move_from_event(state, event) for event in data["best"]),
            game.move_from_event(state, data["played"]),
            data["glyph"],
            data["before"],
            data["after"],
            data["se"] if "se" in data else data["error"],  # "error": as kept before
            data["exact"],
        )

    def position(self) -> Any:
        """The position to play from (a fresh copy)."""
        game = KITS[self.game].game
        return History(game.new_state(self.rules), self.moves).state

    def is_right(self, move: Any) -> bool:
        """Whether `move` is as good as the best (for Even Odds, a tile of a best colour)."""
        same = KITS[self.game].judging.same_option
        return any(same(best, move) for best in self.best)


def key_of(data: Mapping[str, Any]) -> str:
    """A puzzle's name wherever its game's file lies: a hash of the game, its rules and
    the moves up to and with the mistake (of its `as_json`)."""
    named = [data["game"], data["rules"], [*data["moves"], data["played"]]]
    return hashlib.sha256(json.dumps(named, sort_keys=True).encode()).hexdigest()[:32]


class Kept:
    """A puzzle as a store keeps it: its key and game, which tell what is due, and the
    puzzle itself (`Puzzle.as_json`, given by `read`) read back only when it is asked."""

    def __init__(self, key: str, game: str, read: Callable[[], Mapping[str, Any]]) -> None:
        self.key, self.game = key, game
        self._read = read

    @classmethod
    def of(cls, puzzle: Puzzle) -> Kept:
        kept = cls(puzzle.key, puzzle.game, puzzle.as_json)
        kept.__dict__["puzzle"] = puzzle
        return kept

    @cached_property
    def puzzle(self) -> Puzzle:
        return Puzzle.from_json(self._read())


def people(header: Mapping[str, Any], seats: int, first: int) -> set[int]:
    """Your seats, as the recording's header says: its `players` list names who held each
    seat from the first ("you", another person, an automatic player or AI tier; `record
    --by` names automatic players only). A recording that does not say has none."""
    return {seat for seat, who in enumerate(seat_holders(header, seats), first) if who == YOU}


def clearly_better(judgement: Mapping[str, Any]) -> bool:
    """Whether the best move was clearly better than the one played: exact and higher, or
    estimated with the fall more than CLEARLY standard errors of it."""
    fall = judgement["before"] - judgement["after"]
    if judgement["exact"]:
        return bool(fall > 0)
    return bool(fall > CLEARLY * judgement["se"])


def puzzles(replay: Replay, seats: set[int] | None = None) -> list[Puzzle]:
    """The puzzles of a judged recording: each `??` or `?` move of a seat in `seats` (by
    default the seats its header says a person played) where a clearly better move
    existed, in the order they were played."""
    game = replay.game
    if seats is None:
        seats = people(replay.header, game.seats(replay.rules), game.first_seat)
    history = replay.history()
    found = []
    for index, judgement in sorted(replay.judgements.items()):
        state = history.before(index)
        if (
            state.to_move not in seats
            or judgement["glyph"] not in PUZZLE_GLYPHS
            or not clearly_better(judgement)
        ):
            continue
        best = tuple(game.move_from_event(state, event) for event in judgement["best"])
        puzzle = Puzzle(
            game.id,
            replay.rules,
            tuple(replay.moves[:index]),
            state.to_move,
            best,
            replay.moves[index],
            judgement["glyph"],
            judgement["before"],
            judgement["after"],
            judgement["se"],
            judgement["exact"],
        )
        if not puzzle.is_right(puzzle.played):
            found.append(puzzle)
    return found


# --- when a puzzle comes back: Leitner boxes ------------------------------------------------


@dataclass(frozen=True)
class Card:
    """A puzzle's place in the boxes: its box (1 to len(INTERVALS)) and the day it is due."""

    box: int
    due: date


def new_card(today: date) -> Card:
    """A puzzle never asked: box 1, due today."""
    return Card(1, today)


def answered(card: Card, right: bool, today: date) -> Card:
    """A right answer moves the puzzle up a box (the last box keeps it), a wrong one back
    to box 1; it comes back after its new box's interval."""
    box = min(card.box + 1, len(INTERVALS)) if right else 1
    return Card(box, today + timedelta(days=INTERVALS[box - 1]))


def due(found: Sequence[Kept], cards: Mapping[str, Card], today: date) -> list[tuple[Kept, Card]]:
    """The puzzles due today or earlier with their cards: the longest overdue first, the
    lower box first among those due the same day, then in the order found. A puzzle
    without a card is new, due today; a puzzle found twice (the same game in two files)
    is asked once."""
    return [pair for pair in kept(found, cards, today) if pair[1].due <= today]


def kept(found: Sequence[Kept], cards: Mapping[str, Card], today: date) -> list[tuple[Kept, Card]]:
    """Every puzzle found, once, with its card (a new one due today), in the order `due`
    asks them: the soonest due first, the lower box first among those due the same day."""
    seen: dict[str, tuple[Kept, Card]] = {}
    for puzzle in found:
        key = puzzle.key
        if key not in seen:
            seen[key] = (puzzle, cards.get(key) or new_card(today))
    return sorted(seen.values(), key=lambda pair: (pair[1].due, pair[1].box))
