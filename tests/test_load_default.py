"""Issue 46, item 3: the default Load board is chosen by measurement (docs/load.md,
"The default board"): green's chance with best play against the random red, as the
analysis reads it from the start, lies between 30 % and 70 %."""

import math

from games import REGISTRY
from games.load import MAX_LOAD, MIN_LOAD
from games.load.judging import start_chance

GAME = REGISTRY["load"]
STATED, STATED_ERROR = 0.605, 0.0035  # docs/load.md: 20,000 playouts, seed 0


def test_the_default_board_and_load_are_the_measured_ones():
    rules = GAME.rules({})
    assert (rules.rows, rules.cols, rules.load) == (5, 5, 6)
    assert MIN_LOAD <= rules.load <= MAX_LOAD


def test_greens_chance_on_the_default_board_is_measured_again_within_its_stated_error():
    """20,000 new playouts (seed 1, not the stated figure's seed 0) fall within two
    standard errors of the difference of the stated figure; both inside 30-70 %."""
    chance, error = start_chance(GAME.new_state(GAME.rules({})), 20_000, 1)
    assert abs(chance - STATED) <= 2 * math.hypot(error, STATED_ERROR)
    assert 0.30 <= chance <= 0.70 and 0.30 <= STATED <= 0.70


def test_the_start_chance_is_the_exact_searchs_where_it_reaches():
    """3x3 at Load 3: the exact search's 40/63 (docs/load.md: 63 %), with error 0."""
    chance, error = start_chance(
        GAME.new_state(GAME.rules({"rows": 3, "cols": 3, "load": 3})), 10, 0
    )
    assert (round(chance * 63), error) == (40, 0.0)
