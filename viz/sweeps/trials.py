"""A Monte Carlo sweep's games a cell: a fixed count (`--trials`), or whole chunks added
in rounds until the standard error of the cell's rate is below a precision
(`--precision`, games/autoplay.py's `Precision`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from games.autoplay import Precision
from viz.sweeps.runner import Sweep

Cell = TypeVar("Cell")
Chunk = TypeVar("Chunk")
Row = TypeVar("Row")

Games = int | Precision  # a fixed count of games a cell, or a precision to reach

Jobs = Callable[[Cell, int, int], Iterable[tuple[Any, ...]]]
"""A cell's chunk jobs for (cell, games, chunks it has played already)."""


def monte_carlo(
    games: Games,
    size: int,
    jobs: Jobs[Cell],
    work: Callable[..., Chunk],
    wins: Callable[[list[Chunk]], int],
    row: Callable[[Cell, list[Chunk], int], Row],
    label: Callable[[Cell], str],
) -> Sweep[Cell, Chunk, Row]:
    """A sweep whose cells play `games` in chunks of `size` (the last of a fixed count
    may be smaller); `wins` counts a cell's wins in its chunks so far, and `row` makes
    its row of its chunks and the games they played."""
    if isinstance(games, int):
        return Sweep(
            lambda cell: jobs(cell, games, 0),
            work,
            lambda cell, found: row(cell, found, games),
            label,
        )
    precision = games

    def more(cell: Cell, found: list[Chunk]) -> Iterable[tuple[Any, ...]]:
        return jobs(cell, precision.more(len(found) * size, wins(found), size), len(found))

    return Sweep(
        lambda cell: jobs(cell, precision.first_round(size), 0),
        work,
        lambda cell, found: row(cell, found, len(found) * size),
        label,
        more,
    )


def precision_words(precision: Precision) -> str:
    """How a table's title says the games a cell played."""
    return (
        f"each cell's games added until the standard error of its rate is below "
        f"{precision.error:g}, at most {precision.cap:,}"
    )


def games_column(lines: list[str], played: Sequence[int | None], games: Games | None) -> list[str]:
    """A table (its title, head, rule and a line a row) with a column of the games each
    row `played` where a precision was asked: then they differ from cell to cell."""
    if not isinstance(games, Precision):
        return lines
    title, head, rule, *body = lines
    return [title, head + " games |", rule + "---:|"] + [
        f"{line} {trials:,} |" for line, trials in zip(body, played, strict=True)
    ]
