"""Even Odds' automatic players by name: the tiers a person chooses between (easy,
medium, hard) and the names earlier recordings use (random, careful)."""

from __future__ import annotations

from games.tiles.ai import careful, random_player
from games.tiles.search import hard

TIERS = {"easy": random_player, "medium": careful, "hard": hard}
PLAYERS = {"random": random_player, "careful": careful, **TIERS}
