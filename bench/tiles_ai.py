"""How often each Even Odds tier wins, by table size (SPEC 5.2), with a 95 % interval.

One seat of the tier named (rotating through the seats, and the first leader rotating
too) against seats of another tier; a shared win counts as a fraction. "hard, own
values" is Hard handed its own tile values: a ceiling for measurement, never a
player. Cells run in parallel processes.

Run: python bench/tiles_ai.py [--games 1000] [--key-games 2000] [--workers 2]
"""

from __future__ import annotations

import argparse
import math
import os
import random
from concurrent.futures import ProcessPoolExecutor

from games.tiles import CHANCE, TilesRules, TilesState
from games.tiles.ai import random_deal
from games.tiles.players import TIERS
from games.tiles.search import hard_cheating

SEATS = {**TIERS, "hard, own values": hard_cheating}
CELLS = [(tier, "easy") for tier in SEATS] + [("hard", "medium"), ("medium", "hard")]


def share(tier: str, others: str, players: int, games: int, seed: int = 0) -> float:
    won = 0.0
    for number in range(games):
        rng, seat = random.Random(seed + number), number % players
        state = TilesState(TilesRules(players=players, leader=(number // players) % players))
        while state.to_move is not None:
            if state.to_move == CHANCE:
                move = random_deal(state, rng)
            else:
                move = SEATS[tier if state.to_move == seat else others](state, rng)
            state.apply(move)
        winners = state.result()["winners"]
        won += (seat in winners) / len(winners)
    return won / games


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
    args = parser.parse_args()
    jobs = {}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for tier, others in CELLS:
            for players in (3, 4, 5, 6):
                games = (
                    args.key_games if (tier, others, players) == ("hard", "easy", 4) else args.games
                )
                jobs[tier, others, players] = (
                    games,
                    pool.submit(share, tier, others, players, games),
                )
        print("| one seat | other seats | players | games | wins | 95 % interval | fair share |")
        print("|---|---|---:|---:|---:|---:|---:|")
        for (tier, others, players), (games, job) in jobs.items():
            rate = job.result()
            print(
                f"| {tier} | {others} | {players} | {games:,} | {rate:.1%} | "
                f"± {interval(rate, games):.1%} | {1 / players:.1%} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
