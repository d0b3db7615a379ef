"""`oddsevens analyze`: every move of a recording judged, spread over processes, as a
table with a summary per player, as JSON Lines, and as a chart of the chances."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from games.analysis import (
    Judgement,
    after,
    judge_by_id,
    judged_indices,
    solvable,
    summary,
)
from games.recording import MAX_BEST, Replay
from viz.analysis.charts import rate_chart
from viz.analysis.runner import Sweep, never, run
from viz.scenes import SCENES
from viz.scenes.shapes import Scene

BEST_SHOWN = 3  # best moves the table names (JSON lists them all)


def analyze(
    replay: Replay, trials: int, seed: int, workers: int, time_up: Callable[[], bool] = never
) -> list[Judgement]:
    """The judgement of every move a player chose, or of the first ones, as many as were
    judged when `time_up()` turned true. A solved game runs in this process: it is
    quicker than starting workers."""
    game, rules, moves = replay.game, replay.rules, replay.moves
    history = replay.history()
    sweep = Sweep[int, Judgement, Judgement](
        lambda index: [(game.id, rules, moves, index, trials, seed)],
        judge_by_id,
        lambda _index, found: found[0],
        lambda index: f"turn {history.turn_of(index + 1)}",
    )
    exact = solvable(game, replay.start(), moves)
    return run(sweep, judged_indices(history), 0 if exact else workers, "analyze", time_up)


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
    return "\n".join(json.dumps(as_json(replay, j)) for j in judgements)


def table(replay: Replay, judgements: list[Judgement]) -> str:
    """A Markdown table of the judged turns, then a summary line per player."""
    words = SCENES[replay.game.id].move_words
    history = replay.history()
    method = "exact, perfect play" if judgements and judgements[0].exact else "estimated"
    lines = [
        f"{replay.game.name}: every move judged ({method}); chances are the mover's",
        "| turn | player | move | before | after | glyph | best |",
        "|---:|---:|---|---:|---:|:---:|---|",
    ]
    for j in judgements:
        state = history.before(j.index)
        played = words(state, after(state, replay.moves[j.index]))
        named = [words(state, after(state, move)) for move in j.best[:BEST_SHOWN]]
        more = len(j.best) - len(named)
        best = "; ".join(named) + (f"; and {more} more" if more > 0 else "")
        error = f" ± {j.error:.0%}" if not j.exact else ""
        lines.append(
            f"| {j.turn} | {j.player} | {played} | {j.before:.0%} | {j.after:.0%}{error} "
            f"| {j.glyph} | {best} |"
        )
    lines.append("")
    lines += summary(judgements)
    return "\n".join(lines)


def chance_chart(replay: Replay, judgements: list[Judgement]) -> Scene:
    """Each seat's chance to win before the first judged move and after every one (in a
    two-player game the first seat's alone: the other's is the rest), the judged moves
    marked in their glyphs' colours."""
    game = replay.game
    first = game.first_seat
    seats = range(first, first + game.seats(replay.rules))
    shown = seats if len(seats) > 2 else seats[:1]
    word = "player" if first else "seat"
    start = judgements[0].chances_before if judgements else ()
    series = [
        (seat, f"{word} {seat}", [(0, start[seat - first])] if start else []) for seat in shown
    ]
    for j in judgements:
        for (_key, _label, points), seat in zip(series, shown, strict=True):
            points.append((j.turn, j.chances[seat - first]))

    def on_line(j: Judgement) -> float:
        seat = j.player if j.player in shown else shown[0]
        return j.chances[seat - first]

    marks = [(str(j.turn), j.turn, on_line(j), j.glyph) for j in judgements if j.glyph]
    whose = "each seat's" if len(shown) > 1 else f"{word} {first}'s"
    title = f"{game.name}: {whose} chance to win"
    return rate_chart(title, "turn", series, 720, 420, marks, 1 / len(seats))
