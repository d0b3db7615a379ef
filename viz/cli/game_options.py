"""What the command line's options and help say of each game, as plain data.

The list of games gives each game's id and name without loading it (games/__init__.py);
a game's options come from its kit, which loads its rules engine and players, so they
are read only for the game a command names, when its options are built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from games.kit import GameKit


class GameOptions(NamedTuple):
    """One game as its commands offer it: its rules' options with their defaults (whole
    numbers, checked by the rules when a command runs), its automatic players and
    seats, the computer's tiers in its window, and how the analysis judges it."""

    id: str
    name: str
    rules: tuple[tuple[str, int], ...]
    first_seat: int
    players: tuple[str, ...]
    opponents: tuple[str, ...]
    default_opponent: str
    trials: int | None
    readings: tuple[str, ...]


def game_names() -> dict[str, str]:
    """Every registered game's name by its id, in the order menus list them, loading
    none of them."""
    from games import KITS

    return {game_id: KITS.name(game_id) for game_id in KITS}


def options_of_game(game_id: str) -> GameOptions:
    from games import KITS

    return options_of(KITS[game_id])


def options_of(kit: GameKit) -> GameOptions:
    """A kit's options, read from its rules engine."""
    game = kit.game
    return GameOptions(
        id=game.id,
        name=game.name,
        rules=tuple(game.rules_dict(game.rules({})).items()),
        first_seat=game.first_seat,
        players=tuple(sorted(game.players)),
        opponents=kit.opponents,
        default_opponent=kit.default_opponent,
        trials=kit.judging.trials,
        readings=tuple(kit.judging.readings),
    )
