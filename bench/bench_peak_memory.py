"""Peak memory of commands, the process and all its children together (ffmpeg
included), sampled from /proc every 50 ms: reading an 8 MiB recording bad at line 2
(short lines, or one long line), and every format's export at a large size.

Run: python bench/bench_peak_memory.py [--size 1920] [--to K]   (Linux only)
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def tree(pid: int) -> list[int]:
    found = [pid]
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as children:
            for child in children.read().split():
                found += tree(int(child))
    except OSError:
        pass
    return found


def peak_mb(command: list[str]) -> tuple[int, float, int]:
    """The command's exit status, its peak resident memory in MB and its seconds."""
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = 0
    while process.poll() is None:
        total = 0
        for pid in tree(process.pid):
            try:
                with open(f"/proc/{pid}/status") as status:
                    total += sum(int(line.split()[1]) for line in status if line[:6] == "VmRSS:")
            except OSError:
                pass
        peak = max(peak, total)
        time.sleep(0.05)
    return process.returncode, peak / 1024, round(time.monotonic() - start)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=1920)
    parser.add_argument("--to", type=int, help="export up to this turn only")
    args = parser.parse_args()
    oddsevens = [sys.executable, "-m", "viz"]
    with tempfile.TemporaryDirectory() as folder:
        game = Path(folder) / "game.jsonl"
        subprocess.run([*oddsevens, "record", "load", "--seed", "1", "-o", str(game)], check=True)
        header = game.read_text().splitlines(keepends=True)[0]
        body = 8 * 1024 * 1024 - len(header)
        short, long = Path(folder) / "short.jsonl", Path(folder) / "long.jsonl"
        short.write_text(header + "{}\n" * (body // 3))
        long.write_text(header + "[" + "0," * (body // 2 - 2) + "0]\n")
        rows = [
            ("validate, 8 MiB of short lines", [*oddsevens, "validate", str(short)]),
            ("validate, 8 MiB in one line", [*oddsevens, "validate", str(long)]),
        ]
        cut = ["--to", str(args.to)] if args.to is not None else []
        for kind, name in [
            ("gif", "a.gif"),
            ("svg", "a.svg"),
            ("html", "a.html"),
            ("apng", "a.png"),
            ("webp", "a.webp"),
            ("mp4", "a.mp4"),
        ]:
            target = str(Path(folder) / name)
            command = [*oddsevens, "export", str(game), f"--{kind}", target, *cut]
            rows.append((f"{kind} at --size {args.size}", [*command, "--size", str(args.size)]))
        still = [*oddsevens, "export", str(game), "--png", str(Path(folder) / "still.png")]
        still += ["--turn", str(args.to or 0), "--size", str(args.size)]
        rows.append((f"png (--turn) at --size {args.size}", still))
        for label, command in rows:
            status, peak, seconds = peak_mb(command)
            print(f"{label:36} exit {status}  peak {peak:6.0f} MB  {seconds:4d} s", flush=True)


if __name__ == "__main__":
    main()
