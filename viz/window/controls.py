"""What every window offers beside its game's own controls: how it looks (motion and
colours, kept in the settings file), the playback keys, and H's hint."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from games.analysis import Hint, hint
from games.words import percent
from viz import PALETTE_NAMES
from viz.export.judged import best_words
from viz.scenes.rules import CLOSING, rules_card
from viz.window.hooks import GAME_OVER, Keys
from viz.window.panel import Button, Control
from viz.window.settings import MOTIONS

if TYPE_CHECKING:
    from viz.window.app import GameApp

HINT_BUDGET_S = 0.15  # H's thinking time where the game is not solved


def view_controls(app: GameApp[Any]) -> list[Control]:
    shown = "Close the rules  (?)" if app.rules_shown else "Rules  (?)"
    rules = [Button(shown, lambda: toggle_rules(app))] if rules_card(app.game.id) else []
    return [
        *rules,
        Button(f"Motion: {app.settings.motion}  (M)", lambda: switch_motion(app)),
        Button(f"Colours: {app.settings.palette}  (C)", lambda: switch_palette(app)),
    ]


def toggle_rules(app: GameApp[Any]) -> None:
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


def switch_motion(app: GameApp[Any]) -> None:
    motion = MOTIONS[(MOTIONS.index(app.settings.motion) + 1) % len(MOTIONS)]
    app.board.motion = None
    _say_setting(app, f"Motion {motion}", app.settings.set_motion(motion))


def switch_palette(app: GameApp[Any]) -> None:
    palettes = PALETTE_NAMES
    palette = palettes[(palettes.index(app.settings.palette) + 1) % len(palettes)]
    _say_setting(app, f"Colours: {palette}", app.settings.set_palette(palette))
    app.manager.get_theme().update_theming(json.dumps(app.theme()))
    app.manager.rebuild_all_from_changed_theme_data()


def _say_setting(app: GameApp[Any], done: str, problem: str | None) -> None:
    app.message = f"{done} (not saved: {problem})" if problem else done


def playback_keys(app: GameApp[Any]) -> Keys:
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


def window_keys(app: GameApp[Any]) -> Keys:
    """The keys of every window, whatever its mode."""
    return {
        pygame.K_h: lambda: hint_message(app),
        pygame.K_m: lambda: switch_motion(app),
        pygame.K_c: lambda: switch_palette(app),
    } | app.view_keys()


def hint_message(app: GameApp[Any]) -> None:
    """H: the best move or moves for the side to move, as `analyze` judges them."""
    state = app.state
    if state.to_move is None:
        app.message = GAME_OVER
    elif not state.legal_moves():
        app.message = "The cards are dealt next: nothing to choose"
    else:
        deadline = time.monotonic() + HINT_BUDGET_S
        found = hint(app.game, state, lambda: time.monotonic() >= deadline, len(app.history))
        app.board.hinted = (app.session.position, found.best)
        app.message = "Hint: " + hint_text(found, app.hint_words)


def hint_text(found: Hint, words: Callable[[Any], str]) -> str:
    """A hint in words: the best moves as the exports name them, and the chance they
    keep, or that the position is lost or won whatever is played."""
    if found.settled and found.chance in (0.0, 1.0):
        ending = "won" if found.chance else "lost"
        playouts = "" if found.exact else " in every playout"  # an estimate says no more
        return f"{ending}{playouts} whatever you play"
    named = best_words([words(move) for move in found.best], found.options)
    return f"{named} ({percent(found.chance)} chance)"
