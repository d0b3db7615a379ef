"""Where practice finds its puzzles, and what it says of them.

The puzzles come from judged recordings (`oddsevens analyze -o`), files or folders; a
recording that cannot be read is one line and the rest are used. What is said of a
puzzle is the analysis's own words (viz/export/judged.py): the move in the game's words,
the best moves as its advice, the chance each keeps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from games import KITS
from games.history import History
from games.practice import Card, Kept, Puzzle, due, puzzles
from games.words import percent
from viz.export.judged import Judged
from viz.files import FileError, load_replay, recordings_named
from viz.practice.progress import Progress
from viz.scenes import SCENES

TITLE = "find the move that keeps the win"
NO_PUZZLES = (
    "no puzzles yet: play games in a window, judge them "
    "(oddsevens analyze GAMES -o JUDGED), then run oddsevens practice --from JUDGED"
)


@dataclass
class Found:
    """The puzzles of the recordings read, and one line for each that could not be."""

    puzzles: list[Kept] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def gather(paths: Sequence[Path], progress: Progress, game: str | None = None) -> Found:
    """The puzzles of the recordings at `paths` (files, or folders searched below), of
    one game if `game` names it, in the order the files are named. A recording read
    before and unchanged since gives the puzzles the store kept of it."""
    found = Found()
    named, errors = recordings_named(list(paths))
    found.problems += [str(error) for error in errors]
    known = progress.mined()
    fresh = []
    for path, _ in named:
        try:
            info = path.stat()
            stamp = (info.st_size, info.st_mtime_ns)
            kept = known.get(str(path))
            if kept is not None and kept[0] == stamp:
                mine = [Kept(data) for data in kept[1]]
            else:
                mine = [Kept.of(puzzle) for puzzle in puzzles(load_replay(path))]
                fresh.append((str(path), stamp, [kept.data for kept in mine]))
        except FileError as error:
            found.problems.append(str(error))
            continue
        except OSError as error:
            found.problems.append(str(FileError(path, error.strerror or str(error))))
            continue
        found.puzzles += [kept for kept in mine if game is None or kept.game == game]
    progress.keep_mined(fresh)
    return found


def due_today(found: Sequence[Kept], progress: Progress, today: date) -> list[tuple[Kept, Card]]:
    """The puzzles due today, with their cards, as the progress store has them."""
    cards = progress.cards(kept.key for kept in found)
    return due(found, cards, today)


def judged(puzzle: Puzzle) -> Judged:
    """The mistake the puzzle was made of, as the analysis tells it."""
    kit, game = SCENES[puzzle.game], KITS[puzzle.game]
    history = History(game.game.new_state(puzzle.rules), (*puzzle.moves, puzzle.played))
    state = history.before(len(puzzle.moves))
    return Judged(
        len(puzzle.moves),
        history.turns,
        puzzle.seat,
        puzzle.exact,
        puzzle.before,
        puzzle.after,
        puzzle.error,
        puzzle.glyph,
        kit.move_words(state, history.state),
        tuple(kit.advice(state, move) for move in puzzle.best),
        len(game.judging.options(state)),
    )


def prompt(puzzle: Puzzle) -> str:
    """ "Red to move: find the move that keeps the win (84 % with the best)"."""
    seat = SCENES[puzzle.game].seat_name(puzzle.seat)
    return f"{seat} to move: {TITLE} ({percent(puzzle.before)} with the best)"


def verdict(puzzle: Puzzle, right: bool) -> str:
    """What an answer hears: right, or not the best; then the judgement of the mistake in
    the game, which names the best moves ("?? Blunder: Red picked 31, chance 100 % to
    0 %; best: Pick red 7")."""
    opening = f"Right, it keeps {percent(puzzle.before)}" if right else "Not the best"
    return f"{opening}. In the game: {judged(puzzle).note()}"
