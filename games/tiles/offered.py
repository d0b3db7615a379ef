"""What Even Odds offers the command line, read before its rules engine loads, so that
its `--help` loads none of it (games/registry.py). Its kit is checked against it as
it loads: a rule, player or tier changed there is changed here too."""

from games.registry import Offered

OFFERED = Offered(
    rules=(("players", 4), ("leader", 0)),
    first_seat=0,
    players=("careful", "easy", "expert", "hard", "medium", "random"),
    default_players=("careful",),
    opponents=("easy", "medium", "hard", "expert"),
    default_opponent="medium",
)
