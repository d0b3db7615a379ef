"""The Even Odds window (docs/rules.md 5.5): you at the bottom against AI seats."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

import pygame

from games.accuracy import summary
from games.analysis import Judgement
from games.base import Policy
from games.tiles import CHANCE, Choose, Play, TilesState
from games.tiles.engine import COLORS, color_of
from games.tiles.players import TIERS
from viz.scenes.shapes import Scene
from viz.scenes.tiles import (
    LETTERS,
    PALETTES,
    TilesLayout,
    hand_slots,
    move_words,
    outcome_words,
    seat_label,
    seat_order,
    tile_key,
    tiles_scene,
)
from viz.window.app import AI_DELAY_MS
from viz.window.board import MAX_TEXT
from viz.window.common import HELD_BY_YOU
from viz.window.controls import view_controls
from viz.window.hooks import GameWindow, Host
from viz.window.panel import Button, Control, Label
from viz.window.theme import colour_buttons

YOU = 0
RESULT_HOLD_MS = 1500  # a dispute's result shows at least this long when computers play on


class TilesWindow(GameWindow):
    """`vs` names the tier of every computer seat. The first leader of each new game at
    the table is the winner of the game before (the first winner in seat order after a
    shared win); the rules' leader opens the first game."""

    def __init__(self, app: Host) -> None:
        self.app = app
        self.cursor: int | None = None  # the slot of your hand the arrow keys last reached
        self.leader_note = ""  # who leads this game, and why

    def before_new_game(self) -> None:
        result = self.app.state.result() if not self.app.mode.watching else None
        if result is not None:
            leader = result["winners"][0]
            self.app.rules = replace(self.app.rules, leader=leader)
            name = "You lead" if leader == YOU else f"Seat {leader} leads"
            self.leader_note = f"{name}: the last game's winner"

    def theme_classes(self) -> dict[str, Any]:
        return colour_buttons(PALETTES[self.app.settings.palette], COLORS)

    def move_words(self, before: TilesState, after_move: TilesState) -> str:
        return move_words(before, after_move, self.viewer())

    def viewer(self) -> int | None:
        return None if self.app.mode.watching else YOU

    def layout(self) -> TilesLayout:
        layout: TilesLayout = self.app.shown_layout()
        return layout

    def scene(self) -> Scene:
        return tiles_scene(
            self.app.state,
            self.app.board_width(),
            self.app.board_height(),
            notes=self.app.notes(),
            viewer=self.viewer(),
            selected=self.cursor_slot(),
            max_font=MAX_TEXT,
            palette=self.app.settings.palette,
        )

    def seat_name(self, player: int) -> str:
        return seat_label(player, YOU)

    def verdict_lines(self, judged: list[Judgement]) -> list[str]:
        """Your moves, then the computer seats' together: a line a seat would make the
        banner hide the score table. The thirds are yours alone: the computer seats'
        moves taken together have no first and last third of one player's game. Watched
        or replayed, no seat is yours: every seat's moves make one line."""
        if self.app.mode.watching:
            every = [replace(j, player=YOU) for j in judged]
            return summary(every, lambda seat: "Every seat", thirds_of=lambda seat: False)
        others = YOU + 1  # every computer seat, as one
        seats = [j if j.player == YOU else replace(j, player=others) for j in judged]
        return summary(seats, verdict_name, thirds_of=lambda seat: seat == YOU)

    def outcome(self) -> str:
        return outcome_words(self.app.state, self.viewer())

    def play_mode(self) -> str:
        """What you do now: after your 10, name a colour; else play a tile."""
        if self.app.state.choosing and self.app.state.to_move == YOU:
            doing = "name the next colour: the buttons on the right, or 1–5"
        else:
            doing = "your tiles: click one, or ← → and Enter"
        return f"AI seats: {self.app.vs.capitalize()} · {doing}"

    def hint(self) -> str:
        return self.leader_note if self.app.state.turns <= 1 else ""

    # --- automatic seats -----------------------------------------------------------------

    def seat_players(self) -> list[str]:
        yours = None if self.app.mode.watching else YOU  # watched: the tier in every seat
        return [
            HELD_BY_YOU if seat == yours else self.app.vs for seat in range(self.app.rules.players)
        ]

    def computer(self, mover: int) -> tuple[Policy[TilesState], float] | None:
        if mover == YOU and not self.app.mode.watching:
            return None
        if mover == CHANCE:
            return self.app.game.auto_move, 0.0  # deal at once
        # A settled dispute stays on the felt until the next tile: time to read who won.
        settled = not self.app.state.plays and bool(self.app.state.last_dispute)
        return TIERS[self.app.vs], max(AI_DELAY_MS, RESULT_HOLD_MS) if settled else AI_DELAY_MS

    # --- the panel and your moves ----------------------------------------------------

    def play_controls(self) -> list[Control]:
        return [
            Button("New game  (N)", self.app.new_game),
            Button("GIF  (G)", self.app.download),
            *view_controls(self.app),
            *self.entry_controls(),
        ]

    def entry_controls(self) -> list[Control]:
        """After your 10, a button a colour still in play."""
        if not (self.app.state.choosing and self.app.state.to_move == YOU):
            return []
        controls: list[Control] = [Label("Your 10: next colour")]
        for number, color in enumerate(self.app.state.colors_in_play(), 1):
            controls.append(
                Button(
                    f"{COLORS[color].capitalize()} · {LETTERS[COLORS[color]]}  ({number})",
                    partial(self.choose, color),
                    theme=f"@{COLORS[color]}",
                )
            )
        return controls

    def choose(self, color: int) -> None:
        self.app.message = self.app.play(Choose(YOU, color)) or ""

    def choose_by_number(self, number: int) -> None:
        colors = self.app.state.colors_in_play()
        if self.app.state.choosing and self.app.state.to_move == YOU and number <= len(colors):
            self.choose(colors[number - 1])

    def reachable_slots(self) -> list[int]:
        """The slots of your hand the arrow keys visit, left to right: on your turn the
        tiles you may play, otherwise every tile you hold."""
        slots = hand_slots(self.app.state, YOU, hidden=True)
        playable = (
            {move.tile for move in self.app.state.legal_moves() if isinstance(move, Play)}
            if self.app.state.to_move == YOU
            else set(self.app.state.hands[YOU])
        )
        return [i for i, tile in enumerate(slots) if tile in playable]

    def cursor_slot(self) -> int | None:
        reachable, cursor = self.reachable_slots(), self.cursor
        if cursor is None or not reachable or self.app.mode.watching:
            return None
        return min(reachable, key=lambda slot: (abs(slot - cursor), slot))

    def move_cursor(self, step: int) -> None:
        reachable = self.reachable_slots()
        if not reachable:
            return
        current = self.cursor_slot()
        if current is None:
            self.cursor = reachable[0 if step > 0 else -1]
        else:
            self.cursor = reachable[(reachable.index(current) + step) % len(reachable)]

    def play_cursor(self) -> None:
        slot = self.cursor_slot()
        if slot is None:
            self.move_cursor(1)
        else:
            self.play_tile(hand_slots(self.app.state, YOU, hidden=True)[slot])

    def board_click(self, pos: tuple[int, int]) -> None:
        tile = self.your_tile_at(pos)
        if tile is not None:
            self.play_tile(tile)

    def your_tile_at(self, pos: tuple[int, int]) -> int | None:
        """The tile of your hand under a point, if one is there."""
        order = seat_order(self.app.rules.players, YOU).index(YOU)
        slots = hand_slots(self.app.state, YOU, hidden=True)
        index = self.layout().tile_at(*pos, order, len(slots))
        return None if index is None else slots[index]

    def move_keys(self, move: Any) -> tuple[str, ...]:
        """A hinted colour: every tile of it in the mover's hand."""
        if not isinstance(move, Play):
            return ()
        hand = self.app.state.hands[move.player]
        return tuple(tile_key(t) for t in hand if color_of(t) == color_of(move.tile))

    def clickable_at(self, pos: tuple[int, int]) -> tuple[str, ...]:
        """Your tile under the pointer, if you may play it now."""
        tile = self.your_tile_at(pos) if not self.app.mode.watching else None
        if (
            tile is None
            or self.app.state.to_move != YOU
            or self.app.state.why_illegal(Play(YOU, tile))
        ):
            return ()
        return (tile_key(tile),)

    def play_tile(self, tile: int) -> None:
        """Play one of your tiles; if it may not be played now, say why."""
        if self.app.state.to_move != YOU:
            self.app.message = "Wait for your turn"
        elif self.app.state.choosing:
            self.app.message = "Choose the next colour first (buttons on the right, or 1–5)"
        else:
            reason = self.app.play(Play(YOU, tile))
            self.app.message = reason.replace(f"player {YOU} ", "You ") if reason else ""

    def play_keys(self) -> dict[int, Callable[[], object]]:
        return self.entry_keys() | {pygame.K_g: self.app.download, pygame.K_n: self.app.new_game}

    def entry_keys(self) -> dict[int, Callable[[], object]]:
        """1–5 name a colour; the arrows reach a tile, Enter or Space plays it."""
        colors = {getattr(pygame, f"K_{n}"): partial(self.choose_by_number, n) for n in range(1, 6)}
        return colors | {
            pygame.K_LEFT: lambda: self.move_cursor(-1),
            pygame.K_RIGHT: lambda: self.move_cursor(1),
            pygame.K_RETURN: self.play_cursor,
            pygame.K_KP_ENTER: self.play_cursor,
            pygame.K_SPACE: self.play_cursor,
        }


def verdict_name(seat: int) -> str:
    """A line's name in the ending's banner: yours, or every computer seat's at once."""
    return "You" if seat == YOU else "The computer seats"


WINDOW = TilesWindow  # what viz/kits.py finds by the game id
