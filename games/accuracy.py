"""Each player's accuracy over its judged moves (of all of them and of each third), its
glyphs counted, and the summary lines `analyze` and the windows print
(docs/analysis.md gives the formula).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games.words import with_unit

if TYPE_CHECKING:
    from games.analysis import Judgement

GLYPH_NAMES = {"??": "blunder", "?": "mistake", "?!": "inaccuracy", "!": "only move"}
PLURALS = {
    "blunder": "blunders",
    "mistake": "mistakes",
    "inaccuracy": "inaccuracies",
    "only move": "only_moves",
}
SUMMARY = (
    ("?!", "inaccuracy", "inaccuracies"),
    ("?", "mistake", "mistakes"),
    ("??", "blunder", "blunders"),
)


def move_accuracy(before: float, after: float, error: float) -> float:
    """lichess's accuracy of one move, 0 to 100, from the chance x it lost in percentage
    points: 103.1668 e^(-0.04354 x) - 3.1669. As for the glyphs, a fall of no more than
    twice its standard error is not counted: it may be luck."""
    drop = before - after
    lost = drop * 100 if drop > 2 * error else 0.0
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * lost) - 3.1669))


def mean_accuracy(moves: Sequence[tuple[float, float, float]]) -> float:
    """A player's accuracy: the mean of its moves' accuracies, each move given as its
    (chance before, chance after, standard error)."""
    return sum(move_accuracy(*move) for move in moves) / len(moves)


THIRDS = 3  # a player's moves are summed up over its first, middle and last third


def thirds(count: int) -> list[range]:
    """A player's `count` moves in thirds, in order, as even as they go: a third holds
    count // 3 moves, one more for each of the first count % 3 (a third may be empty)."""
    sizes = [count // THIRDS + (k < count % THIRDS) for k in range(THIRDS)]
    starts = [sum(sizes[:k]) for k in range(THIRDS)]
    return [range(start, start + size) for start, size in zip(starts, sizes, strict=True)]


@dataclass(frozen=True)
class PlayerSummary:
    player: int
    moves: int
    accuracy: float  # the mean of its moves' accuracies
    glyphs: dict[str, int]  # how many of each glyph, by its name
    by_third: tuple[float | None, ...] = ()  # the accuracy of each third (None: no move)

    def as_json(self) -> dict[str, Any]:
        """`--json`'s line for the player: its glyph counts under plural names."""
        counts = {PLURALS[name]: count for name, count in self.glyphs.items()}
        return {
            "player": self.player,
            "moves": self.moves,
            "accuracy": round(self.accuracy, 1),
            "accuracy_by_third": [None if a is None else round(a, 1) for a in self.by_third],
        } | counts


def player_summaries(judgements: Sequence[Judgement]) -> list[PlayerSummary]:
    """Each player's moves judged, accuracy (of all its moves and of each third of them,
    in order), and glyphs, first player first."""
    found = []
    for player in sorted({j.player for j in judgements}):
        mine = [(j.before, j.after, j.error) for j in judgements if j.player == player]
        glyphs = {
            name: sum(j.glyph == glyph for j in judgements if j.player == player)
            for glyph, name in GLYPH_NAMES.items()
        }
        by_third = tuple(
            mean_accuracy([mine[k] for k in third]) if third else None
            for third in thirds(len(mine))
        )
        found.append(PlayerSummary(player, len(mine), mean_accuracy(mine), glyphs, by_third))
    return found


def summary(
    judgements: Sequence[Judgement],
    name: Callable[[int], str] = "Player {}".format,
    thirds_of: Callable[[int], bool] = lambda player: True,
) -> list[str]:
    """A line per player (called `name(player)`): moves judged, accuracy over all of them
    and (where `thirds_of(player)`) over each third of them, how many of each kind of
    error it made ("no errors" when none), and its only moves, if any."""
    lines = []
    for found in player_summaries(judgements):
        errors = [
            counted(found.glyphs[GLYPH_NAMES[glyph]], one, many)
            for glyph, one, many in SUMMARY
            if found.glyphs[GLYPH_NAMES[glyph]]
        ]
        only = found.glyphs[GLYPH_NAMES["!"]]
        accuracy = with_unit(f"{found.accuracy:.0f}", "%")  # held to its unit where lines wrap
        phases = " · ".join("–" if a is None else f"{a:.0f}" for a in found.by_third)
        accuracy += f" (thirds {phases})" if thirds_of(found.player) else ""
        counts = [counted(found.moves, "move", "moves"), f"accuracy {accuracy}"]
        words = counts + (errors or ["no errors"])
        words += [counted(only, "only move", "only moves")] if only else []
        lines.append(f"{name(found.player)}: {', '.join(words)}")
    return lines


def counted(count: int, one: str, many: str) -> str:
    """ "1 blunder", "2 blunders", "0 blunders"."""
    return f"{count} {one if count == 1 else many}"
