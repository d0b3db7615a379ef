"""The GIF writer: size and time against Pillow's writer (every frame rendered, kept and
handed to Pillow at once), the writer before (a checkout of an earlier commit, given
with --before) and `gifsicle -O3` of both writers' files, all in the same run.

Each export runs in a fresh process (imports counted); seconds are wall-clock and CPU
(user + system) medians. Games: the shared 98-turn game at 560 px and the 800-turn
full game of Load on 20x20 (built as bench_export_engine.py builds it) at the default
size (drawn 894 px wide).

Run: python bench/bench_gif.py --before DIR [--repeats 3] [--quick]
     (make DIR with: mkdir DIR && git archive COMMIT | tar -x -C DIR)
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_export_engine import SHARED, full_game
from common import print_table

ROOT = Path(__file__).resolve().parents[1]
WRITERS = {
    "ours": "from viz.export.clip import Clip; from viz.export.gif_parts import write_gif; "
    "write_gif(Clip(replay, SIZE), OUT)",
    "Pillow's": (
        "from support.reference import pillow_gif; from viz.export.clip import replay_scenes; "
        "OUT.write_bytes(pillow_gif(replay_scenes(replay, SIZE), 500, 2000))"
    ),
}
PROLOGUE = "import sys; from pathlib import Path; from viz.files import load_replay; "


def export(tree: Path, writer: str, recording: Path, size: int, out: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one export in a fresh process run on `tree`'s code."""
    code = (
        PROLOGUE
        + f"replay = load_replay(Path({str(recording)!r})); SIZE = {size}; "
        + f"OUT = Path({str(out)!r}); {WRITERS[writer]}"
    )
    env = {**os.environ, "PYTHONPATH": f"{tree}{os.pathsep}{tree / 'tests'}"}
    # run in the tree: `python -c` puts the working folder first on its path
    return timed([sys.executable, "-c", code], env, tree)


def timed(
    command: list[str], env: dict[str, str] | None = None, cwd: Path | None = None
) -> tuple[float, float]:
    """Wall and CPU seconds of the command, its worker processes' CPU included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env, cwd=cwd)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu


def medians(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def measure(
    name: str, recording: Path, size: int, before: Path, folder: Path, repeats: int
) -> list[list[str]]:
    files, times = {}, {}
    for number, (label, tree, writer) in enumerate(
        (("ours", ROOT, "ours"), ("before", before, "ours"), ("Pillow's", ROOT, "Pillow's"))
    ):
        files[label] = folder / f"{number}.gif"
        runs = [export(tree, writer, recording, size, files[label]) for _ in range(repeats)]
        times[label] = medians(runs)
    for label in ("ours", "before"):
        squeezed = folder / f"gifsicle-{label}.gif"
        command = ["gifsicle", "-O3", str(files[label]), "-o", str(squeezed)]
        times[f"gifsicle -O3 of {label}"] = medians([timed(command) for _ in range(repeats)])
        files[f"gifsicle -O3 of {label}"] = squeezed
    pillow_wall, pillow_cpu = times["Pillow's"]
    ours_kb = files["ours"].stat().st_size / 1024
    rows = []
    for label, (wall, cpu) in times.items():
        kb = files[label].stat().st_size / 1024
        rows.append(
            [
                name,
                label,
                f"{kb:,.1f}",
                f"{ours_kb / kb:.3f}",
                f"{wall:.2f}",
                f"{cpu:.2f}",
                f"{cpu / pillow_cpu:.3f}",
            ]
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--before", type=Path, required=True, help="a checkout of the old code")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="the 98-turn game only")
    args = parser.parse_args()
    if shutil.which("gifsicle") is None:
        sys.exit("gifsicle is not installed")
    folder = Path(tempfile.mkdtemp(prefix="bench-gif-"))
    games = [("98 turns, 560 px", SHARED / "load-7x7-full-49-stages.jsonl", 560)]
    if not args.quick:
        big = folder / "full-20x20.jsonl"
        big.write_text(full_game(20))
        games.append(("800 turns, 20x20, default size", big, 560))
    load = os.getloadavg()
    rows = []
    for name, recording, size in games:
        rows += measure(name, recording, size, args.before.resolve(), folder, args.repeats)
    print(
        f"GIF, frame 500 ms, hold 2000 ms; median of {args.repeats} runs, each in a fresh "
        f"process; load average at the start {load[0]:.2f}, at the end {os.getloadavg()[0]:.2f}"
    )
    print_table(
        ["game", "writer", "KB", "ours / it (size)", "wall s", "CPU s", "CPU / Pillow's"], rows
    )


if __name__ == "__main__":
    main()
