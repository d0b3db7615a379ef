"""Many Even Odds games played on at once in numpy arrays, for the analysis's estimates.

Every seat plays the Medium player's policy (`careful` in games/tiles/ai.py), the same
choices worked out for all the games together; the rules are the engine's
(games/tiles/engine.py). Both are tested against the engine move for move.

Each game belongs to a trial. Later rounds' deals and each seat's choice among its own
look-alike tiles come from keys hashed from the trial's key, the round or turn and the
tile, so the games of one trial played on after different options are dealt alike and
choose alike wherever their positions allow.

A tile is 0..49 as in the engine: colour `tile // 10`, value `tile % 10 + 1`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields

import numpy as np
import numpy.typing as npt

from games.tiles.ai import COST_TIE
from games.tiles.engine import CHANCE, COLORS, HAND_SIZES, ROUNDS, TEN, TilesState

Ints = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]
Keys = npt.NDArray[np.uint64]
Counts = npt.NDArray[np.int8]  # [game, seat, colour, value - 1] and the like

TILES = 50
VALUES = np.arange(1, TEN + 1)
FINISHED = -2  # `to_move` of a game that is over
NONE = -1  # no colour to follow, no colour taken out
KEY_OF_REMOVAL = TILES  # the tile number whose key picks the colour taken out at 3 seats


@dataclass
class Games:
    """Games in play, one row each, with the same number of seats."""

    players: int
    hands: Flags  # [game, seat, tile]
    dealt: Flags  # [game, tile]: dealt this round
    removed: Ints  # the colour taken out this round, or NONE
    seats_played: Ints  # [game, k]: the seat of the dispute's k-th tile
    tiles_played: Ints  # [game, k]: ... and the tile
    played: Ints  # tiles in the dispute under way
    current: Ints  # the colour to follow, or NONE
    choosing: Flags
    to_move: Ints  # a seat, CHANCE, or FINISHED
    leader: Ints
    round: Ints
    scores: Ints  # [game, round - 1, seat]
    turns: Ints
    trial: Keys  # the key of the trial each game belongs to

    @classmethod
    def of(cls, states: Sequence[TilesState], trials: Sequence[int]) -> Games:
        """Engine positions as games, each with its trial's key; one seat count."""
        players = states[0].rules.players
        games = cls.empty(len(states), players)
        for row, (state, trial) in enumerate(zip(states, trials, strict=True)):
            games.set_row(row, state, trial)
        return games

    @classmethod
    def empty(cls, count: int, players: int) -> Games:
        def ints(*shape: int) -> Ints:
            return np.zeros((count, *shape), np.int64)

        return cls(
            players,
            np.zeros((count, players, TILES), bool),
            np.zeros((count, TILES), bool),
            ints(),
            ints(players),
            ints(players),
            ints(),
            ints(),
            np.zeros(count, bool),
            ints(),
            ints(),
            ints(),
            ints(ROUNDS, players),
            ints(),
            np.zeros(count, np.uint64),
        )

    def repeated(self, times: int) -> Games:
        """Every game `times` over, one copy of them all after another."""
        arrays = {
            field.name: np.tile(value, (times,) + (1,) * (value.ndim - 1))
            for field in fields(self)
            if isinstance(value := getattr(self, field.name), np.ndarray)
        }
        return Games(self.players, **arrays)

    def set_row(self, row: int, state: TilesState, trial: int) -> None:
        for seat, hand in enumerate(state.hands):
            self.hands[row, seat, hand] = True
        self.dealt[row, [tile for hand in state.dealt for tile in hand]] = True
        self.removed[row] = NONE if state.removed is None else state.removed
        for k, (seat, tile) in enumerate(state.plays):
            self.seats_played[row, k], self.tiles_played[row, k] = seat, tile
        self.played[row] = len(state.plays)
        self.current[row] = NONE if state.current is None else state.current
        self.choosing[row] = state.choosing
        self.to_move[row] = FINISHED if state.to_move is None else state.to_move
        self.leader[row] = state.leader
        self.round[row] = state.round
        for number, scores in enumerate(state.scores):
            self.scores[row, number] = scores
        self.turns[row] = state.turns
        self.trial[row] = trial

    # --- moves --------------------------------------------------------------------------

    def deal(self, rows: Ints) -> None:
        """Start the next round in these games, dealt by their trials' keys."""
        hand_size = HAND_SIZES[self.players]
        next_round = self.round[rows] + 1
        tiles = np.arange(TILES)
        keys = mix(self.trial[rows, None], -(next_round[:, None] * (TILES + 1) + tiles))
        removed = np.full(len(rows), NONE)
        if self.players == 3:
            removal = mix(self.trial[rows], -(next_round * (TILES + 1) + KEY_OF_REMOVAL))
            removed = (removal % np.uint64(len(COLORS))).astype(np.int64)
            keys[tiles[None, :] // 10 == removed[:, None]] = np.iinfo(np.uint64).max
        order = np.argsort(keys, axis=1)[:, : self.players * hand_size]
        self.hands[rows] = False
        self.dealt[rows] = False
        for seat in range(self.players):
            given = order[:, seat * hand_size : (seat + 1) * hand_size]
            self.hands[rows[:, None], seat, given] = True
            self.dealt[rows[:, None], given] = True
        self.removed[rows] = removed
        self.round[rows] = next_round
        self.played[rows], self.current[rows], self.choosing[rows] = 0, NONE, False
        self.to_move[rows] = self.leader[rows]
        self.turns[rows] += 1

    def choose(self, rows: Ints, colors: Ints) -> None:
        """After a 10, its player names the colour to follow."""
        self.current[rows] = colors
        self.choosing[rows] = False
        last_seat = self.seats_played[rows, self.played[rows] - 1]
        self.to_move[rows] = (last_seat + 1) % self.players
        self.turns[rows] += 1

    def play(self, rows: Ints, tiles: Ints) -> None:
        """The seats to move play these tiles."""
        seats, slot = self.to_move[rows], self.played[rows]
        self.hands[rows, seats, tiles] = False
        self.seats_played[rows, slot], self.tiles_played[rows, slot] = seats, tiles
        following = (slot > 0) & (tiles // 10 == self.current[rows])
        self.current[rows] = np.where(following, self.current[rows], tiles // 10)
        self.played[rows] = slot + 1
        self.turns[rows] += 1
        full = slot + 1 == self.players
        ten = ~full & (tiles % 10 + 1 == TEN)
        self.choosing[rows[ten]] = True
        going = ~full & ~ten
        self.to_move[rows[going]] = (seats[going] + 1) % self.players
        self.settle(rows[full])

    def settle(self, rows: Ints) -> None:
        """The disputes of these games are complete: the later of the highest values
        wins and scores the lowest value."""
        values = self.tiles_played[rows] % 10 + 1
        top = values.max(axis=1)
        last_top = self.players - 1 - np.argmax((values == top[:, None])[:, ::-1], axis=1)
        winner = self.seats_played[rows, last_top]
        self.scores[rows, self.round[rows] - 1, winner] += values.min(axis=1)
        self.leader[rows] = winner
        self.played[rows], self.current[rows] = 0, NONE
        holds = self.hands[rows, winner].any(axis=1)
        last_round = self.round[rows] == ROUNDS
        self.to_move[rows] = np.where(holds, winner, np.where(last_round, FINISHED, CHANCE))

    # --- the game's end -------------------------------------------------------------------

    def standings(self) -> npt.NDArray[np.float64]:
        """Each seat's standing, [game, seat], as `TilesState.standings` finds it: the
        share of the other seats it finishes ahead of (the lower total, of equal totals
        the lower score of the last round), a tie counted half."""
        totals = self.scores.sum(axis=1)[:, :, None]
        last = self.scores[:, -1][:, :, None]
        their_totals, their_last = totals.swapaxes(1, 2), last.swapaxes(1, 2)
        ahead = (totals < their_totals) | ((totals == their_totals) & (last < their_last))
        level = (totals == their_totals) & (last == their_last)
        beaten = ahead.sum(axis=2) + (level.sum(axis=2) - 1) / 2
        standings: npt.NDArray[np.float64] = beaten / (self.players - 1)
        return standings


# --- the Medium player's choices, for many games at once -----------------------------------


def held_by_color(games: Games, rows: Ints) -> Counts:
    """[game, seat, colour, value - 1]: 1 where the seat holds that tile."""
    shape = (len(rows), games.players, len(COLORS), TEN)
    return games.hands[rows].reshape(shape).view(np.int8)  # small counts, quick sums


def later_seats(games: Games, rows: Ints, movers: Ints) -> tuple[Ints, Flags]:
    """Each mover's later seats in order, [game, k], and which of them are still to play
    in this dispute (after a 10, the mover's own tile is down already)."""
    done = games.played[rows] + np.where(games.choosing[rows], 0, 1)
    offsets = np.arange(1, games.players)
    seats = (movers[:, None] + offsets[None, :]) % games.players
    return seats, offsets[None, :] <= (games.players - done)[:, None]


def forced_counts(held: Counts, seats: Ints) -> Counts:
    """[game, k, colour, value - 1]: how many tiles of each value the k-th later seat may
    play when the colour is to be followed: its tiles of the colour, else all of them."""
    rows = np.arange(len(seats))[:, None]
    theirs = held[rows, seats]  # [game, k, colour, value - 1]
    has_color = theirs.any(axis=3, keepdims=True)
    return np.where(has_color, theirs, theirs.sum(axis=2, keepdims=True, dtype=np.int8))


def play_choices(games: Games, rows: Ints) -> Ints:
    """The tile each game's mover plays (none of them naming a colour)."""
    movers = games.to_move[rows]
    count = np.arange(len(rows))
    held = held_by_color(games, rows)
    own = held[count, movers]  # [game, colour, value - 1]
    own_colors = own.sum(axis=2) > 0
    current = games.current[rows]
    follows: Flags = (games.played[rows] > 0) & (current != NONE)
    follows &= own_colors[count, np.maximum(current, 0)]
    legal = np.where(
        follows[:, None], np.arange(len(COLORS))[None, :] == current[:, None], own_colors
    )
    best = np.argmax(legal, axis=1)
    choosing = np.flatnonzero(legal.sum(axis=1) > 1)  # the others have one colour
    if len(choosing):
        best[choosing] = cheapest_colors(
            games, rows[choosing], held[choosing], own[choosing], legal[choosing]
        )
    return own_tile(games, rows, movers, best)


def cheapest_colors(games: Games, rows: Ints, held: Counts, own: Counts, legal: Flags) -> Ints:
    """Of the legal colours, the one of least mean expected cost over the values each
    may have, as `choose_play` of ai.py takes it."""
    cost = expected_costs(games, rows, held, games.to_move[rows])  # [game, colour, value]
    undealt = ~games.dealt[rows].reshape(len(rows), len(COLORS), TEN)
    possible = (own > 0) | undealt
    counts = possible.sum(axis=2)
    mean_cost = np.where(possible, cost, 0.0).sum(axis=2) / np.maximum(counts, 1)
    mean_value = (possible * VALUES).sum(axis=2) / np.maximum(counts, 1)
    mean_cost = np.where(legal, mean_cost, np.inf)
    tied = legal & (mean_cost <= mean_cost.min(axis=1, keepdims=True) + COST_TIE)
    best: Ints = np.argmax(np.where(tied, mean_value, -1.0), axis=1)  # the first highest
    return best


def expected_costs(games: Games, rows: Ints, held: Counts, movers: Ints) -> npt.NDArray[np.float64]:
    """[game, colour, value - 1]: `expected_cost` of ai.py for each colour and value. The
    chance that every later seat plays lower is multiplied seat by seat in their order,
    as there, so that the figures agree to the last bit."""
    seats, still = later_seats(games, rows, movers)
    counts = forced_counts(held, seats)  # [game, k, colour, value - 1]
    below = np.zeros(counts.shape, np.int16)  # tiles below each value
    np.cumsum(counts[..., :-1], axis=3, out=below[..., 1:])
    below_sum = np.zeros(counts.shape, np.int16)
    np.cumsum((counts * VALUES.astype(np.int8))[..., :-1], axis=3, out=below_sum[..., 1:])
    totals = counts.sum(axis=3, keepdims=True, dtype=np.int16)
    playing = still[:, :, None, None]
    chance = np.where(playing, below / totals, 1.0).prod(axis=1)
    mean_below = np.where(playing & (below > 0), below_sum / np.maximum(below, 1), np.inf)
    slots = np.arange(games.players)[None, :] < games.played[rows, None]
    values_played = np.where(slots, games.tiles_played[rows] % 10 + 1, TEN + 1)
    lowest = np.minimum(values_played.min(axis=1)[:, None, None], VALUES[None, None, :])
    lowest = np.minimum(lowest, mean_below.min(axis=1))
    top = np.where(slots, values_played, 0).max(axis=1)
    under_top = (games.played[rows] > 0)[:, None, None] & (top[:, None, None] > VALUES)
    return np.where(under_top, 0.0, chance * lowest)


def own_tile(games: Games, rows: Ints, movers: Ints, colors: Ints) -> Ints:
    """A tile of the colour from the mover's hand: the one of highest key for its turn."""
    tiles = np.arange(TILES)
    keys = mix(games.trial[rows, None], games.turns[rows, None] * TILES + tiles)
    mine = games.hands[rows, movers] & (tiles[None, :] // 10 == colors[:, None])
    tile: Ints = np.argmax(np.where(mine, keys, 0), axis=1)
    return tile


def random_tiles(games: Games, rows: Ints) -> Ints:
    """A random legal tile of each game's mover: of the colour to follow if it holds
    one, else any, by keys of its trial and turn."""
    tiles = np.arange(TILES)
    movers = games.to_move[rows]
    hand = games.hands[rows, movers]
    current = games.current[rows]
    follow = hand & (tiles[None, :] // 10 == current[:, None]) & (games.played[rows] > 0)[:, None]
    legal = np.where(follow.any(axis=1)[:, None], follow, hand)
    keys = mix(games.trial[rows, None], -(games.turns[rows, None] * TILES + tiles + 10**6))
    tile: Ints = np.argmax(np.where(legal, keys, 0), axis=1)
    return tile


def color_choices(games: Games, rows: Ints) -> Ints:
    """The colour each game's mover names after its 10: one that a later seat must or
    may overtake with a 10 first, then the one whose lowest forced tile is lowest."""
    movers = games.to_move[rows]
    seats, still = later_seats(games, rows, movers)
    counts = forced_counts(held_by_color(games, rows), seats)  # [game, k, colour, value]
    present = (counts > 0) & still[:, :, None, None]
    overtaken = present[..., TEN - 1].any(axis=1)  # [game, colour]
    lowest_value = np.where(present, VALUES, TEN + 1).min(axis=(1, 3))
    in_play = np.arange(len(COLORS))[None, :] != games.removed[rows, None]
    key = np.where(overtaken, 0, 100) + lowest_value
    color: Ints = np.argmin(np.where(in_play, key, np.iinfo(np.int64).max), axis=1)
    return color


def played_out(games: Games) -> npt.NDArray[np.float64]:
    """Every game played to its end, every seat as the Medium player: each seat's
    standing, [game, seat]."""
    played_on(games, whole_game=True)
    return games.standings()


def played_on(
    games: Games, whole_game: bool, tiles: Callable[[Games, Ints], Ints] | None = None
) -> None:
    """Every game played on as the Medium player, or with the `tiles` played chosen
    otherwise (`random_tiles`): to its end, later rounds dealt by the trials' keys, or
    (not `whole_game`) to the end of the round under way."""
    choose_tiles = tiles or play_choices
    while True:
        to_move = games.to_move
        dealing = np.flatnonzero(to_move == CHANCE) if whole_game else np.zeros(0, np.int64)
        choosing = np.flatnonzero((to_move >= 0) & games.choosing)
        playing = np.flatnonzero((to_move >= 0) & ~games.choosing)
        if not (len(dealing) or len(choosing) or len(playing)):
            return
        if len(dealing):
            games.deal(dealing)
        if len(choosing):
            games.choose(choosing, color_choices(games, choosing))
        if len(playing):
            games.play(playing, choose_tiles(games, playing))


# --- keys ----------------------------------------------------------------------------------


def mix(trial: Keys, detail: Ints) -> Keys:
    """A well-spread 64-bit key of a trial's key and a detail of the draw (splitmix64)."""
    return _splitmix(_splitmix(trial) ^ detail.astype(np.uint64))


def _splitmix(x: Keys) -> Keys:
    x = x + np.uint64(0x9E3779B97F4A7C15)
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))
