"""`oddsevens analyze`: every move of a recording judged, spread over processes, as a
table with a summary per player, as JSON Lines, and as a chart of the chances."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from games.analysis import (
    GLYPH_NAMES,
    Judgement,
    Method,
    after,
    exact_value,
    judge_by_id,
    judged_indices,
    judging,
    meaning,
    player_summaries,
    scale,
    summary,
)
from games.recording import MAX_BEST, Replay
from games.words import give_or_take
from viz.analysis.charts import rate_chart
from viz.analysis.runner import IN_PROCESS, Sweep, Workers, never, run
from viz.export.judged import best_words
from viz.scenes import SCENES
from viz.scenes.shapes import Scene


def analyze(
    replay: Replay,
    method: Method,
    seed: int,
    workers: Workers,
    time_up: Callable[[], bool] = never,
) -> list[Judgement]:
    """The judgement of every move a player chose (that the method judges), or of the
    first ones, as many as were judged when `time_up()` turned true. A game solved
    throughout runs in this process: it is quicker than starting workers."""
    game, rules, moves = replay.game, replay.rules, replay.moves
    history = replay.history()
    sweep = Sweep[int, Judgement, Judgement](
        lambda index: [(game.id, rules, moves, index, method, seed)],
        judge_by_id,
        lambda _index, found: found[0],
        lambda index: f"turn {history.turn_of(index + 1)}",
    )
    indices = judged_indices(game, history, method)
    solved = all(exact_value(game, history.before(i), method) is not None for i in indices)
    return run(sweep, indices, IN_PROCESS if solved else workers, "analyze", time_up)


def judgement_note(judgement: Judgement, event: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """A judgement as an annotated recording carries it on its move's line: of a long
    list of best moves (a big Load board's), the first MAX_BEST, as the reader takes."""
    return {
        "exact": judgement.exact,
        "before": judgement.before,
        "after": judgement.after,
        "error": judgement.error,
        "best": [event(move) for move in judgement.best[:MAX_BEST]],
        "glyph": judgement.glyph,
    }


def as_json(replay: Replay, judgement: Judgement) -> dict[str, Any]:
    """A judged turn as `--json` prints it: its number, mover and move, then the note."""
    event = replay.game.event_from_move
    return {
        "turn": judgement.turn,
        "player": judgement.player,
        "event": event(replay.moves[judgement.index]),
        **judgement_note(judgement, event),
    }


def json_lines(replay: Replay, judgements: list[Judgement]) -> str:
    """A line per judged turn, then a line per player: moves, accuracy, glyph counts."""
    weight = scale(replay.game, replay.rules)
    lines = [json.dumps(as_json(replay, j)) for j in judgements]
    lines += [json.dumps(found.as_json()) for found in player_summaries(judgements, weight)]
    return "\n".join(lines)


def table(replay: Replay, judgements: list[Judgement], method: Method) -> str:
    """A Markdown table of the judged turns, then a summary line per player."""
    kit = SCENES[replay.game.id]
    history = replay.history()
    exact = sum(j.exact for j in judgements)
    chosen = len(judged_indices(replay.game, history))  # every move a player chose
    lines = [
        f"{replay.game.name}: {len(judgements)} of {chosen} moves judged, {exact} of them "
        f"exactly; a chance is {meaning(replay.game, method)}",
        "| turn | player | move | before | after | glyph | best |",
        "|---:|---:|---|---:|---:|:---:|---|",
    ]
    for j in judgements:
        state = history.before(j.index)
        played = kit.move_words(state, after(state, replay.moves[j.index]))
        options = len(judging(replay.game).options(state))
        best = best_words([kit.advice(state, move) for move in j.best], options)
        error = f" {give_or_take(f'{j.error:.0%}')}" if not j.exact else ""
        lines.append(
            f"| {j.turn} | {kit.seat_name(j.player)} | {played} | {j.before:.0%} "
            f"| {j.after:.0%}{error} | {j.glyph} | {best} |"
        )
    lines.append("")
    lines += summary(judgements, scale(replay.game, replay.rules), kit.seat_name)
    return "\n".join(lines)


def chance_chart(replay: Replay, judgements: list[Judgement]) -> Scene:
    """Each seat's chance to win before the first judged move and after every one (in a
    two-player game the first seat's alone: the other's is the rest), the judged moves
    marked in their glyphs' colours."""
    game = replay.game
    first = game.first_seat
    seats = range(first, first + game.seats(replay.rules))
    shown = seats if len(seats) > 2 else seats[:1]
    name = SCENES[game.id].seat_name
    start = judgements[0].chances_before if judgements else ()
    series = [(seat, name(seat), [(0, start[seat - first])] if start else []) for seat in shown]
    for j in judgements:
        for (_key, _label, points), seat in zip(series, shown, strict=True):
            points.append((j.turn, j.chances[seat - first]))

    def on_line(j: Judgement) -> float:
        seat = j.player if j.player in shown else shown[0]
        return j.chances[seat - first]

    marks = [(str(j.turn), j.turn, on_line(j), j.glyph) for j in judgements if j.glyph]
    present = [glyph for glyph in GLYPH_NAMES if any(j.glyph == glyph for j in judgements)]
    named = [(glyph, f"{glyph} {GLYPH_NAMES[glyph]}") for glyph in present]
    whose = "each seat's" if len(shown) > 1 else f"{name(first)}'s"
    title = f"{game.name}: {whose} chance to win"
    return rate_chart(title, "turn", series, 720, 420, marks, 1 / len(seats), named)
