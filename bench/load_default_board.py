"""Green's chance with best play against the random red, from the start, on the boards
a default could be (docs/load.md, "The default board"), as Markdown.

Each cell is `games.load.judging.start_chance`: the exact search's figure where it
reaches the whole board (14 cells or fewer), else the share of playouts green holds
playing the analysis's green, with its standard error.
Run: python bench/load_default_board.py [--games 20000] [--seed 0]
"""

from __future__ import annotations

import argparse

from games import REGISTRY
from games.load import MAX_LOAD, MIN_LOAD
from games.load.judging import reached, start_chance
from games.words import give_or_take, with_unit

BOARDS = ((4, 4), (5, 5), (5, 6), (6, 6), (7, 7), (8, 8))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = REGISTRY["load"]
    loads = range(MIN_LOAD, MAX_LOAD + 1)
    print(f"Green's chance from the start, {args.games:,} playouts a cell, seed {args.seed}\n")
    print("| board | " + " | ".join(f"Load {load}" for load in loads) + " |")
    print("|---|" + "---:|" * len(loads))
    for rows, cols in BOARDS:
        cells = []
        for load in loads:
            rules = game.rules({"rows": rows, "cols": cols, "load": load})
            start = game.new_state(rules)
            chance, error = start_chance(start, args.games, args.seed)
            shown = with_unit(f"{100 * chance:.1f}", "%")
            spread = give_or_take(with_unit(f"{100 * error:.1f}", "%"))
            cells.append(f"{shown} (exact)" if reached(start) else f"{shown} {spread}")
        print(f"| {rows}×{cols} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
