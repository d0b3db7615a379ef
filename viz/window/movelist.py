"""The move list under a window's controls: every turn in words, the one shown marked,
painted only where it changed; a click on a turn goes there in a replay."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from games.analysis import marked
from viz.scenes.moves import MoveListLayout, entry_text, move_list_scene
from viz.window import render_pygame

if TYPE_CHECKING:
    from games.history import History
    from viz.window.jobs import WindowJobs


class Told(Protocol):
    """What the move list uses of the game's own window."""

    def move_words(self, before: Any, after_move: Any) -> str: ...


class Lists(Protocol):
    """What the move list uses of the window's mode."""

    def listed(self) -> History[Any]: ...


class Listing(Protocol):
    """What the move list uses of its window."""

    @property
    def mode(self) -> Lists: ...
    @property
    def jobs(self) -> WindowJobs: ...
    @property
    def state(self) -> Any: ...
    @property
    def game_window(self) -> Told: ...


class MoveListView:
    def __init__(self, app: Listing) -> None:
        self.app = app
        self.painter = render_pygame.Painter()
        self.drawn: tuple[pygame.Rect, MoveListLayout] | None = None
        self.words_said: dict[int, tuple[Any, str]] = {}  # by turn

    def paint(self, screen: pygame.Surface, rect: pygame.Rect) -> None:
        """The list in `rect`, painted where it changed (the panel around it is filled
        anew each frame, the list's own pixels only when the list moves on)."""
        if not self.drawn or self.drawn[0] != rect:
            self.painter.forget()  # the list moved, or was not there
        if not rect:  # no room for a list
            self.drawn = None
            return
        listed = self.app.mode.listed()
        scene = move_list_scene(
            rect.width, rect.height, self.app.state.turns, listed.turns, self.entry_words
        )
        self.painter.paint(screen, rect.topleft, scene)
        assert scene.layout is not None  # a move list always says where its rows are
        self.drawn = (rect, scene.layout)

    def entry_words(self, turn: int) -> str:
        """A turn in the list: its number, its judgement if analysed, its words."""
        listed = self.app.mode.listed()
        after_turn = listed.at_turn(turn)
        known = self.words_said.get(turn)
        if known is not None and known[0] is after_turn:
            return known[1]
        words = entry_text(0, "")
        if turn:
            index = listed.turn_length(turn - 1)
            note = self.app.jobs.judgements.get(index, {})
            glyph = marked(str(note.get("glyph", "")), note.get("sure", True) is not False)
            told = self.app.game_window.move_words(listed.at_turn(turn - 1), after_turn)
            words = entry_text(turn, told, glyph)
        self.words_said[turn] = (after_turn, words)
        return words

    def turn_at(self, pos: tuple[int, int]) -> int | None:
        """The turn of the list's row at `pos`, if a row is there."""
        if self.drawn is None or not self.drawn[0].collidepoint(pos):
            return None
        rect, layout = self.drawn
        return layout.turn_at(pos[1] - rect.top)
