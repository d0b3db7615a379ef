"""What Load offers the command line, read before its rules engine loads, so that
its `--help` loads none of it (games/registry.py). Its kit is checked against it as
it loads: a rule, player or tier changed there is changed here too."""

from games.registry import Offered

OFFERED = Offered(
    rules=(("rows", 5), ("cols", 5), ("load", 6)),
    first_seat=1,  # player 1 is red: seats are numbered 1 and 2
    players=("balanced-green", "every-third-green", "random-red"),
    default_players=("random-red", "every-third-green"),
)
