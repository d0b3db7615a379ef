"""The library at 10,000 games: how long `library add` of a folder of 10,000 recordings
takes (a fresh process and library each run), against reading and replaying the same
files alone in the same run; and how long a filtered listing takes, in the library and as
a whole command, against the same query on a copy of the library without its indexes.

The recordings are the three sample games (Load's 40 turns, Odds and Evens' 10, Even
Odds' 158) in turn, each with a seed of its own in its header, so that every file's
bytes differ while each replays as its sample does.

Run: python bench/bench_library.py [--games 10000] [--repeats 3]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

from common import median_seconds, print_table

from viz.files import load_replay
from viz.library import Filters, open_library

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ["load", "loops", "tiles"]
TIERS = ["easy", "medium", "hard"]


def make_recordings(folder: Path, count: int) -> None:
    texts = {game: (ROOT / "recordings" / f"{game}-sample.jsonl").read_text() for game in SAMPLES}
    for number in range(count):
        game = SAMPLES[number % len(SAMPLES)]
        first, rest = texts[game].split("\n", 1)
        seats = 4 if game == "tiles" else 2
        tier = TIERS[(number // len(SAMPLES)) % len(TIERS)]
        header = json.loads(first) | {"seed": number, "players": ["you"] + [tier] * (seats - 1)}
        (folder / f"{game}-{number:05}.jsonl").write_text(json.dumps(header) + "\n" + rest)


def add_seconds(folder: Path, scratch: Path) -> float:
    """`oddsevens library add FOLDER` into a new library, in a fresh process."""
    data = scratch / "data"
    shutil.rmtree(data, ignore_errors=True)
    env = os.environ | {"ODDSEVENS_DATA": str(data), "XDG_STATE_HOME": str(scratch / "state")}
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "viz", "library", "add", str(folder)],
        env=env,
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - start


def replay_seconds(folder: Path) -> float:
    start = time.perf_counter()
    for path in folder.iterdir():
        load_replay(path)
    return time.perf_counter() - start


def command_seconds(command: list[str], env: dict[str, str], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(command, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def without_indexes(database: Path, copy: Path) -> Path:
    shutil.copy(database, copy)
    with sqlite3.connect(copy) as connection:
        names = connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
        ).fetchall()
        for (name,) in names:
            connection.execute(f"DROP INDEX {name}")
    connection.close()
    return copy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory(prefix="bench-library-") as scratch_name:
        scratch = Path(scratch_name)
        folder = scratch / "recordings"
        folder.mkdir()
        make_recordings(folder, args.games)
        adds = [add_seconds(folder, scratch) for _ in range(args.repeats)]
        replays = [replay_seconds(folder) for _ in range(args.repeats)]
        add, replay = statistics.median(adds), statistics.median(replays)
        print(f"\n{args.games} recordings, median of {args.repeats} runs")
        print_table(
            ["what", "s", "ratio"],
            [
                ["library add FOLDER (a fresh process)", f"{add:.1f}", f"{add / replay:.2f}"],
                ["read and replay each file alone (baseline)", f"{replay:.1f}", "1.00"],
            ],
        )  # fmt: skip

        database = scratch / "data" / "library.sqlite3"
        plain = without_indexes(database, scratch / "plain.sqlite3")
        filters = Filters(game="tiles", vs="hard", result="won")
        rows = []
        with open_library(database) as library, open_library(plain) as bare:
            matching = library.count(filters)
            for label, limit in (("newest 50", 50), (f"all {matching}", None)):
                indexed = median_seconds(partial(library.games, filters, limit), 15)
                scanned = median_seconds(partial(bare.games, filters, limit), 15)
                rows.append([f"games(tiles, hard, won), {label}", indexed * 1000, scanned * 1000])
            opened = median_seconds(lambda: open_library(database).close(), 15)
            rows.append(["open_library (quick check included)", opened * 1000, "-"])
        env = os.environ | {"ODDSEVENS_DATA": str(database.parent)}
        env["XDG_STATE_HOME"] = str(scratch / "state")
        command = [sys.executable, "-m", "viz", "library", "--game", "tiles", "--vs", "hard"]
        listing = command_seconds([*command, "--result", "won"], env, 15)
        # through argparse: `--help` alone is answered before the commands load
        start = [sys.executable, "-m", "viz", "--verbose", "--help"]
        bare_start = command_seconds(start, env, 15)
        rows.append(["oddsevens library --game tiles --vs hard --result won", listing * 1000, "-"])
        rows.append(["oddsevens --verbose --help (a start, baseline)", bare_start * 1000, "-"])
        print(f"\nListing {args.games} games, median of 15 runs")
        print_table(
            ["what", "ms with indexes", "ms without"],
            [[label, f"{a:.1f}", b if isinstance(b, str) else f"{b:.1f}"] for label, a, b in rows],
        )
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
