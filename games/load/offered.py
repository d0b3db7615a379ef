"""What Load offers the command line, read before its rules engine loads, so that
its `--help` loads none of it (games/registry.py). Its kit is checked against it as
it loads: a rule, player or tier changed there is changed here too."""

from games.registry import Offered, SweepOffer

OFFERED = Offered(
    rules=(("rows", 5), ("cols", 5), ("load", 6)),
    first_seat=1,  # player 1 is red: seats are numbered 1 and 2
    players=("balanced-green", "every-third-green", "random-red"),
    default_players=("random-red", "every-third-green"),
    sweep=SweepOffer(
        "player 2's chances on every board and Load",
        ranges=(("rows", 3, 10, "rows"), ("cols", 3, 10, "columns"), ("load", 3, 8, "Loads")),
        trials=1_000,
        switches=(("square", "square boards only (the side from --rows); the chart draws lines"),),
        exact=True,
        by=("RED", "GREEN"),
    ),
)
