"""`analyze`: every move of a recording judged, as a table, JSON Lines, a chart, or an
annotated recording."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from viz.cli.common import CommandError, add_scheduler_option, file_path, int_in, seed
from viz.errors import FileError, shown

if TYPE_CHECKING:
    from pathlib import Path

    from games.analysis import Judgement, Method
    from games.recording import Replay
    from viz.analysis.moves import Recording
    from viz.outputs import Outputs


def cmd_analyze(args: argparse.Namespace) -> int:
    """One recording: its moves judged; several, or a folder: a summary of each."""
    named = args.recordings
    if len(named) == 1 and not named[0].is_dir():
        return _analyze_one(args, named[0])
    return _analyze_many(args)


def _analyze_one(args: argparse.Namespace, path: Path) -> int:
    # The analysis loads numpy and the worker pool: only a command that judges needs them.
    from games.analysis import judged_indices, reading
    from viz.analysis.moves import analyze, chance_chart, json_lines, table
    from viz.files import load_replay
    from viz.outputs import check_output, outputs
    from viz.sweeps.charts import picture_bytes
    from viz.sweeps.runner import Workers, time_up_after

    if args.plot is not None and args.plot.suffix.lower() not in (".svg", ".png"):
        raise CommandError(f"{shown(args.plot)}: the chart is written as .svg or .png")
    for target in (args.output, args.plot):
        if target is not None:
            check_output(target)
    replay = load_replay(path)
    method = _method(args)
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
        _say_time_up(args, len(judgements), judged, "moves")
    print(json_lines(replay, judgements) if args.json else table(replay, judgements, method))
    if args.output is not None or args.plot is not None:
        with outputs() as batch:
            if args.output is not None:
                _write_annotated(batch, args.output, replay, judgements)
            if args.plot is not None:
                chart = picture_bytes(chance_chart(replay, judgements), args.plot.suffix)
                batch.write_bytes(args.plot, chart)
        for written in batch.written:
            print(shown(written), file=sys.stderr)
    return 0


def _analyze_many(args: argparse.Namespace) -> int:
    """Each recording judged, a summary line a player; a bad one is one line and the
    rest go on, the status then 2."""
    from viz.analysis.moves import analyze_many, summary_json_lines, summary_table
    from viz.files import recordings_named
    from viz.outputs import outputs
    from viz.sweeps.runner import Workers, time_up_after

    if args.plot is not None:
        raise CommandError("analyze: --plot draws one recording's chart: name one recording")
    method = _method(args)
    sources, errors = recordings_named(args.recordings)
    targets = _copies(args.output, sources) if args.output is not None else {}
    recordings = _read(sources, method, errors)
    for bad in errors:
        print(f"oddsevens: {bad}", file=sys.stderr)
    workers = Workers.asked(args.workers, args.scheduler)
    judged = analyze_many(recordings, method, args.seed, workers, time_up_after(args.max_seconds))
    if len(judged) < len(recordings):
        _say_time_up(args, len(judged), len(recordings), "recordings")
    if judged:
        print(summary_json_lines(judged) if args.json else summary_table(judged))
    if args.output is not None:
        with outputs() as batch:
            for found in judged:
                path = found.recording.path
                _write_annotated(batch, targets[path], found.recording.replay, found.judgements)
        for written in batch.written:
            print(shown(written), file=sys.stderr)
    return 2 if errors else 0


def _read(
    sources: list[tuple[Path, Path]], method: Method, errors: list[FileError]
) -> list[Recording]:
    """The recordings that read, and can be judged as `method` asks; a FileError in
    `errors` for each of the others."""
    from games.analysis import reading
    from viz.analysis.moves import Recording
    from viz.files import load_replay

    recordings = []
    for path, _name in sources:
        try:
            replay = load_replay(path)
            reading(replay.game, method)
        except FileError as error:
            errors.append(error)
            continue
        except ValueError as error:
            errors.append(FileError(path, f"--versus: {error}"))
            continue
        recordings.append(Recording.read(path, replay, method))
    return recordings


def _method(args: argparse.Namespace) -> Method:
    from games.analysis import Method

    return Method(args.versus or "", args.estimate, args.trials)


def _say_time_up(args: argparse.Namespace, done: int, asked: int, what: str) -> None:
    print(
        f"oddsevens: analyze: --max-seconds {args.max_seconds} reached: "
        f"{done} of {asked} {what} judged",
        file=sys.stderr,
    )


def _copies(folder: Path, sources: list[tuple[Path, Path]]) -> dict[Path, Path]:
    """Where each recording's annotated copy goes: into `folder`, under the name the
    recording takes there. Two recordings that would be written to one file are refused
    before any is judged, as is an output that is no folder."""
    from viz.outputs import check_output

    if folder.exists() and not folder.is_dir():
        raise CommandError(f"{shown(folder)}: is not a folder: -o names a folder for several")
    check_output(folder, folder=True)
    sources_of: dict[Path, Path] = {}  # by target
    for path, name in sources:
        other = sources_of.setdefault(folder / name, path)
        if other != path:
            raise CommandError(
                f"{shown(folder / name)}: both {shown(other)} and {shown(path)} "
                "would be written here"
            )
    return {path: target for target, path in sources_of.items()}


def _write_annotated(
    batch: Outputs, path: Path, replay: Replay, judgements: list[Judgement]
) -> None:
    """The recording with each judged move's judgement on its line, added to `batch`."""
    from games.recording import header_extras
    from viz.analysis.moves import judgement_note
    from viz.files import write_recording

    notes = {j.index: judgement_note(j, replay.game.event_from_move) for j in judgements}
    write_recording(
        batch,
        path,
        replay.game,
        replay.rules,
        replay.seed,
        replay.moves,
        replay.final().result(),
        judgements=notes,
        times=replay.times,
        kept=header_extras(replay.header),
    )


def add_commands(commands: Any) -> None:
    commands.add_parser(
        "analyze",
        help="judge every move of a recording, or sum up many recordings",
        build=_analyze_options,
    )


def _analyze_options(analyze: argparse.ArgumentParser) -> None:
    analyze.add_argument(
        "recordings",
        type=file_path,
        nargs="+",
        metavar="RECORDING",
        help="a recording; or several, or folders of them (every *.jsonl below): then a "
        "line a recording and player",
    )
    analyze.add_argument(
        "--json",
        action="store_true",
        help="one JSON object a judged turn (of several recordings: a recording and player)",
    )
    analyze.add_argument(
        "--plot",
        type=file_path,
        metavar="FILE",
        help="the chance chart (.svg or .png; one recording)",
    )
    analyze.add_argument(
        "-o",
        "--output",
        type=file_path,
        metavar="PATH",
        help="the recording with the judgements added (of several recordings: a folder, "
        "each copy named after its recording)",
    )
    analyze.add_argument(
        "--trials",
        type=int_in(1, 1_000_000),
        help="at most this many playouts an option where chances are estimated, fewer once "
        "the error is small enough (default: the game's own; docs/analysis.md lists them)",
    )
    analyze.add_argument(
        "--versus",
        metavar="READING",
        help="what the chances mean, one of the game's readings (default: its first; an "
        "unknown one is refused with the game's list)",
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
