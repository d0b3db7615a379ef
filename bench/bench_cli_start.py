"""How long the command line takes to start and finish, as a user runs it: the
`oddsevens` console script beside its Python, against a bare `python -c pass`.

Two installs, each in its own table: the environment this runs in (the project's
editable install), and a plain one: the wheel built from this checkout, installed with
pip in a fresh virtual environment (`--plain DIR` keeps it in DIR, made if missing and
the wheel installed into it again if not; else a temporary one). The editable install's
finder loads `re`, `enum`, `pathlib` and `importlib.util` in every Python started there,
`python -c pass` too, which a plain install's Python does not: only the plain install's
ratios say what a user meets.

Whole processes, paired: each run of a command follows a run of `python -c pass`, so
that both meet the same load on this shared machine. A row gives the medians of both,
and the median of the pairs' ratios (the target for `--help` and `--version`: <= 2x).
The row "argparse alone" is a parser of one option printing its help: what argparse
costs before any line of the program's own. With --before, the same command run from
an earlier checkout (put first on the path) joins each pair. The runs get the
environment without $COLUMNS and Python's own variables ($PYTHONDONTWRITEBYTECODE would
keep an editable install's modules uncompiled), as a user's shell gives it; each
command runs once unmeasured first.

Run: python bench/bench_cli_start.py [--repeats 21] [--before DIR] [--plain DIR] [--plain-only]
     (make DIR with: mkdir DIR && git archive COMMIT | tar -x -C DIR)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import print_table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from support.commands import HELPS  # noqa: E402

SAMPLE = ROOT / "recordings" / "load-sample.jsonl"
ENV = {
    name: value
    for name, value in os.environ.items()
    if not name.startswith("PYTHON") and name != "COLUMNS"
}


def seconds(command: list[str], code: Path | None = None, columns: int | None = None) -> float:
    """One whole run; `code`: a checkout whose packages are imported instead (run
    from elsewhere, so that `-m viz` finds no package in the folder it starts in);
    `columns`: as wide a terminal as $COLUMNS says."""
    env = {
        **ENV,
        **({"PYTHONPATH": str(code)} if code is not None else {}),
        **({"COLUMNS": str(columns)} if columns is not None else {}),
    }
    start = time.perf_counter()
    subprocess.run(
        command,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=tempfile.gettempdir(),
    )
    return time.perf_counter() - start


def paired(
    python: str, command: list[str], columns: int | None, repeats: int, before: Path | None
) -> list[str]:
    """A row's cells: medians of the baseline's and the command's times, and of their
    ratios; the command from `before` too, if given."""
    baseline = [python, "-c", "pass"]
    for code in {None, before}:  # unmeasured: compiles what is not compiled yet
        seconds(command, code, columns)
    runs = []
    for _ in range(repeats):
        base = seconds(baseline)
        took = seconds(command, None, columns)
        runs.append([base, took, *([seconds(command, before, columns)] if before else [])])
    cells = [f"{statistics.median(run[0] for run in runs) * 1000:.0f}"]
    for column in range(1, len(runs[0])):
        took = statistics.median(run[column] for run in runs)
        ratio = statistics.median(run[column] / run[0] for run in runs)
        cells += [f"{took * 1000:.0f}", f"{ratio:.2f}"]
    return cells


def plain_install(folder: Path) -> str:
    """The Python of a virtual environment in `folder` with the wheel built from this
    checkout installed in it, as a user installs it (`pip install oddsevens-*.whl`)."""
    python = folder / "bin" / "python"
    with tempfile.TemporaryDirectory() as built:
        build = [sys.executable, "-m", "build", "--wheel", "--outdir", built, str(ROOT)]
        subprocess.run(build, check=True, stdout=subprocess.DEVNULL)
        (wheel,) = Path(built).glob("oddsevens-*.whl")
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
            install = ["install", "-q", str(wheel)]
        else:
            install = ["install", "-q", "--no-deps", "--force-reinstall", str(wheel)]
        subprocess.run([str(python), "-m", "pip", *install], check=True)
    return str(python)


def table(python: str, repeats: int, before: Path | None) -> None:
    """Every help, the sample's validation and argparse alone, with `python`'s script."""
    script = str(Path(python).parent / "oddsevens")
    load_before = os.getloadavg()[0]
    runs = [
        *((f"oddsevens {' '.join(argv)}", [script, *argv], None) for argv in HELPS),
        ("oddsevens --help, 120 columns", [script, "--help"], 120),
        ("python -m viz --help", [python, "-m", "viz", "--help"], None),
        ("oddsevens validate SAMPLE", [script, "validate", str(SAMPLE)], None),
        ("argparse alone: one option, --help", [python, "-c", ARGPARSE_ALONE], None),
    ]
    rows = [
        [label, *paired(python, command, columns, repeats, before)]
        for label, command, columns in runs
    ]
    load_after = os.getloadavg()[0]
    print(
        f"\n{script}: medians of {repeats} pairs; load average {load_before:.2f} at the "
        f"start, {load_after:.2f} at the end"
    )
    headers = ["command", "python -c pass, ms", "ms", "ratio"]
    print_table([*headers, *(["before, ms", "ratio"] if before else [])], rows)


ARGPARSE_ALONE = (
    "import argparse; parser = argparse.ArgumentParser(prog='x'); "
    "parser.add_argument('--verbose', action='store_true', help='say more'); "
    "parser.parse_args(['--help'])"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=21)
    parser.add_argument("--before", type=Path, help="a checkout of an earlier commit")
    parser.add_argument("--plain", type=Path, help="the plain install's virtual environment")
    parser.add_argument("--plain-only", action="store_true", help="no editable install's table")
    args = parser.parse_args()
    if not args.plain_only:
        table(sys.executable, args.repeats, args.before)
    with tempfile.TemporaryDirectory() as scratch:
        plain = plain_install(args.plain or Path(scratch) / "plain")
        table(plain, args.repeats, args.before)


if __name__ == "__main__":
    main()
