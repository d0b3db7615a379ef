"""How often each Even Odds tier wins, by table size (docs/rules.md 5.2), with a 95 % interval.

One seat of the tier named (rotating through the seats, and the first leader rotating
too) against seats of another tier; a shared win counts as a fraction. "hard, own
values" is Hard handed its own tile values: a ceiling for measurement, never a
player. Cells run in parallel processes. Each cell also says how long the one seat
took a move where it had a choice (median and most, in ms of the process's CPU time on
its one core, which other work on a shared machine does not inflate as it does the
clock's; a move with one legal colour costs nothing).

Run: python bench/tiles_ai.py [--games 1000] [--key-games 2000] [--workers 2]
     [--cell expert/hard/4 [--parts 16] [--first 1400]]

A cell measured alone is split into `--parts` (at least one a worker), and the tally so
far is printed on standard error as each part ends, in order, so that a long run
stopped early still says what it found over the games it played. `--first` starts the
cell at that game's number (games are numbered, each dealt from its number), so that a
run stopped early can be carried on and the two tallies added.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import games.tiles.expert  # noqa: F401  (numpy loaded before any move is timed)
from games.tiles.ai import SeatView
from games.tiles.engine import Move, TilesState
from games.tiles.players import TIERS, contest_game
from games.tiles.search import hard_cheating

SEATS = {**TIERS, "hard, own values": hard_cheating}
CELLS = [(tier, "easy") for tier in SEATS] + [
    ("hard", "medium"),
    ("medium", "hard"),
    ("expert", "hard"),
]


def played(
    tier: str, others: str, players: int, games: int, first: int = 0
) -> tuple[float, list[float]]:
    """The tier's share of wins over games number `first` to `first + games - 1`, and
    the seconds each of its moves with a choice took."""
    seconds: list[float] = []

    def timed(state: TilesState, rng: random.Random) -> Move:
        view = SeatView.of(state, state.to_move or 0)
        started = time.process_time()
        move = SEATS[tier](state, rng)
        if view.choosing or len(view.legal_colors()) > 1:
            seconds.append(time.process_time() - started)
        return move

    number = range(first, first + games)
    won = sum(contest_game(timed, SEATS[others], players, n) for n in number)
    return won / games, seconds


def interval(rate: float, games: int) -> float:
    return 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument(
        "--key-games",
        type=int,
        default=2000,
        help="games of Hard against random seats at 4 players",
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--parts",
        type=int,
        default=1,
        help="with --cell: split its games into this many parts (at least one a worker), "
        "the tally so far printed as each ends",
    )
    parser.add_argument(
        "--cell",
        help="measure one cell only, as TIER/OTHERS/PLAYERS (e.g. medium/hard/6), its games "
        "split over the workers",
    )
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="with --cell: the number of its first game (to carry on an earlier run)",
    )
    args = parser.parse_args()
    if args.cell:
        tier, others, players = args.cell.split("/")
        cells = [(tier, others, int(players))]
    else:
        cells = [(tier, others, players) for tier, others in CELLS for players in (3, 4, 5, 6)]
    parts = max(args.workers, args.parts) if args.cell else 1
    jobs = {}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for tier, others, players in cells:
            games = args.key_games if (tier, others, players) == ("hard", "easy", 4) else args.games
            first = args.first if args.cell else 0
            bounds = [first + games * part // parts for part in range(parts + 1)]
            jobs[tier, others, players] = [
                (end - start, pool.submit(played, tier, others, players, end - start, start))
                for start, end in itertools.pairwise(bounds)
            ]
        print(
            "| one seat | other seats | players | games | wins | 95 % interval | fair share "
            "| ms a move: median, most |"
        )
        print("|---|---|---:|---:|---:|---:|---:|---:|")
        for (tier, others, players), chunks in jobs.items():
            results: list[tuple[int, tuple[float, list[float]]]] = []
            for count, job in chunks:
                results.append((count, job.result()))
                if len(chunks) > 1:
                    print(f"so far: {row(tier, others, players, results)}", file=sys.stderr)
            print(row(tier, others, players, results), flush=True)


def row(
    tier: str, others: str, players: int, results: list[tuple[int, tuple[float, list[float]]]]
) -> str:
    """The table's row for a cell from its parts: (games, (share won, move seconds))."""
    games = sum(count for count, _ in results)
    rate = sum(count * won for count, (won, _) in results) / games
    seconds = [s for _, (_, times) in results for s in times] or [0.0]
    return (
        f"| {tier} | {others} | {players} | {games:,} | {rate:.1%} | "
        f"± {interval(rate, games):.1%} | {1 / players:.1%} | "
        f"{statistics.median(seconds) * 1000:.0f}, {max(seconds) * 1000:.0f} |"
    )


if __name__ == "__main__":
    main()
