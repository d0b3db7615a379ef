"""Move analysis: the time to judge every move of a game at the error target, for each
game, on every core and on one, with the largest standard error and the mean trials a
move took; against plain baselines measured in the same run: for Odds and Evens a
minimax over the engine instead of the solver, and for Load's playouts the engine
playing one game at a time instead of the numpy batch. First, the 98-turn Load game's
glyphs from seeds 1 to 5 compared pair by pair, and Load's analysis on 10x10 and 20x20.

Run: python bench/bench_analysis.py [--repeats 3] [--full LOAD.jsonl]
     [--only agreement|large]
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import tempfile
import time
from collections.abc import Callable
from functools import cache, partial
from pathlib import Path
from typing import Any

from common import median_seconds, print_table

from games.analysis import HINT_BUDGET_S, Method, hint, judged_indices, judging, sample
from games.load import PASS, LoadState, Pick
from games.load.judging import exact_search
from games.loops.solver import solver
from games.recording import Replay
from games.tiles import CHANCE, TilesState
from games.tiles.ai import careful, random_deal
from games.tiles.judging import JUDGING as tiles_judging
from viz.analysis.moves import analyze
from viz.cli import main as cli_main
from viz.files import load_replay
from viz.sweeps.runner import Workers

ROOT = Path(__file__).resolve().parents[1]
FULL_LOAD_GAME = ROOT / "tests" / "load-7x7-full-49-stages.jsonl"


def engine_minimax(replay: Replay) -> int:
    """Odds and Evens judged by a plain minimax over the engine (each position once)."""

    @cache
    def wins(snapshot: object) -> bool:
        state = positions[snapshot]
        if state.to_move is None:
            return False  # the side to move has no move: it lost
        for move in state.legal_moves():
            after = state.copy()
            after.apply(move)
            positions.setdefault(after.snapshot(), after)
            if after.to_move is None or not wins(after.snapshot()):
                return True
        return False

    positions: dict[object, Any] = {}
    history = replay.history()
    for index in judged_indices(replay.game, history):
        state = history.before(index)
        positions.setdefault(state.snapshot(), state)
        wins(state.snapshot())
    return len(positions)


def cold(replay: Replay, workers: int) -> list[Any]:
    """The analysis from scratch: the solvers' memory of earlier runs forgotten first."""
    solver.cache_clear()
    exact_search.cache_clear()
    return analyze(replay, Method(), 0, Workers(workers))


def holding_move(state: LoadState) -> Any:
    """Green's playout policy on the engine: pass while that holds, else the lowest pair
    that holds, else pass."""
    for move in [PASS] + [Pick(2, 2 * j) for j in state.legal_pairs()]:
        after = state.copy()
        after.apply(move)
        if after.winner != 1:
            return move
    return PASS


def engine_playouts(state: LoadState, trials: int) -> int:
    """Load's playouts the plain way: every option, one engine game at a time."""
    rng, held = random.Random(1), 0
    for option in state.legal_moves():
        for _ in range(trials):
            game = state.copy()
            game.apply(option)
            while game.to_move is not None:
                mover = game.to_move
                game.apply(Pick(1, rng.choice(game.red_pool)) if mover == 1 else holding_move(game))
            held += game.winner == 2
    return held


def tiles_engine_playouts(state: TilesState, trials: int) -> float:
    """Even Odds' playouts the plain way: every colour the mover may play, one engine
    game at a time, every seat the Medium player, the first seat's standings summed."""
    standing = 0.0
    for option in tiles_judging.options(state):
        for trial in range(trials):
            game = state.copy()
            game.apply(option)
            while game.to_move is not None:
                rng = random.Random(trial * 1009 + game.turns)
                game.apply(random_deal(game, rng) if game.to_move == CHANCE else careful(game, rng))
            standing += game.standings()[0]
    return standing


def playout_rows(
    replay: Replay, trials: int, repeats: int, plain_playouts: Callable[[Any, int], object]
) -> list[list[object]]:
    """Every option of a middle position of the game, `trials` playouts each, both ways."""
    history = replay.history()
    indices = judged_indices(replay.game, history)
    state = history.before(indices[len(indices) // 3])
    options = judging(replay.game).options(state)
    batched = median_seconds(
        lambda: sample(replay.game, state, options, state.to_move, range(trials), 1), repeats
    )
    plain = median_seconds(lambda: plain_playouts(state, trials), repeats)
    games = len(options) * trials
    return [
        ["numpy batch", games, f"{batched:.3f}", f"{games / batched:,.0f}", "1.0x"],
        [
            "engine, a game at a time",
            games,
            f"{plain:.3f}",
            f"{games / plain:,.0f}",
            f"{plain / batched:.1f}x slower",
        ],
    ]


def issue_game(folder: Path) -> Path:
    """The 158-turn 4-seat game of a random seat against three Hard seats (seed 5)."""
    path = folder / "tiles-random-hard.jsonl"
    command = ["record", "tiles", "--by", "random", "hard", "hard", "hard", "--seed", "5"]
    cli_main([*command, "-o", str(path)])
    return path


LARGE_GAMES = [  # (label, `record load` options): Load on boards the exact search cannot
    (
        "Load 10x10 at Load 8, 76 moves",
        ["--rows", "10", "--cols", "10", "--load", "8", "--seed", "2"],
    ),
    (
        "Load 20x20 at Load 5, 18 moves",
        ["--rows", "20", "--cols", "20", "--load", "5", "--seed", "1"],
    ),
]


def cpu_seconds() -> float:
    """The processor time of this process and of its workers that have ended."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def large_rows(folder: Path, workers: int) -> list[list[object]]:
    """Each large board's game judged once (a run takes tens of seconds), on every
    core: the clock's seconds, the processor's (which others' work on a shared machine
    does not inflate), and the load average of the last minute at the end."""
    rows: list[list[object]] = []
    for number, (label, options) in enumerate(LARGE_GAMES):
        path = folder / f"large-{number}.jsonl"
        cli_main(["record", "load", *options, "-o", str(path)])
        replay = load_replay(path)
        started, cpu = time.perf_counter(), cpu_seconds()
        found = cold(replay, workers)
        wall = time.perf_counter() - started
        used = cpu_seconds() - cpu
        rows.append([label, len(found), f"{wall:.1f}", f"{used:.1f}", f"{os.getloadavg()[0]:.1f}"])
    return rows


def agreement_rows(replay: Replay, seeds: range, workers: int) -> list[list[object]]:
    """The glyphs of the game analysed with each seed, compared pair by pair: the share
    of judged moves given the same glyph, and how many are marked unsure."""
    glyphs = {seed: analyze(replay, Method(), seed, Workers(workers)) for seed in seeds}
    rows: list[list[object]] = []
    shares = []
    for a, b in itertools.combinations(seeds, 2):
        same = sum(x.glyph == y.glyph for x, y in zip(glyphs[a], glyphs[b], strict=True))
        unsure = f"{sum(not j.sure for j in glyphs[a])}, {sum(not j.sure for j in glyphs[b])}"
        shares.append(same / len(glyphs[a]))
        rows.append([f"{a} and {b}", f"{shares[-1]:.1%}", unsure])
    rows.append(["every pair", f"{sum(shares) / len(shares):.1%}", ""])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--full", type=Path, default=FULL_LOAD_GAME)
    parser.add_argument(
        "--only",
        choices=["agreement", "large"],
        help="only the glyphs' agreement across seeds 1 to 5, or only the large boards",
    )
    args = parser.parse_args()
    workers = os.cpu_count() or 1
    scratch = tempfile.mkdtemp()
    if args.only != "large":
        print("The 98-turn game's glyphs, seeds 1 to 5 pair by pair")
        rows = agreement_rows(load_replay(args.full), range(1, 6), workers)
        print_table(["seeds", "same glyph", "unsure"], rows)
        print()
    if args.only != "agreement":
        print(f"Load on large boards, one run each, {workers} workers")
        print_table(
            ["game", "judged", "s", "s of CPU", "load average"],
            large_rows(Path(scratch), workers),
        )
        print()
    if args.only:
        return
    games = [
        ("Odds and Evens sample, exact", ROOT / "recordings" / "loops-sample.jsonl"),
        ("Load 7x7 sample, estimated", ROOT / "recordings" / "load-sample.jsonl"),
        ("Even Odds 4 players sample, estimated", ROOT / "recordings" / "tiles-sample.jsonl"),
        ("Even Odds, random against 3 Hard, seed 5", issue_game(Path(scratch))),
    ]
    games.insert(2, ("Load 7x7, the 98-turn game", args.full))
    rows = []
    for label, path in games:
        replay = load_replay(path)
        found = cold(replay, workers)
        estimated = [j for j in found if not j.exact]
        error = max((j.error for j in estimated), default=0.0)
        trials = sum(j.trials for j in estimated) / max(1, len(estimated))
        every = median_seconds(partial(cold, replay, workers), args.repeats)
        one = median_seconds(partial(cold, replay, 1), args.repeats)
        rows.append(
            [
                label,
                len(found),
                len(found) - len(estimated),
                f"{error:.3f}",
                f"{trials:.0f}",
                f"{every:.2f}",
                f"{one:.2f}",
                f"{one / every:.1f}x",
            ]
        )
    loops = load_replay(ROOT / "recordings" / "loops-sample.jsonl")
    solved = median_seconds(partial(cold, loops, 1), args.repeats)
    plain = median_seconds(lambda: engine_minimax(loops), args.repeats)
    print(f"Move analysis at the error target, median of {args.repeats} runs; {workers} cores")
    print_table(
        [
            "game",
            "judged",
            "exact",
            "largest SE",
            "mean trials",
            f"s, {workers} workers",
            "s, 1 worker",
            "speed-up",
        ],
        rows,
    )
    print()
    load = load_replay(args.full if args.full.exists() else games[1][1])
    print_table(
        ["Load playouts", "games", "s", "games/s", "ratio"],
        playout_rows(load, 256, args.repeats, engine_playouts),
    )
    print()
    tiles = load_replay(games[-1][1])
    print_table(
        ["Even Odds playouts", "games", "s", "games/s", "ratio"],
        playout_rows(tiles, 64, args.repeats, tiles_engine_playouts),
    )
    print()
    hints = []
    for label, path in games:
        replay = load_replay(path)
        indices = judged_indices(replay.game, replay.history())
        middle = replay.history().before(indices[len(indices) // 2])

        def within_budget(position: Any = middle, game: Any = replay.game) -> object:
            deadline = time.monotonic() + HINT_BUDGET_S
            return hint(game, position, lambda: time.monotonic() >= deadline)

        hints.append([label, f"{median_seconds(within_budget, args.repeats) * 1000:.0f}"])
    print_table(["H in a window, the middle judged position", "ms"], hints)
    print()
    print_table(
        ["Odds and Evens sample", "seconds", "ratio"],
        [
            ["the analysis (memoized solver)", f"{solved:.3f}", "1.0x"],
            ["plain minimax over the engine", f"{plain:.3f}", f"{plain / solved:.1f}x slower"],
        ],
    )


if __name__ == "__main__":
    main()
