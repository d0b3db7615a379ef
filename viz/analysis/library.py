"""Your games judged and charted: `library analyze` judges the games not yet judged
with the bulk analysis, a batch at a time, keeping each batch's judgements as it ends,
and with each game's judgements the puzzles practice finds in it;
`library stats --plot` draws your accuracy and results over time."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from games.analysis import Method, reading
from games.practice import Puzzle, puzzles
from viz.analysis.moves import Judged, Recording, analyze_many, judgement_note
from viz.files import FileError, load_replay
from viz.library import Library, LibraryGame, SeatJudgement
from viz.library.stats import finished, win_share
from viz.practice.progress import keep_puzzles
from viz.scenes.shapes import Scene
from viz.sweeps.charts import rate_chart
from viz.sweeps.runner import Workers, never

BATCH = 64  # games judged between two writes of their judgements


def judge_library(
    library: Library,
    workers: Workers,
    seed: int = 0,
    time_up: Callable[[], bool] = never,
    said: Callable[[str], None] = print,
) -> tuple[int, list[FileError]]:
    """Judge every game not judged yet (by the default reading), a batch at a time on
    `workers`, its judgements kept as each batch ends (a stop loses one batch at most).
    How many were judged, and the copies that could not be read."""
    method = Method("")
    waiting = library.unjudged()
    judged, errors = 0, []
    for start in range(0, len(waiting), BATCH):
        recordings = []
        for played in waiting[start : start + BATCH]:
            try:
                recordings.append(_recording(played, method))
            except FileError as error:
                errors.append(error)
        name = f"library analyze {start + 1}-{start + len(recordings)} of {len(waiting)}"
        done = analyze_many(recordings, method, seed, workers, time_up, name)
        for found in done:
            game_id = _game_id(found, waiting)
            library.record_judgements(
                game_id, _seats(found), keep_puzzles(game_id, _puzzles(found))
            )
        judged += len(done)
        if len(done) < len(recordings):
            said(f"{name}: stopped at the time limit")
            break
    return judged, errors


def _recording(played: LibraryGame, method: Method) -> Recording:
    replay = load_replay(played.path)
    reading(replay.game, method)
    return Recording.read(played.path, replay, method)


def _game_id(found: Judged, waiting: list[LibraryGame]) -> int:
    path = found.recording.path
    return next(played.id for played in waiting if played.path == path)


def _seats(found: Judged) -> list[SeatJudgement]:
    return [
        SeatJudgement(row.player, row.moves, row.accuracy, row.glyphs) for row in found.summaries()
    ]


def _puzzles(found: Judged) -> list[Puzzle]:
    """Practice's puzzles of the judged game: as its judged recording would give them."""
    replay = found.recording.replay
    event = replay.game.event_from_move
    notes = {j.index: judgement_note(j, event) for j in found.judgements}
    return puzzles(replace(replay, judgements=notes))


DATE_TICKS = 6  # dates under the library chart at most


def results_chart(games: list[LibraryGame]) -> Scene:
    """Your finished games oldest first, the axis under them dated by when they began:
    your accuracy in each judged one, and your share of the wins so far (a shared win
    counts its share). There must be one game at least."""
    played = finished(games)
    if not played:
        raise ValueError("no finished games of yours to chart")
    accuracy = [
        (number, a / 100)
        for number, game in enumerate(played, 1)
        if (a := game.your_accuracy()) is not None
    ]
    wins, so_far = 0.0, []
    for number, game in enumerate(played, 1):
        wins += win_share(game)
        so_far.append((number, wins / number))
    series = [(0, "your accuracy", accuracy), (1, "wins so far", so_far)]
    title = "Your games: accuracy and results"
    if not accuracy:
        title = "Your games: results (none judged yet: oddsevens library analyze)"
    ticks, x_label = date_ticks(played)
    return rate_chart(title, x_label, series, 760, 420, x_ticks=ticks)


def date_ticks(
    played: list[LibraryGame], most: int = DATE_TICKS
) -> tuple[list[tuple[int, str]], str]:
    """Up to `most` of the games (numbered from 1, oldest first), the first and the last
    among them and the rest evenly between, each labelled with the day it began (a day
    written once, at its first game); games all of one day are labelled with their
    times, the day said in the axis's name."""
    count, shown = len(played), min(most, len(played))
    picked = sorted({round(n * (count - 1) / max(1, shown - 1)) for n in range(shown)})
    days = {game.started.date() for game in played}
    form = "%H:%M" if len(days) == 1 else "%Y-%m-%d"
    ticks: list[tuple[int, str]] = []
    for index in picked:
        words = played[index].started.strftime(form)
        if not ticks or ticks[-1][1] != words:
            ticks.append((index + 1, words))
    if len(days) == 1:
        return ticks, f"game, oldest first, on {played[0].started:%Y-%m-%d}, by when it began"
    return ticks, "game, oldest first, by the day it began"
