"""Looking back: your results and accuracy against each opponent, and over time."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from viz.library.entries import LibraryGame
from viz.outcomes import RESULTS


@dataclass(frozen=True)
class Standing:
    """Your finished games of one game against one opponent: how many, how many won
    outright, shared and lost, and your mean accuracy over the `judged` ones."""

    game: str
    vs: str
    games: int
    won: int
    shared: int
    lost: int
    judged: int
    accuracy: float | None

    def as_json(self) -> dict[str, Any]:
        accuracy = None if self.accuracy is None else round(self.accuracy, 1)
        return {
            "game": self.game,
            "vs": self.vs,
            "games": self.games,
            "won": self.won,
            "shared": self.shared,
            "lost": self.lost,
            "judged": self.judged,
            "accuracy": accuracy,
        }


def finished(games: Iterable[LibraryGame]) -> list[LibraryGame]:
    """Your finished games (you held a seat, not all), oldest first."""
    return sorted((g for g in games if g.result in RESULTS), key=lambda g: (g.started, g.id))


def standings(games: Iterable[LibraryGame]) -> list[Standing]:
    """A standing a game and opponent, in game then opponent order."""
    groups: dict[tuple[str, str], list[LibraryGame]] = {}
    for game in finished(games):
        groups.setdefault((game.game, game.vs), []).append(game)
    rows = []
    for (game_id, vs), played in sorted(groups.items()):
        accuracies = [a for g in played if (a := g.your_accuracy()) is not None]
        won, lost, shared = (sum(g.result == result for g in played) for result in RESULTS)
        rows.append(
            Standing(
                game_id,
                vs,
                len(played),
                won,
                shared,
                lost,
                len(accuracies),
                sum(accuracies) / len(accuracies) if accuracies else None,
            )
        )
    return rows


def win_share(played: LibraryGame) -> float:
    """Your share of the win: 1 won, 1/k of a win shared by k seats, 0 lost."""
    if played.result == "won":
        return 1.0
    if played.result == "shared":
        return len(set(played.you) & set(played.winners)) / len(played.winners)
    return 0.0
