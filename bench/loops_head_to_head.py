"""The head-to-head table of the Odds and Evens players (docs/rules.md 4.4), as Markdown.

Each cell is the share of games the row player wins against the column
player; the first mover alternates from game to game.
Run: python bench/loops_head_to_head.py [--games 2000]
"""

from __future__ import annotations

import argparse

from games.loops.ai import PLAYERS
from games.loops.sweep import head_to_head


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    names = list(PLAYERS)
    print(
        f"Row player's wins against the column player, {args.games:,} games a cell, "
        "first mover alternating (capacity 7, 2 flips)\n"
    )
    print("| | " + " | ".join(name.capitalize() for name in names) + " |")
    print("|---|" + "---:|" * len(names))
    for row in names:
        cells = [f"{head_to_head(row, col, args.games, args.seed):.1%}" for col in names]
        print(f"| **{row.capitalize()}** | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
