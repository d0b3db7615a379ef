"""How the analysis values Even Odds: by the mover's standing at the game's end (the
share of the other seats it finishes ahead of), found by playouts in which every seat
plays the Medium player's policy (`careful`) and later rounds are dealt at random, each
dealing the mover a hand it could hold first, since a seat never sees its own numbers.
The mover's options are colours, not tiles: its own tiles of one colour look alike to
it."""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from games.kit import Judging, Reading
from games.tiles.ai import SeatView
from games.tiles.engine import Move, Play, TilesState, color_of
from games.tiles.search import determinized

if TYPE_CHECKING:
    from games.kit import Shares


def imagined_position(state: TilesState, seat: int, rng: random.Random) -> TilesState:
    """The position with `seat`'s own numbers dealt again from what it may hold."""
    return determinized(state, SeatView.of(state, seat), rng)


def options(state: TilesState) -> list[Move]:
    """A tile of each colour the mover may play, or its other moves."""
    legal = state.legal_moves()
    by_color = {color_of(move.tile): move for move in legal if isinstance(move, Play)}
    return list(by_color.values()) + [m for m in legal if not isinstance(m, Play)]


def same_option(a: Any, b: Any) -> bool:
    if isinstance(a, Play) and isinstance(b, Play):
        return color_of(a.tile) == color_of(b.tile)
    return bool(a == b)


def option_move(state: TilesState, option: Any, seat: int, rng: random.Random) -> Any:
    """A tile of the option's colour from the imagined hand."""
    if not isinstance(option, Play):
        return option
    held = [tile for tile in state.hands[seat] if same_option(Play(seat, tile), option)]
    return Play(seat, rng.choice(held))


def sample(
    state: TilesState, options: Sequence[Any], seat: int, trials: range, seed: int
) -> Shares:
    """Each seat's standing in playouts of each option, [option, trial, seat], played on
    together in arrays (games/tiles/batch.py). A trial's draws are kept apart by what
    they are for (the mover's imagined hand, each later deal, each seat's choice among
    its own look-alike tiles at each turn), so that two options' playouts of one trial
    differ only where the option itself made them differ."""
    from games.tiles.batch import Games, played_out  # numpy: loaded by the analysis alone

    positions, keys = [], []
    for trial in trials:
        draws = zlib.crc32(f"{seed}/{trial}".encode())
        imagined = imagined_position(state, seat, random.Random(draws))
        for option in options:
            position = imagined.copy()
            position.apply(option_move(position, option, seat, random.Random(draws + 1)))
            positions.append(position)
            keys.append(draws)
    standings = played_out(Games.of(positions, keys))
    return standings.reshape(len(trials), len(options), -1).swapaxes(0, 1)


READINGS = {
    "medium": Reading(
        "the mover's chance to finish ahead of another seat drawn at random (its expected "
        "standing: 1 first, 0 last, a tie counted half; 50 % is fair at any table) when "
        "every seat plays on as the Medium player does, the mover's own numbers dealt "
        "again from what it could see"
    )
}
JUDGING = Judging(
    readings=READINGS,
    trials=1024,
    options=options,
    same_option=same_option,
    sample=sample,
)
