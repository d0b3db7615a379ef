"""`python clocked_window.py CLOCK GAME [--seed N] --out DIR`: a game's window as
`oddsevens play GAME` opens it, its session timed by a clock the test sets: the seconds
written in the file CLOCK, read whenever the window asks the time."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from games import REGISTRY
from viz.cli.windows import open_window, session_dir
from viz.window import WINDOWS


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("clock", type=Path)
    parser.add_argument("game", choices=sorted(WINDOWS))
    parser.add_argument("--seed", type=int)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    game, kit = REGISTRY[args.game], WINDOWS[args.game]

    def clock() -> float:
        return float(args.clock.read_text())

    return open_window(
        lambda: kit.open(
            game,
            game.rules({}),
            seed=args.seed,
            out_dir=args.out,
            session_dir=session_dir(),
            clock=clock,
        )
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
