"""The registry of games: each game's kit by game id.

The product's games are listed in `games/__init__.py` by id, name and the import path
of their kit, which is imported when the game is first asked for, so that a command
loads the engine of the game it names alone, and one that names none (`--help`) loads
none; `games.register` adds a kit made elsewhere (a plug-in, or the tests' own game).
What a listed game offers the command line (`Offered`) is declared in `offered.py` of
its package, read without the engine, so that a game's `--help` loads no engine either.
This module loads nothing but the standard library's lightest parts for that.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

if TYPE_CHECKING:
    from games.kit import GameKit

T = TypeVar("T")


def load_named(path: str) -> Any:
    """The object an import path `package.module:attribute` names."""
    import importlib

    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


class SweepOffer(NamedTuple):
    """What a game's fairness sweep (`sweep GAME`) offers the command line: what its
    figures are (`summary`, the help's line), the rules it sweeps with their default
    ranges and words for their values (`("capacity", 3, 9, "capacities")`), the Monte
    Carlo games a cell by default, its switches of its own (name and help), whether it
    has an exact search and which of the options `plot`, `by`, `seed`, `workers` and
    `scheduler` that search takes (the rest are refused beside `--exact`), and where
    `--by` chooses the automatic players in the seats, the word for each seat's player
    in its help (`("RED", "GREEN")`; none: the sweep has no `--by`)."""

    summary: str
    ranges: tuple[tuple[str, int, int, str], ...]
    trials: int
    switches: tuple[tuple[str, str], ...] = ()
    exact: bool = False
    exact_takes: tuple[str, ...] = ()
    by: tuple[str, ...] = ()


class Offered(NamedTuple):
    """What a game offers on the command line, known before its kit loads: its rules'
    options with their defaults, the number of its first seat, its automatic players by
    name and those who hold the seats `--by` does not name, the computer's tiers in its
    window with the default one, and its fairness sweep, if it has one."""

    rules: tuple[tuple[str, int], ...]
    first_seat: int
    players: tuple[str, ...]  # sorted
    default_players: tuple[str, ...]
    opponents: tuple[str, ...] = ()
    default_opponent: str = ""
    sweep: SweepOffer | None = None


def offered_by(kit: GameKit) -> Offered:
    """What a loaded kit offers, read from its rules engine."""
    game = kit.game
    return Offered(
        rules=tuple(game.rules_dict(game.rules({})).items()),
        first_seat=game.first_seat,
        players=tuple(sorted(game.players)),
        default_players=tuple(game.default_players),
        opponents=kit.opponents,
        default_opponent=kit.default_opponent,
        sweep=kit.sweep,
    )


def declared_offer(package: str) -> Offered:
    """`OFFERED` of the module `offered` in a game's package, run on its own: neither the
    package's `__init__` (which loads the rules engine) nor `sys.modules` is touched, so
    the package imports as it always does when the game is played."""
    import importlib.machinery
    import importlib.util

    found = importlib.util.find_spec(package)  # found, not run
    locations = found.submodule_search_locations if found is not None else None
    spec = importlib.machinery.PathFinder.find_spec(f"{package}.offered", locations)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(f"{package} has no module offered.py", name=package)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    offered: Offered = module.OFFERED
    return offered


class Listed(NamedTuple):
    """A game of the product as the list of games names it, before its kit is loaded."""

    id: str
    name: str
    kit: str  # import path of its GameKit, `package.module:attribute`

    @property
    def package(self) -> str:
        """The game's package, whose `offered.py` declares what it offers."""
        return self.kit.partition(":")[0]


class Kits(Mapping[str, "GameKit"]):
    """The kits by game id, in the order they were listed or registered. A listed
    game's kit is imported when it is first asked for; its id and name are known
    before."""

    def __init__(self, listed: Sequence[Listed]) -> None:
        self._listed = {game.id: game for game in listed}
        self._kits: dict[str, GameKit] = {}
        self._declared: dict[str, Offered] = {}  # by game id, as read before its kit

    def register(self, kit: GameKit) -> None:
        if kit.game.id in self:
            raise ValueError(f"a game {kit.game.id!r} is registered already")
        self._kits[kit.game.id] = kit

    def name(self, game_id: str) -> str:
        """The game's name in menus and messages, without loading its kit."""
        listed = self._listed.get(game_id)
        return listed.name if listed is not None else self._kits[game_id].game.name

    def __getitem__(self, game_id: str) -> GameKit:
        kit = self._kits.get(game_id)
        if kit is None:
            listed = self._listed[game_id]
            kit = load_named(listed.kit)
            if (kit.game.id, kit.game.name) != (listed.id, listed.name):
                raise ValueError(f"{listed.kit} is {kit.game.id!r}, listed as {listed}")
            declared = self._declared.get(game_id) or declared_offer(listed.package)
            if offered_by(kit) != declared:
                raise ValueError(f"{listed.kit} offers {offered_by(kit)}, declared {declared}")
            self._kits[game_id] = kit
        return kit

    def offered(self, game_id: str) -> Offered:
        """What the game offers the command line, without loading a listed game's kit."""
        kit = self._kits.get(game_id)
        if kit is not None:
            return offered_by(kit)
        if game_id not in self._declared:
            self._declared[game_id] = declared_offer(self._listed[game_id].package)
        return self._declared[game_id]

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._listed or game_id in self._kits

    def __iter__(self) -> Iterator[str]:
        yield from self._listed
        yield from (game_id for game_id in self._kits if game_id not in self._listed)

    def __len__(self) -> int:
        return len(self._listed) + sum(1 for game_id in self._kits if game_id not in self._listed)


class KitView(Mapping[str, T]):
    """One part of each registered kit, by game id: a view of the kits, never a list of
    its own, so a kit registered later is in it too."""

    def __init__(self, kits: Kits, part: Callable[[GameKit], T]) -> None:
        self._kits = kits
        self._part = part

    def __getitem__(self, game_id: str) -> T:
        return self._part(self._kits[game_id])

    def __iter__(self) -> Iterator[str]:
        return iter(self._kits)

    def __len__(self) -> int:
        return len(self._kits)
