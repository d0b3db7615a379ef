"""What a game's scene kit holds for drawing and telling it (found through viz/kits.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from viz.scenes.shapes import Palette, Scene


class SceneFunction(Protocol):
    """A game's scene function: the picture of a position on a canvas of `width` by
    `height`, with `notes` as extra status lines (the window's mode, a judgement), text
    no larger than `max_font`, in the named palette. A game may take more keywords of
    its own (a viewer's seat, a selected tile), each with a default."""

    def __call__(
        self,
        state: Any,
        width: int,
        height: int,
        *,
        notes: tuple[str, ...] = ...,
        max_font: float = ...,
        palette: str = ...,
    ) -> Scene: ...


def no_targets(state: Any, move: Any) -> tuple[str, ...]:
    return ()


@dataclass(frozen=True)
class SceneKit:
    """How a game is drawn and told: its scene function, the canvas of its exports, its
    palettes by name, its status lines, its latest move in words, its result in words
    ("Who wins: why", empty while the game goes on), a move the side to move may make
    as advice ("Pick 44+45": `advice(state, move)`) and (where the game has one) the
    whole position read back, as the window's `status` command does; and, where the
    game can tell it without making the scene, how many status rows the scene of a
    position keeps on a canvas with notes (`status_room(state, width, height, notes)`,
    what the scene's layout says: an export counts them for every turn)."""

    scene: SceneFunction
    export_size: Callable[[Any, int], tuple[int, int]]
    palettes: Mapping[str, Palette]
    status: Callable[[Any], list[str]]
    move_words: Callable[[Any, Any], str]
    outcome: Callable[[Any], str]
    advice: Callable[[Any, Any], str]
    board_words: Callable[[Any], str] | None = None
    seat_name: Callable[[int], str] = "Player {}".format  # "Red", "Seat 2": the game's own
    status_room: Callable[[Any, int, int, tuple[str, ...]], int] | None = None
    # The scene's keywords for one screen of a game played together, given the seats
    # whose hands it may not see (`games.screens`): for a game that hides anything.
    screen_options: Callable[[int | None, frozenset[int]], dict[str, Any]] | None = None
    # The keys of the shapes a click (or tap) on which plays a move, as a screen that
    # draws the scene without the game's state (a server's) finds the move to play.
    targets: Callable[[Any, Any], tuple[str, ...]] = no_targets
