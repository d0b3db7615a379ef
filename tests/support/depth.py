"""How deep a test goes, relative to the loaded Hypothesis profile (conftest.py): the ci
profile (CI=true, or HYPOTHESIS_PROFILE=ci) runs the full depth, the quick one less."""

from collections.abc import Iterable
from typing import Any

import pytest
from hypothesis import settings


def examples(times: float) -> int:
    """`times` the profile's max_examples: 1000 in CI, so examples(3) runs 3000 there."""
    return max(1, round(times * settings.default.max_examples))


def cases(full: int, quick: int) -> int:
    """How many cases a test's own loop runs (seeds, games): `full` at the ci profile's
    depth, `quick` at the quick profile's."""
    deep = settings.default.max_examples >= settings.get_profile("ci").max_examples
    return full if deep else quick


def quick_first(values: Iterable[Any], keep: int = 1) -> list[Any]:
    """A parametrized test's values: the first `keep` in every run, the rest marked slow
    (they run in CI): a quick run still tries each clause once."""
    return [
        value if n < keep else pytest.param(value, marks=pytest.mark.slow)
        for n, value in enumerate(values)
    ]
