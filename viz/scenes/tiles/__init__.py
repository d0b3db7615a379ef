"""The Even Odds scene, by concern: where the seats go (`arrangement`), where everything
lies in pixels (`layout`), the words (`words`), the colours (`palettes`) and the shapes
drawn (`shapes`)."""

from games.tiles import Play, TilesState
from games.tiles.engine import Move
from games.tiles.screens import hidden_order
from viz.scenes.kit import SceneKit
from viz.scenes.tiles.arrangement import TABLE, seat_order
from viz.scenes.tiles.layout import TilesLayout, export_size
from viz.scenes.tiles.palettes import LETTERS, PALETTE, PALETTES
from viz.scenes.tiles.shapes import hand_slots, hidden_key, tile_key, tiles_scene
from viz.scenes.tiles.words import (
    advice,
    dispute_text,
    move_words,
    outcome_words,
    result_text,
    seat_label,
    shown_dispute,
    status_lines,
    totals_text,
)

__all__ = [
    "LETTERS",
    "PALETTE",
    "PALETTES",
    "TABLE",
    "TilesLayout",
    "dispute_text",
    "export_size",
    "hand_slots",
    "hidden_key",
    "move_words",
    "outcome_words",
    "result_text",
    "seat_label",
    "seat_order",
    "shown_dispute",
    "status_lines",
    "tile_key",
    "tiles_scene",
    "totals_text",
]


def _status(state: TilesState) -> list[str]:
    return status_lines(state, None)


def own_tile(state: TilesState, move: Move) -> tuple[str, ...]:
    """A tile of the mover's hand, as its own screen draws it: by its slot."""
    if not isinstance(move, Play):
        return ()
    return (hidden_key(move.player, hidden_order(state.hands[move.player]).index(move.tile)),)


KIT = SceneKit(
    tiles_scene,
    export_size,
    PALETTES,
    _status,
    move_words,
    outcome_words,
    advice,
    seat_name=lambda seat: seat_label(seat, None),
    screen_options=lambda screen, concealed: {"viewer": screen, "concealed": concealed},
    targets=own_tile,
)
