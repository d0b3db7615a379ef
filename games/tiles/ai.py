"""Automatic players for Even Odds.

An AI sees what its seat sees (a SeatView): every other hand face up, the
tiles played, and only the colours of its own tiles. It deduces what its own
tiles may be worth from the tiles it can see, and avoids winning disputes,
since a win scores points and the lowest total wins.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import accumulate
from math import fsum

from games.tiles.engine import (
    CHANCE,
    COLORS,
    Choose,
    Deal,
    Move,
    Play,
    TilesState,
    color_of,
    value_of,
)


@dataclass(frozen=True)
class SeatView:
    """Everything one seat may know, and nothing more."""

    seat: int
    players: int
    own_colors: tuple[int, ...]  # the colour of each own tile, in hand order
    hands: dict[int, tuple[int, ...]]  # every other seat's tiles, face up
    plays: tuple[tuple[int, int], ...]  # the dispute under way
    seen: frozenset[int]  # tiles played this round, face up
    current: int | None
    choosing: bool
    colors: tuple[int, ...]  # colours in play this round

    @classmethod
    def of(cls, state: TilesState, seat: int) -> SeatView:
        hands = {s: tuple(h) for s, h in enumerate(state.hands) if s != seat}
        return cls(
            seat,
            state.rules.players,
            tuple(color_of(t) for t in state.hands[seat]),
            hands,
            tuple(state.plays),
            frozenset(state.discards),
            state.current,
            state.choosing,
            tuple(state.colors_in_play()),
        )

    def legal_colors(self) -> list[int]:
        """Colours this seat may play now."""
        if self.plays and self.current in self.own_colors:
            return [self.current]
        return sorted(set(self.own_colors))

    @cached_property
    def shown(self) -> frozenset[int]:
        """Every tile this seat can see: other hands, this round's disputes."""
        hands = (t for hand in self.hands.values() for t in hand)
        return frozenset((*hands, *self.seen, *(t for _, t in self.plays)))

    def possible_values(self, color: int) -> list[int]:
        """Values an own tile of `color` may have: those of that colour nobody has shown."""
        shown = self.shown
        return [value_of(t) for t in range(color * 10, color * 10 + 10) if t not in shown]

    def later_seats(self) -> list[int]:
        """Seats still to play in this dispute after this one."""
        done = len(self.plays) + (0 if self.choosing else 1)  # after a 10 ours is down
        return [(self.seat + k) % self.players for k in range(1, self.players - done + 1)]


def forced_values(hand: tuple[int, ...], color: int) -> list[int]:
    """What a seat may play when `color` is to be followed."""
    following = [value_of(t) for t in hand if color_of(t) == color]
    return following or [value_of(t) for t in hand]


def expected_cost(view: SeatView, color: int, value: int) -> float:
    """Points this seat expects to take by playing a tile of `color` worth `value`,
    if each later seat plays any tile it may, at random."""
    return _costs(view, color)(value)


@dataclass(frozen=True)
class _Spread:
    """What one later seat may play, sorted, with running sums: how many of its tiles
    and their mean below any value, without walking them again for every value."""

    values: list[int]
    sums: list[int]  # sums[k]: the sum of the k lowest


@lru_cache(maxsize=4096)  # a hand is asked about again at each later seat's turn
def _spread(hand: tuple[int, ...], color: int) -> _Spread:
    """What a seat holding `hand` may play when `color` is to be followed."""
    ordered = sorted(forced_values(hand, color))
    return _Spread(ordered, [0, *accumulate(ordered)])


def _costs(view: SeatView, color: int) -> Callable[[int], float]:
    """`expected_cost` of a colour for any value: what the dispute shows and what each
    later seat may play (they follow our colour: it is the current one now) are worked
    out once for all the values."""
    played = [value_of(t) for _, t in view.plays]
    top = max(played, default=0)
    later = [_spread(view.hands[seat], color) for seat in view.later_seats()]

    def cost(value: int) -> float:
        if played and value < top:
            return 0.0
        chance_to_win = 1.0
        lowest: float = min([*played, value])
        for spread in later:
            below = bisect_left(spread.values, value)
            if not below:
                return 0.0  # this seat surely plays higher
            chance_to_win *= below / len(spread.values)
            lowest = min(lowest, spread.sums[below] / below)
        return chance_to_win * lowest

    return cost


COST_TIE = 1e-9
"""Expected costs closer than this are a tie: the same figure summed in another order
(as games/tiles/batch.py sums it) may differ in its last bits."""


def choose_play(view: SeatView, rng: random.Random) -> int:
    """The index in hand of the tile to play: a tile of the colour of least expected
    cost over the values it may have; among colours tied on cost, the one whose values
    are highest on average (to rid the hand of high tiles), then the first."""

    def cost_and_mean(color: int) -> tuple[float, float]:
        values = view.possible_values(color) or [5]
        cost = _costs(view, color)
        return fsum(cost(v) for v in values) / len(values), sum(values) / len(values)

    colors = view.legal_colors()
    best = colors[0]
    if len(colors) > 1:
        scores = {color: cost_and_mean(color) for color in colors}
        cheapest = min(cost for cost, _ in scores.values())
        tied = [color for color in colors if scores[color][0] <= cheapest + COST_TIE]
        best = max(tied, key=lambda color: (scores[color][1], -color))
    return rng.choice([i for i, c in enumerate(view.own_colors) if c == best])


def choose_color(view: SeatView) -> int:
    """After our 10: the colour that most likely makes a later seat take the dispute."""
    later = view.later_seats()

    def keeps_us_winning(color: int) -> tuple[int, int]:
        overtaken = any(max(forced_values(view.hands[s], color)) == 10 for s in later)
        lowest = min(min(forced_values(view.hands[s], color)) for s in later)
        return (0 if overtaken else 1), lowest

    return min(view.colors, key=keeps_us_winning)


def careful(state: TilesState, rng: random.Random) -> Move:
    """The project's AI: a move chosen from the seat's own view only."""
    seat = state.to_move
    assert seat is not None  # a player moves only while the game goes on
    view = SeatView.of(state, seat)
    if view.choosing:
        return Choose(seat, choose_color(view))
    return Play(seat, state.hands[seat][choose_play(view, rng)])


def random_player(state: TilesState, rng: random.Random) -> Move:
    return rng.choice(state.legal_moves())


def random_deal(state: TilesState, rng: random.Random) -> Deal:
    """Shuffle and deal; with 3 players one random colour is taken out first."""
    rules = state.rules
    removed = rng.randrange(len(COLORS)) if rules.players == 3 else None
    tiles = [t for t in range(50) if color_of(t) != removed]
    rng.shuffle(tiles)
    size = rules.hand_size
    return Deal(
        tuple(tuple(tiles[s * size : (s + 1) * size]) for s in range(rules.players)), removed
    )


def automatic(state: TilesState, rng: random.Random) -> Move:
    if state.to_move == CHANCE:
        return random_deal(state, rng)
    return careful(state, rng)
