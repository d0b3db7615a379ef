"""Rules engine for Even Odds: 50 tiles, 3-6 players, three rounds of disputes.

A tile is an int 0..49: colour `tile // 10`, value `tile % 10 + 1`. Dealing is
a chance event (player CHANCE) recorded like a move, so a replay needs no
random generator.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from games.base import IllegalMove, Outcome, TriedMoves, reject_unknown, require_int

COLORS = ("red", "yellow", "green", "blue", "purple")
HAND_SIZES = {3: 12, 4: 12, 5: 10, 6: 8}
ROUNDS = 3
CHANCE = -1
TEN = 10


def color_of(tile: int) -> int:
    return tile // 10


def value_of(tile: int) -> int:
    return tile % 10 + 1


def tile_name(tile: int) -> str:
    return f"{COLORS[color_of(tile)]}-{value_of(tile)}"


def tile_from_name(name: Any) -> int:
    if isinstance(name, str):
        color, _, value = name.partition("-")
        if color in COLORS and value.isascii() and value.isdigit() and 1 <= int(value) <= 10:
            return COLORS.index(color) * 10 + int(value) - 1
    raise IllegalMove(f'not a tile: {name!r} (tiles look like "red-7")')


@dataclass(frozen=True, slots=True)
class Deal:
    """The chance event that starts a round: each seat's hand, and for 3 players the
    colour taken out."""

    hands: tuple[tuple[int, ...], ...]
    removed: int | None = None
    player: int = CHANCE


@dataclass(frozen=True, slots=True)
class Play:
    player: int
    tile: int


@dataclass(frozen=True, slots=True)
class Choose:
    """After a 10, its player names the colour the next player must follow."""

    player: int
    color: int


Move = Deal | Play | Choose


@dataclass(frozen=True)
class TilesRules:
    players: int = 4
    leader: int = 0

    @classmethod
    def from_dict(cls, params: dict[str, Any]) -> TilesRules:
        reject_unknown(params, {"players", "leader"})
        players = require_int(params, "players", 3, 6, 4)
        return cls(players, require_int(params, "leader", 0, players - 1, 0))

    def to_dict(self) -> dict[str, int]:
        return {"players": self.players, "leader": self.leader}

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.players]


class TilesState(TriedMoves):
    __slots__ = (
        "rules",
        "round",
        "hands",
        "removed",
        "leader",
        "plays",
        "current",
        "choosing",
        "scores",
        "turns",
        "to_move",
        "last",
        "last_dispute",
        "finished",
        "discards",
        "dealt",
    )

    def __init__(self, rules: TilesRules) -> None:
        self.rules = rules
        self.round = 0  # becomes 1 with the first deal
        self.hands: list[list[int]] = [[] for _ in range(rules.players)]
        self.removed: int | None = None
        self.leader = rules.leader
        self.plays: list[tuple[int, int]] = []  # (seat, tile) of the dispute under way
        self.current: int | None = None  # the colour to follow
        self.choosing = False  # a 10's player is naming the next colour
        self.scores: list[list[int]] = []  # one list of seat scores per round
        self.turns = 0
        self.to_move: int | None = CHANCE
        self.last: Move | None = None
        self.last_dispute: list[tuple[int, int]] = []
        self.finished = False
        self.discards: list[int] = []  # tiles of this round's settled disputes, face up
        self.dealt: tuple[tuple[int, ...], ...] = ()  # the hands as dealt this round

    def copy(self) -> TilesState:
        twin = TilesState.__new__(TilesState)
        for name in TilesState.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.hands = [hand.copy() for hand in self.hands]
        twin.plays = self.plays.copy()
        twin.scores = [row.copy() for row in self.scores]
        twin.last_dispute = self.last_dispute.copy()
        twin.discards = self.discards.copy()
        return twin

    def snapshot(self) -> tuple[Hashable, ...]:
        return (
            self.rules,
            self.round,
            tuple(map(tuple, self.hands)),
            self.removed,
            self.leader,
            tuple(self.plays),
            self.current,
            self.choosing,
            tuple(map(tuple, self.scores)),
            self.turns,
            self.to_move,
        )

    # --- questions ---------------------------------------------------------------------

    def colors_in_play(self) -> list[int]:
        return [c for c in range(len(COLORS)) if c != self.removed]

    def legal_moves(self) -> list[Move]:
        seat = self.to_move
        if seat is None or seat == CHANCE:
            return []
        if self.choosing:
            return [Choose(seat, color) for color in self.colors_in_play()]
        return [Play(seat, tile) for tile in sorted(self.playable(seat))]

    def playable(self, seat: int) -> list[int]:
        """Tiles `seat` may play now: the current colour if it holds any, else all."""
        hand = self.hands[seat]
        following = [t for t in hand if color_of(t) == self.current]
        return following if self.plays and following else hand.copy()

    def totals(self) -> list[int]:
        return [sum(row[seat] for row in self.scores) for seat in range(self.rules.players)]

    def result(self) -> dict[str, Any] | None:
        if not self.finished:
            return None
        totals = self.totals()
        best = min(totals)
        tied = [s for s in range(self.rules.players) if totals[s] == best]
        last_round = self.scores[-1]
        lowest_last = min(last_round[s] for s in tied)
        winners = [s for s in tied if last_round[s] == lowest_last]
        return {
            "winner": winners[0] if len(winners) == 1 else None,
            "winners": winners,
            "totals": totals,
        }

    def standings(self) -> list[float]:
        """Each seat's standing at the game's end: the share of the other seats it
        finishes ahead of, a tie counted half. The lower total is ahead, and of equal
        totals the lower score in the last round, as the winner is found: the winner
        alone stands at 1, the last alone at 0."""
        assert self.finished  # a standing is a finished game's
        ranks = [(total, last) for total, last in zip(self.totals(), self.scores[-1], strict=True)]
        others = len(ranks) - 1
        return [
            (sum(mine < theirs for theirs in ranks) + (ranks.count(mine) - 1) / 2) / others
            for mine in ranks
        ]

    def outcome(self) -> Outcome | None:
        result = self.result()
        if result is None:
            return None
        return Outcome(tuple(result["winners"]), "lowest total", tuple(result["totals"]))

    # --- playing -----------------------------------------------------------------------

    def apply(self, move: Move) -> None:
        if self.to_move is None:
            raise IllegalMove("the game is over")
        if not isinstance(move, Deal | Choose | Play):
            raise IllegalMove(f"not an Even Odds move: {move!r}")
        if move.player != self.to_move:
            mover = "the deal" if self.to_move == CHANCE else f"player {self.to_move}"
            raise IllegalMove(f"it is {mover}'s turn")
        if isinstance(move, Deal):
            self._deal(move)
        elif isinstance(move, Choose):
            self._choose(move)
        else:
            self._play(move)
        self.turns += 1
        self.last = move

    def _deal(self, deal: Deal) -> None:
        check_deal(self.rules, deal)
        self.round += 1
        self.hands = [list(hand) for hand in deal.hands]
        self.dealt = deal.hands
        self.removed = deal.removed
        self.scores.append([0] * self.rules.players)
        # The last dispute stays: a picture shows it until the next tile is played.
        self.plays, self.current, self.discards = [], None, []
        self.to_move = self.leader

    def _choose(self, choose: Choose) -> None:
        if not self.choosing:
            raise IllegalMove("a colour is chosen only right after a 10")
        if choose.color not in self.colors_in_play():
            raise IllegalMove(f"no colour {choose.color!r} in this round")
        self.current = choose.color
        self.choosing = False
        self.to_move = self._next_seat()

    def _play(self, play: Play) -> None:
        if self.choosing:
            raise IllegalMove("choose the colour for the next player first")
        seat, tile = play.player, play.tile
        if tile not in self.hands[seat]:
            raise IllegalMove(f"player {seat} does not hold {tile_name(tile)}")
        if tile not in self.playable(seat):
            assert self.current is not None  # only a colour to follow refuses a held tile
            raise IllegalMove(f"player {seat} must follow {COLORS[self.current]}")
        self.hands[seat].remove(tile)
        following = bool(self.plays) and color_of(tile) == self.current
        self.plays.append((seat, tile))
        if not following:
            self.current = color_of(tile)
        if len(self.plays) == self.rules.players:
            self._settle()
        elif value_of(tile) == TEN:
            self.choosing = True
        else:
            self.to_move = self._next_seat()

    def _next_seat(self) -> int:
        return (self.plays[-1][0] + 1) % self.rules.players

    def _settle(self) -> None:
        winner, _, score = dispute_result(self.plays)
        self.scores[-1][winner] += score
        self.discards += [tile for _, tile in self.plays]
        self.last_dispute, self.plays, self.current = self.plays, [], None
        self.leader = winner
        if self.hands[winner]:
            self.to_move = winner
        elif self.round == ROUNDS:
            self.to_move, self.finished = None, True
        else:
            self.to_move = CHANCE


def dispute_result(plays: list[tuple[int, int]]) -> tuple[int, int, int]:
    """The winner of a finished dispute, the tile it won with and what it scores: the
    highest value wins, the later of equal values; the winner scores the lowest value."""
    top = max(value_of(tile) for _, tile in plays)
    seat, tile = [(seat, tile) for seat, tile in plays if value_of(tile) == top][-1]
    return seat, tile, min(value_of(tile) for _, tile in plays)


def check_deal(rules: TilesRules, deal: Deal) -> None:
    """Raise IllegalMove unless the deal gives each seat a full hand of distinct tiles."""
    if len(deal.hands) != rules.players:
        raise IllegalMove(f"a deal needs {rules.players} hands, not {len(deal.hands)}")
    if (rules.players == 3) != (deal.removed is not None):
        raise IllegalMove("a colour is taken out exactly when 3 play")
    if deal.removed is not None and deal.removed not in range(len(COLORS)):
        raise IllegalMove(f"no colour {deal.removed!r}")
    dealt = [tile for hand in deal.hands for tile in hand]
    if any(len(hand) != rules.hand_size for hand in deal.hands):
        raise IllegalMove(f"every hand holds {rules.hand_size} tiles")
    if len(set(dealt)) != len(dealt) or not all(0 <= t < 50 for t in dealt):
        raise IllegalMove("a deal uses each of the 50 tiles at most once")
    if deal.removed is not None and any(color_of(t) == deal.removed for t in dealt):
        raise IllegalMove(f"{COLORS[deal.removed]} was taken out of this round")
