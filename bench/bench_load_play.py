"""Automatic Load play throughput on 7x7, Load 5, against the set-based baseline.

Run: python bench/bench_load_play.py [--games 1000]
"""

from __future__ import annotations

import argparse
import random

from common import median_seconds, print_table

from games.load import LoadRules, LoadState
from games.load.policies import automatic
from games.load.reference import SetModel


def engine_games(games: int) -> int:
    rules, turns = LoadRules(7, 7, 5), 0
    for seed in range(games):
        rng, state = random.Random(seed), LoadState(rules)
        while state.to_move is not None:
            state.apply(automatic(state, rng))
        turns += state.turns
    return turns


def baseline_games(games: int) -> int:
    turns = 0
    for seed in range(games):
        rng, model = random.Random(seed), SetModel(7, 7, 5)
        while model.winner is None:
            model.play_stage(rng)
        turns += 2 * model.stage
    return turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    turns = engine_games(args.games)
    assert turns == baseline_games(args.games), "engine and baseline played different games"
    engine = median_seconds(lambda: engine_games(args.games), args.repeats)
    baseline = median_seconds(lambda: baseline_games(args.games), args.repeats)
    print(
        f"{args.games} seeded automatic games of Load 7x7, load 5: {turns} turns, "
        f"median of {args.repeats} runs, one core"
    )
    print_table(
        ["implementation", "seconds", "turns/s", "speed-up"],
        [
            [
                "bit-mask engine",
                f"{engine:.3f}",
                f"{turns / engine:,.0f}",
                f"{baseline / engine:.1f}x",
            ],
            ["set baseline", f"{baseline:.3f}", f"{turns / baseline:,.0f}", "1.0x"],
        ],
    )


if __name__ == "__main__":
    main()
