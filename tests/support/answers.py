"""The tests of help answered from argparse's texts kept beforehand (viz/help_table.py)
run on the Python that made the table: on another, the program steps aside to argparse,
which may print otherwise."""

from __future__ import annotations

import sys

import pytest

from viz.help_table import PYTHON

ON_THE_TABLES_PYTHON = pytest.mark.skipif(
    sys.version_info[:2] != PYTHON,
    reason=f"viz/help_table.py holds Python {PYTHON[0]}.{PYTHON[1]}'s argparse texts, which"
    " another Python may print otherwise: regenerate it (python -m viz.help_answers)",
)
