"""`oddsevens analyze`: every move of a recording judged, spread over processes, as a
table with a summary per player, as JSON Lines, and as a chart of the chances."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.accuracy import GLYPH_NAMES, PLURALS, PlayerSummary, counted, player_summaries, summary
from games.analysis import (
    UNSURE,
    Judgement,
    Method,
    after,
    chance_name,
    exact_value,
    judge_by_id,
    judged_indices,
    judging,
    marked,
    meaning,
)
from games.recording import MAX_BEST, Replay
from games.words import give_or_take, percent, with_unit
from viz.export.judged import best_words
from viz.files import shown
from viz.scenes import SCENES
from viz.scenes.shapes import Scene
from viz.sweeps.charts import rate_chart
from viz.sweeps.runner import IN_PROCESS, Sweep, Workers, never, run


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
    history = replay.history()
    sweep = Sweep[int, list[Judgement], Judgement](
        lambda index: [_job(replay, (index,), method, seed)],
        judge_by_id,
        lambda _index, found: found[0][0],
        lambda index: f"turn {history.turn_of(index + 1)}",
    )
    indices = judged_indices(replay.game, history, method)
    solved = _solved(replay, indices, method)
    return run(sweep, indices, IN_PROCESS if solved else workers, "analyze", time_up)


def _job(replay: Replay, indices: tuple[int, ...], method: Method, seed: int) -> tuple[Any, ...]:
    """The arguments of `judge_by_id` for the moves `indices` (a worker is handed the
    game by its id)."""
    return (replay.game.id, replay.rules, replay.moves, indices, method, seed)


def _solved(replay: Replay, indices: list[int], method: Method) -> bool:
    """Whether each of the moves `indices` has the exact search's figures."""
    history = replay.history()
    return all(exact_value(replay.game, history.before(i), method) is not None for i in indices)


@dataclass(frozen=True)
class Recording:
    """A recording of a bulk analysis: where it was read, what it holds, the moves the
    method judges and whether the exact search has them all."""

    path: Path
    replay: Replay
    indices: list[int]
    solved: bool

    @classmethod
    def read(cls, path: Path, replay: Replay, method: Method) -> Recording:
        indices = judged_indices(replay.game, replay.history(), method)
        return cls(path, replay, indices, _solved(replay, indices, method))

    def jobs(self, method: Method, seed: int) -> list[tuple[Any, ...]]:
        """Its chunks of work: a move each where moves are estimated; the whole game in
        one where they are solved (quick, and a worker then searches the game once)."""
        if self.solved:
            return [_job(self.replay, tuple(self.indices), method, seed)]
        return [_job(self.replay, (index,), method, seed) for index in self.indices]


@dataclass(frozen=True)
class Judged:
    """A recording and the judgement of every move the method judges in it."""

    recording: Recording
    judgements: list[Judgement]

    def summaries(self) -> list[PlayerSummary]:
        return player_summaries(self.judgements)


def analyze_many(
    recordings: list[Recording],
    method: Method,
    seed: int,
    workers: Workers,
    time_up: Callable[[], bool] = never,
    name: str = "analyze",
) -> list[Judged]:
    """Every recording judged as `analyze` judges it alone (the same seed for each), its
    moves spread over the workers with every other recording's; or the first
    recordings, as many as were judged whole when `time_up()` turned true. Recordings
    solved throughout run in this process, as one alone does. Progress is shown as
    `name`."""
    sweep = Sweep[Recording, list[Judgement], Judged](
        lambda recording: recording.jobs(method, seed),
        judge_by_id,
        lambda recording, found: Judged(recording, [j for chunk in found for j in chunk]),
        lambda recording: shown(recording.path),
    )
    solved = all(recording.solved for recording in recordings)
    return run(sweep, recordings, IN_PROCESS if solved else workers, name, time_up)


def judgement_note(judgement: Judgement, event: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """A judgement as an annotated recording carries it on its move's line: of a long
    list of best moves (a big Load board's), the first MAX_BEST, as the reader takes."""
    return {
        "exact": judgement.exact,
        "before": judgement.before,
        "after": judgement.after,
        "se": judgement.error,  # the standard error of an estimate, 0 where exact
        "best": [event(move) for move in judgement.best[:MAX_BEST]],
        "glyph": judgement.glyph,
        "sure": judgement.sure,
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
    lines = [json.dumps(as_json(replay, j)) for j in judgements]
    lines += [json.dumps(found.as_json()) for found in player_summaries(judgements)]
    return "\n".join(lines)


UNSURE_NOTE = (
    "{} marked {}: the fall's interval (twice its error either side) still holds a "
    "glyph's threshold at the cap of playouts; the milder glyph is shown"
)


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
        error = f" {give_or_take(percent(j.error))}" if not j.exact else ""
        lines.append(
            f"| {j.turn} | {kit.seat_name(j.player)} | {played} | {percent(j.before)} "
            f"| {percent(j.after)}{error} | {marked(j.glyph, j.sure)} | {best} |"
        )
    unsure = sum(not j.sure for j in judgements)
    if unsure:
        lines += ["", UNSURE_NOTE.format(counted(unsure, "move", "moves"), UNSURE)]
    lines.append("")
    lines += summary(judgements, kit.seat_name)
    return "\n".join(lines)


def chance_chart(replay: Replay, judgements: list[Judgement]) -> Scene:
    """Each seat's chance before the first judged move and after every one (in a
    two-player game the first seat's alone: the other's is the rest), the judged moves
    marked in their glyphs' colours, 50 % (fair at any table) dashed."""
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

    marks = [
        (str(j.turn), j.turn, on_line(j), j.glyph, marked(j.glyph, j.sure))
        for j in judgements
        if j.glyph
    ]
    present = [glyph for glyph in GLYPH_NAMES if any(j.glyph == glyph for j in judgements)]
    named = [(glyph, f"{glyph} {GLYPH_NAMES[glyph]}") for glyph in present]
    whose = "each seat's" if len(shown) > 1 else f"{name(first)}'s"
    title = f"{game.name}: {whose} {chance_name(len(seats))}"
    return rate_chart(title, "turn", series, 720, 420, marks, mark_names=named)


def summary_rows(judged: list[Judged]) -> list[dict[str, Any]]:
    """A bulk analysis's rows: one a recording and player, as `--json` prints them."""
    return [
        {"file": str(found.recording.path), "game": found.recording.replay.game.id} | row.as_json()
        for found in judged
        for row in found.summaries()
    ]


def summary_json_lines(judged: list[Judged]) -> str:
    return "\n".join(json.dumps(row) for row in summary_rows(judged))


def summary_table(judged: list[Judged]) -> str:
    """A Markdown table of a bulk analysis: a line a recording and player, its moves
    judged, accuracy and how many of each glyph."""
    idle = sum(not found.judgements for found in judged)
    glyphs = [f"{glyph} {PLURALS[name].replace('_', ' ')}" for glyph, name in GLYPH_NAMES.items()]
    lines = [
        f"Each player's accuracy and glyphs in {counted(len(judged), 'recording', 'recordings')}"
        + (f" ({idle} with no move to judge)" if idle else ""),
        f"| recording | game | player | moves | accuracy | {' | '.join(glyphs)} |",
        "|---|---|---|---:|---:|" + "---:|" * len(glyphs),
    ]
    for found in judged:
        game = found.recording.replay.game
        name = shown(found.recording.path).replace("|", "\\|")
        for row in found.summaries():
            counts = " | ".join(str(row.glyphs[glyph_name]) for glyph_name in GLYPH_NAMES.values())
            lines.append(
                f"| {name} | {game.name} | {SCENES[game.id].seat_name(row.player)} | "
                f"{row.moves} | {with_unit(f'{row.accuracy:.0f}', '%')} | {counts} |"
            )
    return "\n".join(lines)
