"""The Load window (docs/rules.md 3.4, 3.5): manual play, Auto1, Loop, Step, the Load slider."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

import pygame

from games.base import Policy
from games.load import MAX_LOAD, MIN_LOAD, PASS, LoadState, Pick, SetLoad
from games.load.judging import reached, start_chance
from games.load.policies import random_red
from games.words import percent
from viz.scenes.load import LoadLayout, half_bracket, last_move_cells, load_scene
from viz.scenes.shapes import Scene, Shape
from viz.window.board import MAX_TEXT
from viz.window.common import GAME_OVER, HELD_BY_YOU
from viz.window.controls import playback_keys, view_controls
from viz.window.hooks import GameWindow, Host
from viz.window.jobs import Job
from viz.window.panel import Button, Control, Label, Slider
from viz.window.waiting import wake_the_window

AUTO1_DELAY_MS = 400
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): str(d) for d in range(10)} | {
    getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)
}


SCROLL_HINT = "The board scrolls: wheel or ↑ ↓, Page Up/Down; with Shift, across"
GREEN_PLAYERS = {"every-third-green": "every third", "balanced-green": "balanced"}
ODDS_GAMES, ODDS_BATCHES = 250, 8  # 2,000 playouts: a standard error of at most 1.1 %


def green_odds(state: LoadState, stopping: Callable[[], bool]) -> str:
    """Green's chance from the start, as the analysis reads it, in words; "" if stopped.
    The playouts go in batches so that a window closed meanwhile need not wait."""
    batches = 1 if reached(state) else ODDS_BATCHES  # exact at once, else playouts
    held = 0.0
    for batch in range(batches):
        if stopping():
            return ""
        held += start_chance(state, ODDS_GAMES, batch)[0] / batches
    return f"Green's chance with best play: {percent(held)}"


class LoadWindow(GameWindow):
    def __init__(self, app: Host) -> None:
        self.app = app
        self.auto1 = False
        self.green = "every-third-green"  # the automatic player 2 of Loop and Step
        self.typed = ""  # a cell number typed on the keyboard, picked with Enter
        self.scroll = (0, 0)  # px right and down: how far a board too large is scrolled
        self.followed = (-1, -1, -1)  # the position whose latest pick was brought into view
        self.dragging: int | None = None  # the axis of the scroll bar whose thumb is held
        self.odds: Job[str] | None = None  # green's chance at the start, worked out
        self.odds_of: tuple[int, int, int] | None = None  # the board and Load it is for

    # --- what the window shows -------------------------------------------------------

    def scene(self) -> Scene:
        """The board, scrolled as asked; after a move, scrolled to its cells if they are
        out of view (Loop, Step, the computer's red, a replay's turns)."""
        scene = self.drawn_at(self.scroll)
        assert scene.layout is not None  # a Load scene always has its layout
        self.scroll = scene.layout.view.offset
        position = (*self.app.session.position, self.app.state.turns)
        if position != self.followed:
            self.followed = position
            wanted = self.showing(scene.layout, last_move_cells(self.app.state))
            if wanted != self.scroll:
                self.scroll = wanted
                scene = self.drawn_at(wanted)
        return scene

    def drawn_at(self, scroll: tuple[int, int]) -> Scene[LoadLayout]:
        return load_scene(
            self.app.state,
            self.app.board_width(),
            self.app.board_height(),
            notes=self.app.notes(),
            max_font=MAX_TEXT,
            palette=self.app.settings.palette,
            scroll=scroll,
        )

    @staticmethod
    def showing(layout: LoadLayout, cells: tuple[int, ...]) -> tuple[int, int]:
        """The scroll that brings these cells into view, moving the board least."""
        if not cells:
            return layout.view.offset
        boxes = [layout.cell_box(cell) for cell in cells]
        box = (
            min(x for x, _, _ in boxes),
            min(y for _, y, _ in boxes),
            max(x + side for x, _, side in boxes),
            max(y + side for _, y, side in boxes),
        )
        return layout.view.showing(box)

    def scroll_by(self, across: float, down: float) -> None:
        """Scroll the board by so many cells (it stops at its edges)."""
        cell = self.layout().cell
        self.scroll = (round(self.scroll[0] + across * cell), round(self.scroll[1] + down * cell))

    def page(self) -> float:
        """A page of the board, in cells: the room less a cell, so one row stays in view."""
        view = self.layout().view
        return max(1.0, view.room[1] / self.layout().cell - 1)

    def saw_event(self, event: pygame.event.Event) -> None:
        """The wheel over the board scrolls it: down and up, across with Shift held (or a
        wheel that turns sideways). A press on a scroll bar puts its thumb there, and the
        thumb follows the mouse until the button is let go."""
        if event.type == pygame.MOUSEWHEEL and self.app.board.pointer is not None:
            if pygame.key.get_mods() & pygame.KMOD_SHIFT:
                self.scroll_by(-event.y or event.x, 0)
            else:
                self.scroll_by(event.x, -event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.dragging = self.bar_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = None
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION) and self.dragging is not None:
            along = event.pos[self.dragging]
            self.scroll = self.layout().view.dragged(self.dragging, along)

    def bar_at(self, pos: tuple[int, int]) -> int | None:
        """The scroll bar at a point of the board, by its axis (none before the first
        picture, or where the board fits)."""
        return None if self.app.board.drawn is None else self.layout().view.bar_at(*pos)

    def view_keys(self) -> dict[int, Callable[[], object]]:
        """Up and Down scroll a row, Page Up and Page Down a page; across with Shift."""
        return {
            pygame.K_UP: partial(self.scroll_key, -1.0),
            pygame.K_DOWN: partial(self.scroll_key, 1.0),
            pygame.K_PAGEUP: lambda: self.scroll_key(-self.page()),
            pygame.K_PAGEDOWN: lambda: self.scroll_key(self.page()),
        }

    def scroll_key(self, cells: float) -> None:
        if pygame.key.get_mods() & pygame.KMOD_SHIFT:
            self.scroll_by(cells, 0)
        else:
            self.scroll_by(0, cells)

    def winner_colour(self) -> str | None:
        return {1: "red", 2: "green"}.get(self.app.state.winner or 0)

    def layout(self) -> LoadLayout:
        layout: LoadLayout = self.app.shown_layout()
        return layout

    def play_mode(self) -> str:
        speed = self.app.playback.speed_text()
        if self.app.looping:
            return f"Loop running · speed {speed}"
        mode = (
            "Auto1: red plays itself, you play green"
            if self.auto1
            else "Manual: both players click"
        )
        return f"{mode} · speed {speed}"

    def hint(self) -> str:
        if self.typed:
            return f"Cell {self.typed}: Enter picks it, Backspace corrects"
        return self.hover_hint() or self.scroll_hint() or self.odds_hint()

    def odds_hint(self) -> str:
        """Before the first pick, green's chance with best play against the random red,
        worked out beside the window for the board and the Load the slider shows."""
        if any(isinstance(move, Pick) for move in self.app.history.moves):
            return ""
        board = (self.app.rules.rows, self.app.rules.cols, self.app.state.pending_load)
        if board != self.odds_of:
            self.stop_odds()
            start = self.app.game.new_state(replace(self.app.rules, load=board[2]))
            self.odds_of = board
            self.odds = Job("odds", partial(green_odds, start), lambda _fault: "", wake_the_window)
        return self.odds.wait() if self.odds is not None and self.odds.done else ""

    def stop_odds(self) -> None:
        if self.odds is not None:
            self.odds.stop()
            self.odds.wait()

    def close(self) -> None:
        self.stop_odds()

    def scroll_hint(self) -> str:
        """How to see the rest of a board too large for its room (once it is drawn)."""
        shown = self.app.board.drawn
        scrolls = shown is not None and self.layout().view.scrolls
        return SCROLL_HINT if scrolls else ""

    def hovered_cell(self) -> int | None:
        """The cell under the mouse in the picture shown (none before the first)."""
        if self.app.board.pointer is None or self.app.board.drawn is None:
            return None
        return self.layout().cell_at(*self.app.board.pointer)

    def hover_hint(self) -> str:
        """What a click on the cell under the mouse would do, for player 2."""
        cell = self.hovered_cell()
        if not self.green_may_click() or cell is None:
            return ""
        pair = "+".join(map(str, self.app.state.board.pair_of(cell)))
        reason = self.app.state.why_illegal(Pick(2, cell))
        return f"Pair {pair}: {reason}" if reason else f"Click to pick pair {pair}"

    def mark(
        self, target: str, shape: Shape, key: str, stroke: str, width: float, dashed: bool
    ) -> Shape:
        """A half is marked by a bracket open towards its cell's middle: a frame round it
        would run through the cell's number."""
        colour, _, cell = target.partition("-")
        if colour not in ("red", "green") or not cell.isdigit():
            return super().mark(target, shape, key, stroke, width, dashed)
        return half_bracket(self.layout(), int(cell), colour, key, stroke, width, dashed)

    def move_keys(self, move: Any) -> tuple[str, ...]:
        if not isinstance(move, Pick):
            return ()
        if move.player == 1:
            return (f"red-{move.cell}",)
        return tuple(f"green-{half}" for half in self.app.state.board.pair_of(move.cell))

    def clickable_at(self, pos: tuple[int, int]) -> tuple[str, ...]:
        """The half a red click picks, or both halves of the pair a green click picks."""
        cell, mover = self.layout().cell_at(*pos), self.app.state.to_move
        if cell is None or mover is None or self.click_refusal() or self.app.mode.watching:
            return ()
        pick = Pick(mover, cell)
        return () if self.app.state.why_illegal(pick) else self.move_keys(pick)

    def green_may_click(self) -> bool:
        return not self.app.mode.watching and self.app.state.to_move == 2 and not self.app.looping

    def play_controls(self) -> list[Control]:
        return [
            Button(f"Auto1: {'on' if self.auto1 else 'off'}  (A)", self.toggle_auto1),
            Button(
                "Pause  (Space)" if self.app.looping else "Loop  (Space)", self.app.mode.toggle_loop
            ),
            Button("Step  (Right)", self.app.step_or_explain),
            Button("Back  (Left)", self.app.back, enabled=not self.app.looping),
            Button("GIF  (G)", self.app.download),
            Button("New game  (N)", self.app.new_game),
            Button(f"Player 2: {GREEN_PLAYERS[self.green]}  (B)", self.switch_green),
            Label(f"Load {self.app.state.pending_load}  ([ / ])"),
            Slider(self.app.state.pending_load, MIN_LOAD, MAX_LOAD, self.set_load),
            *self.app.playback.controls(),
            Label("P or a click outside"),
            Label("the grid: green passes"),
            *view_controls(self.app),
        ]

    # --- what the player does --------------------------------------------------------

    def computer(self, mover: int) -> tuple[Policy[LoadState], float] | None:
        return (random_red, AUTO1_DELAY_MS) if self.auto1 and mover == 1 else None

    def seat_players(self) -> list[str]:
        return ["random-red" if self.auto1 else HELD_BY_YOU, HELD_BY_YOU]

    def board_click(self, pos: tuple[int, int]) -> None:
        """A cell picks it; a click elsewhere passes, but on a scroll bar (which scrolls)."""
        if self.bar_at(pos) is not None:
            return
        cell = self.layout().cell_at(*pos)
        if cell is None:
            self.pass_turn()
        else:
            self.pick(cell)

    def pick(self, cell: int) -> None:
        refusal = self.click_refusal()
        if refusal is None:
            assert self.app.state.to_move is not None  # click_refusal refuses once the game is over
            refusal = self.app.play(Pick(self.app.state.to_move, cell))
        self.app.message = refusal or ""

    def click_refusal(self) -> str | None:
        if self.app.state.to_move is None:
            return GAME_OVER
        if self.app.looping:
            return "Automatic play is running: press Space to pause"
        if self.auto1 and self.app.state.to_move == 1:
            return "Auto1 plays red: you play green"
        return None

    def pass_turn(self) -> None:
        refusal = self.click_refusal()
        if refusal:
            self.app.message = refusal
        elif self.app.state.to_move != 2:
            self.app.message = "Only player 2 may pass: player 1 must pick a cell"
        else:
            self.app.message = self.app.play(PASS) or ""  # the status line says green passed

    def next_automatic_move(self) -> Any:
        if self.app.state.to_move == 2:
            return self.app.game.players[self.green](self.app.state, self.app.session.rng)
        return super().next_automatic_move()

    def switch_green(self) -> None:
        names = list(GREEN_PLAYERS)
        self.green = names[(names.index(self.green) + 1) % len(names)]
        self.app.message = f"Loop and Step play green as {GREEN_PLAYERS[self.green]}"

    def toggle_auto1(self) -> None:
        self.auto1 = not self.auto1
        self.app.message = "Auto1 on: red plays itself" if self.auto1 else "Auto1 off"

    def set_load(self, value: int) -> None:
        """Move the slider; moves in a row make one event, so a drag records where it ends."""
        value = min(MAX_LOAD, max(MIN_LOAD, value))
        if self.app.state.to_move is None:
            self.app.message = GAME_OVER
            return
        if self.app.history and isinstance(self.app.history.moves[-1], SetLoad):
            self.app.session.rewind(len(self.app.history) - 1)
        if value != self.app.state.pending_load:
            refused = self.app.play(SetLoad(value))
            self.app.message = refused or f"Load {value} from the end of this stage"
            if not refused and self.app.mode.keeps_choices:  # the next window starts with it
                chosen = self.app.game.rules_dict(replace(self.app.rules, load=value))
                problem = self.app.settings.set_rules(self.app.game.id, chosen)
                self.app.message += f" (not saved: {problem})" if problem else ""

    def before_new_game(self) -> None:
        """A new game keeps the Load the slider shows, in force from its first stage."""
        self.app.rules = replace(self.app.rules, load=self.app.state.pending_load)

    def type_digit(self, digit: str) -> None:
        self.set_typed((self.typed + digit)[-3:].lstrip("0") or "0")

    def set_typed(self, typed: str) -> None:
        """The number typed so far, echoed at once over any other message; its cell is
        brought into view."""
        self.typed = typed
        self.app.message = self.hint() if typed else ""
        if typed and int(typed) < self.app.state.board.cells:
            self.scroll = self.showing(self.layout(), (int(typed),))

    def pick_typed(self) -> None:
        if self.typed:
            cell, self.typed = int(self.typed), ""
            if cell < self.app.state.board.cells:
                self.pick(cell)
            else:
                self.app.message = f"There is no cell {cell}"

    def entry_keys(self) -> dict[int, Callable[[], object]]:
        """A cell's number and Enter pick it; P passes."""
        return {
            pygame.K_p: self.pass_turn,
            pygame.K_RETURN: self.pick_typed,
            pygame.K_KP_ENTER: self.pick_typed,
            pygame.K_BACKSPACE: lambda: self.set_typed(self.typed[:-1]),
        } | {key: partial(self.type_digit, digit) for key, digit in DIGIT_KEYS.items()}

    def play_keys(self) -> dict[int, Callable[[], object]]:
        return (
            playback_keys(self.app)
            | self.entry_keys()
            | {
                pygame.K_a: self.toggle_auto1,
                pygame.K_b: self.switch_green,
                pygame.K_n: self.app.new_game,
                pygame.K_LEFTBRACKET: lambda: self.set_load(self.app.state.pending_load - 1),
                pygame.K_RIGHTBRACKET: lambda: self.set_load(self.app.state.pending_load + 1),
            }
        )


WINDOW = LoadWindow  # what viz/kits.py finds by the game id
