"""A window's input: the mouse on the board and the move list, the panel's own keys and
focus, the text box that takes the keys until Escape, and the window's keys."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from viz.scenes.rules import CLOSING
from viz.window.common import Keys
from viz.window.controls import Advised, Controlled, Toggles, toggle_rules, window_keys

if TYPE_CHECKING:
    from viz.window.movelist import MoveListView
    from viz.window.panel import Panel


class Answers(Toggles, Protocol):
    """What the input asks of the window's mode."""

    def click(self, pos: tuple[int, int]) -> None: ...
    def list_click(self, turn: int) -> None: ...
    def keys(self) -> Keys: ...


class Sees(Advised, Protocol):
    """What the input uses of the game's own window."""

    def saw_event(self, event: pygame.event.Event) -> None: ...


class Routed(Controlled, Protocol):
    """What the input uses of its window: the controls' needs, and the parts input
    reaches."""

    running: bool

    @property
    def mode(self) -> Answers: ...
    @property
    def game_window(self) -> Sees: ...
    @property
    def panel(self) -> Panel: ...
    @property
    def move_list(self) -> MoveListView: ...

    def resize(self) -> None: ...


ESCAPE_HINT = "Ctrl+Q quits · Tab reaches the buttons"


class EventRouter:
    def __init__(self, app: Routed) -> None:
        self.app = app
        self.swallow_text: str | None = None  # a character typed only to open the text box

    def handle(self, event: pygame.event.Event) -> None:
        app = self.app
        if event.type == pygame.TEXTINPUT and event.text == self.swallow_text:
            self.swallow_text = None
            return
        app.manager.process_events(event)
        app.game_window.saw_event(event)
        released = app.board.follow(event)
        if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
            app.running = False
        elif event.type == pygame.WINDOWSIZECHANGED:
            app.resize()
        elif app.panel.handle(event):
            pass
        elif event.type == pygame.KEYDOWN:
            self.key_down(event)
        elif released and app.rules_shown:  # a click on the card puts it away
            toggle_rules(app)
        elif released:
            app.panel.focus = None
            app.mode.click(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            turn = app.move_list.turn_at(event.pos)
            if turn is not None:
                app.mode.list_click(turn)

    def keys(self) -> Keys:
        app = self.app
        return app.mode.keys() | window_keys(app)

    def key_down(self, event: pygame.event.Event) -> None:
        app = self.app
        # "?" typed into a text box is text; F1 opens the card from anywhere
        rules_key = event.key == pygame.K_F1 or (event.unicode == "?" and not self.text_has_focus())
        if event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
            app.running = False
        elif app.rules_shown and (rules_key or event.key == pygame.K_ESCAPE):
            toggle_rules(app)
        elif app.rules_shown and app.panel.handle_key(event):
            pass  # the panel's Tab, Space and Enter still work; the game's keys wait
        elif app.rules_shown:
            app.message = f"The rules cover the board: {CLOSING}"
        elif rules_key:
            toggle_rules(app)
        elif self.text_has_focus():
            if event.key == pygame.K_ESCAPE:
                app.manager.set_focus_set(None)
                app.panel.focus = None
                app.message = "Left the keyboard box: window keys work; type to go back"
            elif event.key == pygame.K_TAB:
                app.panel.handle_key(event)
        elif app.panel.handle_key(event):
            pass
        elif event.key == pygame.K_ESCAPE:
            app.message = ESCAPE_HINT
        elif action := self.keys().get(event.key):
            action()
        else:
            self.other_key(event)

    def other_key(self, event: pygame.event.Event) -> None:
        """A key that is no window key: in a window with a text box, typing goes back to it."""
        entry = self.app.panel.entry()
        typing = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SLASH) or (
            event.unicode.isprintable() and event.unicode.strip()
        )
        if entry is not None and typing:
            self.app.manager.set_focus_set(entry)
            self.app.panel.focus = None
            if event.key == pygame.K_SLASH:
                self.swallow_text = "/"  # "/" only opens the box, as in many programs

    def text_has_focus(self) -> bool:
        entry = self.app.panel.entry()
        return entry is not None and entry.is_focused
