"""How many examples a Hypothesis test runs, relative to the loaded profile (conftest.py)."""

from hypothesis import settings


def examples(times: float) -> int:
    """`times` the profile's max_examples: 1000 in CI, so examples(3) runs 3000 there."""
    return max(1, round(times * settings.default.max_examples))
