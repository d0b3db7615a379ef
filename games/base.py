"""The small protocol every game plugs into.

A game is a rules object (its parameters), a state machine over positions,
a mapping between moves and recording events, and a set of automatic players.
Recording, replay, validation, export and the demo are written once against
this protocol and work for every registered game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar


class GameError(ValueError):
    """Base class for every error a rules engine reports to a caller."""


class RulesError(GameError):
    """A game parameter is missing, of the wrong type, or out of range."""


class IllegalMove(GameError):
    """A move or event that the rules do not allow in the current position."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the seats that won (more than one share the win), why,
    in a word or two, and each seat's score where the game keeps one (first seat first)."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[int, ...] = ()

    def shares(self, seats: range) -> list[float]:
        """Each seat's share of the win: 1, 1/k of a win shared by k seats, or 0."""
        return [1 / len(self.winners) if seat in self.winners else 0.0 for seat in seats]


class State(Protocol):
    """What every game's state offers."""

    @property
    def rules(self) -> Any:
        """The rules the position is played under (the game's own rules type)."""

    @property
    def to_move(self) -> int | None:
        """The player to move, or None once the game is over."""

    @property
    def turns(self) -> int:
        """How many turns (frames of an animation) have been played."""

    def legal_moves(self) -> list[Any]:
        """The legal moves of the player to move, in a stable order.

        Empty at a chance node (a deal), whose event comes from the game's
        automatic players or from a recording.
        """

    def apply(self, move: Any) -> None:
        """Play a move, or raise IllegalMove with the reason."""

    def why_illegal(self, move: Any) -> str | None:
        """The reason `apply(move)` would refuse the move now, or None when it is legal."""

    def result(self) -> dict[str, Any] | None:
        """The result as written in a recording's last line, or None while running."""

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it runs: what shared code reads, never the
        result's keys, which are each game's own."""

    def copy(self) -> Self:
        """An independent copy."""

    def snapshot(self) -> tuple[Hashable, ...]:
        """A hashable value equal for equal positions (for tests and memoization)."""


StateT = TypeVar("StateT", bound=State)

Policy = Callable[[StateT, random.Random], Any]
"""An automatic player: the move it makes in a position of its game."""


class TriedMoves:
    """`why_illegal` for a state whose `apply` checks every rule before it changes
    anything: the move is tried on a copy, so the reason is the engine's own."""

    __slots__ = ()

    def copy(self) -> Self:
        raise NotImplementedError

    def apply(self, move: Any) -> None:
        raise NotImplementedError

    def why_illegal(self, move: Any) -> str | None:
        """The reason `move` is illegal now, or None when it is legal."""
        try:
            self.copy().apply(move)
        except IllegalMove as error:
            return str(error)
        return None


class Game(Protocol[StateT]):
    """A registered game: the entry point for recording, replay and export.

    `StateT` is the game's own state type: its methods take only positions of this game.
    Moves and rules are the game's own types too, and appear here as Any.
    """

    id: str
    name: str
    first_seat: int  # the number of the first seat, as `to_move` names it
    # The automatic players `auto_move` plays, seat by seat from the first (the last
    # named plays every seat after it), by their names in `players`; () if none is.
    default_players: tuple[str, ...]

    @property
    def players(self) -> Mapping[str, Policy[StateT]]:
        """The automatic players, by the names recordings and `--by` use."""

    def rules(self, params: Mapping[str, Any]) -> Any:
        """Validated rules from a mapping (raises RulesError)."""

    def rules_dict(self, rules: Any) -> dict[str, Any]:
        """The rules as written in a recording header."""

    def seats(self, rules: Any) -> int:
        """How many players the rules seat (numbered from `first_seat` on)."""

    def player_seats(self, name: str, rules: Any) -> range | tuple[int, ...]:
        """The seats the automatic player `name` can hold."""

    def new_state(self, rules: Any) -> StateT:
        """The starting position."""

    def move_from_event(self, state: StateT, event: Mapping[str, Any]) -> Any:
        """The move an event describes (raises IllegalMove for a malformed event)."""

    def event_from_move(self, move: Any) -> dict[str, Any]:
        """The recording event of a move."""

    def max_turns(self, rules: Any) -> int:
        """An upper bound on the number of turns of any game."""

    def auto_move(self, state: StateT, rng: random.Random) -> Any:
        """The move the game's default automatic players make."""


AnyGame = Game[Any]
"""A game looked up at run time (as in the registry): which state type it takes is
known to the game alone."""


class Rules(Protocol):
    """What GameBase needs of a game's rules type."""

    @classmethod
    def from_dict(cls, params: dict[str, Any]) -> Self:
        """Validated rules from a mapping (raises RulesError)."""

    def to_dict(self) -> dict[str, Any]:
        """The rules as written in a recording header."""


RulesT = TypeVar("RulesT", bound=Rules)


class GameBase(Generic[RulesT, StateT]):
    """What every game shares: rules from and to a mapping, and the starting state.

    A game sets `rules_type` (with `from_dict` and `to_dict`) and `state_type`
    (built from the rules) and supplies the rest of the Game protocol.
    """

    rules_type: type[RulesT]
    state_type: Callable[[RulesT], StateT]
    first_seat = 0  # the number of the first seat, as `to_move` names it
    default_players: tuple[str, ...] = ()

    def rules(self, params: Mapping[str, Any]) -> RulesT:
        return self.rules_type.from_dict(dict(params))

    def rules_dict(self, rules: RulesT) -> dict[str, Any]:
        return rules.to_dict()

    def new_state(self, rules: RulesT) -> StateT:
        return self.state_type(rules)

    def seats(self, rules: RulesT) -> int:
        raise NotImplementedError

    def player_seats(self, name: str, rules: RulesT) -> range | tuple[int, ...]:
        """Every seat, unless the game says otherwise."""
        return range(self.first_seat, self.first_seat + self.seats(rules))


def require_int(params: Mapping[str, Any], key: str, low: int, high: int, default: int) -> int:
    """Read an integer parameter within [low, high], or raise RulesError."""
    value = params.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{key} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise RulesError(f"{key} must be from {low} to {high}, not {value}")
    return value


def reject_unknown(params: Mapping[str, Any], known: set[str]) -> None:
    """Raise RulesError when params holds a key the game does not know."""
    unknown = sorted(set(params) - known)
    if unknown:
        raise RulesError(f"unknown rule {unknown[0]!r}")
