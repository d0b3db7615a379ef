"""What every window offers beside its game's own controls: how it looks (motion and
colours, kept in the settings file), the playback keys, and H's hint."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from viz import PALETTE_NAMES
from viz.export.judged import hint_text
from viz.scenes.rules import CLOSING, rules_card
from viz.window.common import GAME_OVER, Keys
from viz.window.panel import Button, Control
from viz.window.settings import MOTIONS

if TYPE_CHECKING:
    import pygame_gui

    from games.base import Game
    from games.history import History
    from viz.window.board import BoardView
    from viz.window.jobs import WindowJobs
    from viz.window.playback import Playback
    from viz.window.session import Session
    from viz.window.settings import Settings


class Toggles(Protocol):
    def toggle_loop(self) -> None: ...


class Advised(Protocol):
    """What the keys every window shares use of the game's own window."""

    def view_keys(self) -> Keys: ...
    def hint_words(self, move: Any) -> str: ...


class Controlled(Protocol):
    """What the controls and keys every window shares use of the window."""

    message: str
    rules_shown: bool

    @property
    def settings(self) -> Settings: ...
    @property
    def board(self) -> BoardView: ...
    @property
    def manager(self) -> pygame_gui.UIManager: ...
    @property
    def playback(self) -> Playback: ...
    @property
    def mode(self) -> Toggles: ...
    @property
    def game(self) -> Game[Any]: ...
    @property
    def session(self) -> Session[Any]: ...
    @property
    def state(self) -> Any: ...
    @property
    def history(self) -> History[Any]: ...
    @property
    def jobs(self) -> WindowJobs: ...
    @property
    def game_window(self) -> Advised: ...

    def theme(self) -> dict[str, Any]: ...
    def step_or_explain(self) -> None: ...
    def back(self) -> None: ...
    def download(self) -> object: ...


def view_controls(app: Controlled) -> list[Control]:
    shown = "Close the rules  (?)" if app.rules_shown else "Rules  (?)"
    rules = [Button(shown, lambda: toggle_rules(app))] if rules_card(app.game.id) else []
    return [
        *rules,
        Button(f"Motion: {app.settings.motion}  (M)", lambda: switch_motion(app)),
        Button(f"Colours: {app.settings.palette}  (C)", lambda: switch_palette(app)),
    ]


def toggle_rules(app: Controlled) -> None:
    """Show the game's rules card over the board, or put it away. Opened, its words go
    to standard output too, a line each, for a screen reader."""
    card = rules_card(app.game.id)
    if card is None:
        app.message = f"{app.game.name} brings no rules card"
        return
    app.rules_shown = not app.rules_shown
    if app.rules_shown:
        print("\n".join(card.lines()), flush=True)
        app.message = f"The rules of {app.game.name}: {CLOSING}"
    else:
        app.message = ""  # the board, as it was, says enough


def switch_motion(app: Controlled) -> None:
    motion = MOTIONS[(MOTIONS.index(app.settings.motion) + 1) % len(MOTIONS)]
    app.board.motion = None
    _say_setting(app, f"Motion {motion}", app.settings.set_motion(motion))


def switch_palette(app: Controlled) -> None:
    palettes = PALETTE_NAMES
    palette = palettes[(palettes.index(app.settings.palette) + 1) % len(palettes)]
    _say_setting(app, f"Colours: {palette}", app.settings.set_palette(palette))
    app.manager.get_theme().update_theming(json.dumps(app.theme()))
    app.manager.rebuild_all_from_changed_theme_data()


def _say_setting(app: Controlled, done: str, problem: str | None) -> None:
    app.message = f"{done} (not saved: {problem})" if problem else done


def playback_keys(app: Controlled) -> Keys:
    """Play, step, back, GIF and speed: the keys of Loop and Step and of a replay."""
    faster, slower = app.playback.faster(1), app.playback.faster(-1)
    return {
        pygame.K_SPACE: app.mode.toggle_loop,
        pygame.K_RIGHT: app.step_or_explain,
        pygame.K_LEFT: app.back,
        pygame.K_g: app.download,
        **dict.fromkeys((pygame.K_MINUS, pygame.K_KP_MINUS), slower),
        **dict.fromkeys((pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS), faster),
    }


def window_keys(app: Controlled) -> Keys:
    """The keys of every window, whatever its mode."""
    return {
        pygame.K_h: lambda: hint_message(app),
        pygame.K_m: lambda: switch_motion(app),
        pygame.K_c: lambda: switch_palette(app),
    } | app.game_window.view_keys()


def hint_message(app: Controlled) -> None:
    """H: the best move or moves for the side to move, as `analyze` judges them, thought
    of beside the window (`show_hint` says them once found)."""
    state = app.state
    if state.to_move is None:
        app.message = GAME_OVER
    elif not state.legal_moves():
        app.message = "The cards are dealt next: nothing to choose"
    else:
        asked = (app.game, state.copy(), len(app.history))
        app.message = app.jobs.hint(app.session.position, lambda: asked)


def show_hint(app: Controlled) -> None:
    """Once the hint asked for is found, and the game is still where it was: say it and
    outline its moves."""
    found = app.jobs.hint_found(app.session.position)
    if found is not None:
        app.board.hinted = (app.session.position, found.best)
        app.message = "Hint: " + hint_text(found, app.game_window.hint_words)
