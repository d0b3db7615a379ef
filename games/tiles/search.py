"""Even Odds' Hard player: determinized Monte Carlo from its seat's view alone.

The seat knows which values each colour of its own hand may hold: those of that
colour it cannot see anywhere else (at 5 players, where every tile is dealt, exactly
its own). For each of `ROLLOUTS` samples it deals itself such values, then plays
each of its options (a colour to play, or a colour to name after a 10) out to the
end of the dispute, every seat moving at random, and counts the points it scores.
It takes the option that scored least over the same samples. The cheating variant,
for measurement only, samples nothing: it is handed its true values.
"""

from __future__ import annotations

import random

from games.tiles.ai import SeatView
from games.tiles.engine import Choose, Move, Play, TilesState, color_of

ROLLOUTS = 24


def hard(state: TilesState, rng: random.Random) -> Move:
    return _search(state, rng, cheat=False)


def hard_cheating(state: TilesState, rng: random.Random) -> Move:
    """Hard given its own tile values: the ceiling of the search, never a seat's player."""
    return _search(state, rng, cheat=True)


def _search(state: TilesState, rng: random.Random, cheat: bool) -> Move:
    seat = state.to_move
    assert seat is not None  # a player moves only while the game goes on
    view = SeatView.of(state, seat)
    options = list(view.colors) if view.choosing else view.legal_colors()
    if len(options) > 1:
        cost: dict[int, float] = dict.fromkeys(options, 0)
        for _ in range(ROLLOUTS):
            sample = state if cheat else determinized(state, view, rng)
            for option in options:
                cost[option] += _rollout(sample, seat, option, rng)
        options = [min(options, key=lambda option: (cost[option], option))]
    if view.choosing:
        return Choose(seat, options[0])
    return Play(seat, tile_of_color(state, seat, options[0], rng))


def tile_of_color(state: TilesState, seat: int, color: int, rng: random.Random) -> int:
    """A tile of `color` from the seat's hand: to the seat, they all look alike."""
    return rng.choice([t for t in state.hands[seat] if color_of(t) == color])


def determinized(state: TilesState, view: SeatView, rng: random.Random) -> TilesState:
    """The position with the seat's own values drawn from what it may hold."""
    hand = []
    for color in sorted(set(view.own_colors)):
        count = view.own_colors.count(color)
        values = rng.sample(view.possible_values(color), count)
        hand += [color * 10 + value - 1 for value in values]
    sample = state.copy()
    sample.hands[view.seat] = hand
    return sample


def _rollout(state: TilesState, seat: int, option: int, rng: random.Random) -> float:
    """How much worse `seat` stands after the round when it takes `option` and every
    seat then plays at random: its points, less the others' mean points."""
    game = state.copy()
    before = list(game.scores[-1])
    if game.choosing:
        game.apply(Choose(seat, option))
    else:
        game.apply(Play(seat, tile_of_color(game, seat, option, rng)))
    round_ = game.round
    while game.to_move is not None and game.to_move >= 0 and game.round == round_:
        game.apply(rng.choice(game.legal_moves()))
    gained = [after - was for after, was in zip(game.scores[round_ - 1], before, strict=True)]
    others = [g for s, g in enumerate(gained) if s != seat]
    return gained[seat] - sum(others) / len(others)
