"""Recordings the tests read, all inside the repository."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
# A whole 7x7 Load game at Load 8 that lasts all 49 stages (98 turns), green winning.
FULL_LOAD_GAME = TESTS / "load-7x7-full-49-stages.jsonl"
