"""A game's window, as the shell composes it: `GameWindow` is what the game declares (its
scene, its clicks, its keys and controls in play, the seats the computer holds), with
the defaults of a game that has no say; `Host` is what a game's window uses of the
shell. A game's window class takes its host and subclasses `GameWindow` for its
defaults alone: the shell (viz/window/app.py) is never a base of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from games.accuracy import summary
from games.analysis import Judgement
from games.base import Policy
from viz.scenes import SCENES
from viz.scenes.shapes import Scene, Shape, outline
from viz.window.common import HELD_BY_YOU, Keys
from viz.window.controls import Controlled, Toggles
from viz.window.panel import Control, Panel

if TYPE_CHECKING:
    from viz.window.movelist import MoveListView


class Watched(Toggles, Protocol):
    """What a game's window asks of the shell's mode."""

    @property
    def watching(self) -> bool: ...  # everything is shown: a replay, or every seat automatic
    @property
    def takes_moves(self) -> bool: ...
    @property
    def keeps_choices(self) -> bool: ...


class Host(Controlled, Protocol):
    """What a game's window uses of the shell."""

    vs: str  # the computer's tier
    rules: Any
    screen: pygame.Surface

    @property
    def mode(self) -> Watched: ...
    @property
    def looping(self) -> bool: ...
    @property
    def panel(self) -> Panel: ...
    @property
    def move_list(self) -> MoveListView: ...

    def play(self, move: Any, automatic: bool = False) -> str | None: ...
    def new_game(self) -> None: ...
    def notes(self) -> tuple[str, ...]: ...
    def board_width(self) -> int: ...
    def board_height(self) -> int: ...
    def shown_layout(self) -> Any: ...


class GameWindow(Protocol):
    """What a game's window declares; the methods with a body are the defaults."""

    app: Host

    def scene(self) -> Scene:
        """The board's picture now, notes and all."""
        ...

    def play_controls(self) -> list[Control]:
        """The panel's controls in play."""
        ...

    def play_keys(self) -> Keys:
        """The keys in play, beside the keys every window has."""
        ...

    def play_mode(self) -> str:
        """The mode line of play, while the game goes on."""
        ...

    def board_click(self, pos: tuple[int, int]) -> None:
        """A click on the board in play."""
        ...

    def outcome(self) -> str:
        """The result in words, once the game is over ("Who wins: why")."""
        return SCENES[self.app.game.id].outcome(self.app.state)

    def move_words(self, before: Any, after_move: Any) -> str:
        """A move in words, as the replay page tells it."""
        return SCENES[self.app.game.id].move_words(before, after_move)

    def hint_words(self, move: Any) -> str:
        """A move the side to move may make, as advice ("Pick green 44+45")."""
        return SCENES[self.app.game.id].advice(self.app.state, move)

    def seat_name(self, player: int) -> str:
        return SCENES[self.app.game.id].seat_name(player)

    def verdict_lines(self, judged: list[Judgement]) -> list[str]:
        """How each side played, a line each, for the banner."""
        return summary(judged, self.seat_name)

    def entry_keys(self) -> Keys:
        """The keys that make a move, of play's keys: all that practice takes of them."""
        return {}

    def entry_controls(self) -> list[Control]:
        """The controls beside the board that make a move, of play's: all that practice
        shows of them."""
        return []

    def next_automatic_move(self) -> Any:
        """The automatic players' move (Loop and Step)."""
        return self.app.game.auto_move(self.app.state, self.app.session.rng)

    def computer(self, mover: int) -> tuple[Policy[Any], float] | None:
        """The policy and delay of a seat the computer plays, or None for a person."""
        return None

    def seat_players(self) -> list[str]:
        """Who holds each seat now, from the first, as the session's header names them:
        "you", "person" (a second person at the window) or the computer's player."""
        return [HELD_BY_YOU] * self.app.game.seats(self.app.rules)

    def before_new_game(self) -> None:
        """A new game is about to start: the game may change its rules for it."""

    def saw_event(self, event: pygame.event.Event) -> None:
        """An event, before the window handles it."""

    def view_keys(self) -> Keys:
        """The keys that move the view of the board (in play and in a replay)."""
        return {}

    def hint(self) -> str:
        """What to show when there is no message."""
        return ""

    def room_below(self) -> int:
        """The pixels under the board the game keeps for itself (a keyboard box)."""
        return 0

    def theme_classes(self) -> dict[str, Any]:
        """The window's own pygame_gui theme classes, if it has any."""
        return {}

    def winner_colour(self) -> str | None:
        """The palette colour of the winning side, if one side won and has a colour."""
        return None

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

    def close(self) -> None:
        """The window closes: stop what the game's window runs beside it."""
