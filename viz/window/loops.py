"""The Odds and Evens window (docs/rules.md 4.3, 4.5): play the solving AI by mouse or keyboard."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

import pygame

from games.base import Policy
from games.loops import Flip, LoopsState, Place
from games.loops.ai import PLAYERS
from games.loops.engine import LOOP_NAMES
from games.loops.text import parse_command, read_back
from games.words import sentence
from viz.scenes.loops import (
    PIECE_COLORS,
    LoopsLayout,
    loops_scene,
    move_words,
    status_lines,
    target,
)
from viz.scenes.shapes import Scene
from viz.window import WINDOWS
from viz.window.app import AI_DELAY_MS
from viz.window.board import MAX_TEXT
from viz.window.common import GAME_OVER, HELD_BY_PERSON, HELD_BY_YOU
from viz.window.controls import view_controls
from viz.window.hooks import GameWindow, Host
from viz.window.panel import Button, Checkbox, Control, Label, TextBox, TextEntry
from viz.window.session import UntilTheNextMove

TIERS = WINDOWS["loops"].opponents
BOX_HEIGHT = 124


class LoopsWindow(GameWindow):
    # the keyboard box's answer to the last command
    reply = UntilTheNextMove(lambda window: window.app.session)

    def __init__(self, app: Host) -> None:
        self.app = app
        self.input_kind = "mouse"  # what the player last used: the box is kept for each

    # --- the game --------------------------------------------------------------------

    def before_new_game(self) -> None:
        if not self.app.mode.watching:  # the first mover alternates, game after game
            self.app.rules = replace(self.app.rules, first=1 - self.app.rules.first)

    def humans(self) -> set[int]:
        if self.app.mode.watching:
            return set()
        return {0, 1} if self.app.vs == "human" else {0}

    def move_words(self, before: LoopsState, after_move: LoopsState) -> str:
        return move_words(before, after_move, self.names())

    def names(self) -> tuple[str, str]:
        if self.app.vs == "human" or self.app.mode.watching:
            return "blue", "gold"
        return "you", "the AI"

    def viewer(self) -> int | None:
        if self.app.mode.watching:
            return None
        if self.app.vs == "human":
            return self.app.state.to_move if self.app.state.to_move is not None else 0
        return 0

    def computer(self, mover: int) -> tuple[Policy[LoopsState], float] | None:
        return None if mover in self.humans() else (PLAYERS[self.app.vs], AI_DELAY_MS)

    def seat_players(self) -> list[str]:
        if not self.humans():  # watched: the tier in every seat
            return [self.app.vs, self.app.vs]
        return [HELD_BY_YOU, HELD_BY_PERSON if self.app.vs == "human" else self.app.vs]

    def try_move(self, move: Place | Flip) -> None:
        if self.app.state.to_move is None:
            self.app.message = GAME_OVER
        elif self.app.state.to_move not in self.humans():
            self.app.message = "Wait: it is the AI's turn"
        else:
            move = type(move)(self.app.state.to_move, move.loop)
            self.app.message = sentence(self.app.play(move) or "")  # "The right loop is full"

    # --- what the window shows -------------------------------------------------------

    def outcome(self) -> str:
        return status_lines(self.app.state, self.names())[-1]

    def seat_name(self, player: int) -> str:
        return sentence(self.names()[player])  # "The AI", not "The ai"

    def winner_colour(self) -> str | None:
        return None if self.app.state.winner is None else PIECE_COLORS[self.app.state.winner]

    def room_below(self) -> int:
        return BOX_HEIGHT if self.keyboard_shown() else 0

    def layout(self) -> LoopsLayout:
        layout: LoopsLayout = self.app.shown_layout()
        return layout

    def scene(self) -> Scene:
        return loops_scene(
            self.app.state,
            self.app.board_width(),
            self.app.board_height(),
            notes=self.app.notes(),
            viewer=self.viewer(),
            names=self.names(),
            max_font=MAX_TEXT,
            palette=self.app.settings.palette,
        )

    def play_mode(self) -> str:
        if self.app.vs == "human":
            return "Two players: blue and gold take turns"
        return f"You are blue · the AI ({self.app.vs.capitalize()}) is gold"

    def keyboard_shown(self) -> bool:
        return self.app.mode.takes_moves and self.app.settings.keyboard_entry[self.input_kind]

    def play_controls(self) -> list[Control]:
        tiers = [
            Button(
                f"{tier.capitalize()}  ({number})",
                partial(self.choose, tier),
                selected=tier == self.app.vs,
            )
            for number, tier in enumerate(TIERS, 1)
        ]
        return [
            Label("Opponent"),
            *tiers,
            Button("New game  (N)", self.app.new_game),
            Button("GIF  (G)", self.app.download),
            Label("Settings"),
            self.keyboard_checkbox(),
            *view_controls(self.app),
            *(self.keyboard_box() if self.keyboard_shown() else []),
        ]

    def entry_controls(self) -> list[Control]:
        """The keyboard box, and the box to show it."""
        return [
            self.keyboard_checkbox(),
            *(self.keyboard_box() if self.keyboard_shown() else []),
        ]

    def keyboard_checkbox(self) -> Checkbox:
        return Checkbox("Keyboard move-entry (K)", self.keyboard_shown(), self.show_keyboard)

    def keyboard_box(self) -> list[Control]:
        top, width = self.app.board_height() + 6, self.app.board_width() - 20
        return [
            TextEntry(
                "left, right, flip left, flip right, status",
                self.submit,
                pygame.Rect(10, top, width - 110, 34),
            ),
            Button("Play", self.app.panel.submit_entry, rect=pygame.Rect(width - 90, top, 100, 34)),
            TextBox(
                self.reply or self.box_help(), pygame.Rect(10, top + 40, width, BOX_HEIGHT - 46)
            ),
        ]

    def box_help(self) -> str:
        """What the keyboard box takes, and how to leave it or come back to it."""
        entry = self.app.panel.entry()
        if entry is not None and entry.is_focused:
            return "Type a move and press Enter. Escape leaves the box."
        return "Type to go back to the box: a move, then Enter."

    # --- what the player does --------------------------------------------------------

    def choose(self, tier: str) -> None:
        self.app.vs = tier
        self.app.message = f"Opponent: {tier.capitalize()}"
        self.app.move_list.words_said.clear()  # "Blue placed…" becomes "You placed…"

    def show_keyboard(self, shown: bool) -> None:
        problem = self.app.settings.set_keyboard_entry(self.input_kind, shown)
        if problem:
            self.app.message = f"Setting not saved: {problem}"

    def submit(self, text: str) -> None:
        command = parse_command(text)
        if command.action == "status":
            self.reply = read_back(self.app.state, self.names())
            print(self.reply, flush=True)
        elif command.action == "error":
            self.reply = command.message
        else:
            assert command.loop is not None  # a place or flip command names its loop
            move = (Place if command.action == "place" else Flip)(0, command.loop)
            before = self.app.session.position
            self.try_move(move)
            verb = "Flip" if command.action == "flip" else "Place"
            # "done" only for a move that stands: practice takes a wrong answer back
            # (playing the best instead) and moves on after a right one
            stands = self.app.session.position == (before[0], before[1] + 1) and _same_kind(
                self.app.history.moves[-1], move
            )
            done = f"{verb} {LOOP_NAMES[command.loop]}: done." if stands else ""
            self.reply = self.app.message or done

    def saw_event(self, event: pygame.event.Event) -> None:
        """What the player uses: the keyboard box is kept for mouse and touch apart."""
        touch = event.type == pygame.FINGERDOWN or (
            event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "touch", False)
        )
        kind = "touch" if touch else "mouse" if event.type == pygame.MOUSEBUTTONDOWN else None
        if kind:
            self.input_kind = kind

    def board_click(self, pos: tuple[int, int]) -> None:
        if pos[1] > self.app.board_height():
            return
        hit = self.layout().slot_at(*pos)
        if hit is None:
            return
        move = self.move_at(*hit)
        if move is None:
            self.app.message = "Place on the ringed slot, or flip a loop's newest piece"
        else:
            self.try_move(move)

    def move_at(self, loop: int, index: int) -> Place | Flip | None:
        """A click on a loop's first free slot places there; on its newest piece, flips it."""
        filled = len(self.app.state.pieces[loop])
        if index == filled:
            return Place(0, loop)
        return Flip(0, loop) if index == filled - 1 else None

    def move_keys(self, move: Any) -> tuple[str, ...]:
        return (target(self.app.state, move),)

    def clickable_at(self, pos: tuple[int, int]) -> tuple[str, ...]:
        """The slot a click places on, or the piece it flips, when that move is allowed."""
        mover = self.app.state.to_move
        hit = self.layout().slot_at(*pos) if pos[1] <= self.app.board_height() else None
        if hit is None or mover is None or mover not in self.humans():
            return ()
        move = self.move_at(*hit)
        if move is None or self.app.state.why_illegal(type(move)(mover, move.loop)):
            return ()
        return self.move_keys(move)  # the slot hit: the first free one, or the newest piece

    def play_keys(self) -> dict[int, Callable[[], object]]:
        tiers = {
            getattr(pygame, f"K_{number}"): partial(self.choose, tier)
            for number, tier in enumerate(TIERS, 1)
        }
        return (
            tiers
            | self.entry_keys()
            | {pygame.K_g: self.app.download, pygame.K_n: self.app.new_game}
        )

    def entry_keys(self) -> dict[int, Callable[[], object]]:
        """K shows or hides the keyboard box, where moves are typed."""
        return {pygame.K_k: lambda: self.show_keyboard(not self.keyboard_shown())}


WINDOW = LoopsWindow  # what viz/kits.py finds by the game id


def _same_kind(played: object, asked: Place | Flip) -> bool:
    """Whether `played` is the move asked for, whoever's seat the box filled in."""
    return (
        isinstance(played, Place | Flip)
        and type(played) is type(asked)
        and (played.loop == asked.loop)
    )
