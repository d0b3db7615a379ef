"""Sums: a fourth game that lives only in the tests, written as the README's "Adding a
game" says, to prove that a game needs no change outside its own files.

Cells hold the numbers 1 to N (N from 2 to 6, 4 by default). Two players take turns
taking a free cell; when every cell is taken, player 0 wins if the numbers they took
add up to an odd total, and player 1 wins otherwise.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from games import REGISTRY
from games.base import GameBase, IllegalMove, reject_unknown, require_int
from viz.scenes import SCENES, SceneKit
from viz.scenes.common import CanvasLayout, title
from viz.scenes.shapes import Palette, Rect, Scene, Shape, Text
from viz.window import WINDOWS, WindowKit
from viz.window.app import GameApp
from viz.window.board import MAX_TEXT
from viz.window.panel import Button, Control


@dataclass(frozen=True)
class SumsRules:
    cells: int = 4

    @classmethod
    def from_dict(cls, params: dict[str, Any]) -> SumsRules:
        reject_unknown(params, {"cells"})
        return cls(require_int(params, "cells", 2, 6, 4))

    def to_dict(self) -> dict[str, Any]:
        return {"cells": self.cells}


@dataclass(frozen=True)
class Take:
    player: int
    cell: int  # 0-based: cell k holds the number k + 1


class SumsState:
    def __init__(self, rules: SumsRules) -> None:
        self.rules = rules
        self.owners: list[int | None] = [None] * rules.cells
        self.to_move: int | None = 0
        self.turns = 0
        self.last: Take | None = None

    def legal_moves(self) -> list[Take]:
        if self.to_move is None:
            return []
        return [Take(self.to_move, c) for c, owner in enumerate(self.owners) if owner is None]

    def why_illegal(self, move: Any) -> str | None:
        if self.to_move is None:
            return "the game is over"
        if not isinstance(move, Take) or move not in self.legal_moves():
            return f"{move!r} is not a free cell for player {self.to_move}"
        return None

    def apply(self, move: Any) -> None:
        reason = self.why_illegal(move)
        if reason:
            raise IllegalMove(reason)
        self.owners[move.cell] = move.player
        self.turns += 1
        self.last = move
        self.to_move = None if None not in self.owners else 1 - move.player

    def total(self, player: int) -> int:
        return sum(c + 1 for c, owner in enumerate(self.owners) if owner == player)

    def result(self) -> dict[str, Any] | None:
        if self.to_move is not None:
            return None
        return {"winner": 0 if self.total(0) % 2 else 1, "totals": [self.total(0), self.total(1)]}

    def copy(self) -> SumsState:
        twin = SumsState(self.rules)
        twin.owners, twin.to_move = self.owners.copy(), self.to_move
        twin.turns, twin.last = self.turns, self.last
        return twin

    def snapshot(self) -> tuple[Hashable, ...]:
        return (self.rules, tuple(self.owners), self.to_move, self.turns)


def random_player(state: SumsState, rng: random.Random) -> Take:
    return rng.choice(state.legal_moves())


class SumsGame(GameBase[SumsRules, SumsState]):
    id = "sums"
    name = "Sums"
    rules_type = SumsRules
    state_type = SumsState
    players: Mapping[str, Callable[[SumsState, random.Random], Any]] = {"random": random_player}

    def seats(self, rules: SumsRules) -> int:
        return 2

    def move_from_event(self, state: SumsState, event: Mapping[str, Any]) -> Take:
        if set(event) != {"player", "cell"}:
            raise IllegalMove("an event names a player and a cell")
        return Take(event["player"], event["cell"])

    def event_from_move(self, move: Take) -> dict[str, Any]:
        return {"player": move.player, "cell": move.cell}

    def max_turns(self, rules: SumsRules) -> int:
        return rules.cells

    def auto_move(self, state: SumsState, rng: random.Random) -> Take:
        return random_player(state, rng)


# --- its scene -------------------------------------------------------------------------

PALETTE = Palette.from_hex(
    {
        "canvas": "#f4f1ea",
        "free": "#ffffff",
        "p0": "#1d4f91",
        "p1": "#8a5a00",
        "ink": "#222222",
        "muted": "#5f5b55",  # status lines and the legend use ink and muted
    },
    inks=("ink", "muted", "free"),
)


@dataclass(frozen=True)
class SumsLayout(CanvasLayout):
    cells: int = 4

    @property
    def side(self) -> float:
        room = self.height - self.header - self.status_height - self.margin
        return min((self.width - 2 * self.margin) / self.cells, room)

    def cell_box(self, cell: int) -> tuple[float, float, float]:
        return self.margin + cell * self.side, self.header, self.side

    def cell_at(self, x: float, y: float) -> int | None:
        cell = math.floor((x - self.margin) / self.side)
        inside = 0 <= cell < self.cells and self.header <= y <= self.header + self.side
        return cell if inside else None


def status_lines(state: SumsState) -> list[str]:
    totals = f"totals {state.total(0)} and {state.total(1)}"
    result = state.result()
    if result is None:
        return [f"Player {state.to_move} to take a number · {totals}"]
    return [f"Player {result['winner']} wins · {totals}"]


def move_words(before: SumsState, after: SumsState) -> str:
    assert after.last is not None
    return f"Player {after.last.player} took {after.last.cell + 1}"


def sums_scene(
    state: SumsState,
    width: int,
    height: int,
    *,
    notes: tuple[str, ...] = (),
    max_font: float = math.inf,
) -> Scene:
    layout = SumsLayout(
        width=width,
        height=height,
        status_lines=1 + len(notes),
        max_font=max_font,
        cells=state.rules.cells,
    )
    shapes: list[Shape] = [title("Sums", layout)]
    for cell, owner in enumerate(state.owners):
        x, y, side = layout.cell_box(cell)
        fill = "free" if owner is None else f"p{owner}"
        shapes.append(Rect(f"cell-{cell}", x + 2, y, side - 4, side, fill))
        ink = "ink" if owner is None else "free"
        shapes.append(
            Text(f"number-{cell}", x + side / 2, y + side / 2, str(cell + 1), side / 3, ink)
        )
    shapes += layout.status([*status_lines(state), *notes])
    return Scene(width, height, "canvas", PALETTE, tuple(shapes), layout)


def export_size(rules: SumsRules, width: int) -> tuple[int, int]:
    return width, round(width * 0.6)


# --- its window ------------------------------------------------------------------------


class SumsApp(GameApp[SumsState]):
    def scene(self) -> Scene:
        width, height = self.board_width(), self.board_height()
        return sums_scene(self.state, width, height, notes=self.notes(), max_font=MAX_TEXT)

    def board_click(self, pos: tuple[int, int]) -> None:
        cell = self.shown_layout().cell_at(*pos)
        if cell is not None and self.state.to_move is not None:
            self.message = self.play(Take(self.state.to_move, cell)) or ""

    def play_keys(self) -> dict[int, Callable[[], object]]:
        return {pygame.K_n: self.new_game, pygame.K_g: self.download}

    def play_controls(self) -> list[Control]:
        return [Button("New game  (N)", self.new_game), Button("GIF  (G)", self.download)]

    def play_mode(self) -> str:
        return "Click a number to take it"


def register() -> Callable[[], None]:
    """Add Sums to every registry; return what removes it again."""
    REGISTRY["sums"] = SumsGame()
    SCENES["sums"] = SceneKit(sums_scene, export_size, status_lines, move_words)
    WINDOWS["sums"] = WindowKit(lambda: SumsApp)

    def unregister() -> None:
        for registry in (REGISTRY, SCENES, WINDOWS):
            del registry["sums"]  # type: ignore[attr-defined]

    return unregister
