"""Recordings for practice's tests: a game played by random players, its seats named in
the header, as played or with every move judged by the analysis (exactly, for Odds and
Evens)."""

from __future__ import annotations

import random
from pathlib import Path

from games import REGISTRY
from games.analysis import judge_game
from games.recording import recording_text
from viz.analysis.moves import judgement_note


def played_recording(
    path: Path, game_id: str, seed: int, players: list[str], judged: bool = False, **rules
) -> Path:
    """A game of `game_id` played at random from `seed`, judged if `judged`, written to
    `path`."""
    game = REGISTRY[game_id]
    rules_ = game.rules(rules)
    state, rng, moves = game.new_state(rules_), random.Random(seed), []
    while state.to_move is not None:
        move = game.auto_move(state, rng)
        state.apply(move)
        moves.append(move)
    notes = {}
    if judged:
        judgements = judge_game(game, rules_, moves, seed, lambda: False)
        notes = {j.index: judgement_note(j, game.event_from_move) for j in judgements}
    text = recording_text(game, rules_, seed, moves, state.result(), notes, players=players)
    path.write_text(text, encoding="utf-8")
    return path


def judged_recording(path: Path, game_id: str, seed: int, players: list[str], **rules) -> Path:
    """A game of `game_id` played at random from `seed`, judged, written to `path`."""
    return played_recording(path, game_id, seed, players, judged=True, **rules)
