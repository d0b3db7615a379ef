"""Thousands of mutated recordings of every game: each one loads, or is refused with a
one-line error naming its line; nothing else ever escapes the reader."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.depth import examples
from support.fuzzing import mutate, read_back, valid_recordings

RECORDINGS = valid_recordings()
FOLDER = Path(tempfile.mkdtemp(prefix="fuzz-"))


@settings(
    derandomize=True,
    max_examples=examples(3),
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.integers(0, len(RECORDINGS) - 1), st.randoms(use_true_random=False))
def test_a_mutated_recording_loads_or_is_refused_with_its_line(which, rng):
    path = FOLDER / "mutated.jsonl"
    path.write_bytes(mutate(RECORDINGS[which], rng))
    read_back(path)


def test_the_unmutated_recordings_load():
    for number, data in enumerate(RECORDINGS):
        path = FOLDER / f"valid-{number}.jsonl"
        path.write_bytes(data)
        assert read_back(path) == "ok"
