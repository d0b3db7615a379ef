"""Whole commands under everything a person, a shell or a full disk can do to them at
once: mutated recordings (judgements included), a folder given as the recording, an
output pipe closed early or a full standard output, and Ctrl-C, SIGTERM or SIGHUP at a
random moment. Each run is counted as a traceback, a hang, a leftover file, a message
of more than one line or an unknown exit status; every count must be zero."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from support.depth import cases
from support.fuzzing import mutate, mutate_judgement

from viz.outputs import TEMP_MARK

PROGRAM = [sys.executable, "-m", "viz"]  # as the `oddsevens` command starts
COMMANDS = [
    ["validate", "{rec}"],
    ["export", "{rec}", "--gif", "{out}/a.gif", "--html", "{out}/a.html"],
    ["export", "{rec}", "--mp4", "{out}/a.mp4"],
    ["export", "{rec}", "--annotate", "--svg", "{out}/a.svg"],
    ["analyze", "{rec}", "--trials", "2", "--json", "-o", "{out}/judged.jsonl"],
]
SIGNALS = [None, signal.SIGINT, signal.SIGTERM, signal.SIGHUP]
STDOUTS = ["pipe", "closed", "full"]
HANG_S = 60  # a run still going after this is a hang (the runs take a second or two)


def _cli(*argv: str, cwd: Path) -> None:
    subprocess.run([*PROGRAM, *argv], check=True, cwd=cwd, capture_output=True)


def _sources(folder: Path) -> list[bytes]:
    """A plain and a judged recording to mutate: judgements are fuzzed as well."""
    plain, judged = folder / "plain.jsonl", folder / "judged.jsonl"
    _cli("record", "loops", "--capacity", "3", "--seed", "2", "-o", str(plain), cwd=folder)
    _cli("analyze", str(plain), "-o", str(judged), cwd=folder)
    return [plain.read_bytes(), judged.read_bytes()]


def _run(argv: list[str], stdout: str, signum: int | None, delay_s: float, tmp: Path):
    target = {"pipe": subprocess.PIPE, "closed": subprocess.PIPE}.get(stdout)
    with open(os.devnull if stdout != "full" else "/dev/full", "wb") as full:
        process = subprocess.Popen(
            [*PROGRAM, *argv],
            stdout=target if target is not None else full,
            stderr=subprocess.PIPE,
            env={**os.environ, "TMPDIR": str(tmp)},
        )
        if stdout == "closed":
            assert process.stdout is not None
            process.stdout.close()  # as `| head -0` would
        if signum is not None:
            time.sleep(delay_s)  # when the signal lands, not how long anything takes
            process.send_signal(signum)
        try:
            _, err = process.communicate(timeout=HANG_S)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            return None, ""
    return process.returncode, err.decode("utf-8", "replace")


def _before_our_first_line(err: str) -> bool:
    """A Ctrl-C while Python itself still starts (its site module, an installer's path
    finder, the package's first import): every Python program shows this one, before any
    line of its own can act. No frame of the program's own but its entry module's."""
    frames = re.findall(r'File "([^"]+)"', err)
    ours = [frame for frame in frames if "/viz/" in frame or "/games/" in frame]
    entry = ("viz/__init__.py", "viz/__main__.py")
    return err.endswith("KeyboardInterrupt\n") and all(f.endswith(entry) for f in ours)


def _problems(status: int | None, err: str, signum: int | None, folder: Path) -> list[str]:
    if status is None:
        return ["hang"]
    found = []
    python_starting = _before_our_first_line(err)  # Python's own lines, not ours
    if ("Traceback" in err and not python_starting) or "Exception ignored" in err:
        found.append("traceback")
    if err.count("\n") > 1 and not python_starting:
        found.append("message of more than one line")
    # a stop while the program still starts ends it as the signal would (-signum)
    allowed = {0, 1, 2, 128 + 13} | ({128 + signum, -signum} if signum else set())
    if status not in allowed:
        found.append(f"exit status {status}")
    if any(TEMP_MARK in path.name or path.name.endswith(".part") for path in folder.rglob("*")):
        found.append("leftover temporary")
    if any(path.name.startswith("oddsevens-ffmpeg-") for path in folder.rglob("*")):
        found.append("leftover ffmpeg scratch folder")
    return found


def test_no_command_leaves_a_traceback_a_hang_or_a_file_behind(tmp_path):
    sources = _sources(tmp_path)
    rng = random.Random(34)
    counts: Counter[str] = Counter()
    for case in range(cases(40, 3)):
        folder = tmp_path / f"case-{case}"
        (folder / "tmp").mkdir(parents=True)
        recording = folder / "game.jsonl"
        data = rng.choice(sources)
        change = rng.choice((mutate, mutate_judgement)) if data is sources[1] else mutate
        recording.write_bytes(data if rng.random() < 0.3 else change(data, rng))
        given = str(folder) if rng.random() < 0.1 else str(recording)  # a folder, not a file
        argv = [arg.format(rec=given, out=folder / "out") for arg in rng.choice(COMMANDS)]
        signum = rng.choice(SIGNALS)
        status, err = _run(argv, rng.choice(STDOUTS), signum, rng.uniform(0, 1.5), folder / "tmp")
        for problem in _problems(status, err, signum, folder):
            counts[problem] += 1
            print(f"case {case}: {problem}: {argv} signal {signum}: {err!r}")
    assert counts == Counter()
