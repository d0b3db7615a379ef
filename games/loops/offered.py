"""What Odds and Evens offers the command line, read before its rules engine loads, so that
its `--help` loads none of it (games/registry.py). Its kit is checked against it as
it loads: a rule, player or tier changed there is changed here too."""

from games.registry import Offered, SweepOffer

OFFERED = Offered(
    rules=(("capacity", 7), ("flips", 2), ("first", 0)),
    first_seat=0,
    players=("easy", "hard", "medium", "random"),
    default_players=("medium",),
    opponents=("easy", "medium", "hard", "human"),
    default_opponent="medium",
    sweep=SweepOffer(
        "the first mover's chances",
        ranges=(("capacity", 3, 9, "capacities"), ("flips", 0, 4, "starting flip budgets")),
        trials=20_000,
        exact=True,
        exact_takes=("plot",),
    ),
)
