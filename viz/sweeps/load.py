"""`oddsevens sweep load`: player 2's chances on every board and Load, by Monte Carlo over
processes, or exactly on small boards; a table, JSON Lines and charts."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from games.autoplay import Precision
from games.load.sweep import CHUNK, Exact, LoadRow, chunks, play_chunk, solve
from games.load.sweep import MAX_EXACT_CELLS as MAX_EXACT_CELLS
from games.words import percent
from viz.scenes.common import text_width
from viz.scenes.shapes import Palette, Rect, Scene, Shape, Text, contrast, rgb_hex
from viz.sweeps.charts import CHART_PALETTE, rate_chart
from viz.sweeps.kit import Rules, SweepAsked, SweepKit, Swept
from viz.sweeps.runner import IN_PROCESS, Sweep, Workers, run
from viz.sweeps.trials import Games, games_column, monte_carlo, precision_words

Cell = tuple[int, int, int]  # rows, columns, Load


def _label(cell: Cell) -> str:
    return f"{cell[0]}x{cell[1]}, Load {cell[2]}"


HEAT = Palette.from_hex(
    {
        **{name: rgb_hex(rgb) for name, rgb in CHART_PALETTE.colors.items()},
        "paper": "#ffffff",  # a rate's label: white on the darkest squares, black on the rest
        "black": "#000000",
        **{
            f"heat-{n}": color
            for n, color in enumerate(
                (
                    "#b2182b",
                    "#d6604d",
                    "#f4a582",
                    "#fddbc7",
                    "#f7f7f7",
                    "#d1e5f0",
                    "#92c5de",
                    "#4393c3",
                    "#2166ac",
                )
            )
        },
    },
    inks=("ink", "muted", "paper", "black"),
)


def run_load_sweep(
    cells: list[Cell], games: Games, seed: int, workers: Workers, red: str, green: str
) -> list[LoadRow]:
    def jobs(cell: Cell, trials: int, first: int) -> list[tuple[Any, ...]]:
        return chunks(*cell, trials, seed, red, green, first)

    def row(cell: Cell, found: list[tuple[int, int]], trials: int) -> LoadRow:
        wins, stages = (sum(column) for column in zip(*found, strict=True))
        return LoadRow(*cell, trials, wins / trials, stages / trials)

    def wins(found: list[tuple[int, int]]) -> int:
        return sum(won for won, _stages in found)

    return run(monte_carlo(games, CHUNK, jobs, play_chunk, wins, row, _label), cells, workers)


EXACT = Sweep[Cell, Exact, Exact](lambda cell: [cell], solve, lambda _cell, found: found[0], _label)


def run_exact(cells: list[Cell]) -> list[Exact]:
    return run(EXACT, cells, IN_PROCESS)


def format_load_table(rows: list[LoadRow], red: str, green: str, games: Games) -> str:
    """A Markdown table of the rows; where a precision was asked, with each cell's games."""
    how = precision_words(games) if isinstance(games, Precision) else f"{games:,} games a cell"
    lines = [
        f"Player 2's win rate and mean stages, {red} against {green} (Monte Carlo, {how})",
        "| board | Load | player 2 wins | mean stages |",
        "|---|---:|---:|---:|",
    ]
    lines += [
        f"| {r.rows}×{r.cols} | {r.load} | {percent(r.player2_win_rate, 1)} | {r.mean_stages:.1f} |"
        for r in rows
    ]
    return "\n".join(games_column(lines, [r.trials for r in rows], games))


def format_exact_table(found: list[Exact]) -> str:
    lines = [
        "Exact results: the winner with perfect play, and player 2's best chance "
        "against a random player 1",
        "| board | Load | perfect play | player 2's chance | positions |",
        "|---|---:|---|---:|---:|",
    ]
    lines += [
        f"| {e.rows}×{e.cols} | {e.load} | player {e.perfect_play_winner} | "
        f"{percent(e.player2_chance, 2)} | {e.positions:,} |"
        for e in found
    ]
    return "\n".join(lines)


def _label_ink(shade: str) -> str:
    """Black or white, whichever reads better on a square of `shade`."""
    colors = HEAT.colors
    return max(("black", "paper"), key=lambda ink: contrast(colors[ink], colors[shade]))


def heat_map(rows: list[LoadRow], width: int = 720) -> Scene:
    """One small grid a Load: a square per board (rows down, columns across), coloured
    and labelled by player 2's win rate."""
    loads = sorted({r.load for r in rows})
    heights = sorted({r.rows for r in rows})
    widths = sorted({r.cols for r in rows})
    per_row = min(3, len(loads))
    panel = (width - 40) / per_row
    cell = min(40.0, (panel - 50) / len(widths))
    panel_h = cell * len(heights) + 60
    height = round(50 + panel_h * -(-len(loads) // per_row) + 30)
    shapes: list[Shape] = [
        Text("title", 20, 20, "Player 2's win rate by board and Load", 15, "ink", "start")
    ]
    rates = {(r.rows, r.cols, r.load): r.player2_win_rate for r in rows}
    for number, load in enumerate(loads):
        x0 = 20 + (number % per_row) * panel + 40
        y0 = 50 + (number // per_row) * panel_h + 20
        shapes.append(Text(f"load-{load}", x0, y0 - 10, f"Load {load}", 13, "ink", "start"))
        for i, h in enumerate(heights):
            shapes.append(
                Text(f"rows-{load}-{h}", x0 - 6, y0 + (i + 0.5) * cell, str(h), 10, "muted", "end")
            )
            for j, w in enumerate(widths):
                rate = rates.get((h, w, load))
                if rate is None:
                    continue
                shade = f"heat-{min(8, int(rate * 9))}"
                key = f"cell-{load}-{h}-{w}"
                shapes.append(Rect(key, x0 + j * cell, y0 + i * cell, cell - 1, cell - 1, shade))
                if cell - 1 >= text_width(percent(1), 9) + 2:
                    shapes.append(
                        Text(
                            f"{key}-rate",
                            x0 + (j + 0.5) * cell,
                            y0 + (i + 0.5) * cell,
                            percent(rate),
                            9,
                            _label_ink(shade),
                        )
                    )
        for j, w in enumerate(widths):
            shapes.append(
                Text(
                    f"cols-{load}-{w}",
                    x0 + (j + 0.5) * cell,
                    y0 + len(heights) * cell + 10,
                    str(w),
                    10,
                    "muted",
                )
            )
    shapes.append(
        Text(
            "note",
            20,
            height - 14,
            "rows down, columns across; red: player 1 usually wins, blue: player 2 usually wins",
            11,
            "muted",
            "start",
        )
    )
    return Scene(width, height, "canvas", HEAT, tuple(shapes))


def square_chart(rows: list[LoadRow]) -> Scene:
    """Player 2's win rate on square boards against the side, one line per Load."""
    series = [
        (
            load,
            f"Load {load}",
            [(r.rows, r.player2_win_rate) for r in rows if r.load == load and r.rows == r.cols],
        )
        for load in sorted({r.load for r in rows})
    ]
    return rate_chart("Player 2's win rate on square boards", "side of the board", series)


def _cells(values: Mapping[str, Sequence[int]], switches: frozenset[str]) -> list[Rules]:
    """Every board of the rows and columns (square ones of the rows' sides, with
    `--square`) at every Load."""
    rows, cols = values["rows"], values["cols"]
    boards = (
        [(side, side) for side in rows] if "square" in switches else itertools.product(rows, cols)
    )
    return [{"rows": h, "cols": w, "load": load} for h, w in boards for load in values["load"]]


def _refusal(asked: SweepAsked) -> str:
    if asked.games is None and any(
        cell["rows"] * cell["cols"] > MAX_EXACT_CELLS for cell in asked.cells
    ):
        return f"--exact searches boards of at most {MAX_EXACT_CELLS} cells"
    return ""


def _swept(asked: SweepAsked) -> Swept:
    """Exact results where no games are asked, else the Monte Carlo rows, drawn as a
    heat map (lines, with `--square`)."""
    cells = [(cell["rows"], cell["cols"], cell["load"]) for cell in asked.cells]
    if asked.games is None:
        found = run_exact(cells)
        return Swept(found, format_exact_table(found), None, [], CHUNK)
    red, green = asked.players
    rows = run_load_sweep(cells, asked.games, asked.seed, asked.workers, red, green)
    table = format_load_table(rows, red, green, asked.games)
    draw = square_chart if "square" in asked.switches else heat_map
    rates = [(row.player2_win_rate, row.trials) for row in rows]
    return Swept(rows, table, lambda: draw(rows), rates, CHUNK)


SWEEP = SweepKit(_swept, _cells, _refusal)
