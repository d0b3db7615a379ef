"""How the analysis values Even Odds: by playouts in which every seat plays the Medium
player's policy (`careful`) and later rounds are dealt at random, each dealing the
mover a hand it could hold first, since a seat never sees its own numbers. The mover's
options are colours, not tiles: its own tiles of one colour look alike to it."""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from games.kit import Judging, Reading
from games.tiles.ai import SeatView, careful, random_deal
from games.tiles.engine import CHANCE, Move, Play, TilesState, color_of
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
    """Playouts of each option, [option, trial, seat]. A trial's draws are kept apart by
    what they are for (the mover's imagined hand, each later deal, each seat's choice
    among its own look-alike tiles at each turn), so that two options' playouts of one
    trial differ only where the option itself made them differ."""
    import numpy as np  # loaded here, by the analysis alone: the command line starts at once

    found = []
    for option in options:
        rows = []
        for trial in trials:
            draws = zlib.crc32(f"{seed}/{trial}".encode())
            imagined = imagined_position(state, seat, random.Random(draws))
            imagined.apply(option_move(imagined, option, seat, random.Random(draws + 1)))
            rows.append(_played_on(imagined, draws))
        found.append(rows)
    return np.array(found)


def _played_on(state: TilesState, draws: int) -> list[float]:
    while state.to_move is not None:
        if state.to_move == CHANCE:
            state.apply(random_deal(state, random.Random(f"{draws}/deal/{state.round}")))
        else:
            state.apply(careful(state, random.Random(draws * 1009 + state.turns)))
    outcome = state.outcome()
    assert outcome is not None  # played to the end
    return outcome.shares(range(state.rules.players))


READINGS = {
    "medium": Reading(
        "the mover's expected share of the win (1/k of a win shared by k seats) when "
        "every seat plays on as the Medium player does, the mover's own numbers dealt "
        "again from what it could see"
    )
}
JUDGING = Judging(
    readings=READINGS,
    trials=256,
    options=options,
    same_option=same_option,
    sample=sample,
)
