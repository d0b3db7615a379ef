"""Practice in a game's own window: the puzzle's position on its board, played by mouse
or keys as in play. A right answer moves on to the next puzzle; a wrong one is taken
back and the best move played in its place, with the board's motion, the judgement's
words under it, and the puzzle goes back to box 1. N shows the best move (a wrong
answer) before an answer, and moves on after one."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from games import REGISTRY
from games.practice import Card, Kept, Puzzle, answered
from viz.library import LibraryError
from viz.practice.progress import Progress
from viz.practice.puzzles import TITLE, prompt, verdict
from viz.window import WINDOWS
from viz.window.common import Keys
from viz.window.controls import view_controls
from viz.window.modes import Played, PlayMode, Plays
from viz.window.panel import Button, Control, Label

if TYPE_CHECKING:
    from viz.window.app import GameApp

DONE = "That was the last puzzle due today · Ctrl+Q closes the window"


class Answered(Plays, Protocol):
    """What practice uses of the game's own window: what makes a move."""

    def entry_keys(self) -> Keys: ...
    def entry_controls(self) -> list[Control]: ...


class Practised(Played, Protocol):
    """What practice uses of its window: its title, the puzzle's rules and position."""

    rules: Any

    @property
    def window(self) -> pygame.Window: ...
    @property
    def game_window(self) -> Answered: ...

    def forget_game(self) -> None: ...


class PracticeMode(PlayMode):
    """The due puzzles of one game, one after another."""

    app: Practised
    keeps_choices = False  # a puzzle's rules are the puzzle's

    def __init__(
        self,
        app: Practised,
        queue: Sequence[tuple[Kept, Card]],
        progress: Progress,
        today: date,
    ) -> None:
        super().__init__(app)
        self.queue = list(queue)
        self.progress, self.today = progress, today
        self.number = 0  # the puzzle shown, from 0
        self.answer: bool | None = None  # None until the puzzle shown is answered
        self.said = ""  # what the last answer heard
        self.right = 0

    @property
    def puzzle(self) -> Puzzle:
        return self.queue[self.number][0].puzzle

    @property
    def finished(self) -> bool:
        return self.number >= len(self.queue)

    @property
    def takes_moves(self) -> bool:
        return not self.finished  # done: no box, and no room kept for one

    def begin(self) -> None:
        self.app.window.title = f"oddsevens — {TITLE}"
        self.show()

    def show(self) -> None:
        """Set the board to the puzzle's position, its moves played as the computer's."""
        app, puzzle = self.app, self.puzzle
        app.rules = puzzle.rules
        app.session.start(0)
        for move in puzzle.moves:
            app.session.play(move, automatic=True)
        app.forget_game()
        self.answer = None

    def played(self, automatic: bool) -> None:
        session = self.app.session
        if automatic or self.answer is not None or self.finished:
            return
        index = len(session.history) - 1
        if not session.history.is_turn(index):  # a setting, such as Load's: not an answer
            session.rewind(index)
            return
        self.judge(session.history.moves[index])

    def judge(self, move: Any | None) -> None:
        """Mark the answer (None: none given), keep the puzzle's new box, and show what
        follows from it."""
        kept, card = self.queue[self.number]
        puzzle = kept.puzzle
        right = move is not None and puzzle.is_right(move)
        self.answer = right
        self.right += right
        self.said = verdict(puzzle, right)
        try:
            self.progress.record(puzzle.key, answered(card, right, self.today), right)
        except LibraryError as error:
            self.said = f"{self.said} (progress not saved: {error})"
        if right:
            self.next()
        else:
            self.show_best()

    def show_best(self) -> None:
        """Take the answer back and play the best move instead: the board moves to it and
        marks it as the latest move, as the game's scene marks every move."""
        session = self.app.session
        session.rewind(len(self.puzzle.moves))
        session.play(self.puzzle.best[0], automatic=True)

    def next(self) -> None:
        self.number += 1
        if not self.finished:
            self.show()

    def give_up_or_next(self) -> None:
        """N: before an answer, the best move shown (a wrong answer); after one, the next."""
        if self.finished:
            return
        if self.answer is None:
            self.judge(None)
        else:
            self.next()

    # --- what the shell asks of its mode ---------------------------------------------

    def status(self) -> str:
        if self.finished:
            return f"Practice done: {self.right} of {len(self.queue)} right"
        count = f"Puzzle {self.number + 1} of {len(self.queue)}"
        if self.answer is False:
            return f"{count} · it comes back tomorrow · N: next puzzle"
        return f"{count} · {prompt(self.puzzle)}"

    def hint(self) -> str:
        if self.finished:
            return f"{self.said} · {DONE}" if self.said else DONE
        return self.said if self.said else "N shows the best move"

    def controls(self) -> list[Control]:
        if self.finished:
            return [Label("Practice done"), *view_controls(self.app)]
        return [
            Label(f"Puzzle {self.number + 1} of {len(self.queue)}"),
            Button(
                "Next puzzle  (N)" if self.answer is not None else "Show the best  (N)",
                self.give_up_or_next,
            ),
            *view_controls(self.app),
            *self.app.game_window.entry_controls(),
        ]

    def keys(self) -> Keys:
        """The game's keys that make a move, with N for practice's own."""
        return self.app.game_window.entry_keys() | {pygame.K_n: self.give_up_or_next}

    def click(self, pos: tuple[int, int]) -> None:
        if self.answer is None and not self.finished:
            self.app.game_window.board_click(pos)

    def step(self) -> bool:
        return False

    def nothing_to_step(self) -> str:
        return "Find the move yourself: N shows the best"

    def back(self) -> None:
        self.app.message = "Nothing to take back: N shows the best move"

    def toggle_loop(self) -> None:
        self.app.message = "The puzzle waits for your move: N shows the best"

    def list_click(self, turn: int) -> None:
        self.app.message = "The list shows the game up to the puzzle"

    def computer_may_move(self) -> bool:
        return False

    def judges_the_end(self) -> bool:
        return False


def practice_window(
    queue: Sequence[tuple[Kept, Card]],
    progress: Progress,
    today: date,
    **options: Any,
) -> GameApp[Any]:
    """The game's window of the first puzzle, practising the puzzles of `queue` (all of
    one game); a game whose window seats two people (Odds and Evens) opens that way, so
    either seat's puzzle can be answered."""
    first = queue[0][0].puzzle
    kit = WINDOWS[first.game]
    vs = "human" if "human" in kit.opponents else None

    def mode(app: GameApp[Any]) -> PracticeMode:
        return PracticeMode(app, queue, progress, today)

    return kit.open(REGISTRY[first.game], first.rules, vs=vs, mode=mode, **options)
