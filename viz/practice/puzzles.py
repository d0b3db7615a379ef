"""Where practice finds its puzzles, and what it says of them.

Your games' puzzles are those `library analyze` found as it judged them (kept in the
library, viz/practice/progress.py); `--from` reads them off judged recordings (`oddsevens
analyze -o`), files or folders, instead: a recording that cannot be read is one line
and the rest are used. What is said of a puzzle is the analysis's own words
(viz/export/judged.py): the move in the game's words, the best moves as its advice, the
chance each keeps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from games import KITS
from games.history import History
from games.practice import Card, Kept, Puzzle, due, kept, puzzles
from games.words import percent
from viz.export.judged import FIGURES, Judged, judged_move
from viz.files import FileError, load_replay, recordings_named
from viz.library import Filters, Library
from viz.practice.progress import Progress
from viz.scenes import SCENES

TITLE = "find the move that keeps the win"
PLAY_AND_JUDGE = "play games in a window (oddsevens play GAME), then oddsevens library analyze"
NONE_IN_RECORDINGS = (
    "no puzzles in those recordings: practice takes judged ones (oddsevens analyze GAMES -o "
    "JUDGED) and your moves in them (players: you)"
)


@dataclass
class Found:
    """The puzzles found, one line for each recording that could not be read, and how
    many of your games wait to be judged."""

    puzzles: list[Kept] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    unjudged: int = 0

    def nothing(self, from_recordings: bool) -> str:
        """The line that says there are no puzzles, and how to get some."""
        if from_recordings:
            return NONE_IN_RECORDINGS
        if self.unjudged:
            waiting = f"{self.unjudged} of your games" if self.unjudged > 1 else "1 of your games"
            return f"no puzzles yet: {waiting} not judged; judge them: oddsevens library analyze"
        return f"no puzzles yet: {PLAY_AND_JUDGE}"


def from_library(library: Library, progress: Progress, game: str | None = None) -> Found:
    """The puzzles of your judged games in the library (of one game if `game` names it),
    the newest game's first; when there are none, how many of your games wait to be
    judged."""
    found = Found(progress.puzzles(game))
    if not found.puzzles:
        yours = [played for played in library.games(Filters(game=game)) if played.you]
        found.unjudged = sum(not played.judged and not played.missing for played in yours)
    return found


def gather(paths: Sequence[Path], game: str | None = None) -> Found:
    """The puzzles of the judged recordings at `paths` (files, or folders searched
    below), of one game if `game` names it, in the order the files are named."""
    found = Found()
    named, errors = recordings_named(list(paths))
    found.problems += [str(error) for error in errors]
    for path, _ in named:
        try:
            mine = [Kept.of(puzzle) for puzzle in puzzles(load_replay(path))]
        except FileError as error:
            found.problems.append(str(error))
            continue
        found.puzzles += [puzzle for puzzle in mine if game is None or puzzle.game == game]
    return found


def due_today(
    found: Sequence[Kept], progress: Progress, today: date, every: bool = False
) -> list[tuple[Kept, Card]]:
    """The puzzles due today (with `every`, all those kept, the soonest due first), with
    their cards, as the progress store has them."""
    cards = progress.cards(puzzle.key for puzzle in found)
    return (kept if every else due)(found, cards, today)


def judged(puzzle: Puzzle) -> Judged:
    """The mistake the puzzle was made of, as the analysis tells it."""
    game = KITS[puzzle.game].game
    history = History(game.new_state(puzzle.rules), (*puzzle.moves, puzzle.played))
    state, index = history.before(len(puzzle.moves)), len(puzzle.moves)
    figures = {name: getattr(puzzle, name) for name in FIGURES}
    return judged_move(game, index, history.turns, state, history.state, figures, puzzle.best)


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
