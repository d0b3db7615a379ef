"""How often the Even Odds AI wins against random players, by table size (SPEC 5.2).

One AI seat (rotating through the seats) against random seats; a shared win
counts as a fraction. Run: python bench/tiles_ai.py [--games 2000]
"""

from __future__ import annotations

import argparse
import random

from games.tiles import CHANCE, TilesRules, TilesState
from games.tiles.ai import careful, random_deal, random_player


def ai_share(players: int, games: int, seed: int) -> float:
    won = 0.0
    for number in range(games):
        rng, seat = random.Random(seed + number), number % players
        state = TilesState(TilesRules(players=players, leader=rng.randrange(players)))
        while state.to_move is not None:
            if state.to_move == CHANCE:
                move = random_deal(state, rng)
            else:
                move = (careful if state.to_move == seat else random_player)(state, rng)
            state.apply(move)
        winners = state.result()["winners"]
        won += (seat in winners) / len(winners)
    return won / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"AI against random players, {args.games:,} games per table size\n")
    print("| players | AI wins | a random seat's fair share |")
    print("|---:|---:|---:|")
    for players in (3, 4, 5, 6):
        share = ai_share(players, args.games, args.seed)
        print(f"| {players} | {share:.1%} | {1 / players:.1%} |")


if __name__ == "__main__":
    main()
