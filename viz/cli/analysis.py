"""`analyze`: every move of a recording judged, as a table, JSON Lines, a chart, or an
annotated recording."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from games import KITS
from viz.cli.common import CommandError, add_scheduler_option, int_in, seed
from viz.files import load_replay, outputs, write_recording


def cmd_analyze(args: argparse.Namespace) -> int:
    # The analysis loads numpy and the worker pool: only a command that judges needs them.
    from games.analysis import Method, judged_indices, reading
    from viz.analysis.charts import picture_bytes
    from viz.analysis.moves import analyze, chance_chart, json_lines, judgement_note, table
    from viz.analysis.runner import Workers, time_up_after

    replay = load_replay(args.recording)
    if args.plot is not None and args.plot.suffix.lower() not in (".svg", ".png"):
        raise CommandError(f"{args.plot}: the chart is written as .svg or .png")
    method = Method(args.versus or "", args.estimate, args.trials)
    try:
        reading(replay.game, method)
    except ValueError as error:
        raise CommandError(f"analyze: --versus: {error}") from None
    workers = Workers.asked(args.workers, args.scheduler)
    judgements = analyze(replay, method, args.seed, workers, time_up_after(args.max_seconds))
    history = replay.history()
    judged = (
        len(judged_indices(replay.game, history, method)) if args.max_seconds is not None else 0
    )
    if len(judgements) < judged:  # the time limit came first
        print(
            f"oddsevens: analyze: --max-seconds {args.max_seconds} reached: "
            f"{len(judgements)} of {judged} moves judged",
            file=sys.stderr,
        )
    print(json_lines(replay, judgements) if args.json else table(replay, judgements, method))
    if args.output is not None or args.plot is not None:
        with outputs() as batch:
            if args.output is not None:
                notes = {
                    j.index: judgement_note(j, replay.game.event_from_move) for j in judgements
                }
                final = replay.final()
                write_recording(
                    batch,
                    args.output,
                    replay.game,
                    replay.rules,
                    replay.seed,
                    replay.moves,
                    final.result(),
                    judgements=notes,
                    times=replay.times,
                )
            if args.plot is not None:
                chart = picture_bytes(chance_chart(replay, judgements), args.plot.suffix)
                batch.write_bytes(args.plot, chart)
        for path in batch.written:
            print(path, file=sys.stderr)
    return 0


def add_commands(commands: Any) -> None:
    analyze = commands.add_parser("analyze", help="judge every move of a recording")
    analyze.add_argument("recording", type=Path)
    analyze.add_argument("--json", action="store_true", help="one JSON object a judged turn")
    analyze.add_argument(
        "--plot", type=Path, metavar="FILE", help="the chance chart (.svg or .png)"
    )
    analyze.add_argument(
        "-o", "--output", type=Path, metavar="FILE", help="the recording with the judgements added"
    )
    analyze.add_argument(
        "--trials",
        type=int_in(1, 1_000_000),
        help="at most this many playouts an option where chances are estimated, fewer once "
        "the error is small enough (default: "
        + ", ".join(
            f"{k.judging.trials} in {k.game.name}" for k in KITS.values() if k.judging.trials
        )
        + ")",
    )
    analyze.add_argument(
        "--versus",
        metavar="READING",
        help="what the chances mean: "
        + "; ".join(f"{k.game.name}: {' or '.join(k.judging.readings)}" for k in KITS.values())
        + " (default: the first)",
    )
    analyze.add_argument(
        "--estimate",
        action="store_true",
        help="estimate by playouts even where the exact search reaches (to check the estimate)",
    )
    analyze.add_argument("--seed", type=seed, default=0, help="Monte Carlo seed (default 0)")
    analyze.add_argument(
        "--workers",
        type=int_in(1, 256),
        help="processes for estimates (default: all cores)",
    )
    add_scheduler_option(analyze)
    analyze.add_argument(
        "--max-seconds",
        type=int_in(0, 10**6),
        metavar="N",
        help="stop after N seconds with the moves judged by then, and say so (default: none)",
    )
    analyze.set_defaults(run=cmd_analyze)
