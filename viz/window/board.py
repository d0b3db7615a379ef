"""The board's picture in a window: the game's scene, on its way there while a change is
shown, with the pointer's outline over what a click would play and, at the end of a
game, the banner; and the mouse as the board sees it (a click plays on release)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from games.words import sentence
from viz.scenes.common import font_size, margin
from viz.scenes.motion import Motion
from viz.scenes.moves import banner_shapes
from viz.scenes.rules import card_scene, rules_card
from viz.scenes.shapes import Scene, Shape, Text
from viz.scenes.viewport import COVER
from viz.window import render_pygame
from viz.window.theme import HINT_INK, HOVER_INK

if TYPE_CHECKING:
    from games.base import Game
    from viz.window.jobs import WindowJobs
    from viz.window.playback import Playback
    from viz.window.session import Session
    from viz.window.settings import Settings

DRAG_SLOP = 4  # px a click may move between press and release where nothing is to play
MAX_TEXT = 18.0  # px: a window's text stops growing here; a larger window gives the board room


def under_cover(picture: Scene, marks: list[Shape]) -> Scene:
    """The picture with the marks on the board but under what covers a scrolled board's
    hidden part (and the title, legend and status on it), if anything does."""
    shapes = picture.shapes
    cover = next((i for i, s in enumerate(shapes) if s.key.startswith(COVER)), len(shapes))
    return replace(picture, shapes=(*shapes[:cover], *marks, *shapes[cover:]))


class Offers(Protocol):
    """What the board asks of the window's mode."""

    def clickable_at(self, pos: tuple[int, int]) -> tuple[str, ...]: ...
    def offer(self) -> list[str]: ...


class Pictured(Protocol):
    """What the board's picture uses of the game's own window."""

    def scene(self) -> Scene: ...
    def outcome(self) -> str: ...
    def winner_colour(self) -> str | None: ...
    def move_keys(self, move: Any) -> tuple[str, ...]: ...
    def mark(
        self, target: str, shape: Shape, key: str, stroke: str, width: float, dashed: bool
    ) -> Shape: ...


class Shown(Protocol):
    """What the board's picture uses of its window."""

    @property
    def mode(self) -> Offers: ...
    @property
    def game_window(self) -> Pictured: ...

    jobs: WindowJobs
    session: Session[Any]
    settings: Settings
    playback: Playback
    rules_shown: bool

    @property
    def game(self) -> Game[Any]: ...

    @property
    def state(self) -> Any: ...

    def board_width(self) -> int: ...

    def board_height(self) -> int: ...


class BoardView:
    def __init__(self, app: Shown) -> None:
        self.app = app
        self.painter = render_pygame.Painter()
        self.drawn: Scene | None = None  # the picture on screen
        self.drawn_position = (0, 0, 0)  # the game, moves and turns the picture shows
        self.motion: Motion | None = None  # the change being shown, while it runs
        self.pointer: tuple[int, int] | None = None  # the mouse, while over the board
        self.pressing = False  # the mouse button is down on the board
        self.pressed_at = (0, 0)  # ... where it went down
        # H's best moves and the position they are for: outlined while it is shown
        self.hinted: tuple[tuple[int, int], tuple[Any, ...]] = ((-1, -1), ())

    def paint(self, screen: pygame.Surface) -> Scene:
        picture = self.picture()
        self.painter.paint(screen, (0, 0), picture)
        self.drawn = picture
        return picture

    def picture(self) -> Scene:
        app = self.app
        if app.rules_shown:  # the card, over the board: the game waits behind it
            width, height = app.board_width(), app.board_height()
            card = rules_card(app.game.id)
            assert card is not None  # shown only for a game that has one
            return card_scene(card, width, height, MAX_TEXT, app.settings.palette)
        if self.drawn is not None and self.drawn.layout is None:  # the card was shown
            self.drawn = self.motion = None
        target = app.game_window.scene()
        position = (*app.session.position, app.state.turns)
        if position != self.drawn_position and self.drawn is not None:
            self.motion = self.motion_from(self.drawn, self.drawn_position, position)
        self.drawn_position = position
        picture = target if self.motion is None else self.motion.picture(target)
        if self.motion is not None and self.motion.done:
            self.motion = None
        if app.state.to_move is None:
            picture = replace(picture, shapes=(*picture.shapes, *self.banner(picture)))
            return picture
        marks = self.hint_marks(picture) + (self.hover_marks(picture) if self.pointer else [])
        return under_cover(picture, marks) if marks else picture

    def hint_marks(self, picture: Scene) -> list[Shape]:
        """A dashed outline round each move H named, while their position is on screen."""
        position, best = self.hinted
        if position != self.app.session.position:
            return []
        keys = [key for move in best for key in self.app.game_window.move_keys(move)]
        return self.marks(picture, keys, "hint", HINT_INK, 3.0, dashed=True)

    def motion_from(
        self, shown: Scene, was: tuple[int, int, int], now: tuple[int, int, int]
    ) -> Motion | None:
        """How the change from the picture shown is to be seen: None snaps to it (motion
        reduced, a new game, a jump of more than one turn, or Loop too fast to follow)."""
        if self.app.settings.motion != "on" or was[0] != now[0] or abs(was[2] - now[2]) > 1:
            return None
        duration = self.app.playback.motion_ms()
        return None if duration is None else Motion(shown, duration)

    def hover_marks(self, picture: Scene) -> list[Shape]:
        """An outline around what a click at the pointer would play, thicker while the
        button is held; nothing where a click would be refused (its reason is the message)."""
        assert self.pointer is not None  # only called while the pointer is on the board
        width = 4.0 if self.pressing else 2.0
        keys = self.app.mode.clickable_at(self.pointer)
        return self.marks(picture, keys, "hover", HOVER_INK, width, dashed=False)

    def marks(
        self, picture: Scene, keys: Sequence[str], kind: str, ink: str, width: float, dashed: bool
    ) -> list[Shape]:
        """The window's marks of the shapes `keys` names (keyed `kind-KEY`), as the game
        marks a shape."""
        shapes = picture.by_key()
        return [
            self.app.game_window.mark(key, shapes[key], f"{kind}-{key}", ink, width, dashed)
            for key in keys
            if key in shapes
        ]

    def banner(self, picture: Scene) -> list[Shape]:
        """Who won and why; in play, how each side played and what to do next."""
        app = self.app
        headline, _, reason = app.game_window.outcome().partition(": ")
        width, height = app.board_width(), app.board_height()
        font = font_size(width, MAX_TEXT)
        bottom = height - margin(width, height)
        lines = [sentence(reason), *app.jobs.verdict_shown(), *app.mode.offer()]
        status = [s for s in picture.shapes if isinstance(s, Text) and s.key.startswith("status-")]
        return banner_shapes(
            headline, lines, app.game_window.winner_colour(), width, bottom, font, status
        )

    def follow(self, event: pygame.event.Event) -> bool:
        """Where the mouse is over the board, and whether its button is held there; True
        when it is let go on the board after being pressed there: a click, played on
        release as a button is, so that the pressed look comes first."""
        if event.type == pygame.WINDOWLEAVE:
            self.pointer, self.pressing = None, False
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        on_board = event.pos[0] < self.app.board_width()
        self.pointer = event.pos if on_board else None
        if event.type == pygame.MOUSEMOTION or event.button != 1:
            return False
        released = self.pressing and on_board and event.type == pygame.MOUSEBUTTONUP
        self.pressing = on_board and event.type == pygame.MOUSEBUTTONDOWN
        if self.pressing:
            self.pressed_at = event.pos
        return released and self.same_target(self.pressed_at, event.pos)

    def same_target(self, pressed: tuple[int, int], let_go: tuple[int, int]) -> bool:
        """Whether letting go at `let_go` plays what pressing at `pressed` would: as with
        a button, a press dragged off what it would play is no click."""
        target = self.app.mode.clickable_at(pressed)
        if target != self.app.mode.clickable_at(let_go):
            return False
        if target:
            return True
        near = max(abs(a - b) for a, b in zip(pressed, let_go, strict=True)) <= DRAG_SLOP
        return near  # nothing to play there: a click where it was pressed says why
