"""The export engine on long games: time, size and peak memory of GIF, SVG, MP4, WebP and APNG
for 98, 392 and 800 turns at 560 and 1200 px, against the writer it replaced (every frame
rendered, kept and handed to Pillow's GIF writer at once), measured in the same run.

Each measurement runs in a fresh child process, so its peak resident memory is its own
(a long GIF's worker processes left out); the whole command's peak is the process tree's,
workers included, sampled as bench_peak_memory.py samples it.
The 392- and 800-turn games are full games of Load on 14x14 and 20x20 boards (player 2
holds every stage), built by `full_game` below; the 98-turn game is the shared sample.

Run: python bench/bench_export_engine.py [--repeats 3] [--quick] [--formats gif,webp]
     [--sizes 560,1200]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import print_table

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
FRAME_MS, HOLD_MS = 500, 2000
KINDS = ("gif", "svg", "mp4", "webp", "apng")


def full_game(side: int, load: int = 8) -> str:
    """A recording of a Load game that lasts every stage: red picks the highest free
    cell; green waits until red reaches the Load, then picks the highest legal pair below
    every uncleared red pick, which clears them all."""
    from games import REGISTRY
    from games.load import PASS, LoadRules, LoadState, Pick
    from viz.files import recording_text

    rules = LoadRules(rows=side, cols=side, load=load)
    state, moves = LoadState(rules), []
    while state.to_move is not None:
        move = PASS
        if state.to_move == 1:
            free = [c for c in range(state.board.cells) if state.why_illegal(Pick(1, c)) is None]
            move = Pick(1, max(free))
        elif state.uncleared_red() >= load:
            low = min(c for c in range(state.board.cells) if state.red_state(c))
            pairs = [
                m
                for m in state.legal_moves()
                if m != PASS and max(state.board.pair_of(m.cell)) < low
            ]
            move = max(pairs, key=lambda m: m.cell) if pairs else PASS
        state.apply(move)
        moves.append(move)
    return recording_text(REGISTRY["load"], rules, 0, moves, state.result())


def old_gif(recording: Path, size: int) -> bytes:
    """The replaced writer, as it was: shape bounds measured afresh each time they are
    asked for, overlapping regions drawn once each, every frame kept, then all handed to
    Pillow's GIF writer."""
    from support.reference import pillow_gif

    from viz.export.clip import replay_scenes
    from viz.files import load_replay
    from viz.render import raster as render_raster

    render_raster.bounds = getattr(render_raster.bounds, "__wrapped__", render_raster.bounds)
    render_raster.merged = list
    return pillow_gif(replay_scenes(load_replay(recording), size), FRAME_MS, HOLD_MS)


def child(kind: str, recording: Path, size: int, out: Path) -> None:
    """One measured export, in this process; prints seconds, bytes and peak KB."""
    start = time.perf_counter()
    if kind == "old gif":
        out.write_bytes(old_gif(recording, size))
    else:
        from viz.export.clip import Clip
        from viz.export.engine import export_clip
        from viz.files import load_replay

        export_clip(Clip(load_replay(recording), size, FRAME_MS, HOLD_MS), {kind: out})
    seconds = time.perf_counter() - start
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": seconds, "bytes": out.stat().st_size, "peak_kb": peak_kb}))


def measure(kind: str, recording: Path, size: int, folder: Path, repeats: int) -> dict:
    suffix = {"old gif": "gif", "apng": "png"}.get(kind, kind)
    runs = []
    for _ in range(repeats):
        done = subprocess.run(
            [
                sys.executable,
                __file__,
                "--child",
                kind,
                str(recording),
                str(size),
                str(folder / f"out.{suffix}"),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def whole_command_peak_mb(recording: Path, size: int, folder: Path) -> float:
    """Peak memory of `oddsevens export REC --size N` (GIF and SVG), as a person runs it:
    the process and its workers together."""
    from bench_peak_memory import peak_mb

    status, peak, _ = peak_mb(
        [
            sys.executable,
            "-m",
            "viz",
            "export",
            str(recording),
            "--gif",
            str(folder / "w.gif"),
            "--svg",
            str(folder / "w.svg"),
            "--size",
            str(size),
        ]
    )
    assert status == 0
    return peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="the 98-turn game only")
    parser.add_argument(
        "--formats",
        default=",".join(KINDS),
        help=f"which of {','.join(KINDS)} to measure (default: all)",
    )
    parser.add_argument("--sizes", default="560,1200", help="pixel sizes (default 560,1200)")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, recording, size, out = args.child
        child(kind, Path(recording), int(size), Path(out))
        return
    folder = Path(tempfile.mkdtemp(prefix="bench-export-"))
    games = {98: SHARED / "load-7x7-full-49-stages.jsonl"}
    if not args.quick:
        for turns, side in ((392, 14), (800, 20)):
            games[turns] = folder / f"full-{side}x{side}.jsonl"
            games[turns].write_text(full_game(side))
    sizes = [int(size) for size in args.sizes.split(",")]
    rows = []
    for turns, recording in games.items():
        for size in sizes:
            old = measure("old gif", recording, size, folder, args.repeats)
            for kind in args.formats.split(","):
                new = measure(kind, recording, size, folder, args.repeats)
                rows.append(
                    [
                        turns,
                        size,
                        kind.upper(),
                        f"{new['seconds']:.2f}",
                        f"{new['bytes'] / 1024:.1f}",
                        f"{new['peak_kb'] / 1024:.0f}",
                        f"{old['seconds'] / new['seconds']:.1f}x",
                        f"{old['peak_kb'] / new['peak_kb']:.1f}x",
                    ]
                )
            rows.append(
                [
                    turns,
                    size,
                    "old GIF",
                    f"{old['seconds']:.2f}",
                    f"{old['bytes'] / 1024:.1f}",
                    f"{old['peak_kb'] / 1024:.0f}",
                    "1.0x",
                    "1.0x",
                ]
            )
    print(
        f"Export, frame {FRAME_MS} ms, hold {HOLD_MS} ms; median of {args.repeats} runs, "
        "each in a fresh process; the old GIF writer is the baseline"
    )
    print_table(
        ["turns", "px", "output", "seconds", "KB", "peak MB", "faster than old GIF", "less memory"],
        rows,
    )
    if not args.quick:
        peak = whole_command_peak_mb(games[800], 1200, folder)
        print(
            f"\n`oddsevens export` (GIF and SVG) of the 800-turn 20x20 game at --size 1200: "
            f"peak {peak:.0f} MB"
        )


if __name__ == "__main__":
    main()
