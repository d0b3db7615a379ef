"""Even Odds' Expert player: determinized Monte Carlo from its seat's view alone, with
playouts in numpy arrays and a judge of standing, not of points.

Hard (games/tiles/search.py) deals itself 24 hands its view allows and plays every
seat at random to the end of the round, counting points. Expert deals itself
`SAMPLES` such hands at once in arrays (games/tiles/batch.py), plays each of its
options out to the end of the round with every seat playing a random legal tile
(and naming colours after a 10 as the Medium player does), on the same imagined
hands and draws for every option, and takes the
option of the highest expected standing at the game's end: in the last round the
standing itself, before it the chance, seat by seat, that its total stays below the
other's once the rounds left are played, a logistic curve of the gap in totals
scaled by how far a round's scores spread (`SPREAD`).
"""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt

from games.tiles.ai import SeatView
from games.tiles.batch import Games, own_tile, played_on, random_tiles
from games.tiles.engine import ROUNDS, Choose, Move, Play, TilesState
from games.tiles.search import tile_of_color

SAMPLES = 256
"""Imagined hands a decision: each played out after every option."""

SPREAD = {3: 9.5, 4: 7.0, 5: 5.0, 6: 3.5}
"""The standard deviation of two seats' difference in one round's score, by table
size, in 4,000 games of Medium seats (games/tiles/batch.py)."""

LOGISTIC = 1.702
"""The logistic curve's slope that follows the normal curve of unit spread."""


def expert(state: TilesState, rng: random.Random) -> Move:
    seat = state.to_move
    assert seat is not None  # a player moves only while the game goes on
    view = SeatView.of(state, seat)
    options = list(view.colors) if view.choosing else view.legal_colors()
    if len(options) > 1:
        worth = option_worth(state, view, options, rng)
        options = [options[int(np.argmax(worth))]]  # the first of equals
    if view.choosing:
        return Choose(seat, options[0])
    return Play(seat, tile_of_color(state, seat, options[0], rng))


def option_worth(
    state: TilesState, view: SeatView, options: list[int], rng: random.Random
) -> npt.NDArray[np.float64]:
    """Each option's mean expected standing for the seat over the imagined hands."""
    games = imagined(state, view, np.random.default_rng(rng.getrandbits(64))).repeated(len(options))
    rows = np.arange(len(games.trial))
    colors = np.repeat(np.array(options), SAMPLES)
    if view.choosing:
        games.choose(rows, colors)
    else:
        games.play(rows, own_tile(games, rows, games.to_move, colors))
    played_on(games, whole_game=False, tiles=random_tiles)
    worth: npt.NDArray[np.float64] = (
        expected_standing(games, view.seat).reshape(len(options), SAMPLES).mean(axis=1)
    )
    return worth


def imagined(state: TilesState, view: SeatView, draws: np.random.Generator) -> Games:
    """`SAMPLES` games of the position with the seat's own values drawn from what its
    view allows; nothing of its true values is kept (its true hand is cleared from the
    hands and the tiles dealt, which say what the others may hold)."""
    games = Games.of([state], [0]).repeated(SAMPLES)
    seat = view.seat
    dealt_to_others = {tile for s, hand in enumerate(state.dealt) if s != seat for tile in hand}
    played = view.seen | {tile for _, tile in view.plays}
    games.hands[:, seat] = False
    games.dealt[:] = False
    games.dealt[:, sorted(dealt_to_others | played)] = True
    every = np.arange(SAMPLES)[:, None]
    for color in sorted(set(view.own_colors)):
        count = view.own_colors.count(color)
        possible = np.array([color * 10 + value - 1 for value in view.possible_values(color)])
        chosen = possible[np.argsort(draws.random((SAMPLES, len(possible))), axis=1)[:, :count]]
        games.hands[every, seat, chosen] = True
        games.dealt[every, chosen] = True
    games.trial[:] = draws.integers(0, 2**63, SAMPLES, dtype=np.uint64)
    return games


def expected_standing(games: Games, seat: int) -> npt.NDArray[np.float64]:
    """The seat's expected standing in each game played to the end of a round: its
    standing if that was the last, else its chance, seat by seat, to finish ahead."""
    left = ROUNDS - int(games.round[0])
    if not left:
        finished: npt.NDArray[np.float64] = games.standings()[:, seat]
        return finished
    totals = games.scores.sum(axis=1)
    gaps = np.delete(totals, seat, axis=1) - totals[:, seat, None]  # > 0: we are ahead
    scale = SPREAD[games.players] * np.sqrt(left) / LOGISTIC
    ahead: npt.NDArray[np.float64] = (1 / (1 + np.exp(-gaps / scale))).mean(axis=1)
    return ahead
