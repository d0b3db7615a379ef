"""The registry of games: each game's kit by game id.

The product's games are listed in `games/__init__.py` by id, name and the import path
of their kit, which is imported when the game is first asked for, so that a command
loads the engine of the game it names alone, and one that names none (`--help`) loads
none; `games.register` adds a kit made elsewhere (a plug-in, or the tests' own game).
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


class Listed(NamedTuple):
    """A game of the product as the list of games names it, before its kit is loaded."""

    id: str
    name: str
    kit: str  # import path of its GameKit, `package.module:attribute`


class Kits(Mapping[str, "GameKit"]):
    """The kits by game id, in the order they were listed or registered. A listed
    game's kit is imported when it is first asked for; its id and name are known
    before."""

    def __init__(self, listed: Sequence[Listed]) -> None:
        self._listed = {game.id: game for game in listed}
        self._kits: dict[str, GameKit] = {}

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
            kit = self._kits[game_id] = load_named(listed.kit)
            if (kit.game.id, kit.game.name) != (listed.id, listed.name):
                raise ValueError(f"{listed.kit} is {kit.game.id!r}, listed as {listed}")
        return kit

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
