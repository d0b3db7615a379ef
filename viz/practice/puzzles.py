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
from games.practice import Card, Puzzle, due, puzzles
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

    puzzles: list[Puzzle] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def gather(paths: Sequence[Path], game: str | None = None) -> Found:
    """The puzzles of the recordings at `paths` (files, or folders searched below), of
    one game if `game` names it, in the order the files are named."""
    found = Found()
    named, errors = recordings_named(list(paths))
    found.problems += [str(error) for error in errors]
    for path, _ in named:
        try:
            replay = load_replay(path)
        except FileError as error:
            found.problems.append(str(error))
            continue
        if game is None or replay.game.id == game:
            found.puzzles += puzzles(replay)
    return found


def due_today(
    found: Sequence[Puzzle], progress: Progress, today: date
) -> list[tuple[Puzzle, Card]]:
    """The puzzles due today, with their cards, as the progress store has them."""
    cards = progress.cards(puzzle.key for puzzle in found)
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
