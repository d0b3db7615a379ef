"""Pure rules engines, automatic players and AIs. No pygame, no Pillow, no file I/O."""

from __future__ import annotations

from games.base import AnyGame, Game, GameError, IllegalMove, RulesError
from games.load import LoadGame
from games.loops import LoopsGame
from games.tiles import TilesGame

REGISTRY: dict[str, AnyGame] = {game.id: game for game in (LoadGame(), LoopsGame(), TilesGame())}

__all__ = ["REGISTRY", "AnyGame", "Game", "GameError", "IllegalMove", "RulesError"]
