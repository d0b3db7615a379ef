"""What a game's window supplies to the shell, with the defaults of a game that has no
say: its scene, its clicks, its keys and controls in play, its seats the computer holds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic

import pygame

from games.accuracy import summary
from games.analysis import Judgement
from games.base import Game, Policy, StateT
from games.recording import PERSON, YOU
from viz.scenes import SCENES
from viz.scenes.shapes import Scene, Shape, outline
from viz.window.panel import Control
from viz.window.session import Session

GAME_OVER = "The game is over: press N for a new game"
HELD_BY_YOU, HELD_BY_PERSON = YOU, PERSON  # a seat held by a person, by its name
Keys = dict[int, Callable[[], object]]


class GameWindow(Generic[StateT]):
    game: Game[StateT]
    session: Session[StateT]

    @property
    def state(self) -> StateT:
        raise NotImplementedError

    @property
    def rules(self) -> Any:
        raise NotImplementedError

    def outcome(self) -> str:
        """The result in words, once the game is over ("Who wins: why")."""
        return SCENES[self.game.id].outcome(self.state)

    def move_words(self, before: StateT, after_move: StateT) -> str:
        """A move in words, as the replay page tells it."""
        return SCENES[self.game.id].move_words(before, after_move)

    def hint_words(self, move: Any) -> str:
        """A move the side to move may make, as advice ("Pick green 44+45")."""
        return SCENES[self.game.id].advice(self.state, move)

    def verdict_lines(self, judged: list[Judgement]) -> list[str]:
        """How each side played, a line each, for the banner."""
        return summary(judged, self.seat_name)

    def scene(self) -> Scene:
        raise NotImplementedError

    def play_controls(self) -> list[Control]:
        raise NotImplementedError

    def play_keys(self) -> Keys:
        raise NotImplementedError

    def entry_keys(self) -> Keys:
        """The keys that make a move, of play's keys: all that practice takes of them."""
        return {}

    def entry_controls(self) -> list[Control]:
        """The controls beside the board that make a move, of play's: all that practice
        shows of them."""
        return []

    def play_mode(self) -> str:
        """The mode line of play, while the game goes on."""
        raise NotImplementedError

    def board_click(self, pos: tuple[int, int]) -> None:
        raise NotImplementedError

    def next_automatic_move(self) -> Any:
        """The automatic players' move (Loop and Step)."""
        return self.game.auto_move(self.state, self.session.rng)

    def saw_event(self, event: pygame.event.Event) -> None:
        """An event, before the window handles it."""

    def view_keys(self) -> Keys:
        """The keys that move the view of the board (in play and in a replay)."""
        return {}

    def hint(self) -> str:
        """What to show when there is no message."""
        return ""

    def theme_classes(self) -> dict[str, Any]:
        """The window's own pygame_gui theme classes, if it has any."""
        return {}

    def winner_colour(self) -> str | None:
        """The palette colour of the winning side, if one side won and has a colour."""
        return None

    def seat_name(self, player: int) -> str:
        return SCENES[self.game.id].seat_name(player)

    def computer(self, mover: int) -> tuple[Policy[StateT], float] | None:
        """The policy and delay of a seat the computer plays, or None for a person."""
        return None

    def seat_players(self) -> list[str]:
        """Who holds each seat now, from the first, as the session's header names them:
        "you", "person" (a second person at the window) or the computer's player."""
        return [HELD_BY_YOU] * self.game.seats(self.rules)

    def clickable_at(self, pos: tuple[int, int]) -> tuple[str, ...]:
        """The keys of the shapes a click at `pos` would play, if it would play a move."""
        return ()

    def mark(
        self, target: str, shape: Shape, key: str, stroke: str, width: float, dashed: bool
    ) -> Shape:
        """The mark (under `key`) of the shape `target`: what a click plays, a hinted move."""
        return outline(key, shape, stroke, width, dashed)

    def move_keys(self, move: Any) -> tuple[str, ...]:
        """The keys of the shapes a click plays `move` on (a hinted move is outlined)."""
        return ()
