"""The Even Odds scene: other hands face up, your hand as colours only, the dispute, scores."""

from __future__ import annotations

import functools
import math

from games.tiles.engine import COLORS, ROUNDS, Play, TilesState, color_of, dispute_result, value_of
from games.tiles.screens import hidden_order
from viz.scenes.common import legend, status_rows, title
from viz.scenes.shapes import Line, Rect, Scene, Shape, Text, frame
from viz.scenes.tiles.arrangement import NAME_INDENT, PLATE, TABLE_HEAD, TABLE_ROW, seat_order
from viz.scenes.tiles.layout import MIN_TILE_TEXT, TilesLayout, layout_for, tile_text_size
from viz.scenes.tiles.palettes import LETTERS, LIGHT_TILES, PALETTES
from viz.scenes.tiles.words import (
    STATUS_LINES,
    legend_items,
    seat_label,
    settled,
    shown_dispute,
    status_lines,
)

HAIRLINE = 1.0  # px: the thinnest line drawn
# Sizes in tiles
TILE_CORNER = 0.18  # the radius of a tile's corners
EDGE = 0.05  # the edge of a light tile, of a tile that cannot be played and of a plate
FRAME_PAD = 0.1  # from a framed tile to its frame
FRAME_LINE = 0.07  # a frame's line
FELT_CORNER = 0.15  # the radius of the felt's corners, in dispute tiles
# Sizes in label sizes
MARKER_X = 0.45  # from a seat name's row's left to the middle of the turn marker
# Sizes in caption sizes
CAPTION_MIDDLE = 0.8  # from the felt's top to its caption's middle
# Sizes in the score table's text size
WINNER_REACH = 0.3  # how far a winner's marked row reaches left of the seat names
WINNER_HEIGHT = 1.5  # a winner's marked row
WINNER_LINE, WINNER_MIN_LINE = 0.12, 1.5  # its edge, and the thinnest that edge is in px
SCORE_MARK_HEIGHT = 1.4  # the mark on the score that just changed and on its total
SCORE_MARK_LINE = 0.08  # that mark's edge
TABLE_CORNER = 0.2  # the radius of those marks' corners
SCORE_MARK_WIDTH = 0.9  # that mark, in columns of the score table


def tile_key(tile: int) -> str:
    """The key of a tile's shapes wherever it lies, in a hand or in the dispute (its label
    is `tile-N-value`), so that a change of picture can move it from one to the other."""
    return f"tile-{tile}"


def hidden_key(seat: int, slot: int) -> str:
    """The key of a tile whose value its picture hides: its seat and slot, never its number
    (a key is an SVG element's id, and a picture sent to a seat must not name its tiles)."""
    return f"hidden-{seat}-{slot}"


def dimmed_seat(state: TilesState, viewer: int | None) -> int | None:
    """Whose hand shows which tiles cannot be played now: the viewer's, on its turn while
    it must follow a colour it holds. (Exports dim nothing: each turn would dim another
    hand, and an SVG of a game would weigh half as much again.)"""
    seat = state.to_move
    if viewer is None or seat != viewer or state.choosing:
        return None
    return seat if len(state.playable(seat)) < len(state.hands[seat]) else None


def hand_slots(state: TilesState, seat: int, hidden: bool) -> list[int]:
    """A seat's tiles in the slots of its hand, packed from the first slot (under the
    seat's name) so that a hand closes up as it is played: by colour, and by value unless
    the values are hidden (then in the order dealt, which tells nothing)."""
    held = state.hands[seat]
    return hidden_order(held) if hidden else sorted(held)


def tiles_scene(
    state: TilesState,
    width: int,
    height: int,
    *,
    notes: tuple[str, ...] = (),
    viewer: int | None = None,
    concealed: frozenset[int] | None = None,
    selected: int | None = None,
    max_font: float = math.inf,
    palette: str = "default",
) -> Scene[TilesLayout]:
    """The table; a `viewer` sees its own tiles as colours only, an export sees all.
    Where `concealed` is given, the hands of those seats show colours only instead, keyed
    by slot rather than by tile (a picture sent to another screen: a watcher's conceals
    every hand). `selected` frames the viewer's tile in that slot (the keyboard's
    choice)."""
    rules = state.rules
    rows = status_rows([*status_lines(state, viewer), *notes], width, height, max_font)
    layout = layout_for(
        rules.players, width, height, max(STATUS_LINES + len(notes), len(rows)), max_font
    )
    dimmed = dimmed_seat(state, viewer)
    shapes: list[Shape] = [title(f"Even Odds · round {max(state.round, 1)} of {ROUNDS}", layout)]
    selecting = selected is not None and viewer is not None
    shapes += legend(legend_items(state, dimmed is not None, selecting), layout)
    shapes += _score_table(state, layout, viewer)
    shapes += _dispute_shapes(state, layout, viewer)
    bottom = viewer if viewer is not None else 0
    for order, seat in enumerate(seat_order(rules.players, bottom)):
        playable = set(state.playable(seat)) if seat == dimmed else None
        hidden = seat == viewer if concealed is None else seat in concealed
        slotted = concealed is not None and hidden
        shapes += _seat_shapes(state, layout, seat, order, viewer, (hidden, slotted), playable)
    if selected is not None and selecting:
        x, y, size = layout.tile_box(rules.players - 1, selected)
        shapes.append(_frame("selected", x, y, size, dashed=True))  # not the latest tile's
    shapes += layout.status(rows)
    return Scene(width, height, "canvas", PALETTES[palette], tuple(shapes), layout)


def _frame(key: str, x: float, y: float, size: float, dashed: bool = False) -> Line:
    """An outline around the tile of side `size` whose left edge is `x`, centred on `y`."""
    pad, width = max(HAIRLINE, size * FRAME_PAD), max(HAIRLINE, size * FRAME_LINE)
    box = (x - pad, y - size / 2 - pad, x + size + pad, y + size / 2 + pad)
    return frame(key, box, "ink", width, dashed)


def tile_label(tile: int, hidden: bool) -> str:
    """What a tile shows: its colour's letter and its number ("?" when hidden)."""
    return LETTERS[COLORS[color_of(tile)]] + ("?" if hidden else str(value_of(tile)))


@functools.lru_cache(maxsize=4096)
def _tile_shapes(
    key: str, x: float, y: float, size: float, tile: int, hidden: bool, dimmed: bool = False
) -> tuple[Shape, ...]:
    """A tile in its colour with its label; a `dimmed` one (it cannot be played now) is
    white inside an outline of its colour, its label in its colour. Most tiles lie where
    they lay the scene before (and the server draws a scene for every screen after
    every change): each is worked out once."""
    color = COLORS[color_of(tile)]
    box = (x, y - size / 2, x + size, y + size / 2)
    dark = "edge" if color in LIGHT_TILES else color  # the colour's own, or its dark edge
    fill = "paper" if dimmed else color
    shapes: list[Shape] = [Rect(key, x, y - size / 2, size, size, fill, radius=size * TILE_CORNER)]
    if dimmed:  # the outline lies just outside the tile, clear of its label
        width = max(HAIRLINE, size * EDGE)
        out = (
            x - width / 2,
            y - size / 2 - width / 2,
            x + size + width / 2,
            y + size / 2 + width / 2,
        )
        shapes.append(frame(f"{key}-edge", out, dark, width))
    elif color in LIGHT_TILES:  # a light tile needs its edge to stand out from the table
        shapes.append(frame(f"{key}-edge", box, "edge", max(HAIRLINE, size * EDGE)))
    if tile_text_size(size) >= MIN_TILE_TEXT:
        ink = dark if dimmed else "ink" if color in LIGHT_TILES else "paper"
        label = tile_label(tile, hidden)
        shapes.append(Text(f"{key}-value", x + size / 2, y, label, tile_text_size(size), ink))
    return tuple(shapes)


def _seat_shapes(
    state: TilesState,
    layout: TilesLayout,
    seat: int,
    order: int,
    viewer: int | None,
    hiding: tuple[bool, bool],
    playable: set[int] | None,
) -> list[Shape]:
    """A seat's name (after the turn marker when it is to move) over its hand; `hiding`
    says whether the hand shows colours only, and whether its tiles are keyed by slot;
    with `playable` given, the tiles not in it are dimmed."""
    x, y = layout.label_place(order)
    size = layout.label
    shapes: list[Shape] = [
        Text(
            f"seat-{seat}",
            x + size * NAME_INDENT,
            y,
            seat_label(seat, viewer),
            size,
            "ink",
            "start",
        )
    ]
    if seat == state.to_move:
        shapes.append(Text("turn", x + size * MARKER_X, y, "▸", size, "ink"))
    hidden, slotted = hiding
    for index, tile in enumerate(hand_slots(state, seat, hidden)):
        left, middle, side = layout.tile_box(order, index)
        dimmed = playable is not None and tile not in playable
        key = hidden_key(seat, index) if slotted else tile_key(tile)
        shapes += _tile_shapes(key, left, middle, side, tile, hidden, dimmed)
    return shapes


def _dispute_shapes(state: TilesState, layout: TilesLayout, viewer: int | None) -> list[Shape]:
    """The felt, the dispute's tiles with their seats' names under them, the latest tile
    framed and, once the dispute is settled, the winning tile on a plate."""
    plays = shown_dispute(state)
    y, size = layout.dispute_y, layout.dispute_tile
    caption = "Dispute" if state.plays or not plays else "Last dispute"
    left, top, width, height = layout.felt
    shapes: list[Shape] = [
        Rect("felt", left, top, width, height, "felt", radius=size * FELT_CORNER),
        Text(
            "dispute",
            left + layout.caption * 0.5,
            top + layout.caption * CAPTION_MIDDLE,
            caption,
            layout.caption,
            "muted",
            "start",
        ),
    ]
    if plays and not state.plays:
        won = dispute_result(plays)[1]
        x = layout.dispute_x([tile for _, tile in plays].index(won))
        shapes += _plate("winner", x, y, size)
    for index, (seat, tile) in enumerate(plays):
        x = layout.dispute_x(index)
        shapes += _tile_shapes(tile_key(tile), x, y, size, tile, hidden=False)
        shapes.append(
            Text(
                f"play-{index}-seat",
                x + size / 2,
                layout.dispute_label_y,
                seat_label(seat, viewer),
                layout.caption,
                "muted",
            )
        )
    if plays and isinstance(state.last, Play):
        shapes.append(_frame("last-move", layout.dispute_x(len(plays) - 1), y, size))
    return shapes


def _plate(key: str, x: float, y: float, size: float) -> list[Shape]:
    """A band round the tile of side `size` whose left edge is `x`, centred on `y`, edged:
    four strips, so that the tile's label lies on no shape but its tile."""
    pad, top = size * PLATE, y - size / 2
    box = (x - pad, top - pad, x + size + pad, top + size + pad)
    return [
        Rect(f"{key}-top", x - pad, top - pad, size + 2 * pad, pad, "mark"),
        Rect(f"{key}-bottom", x - pad, top + size, size + 2 * pad, pad, "mark"),
        Rect(f"{key}-left", x - pad, top, pad, size, "mark"),
        Rect(f"{key}-right", x + size, top, pad, size, "mark"),
        frame(f"{key}-edge", box, "muted", max(HAIRLINE, size * EDGE)),
    ]


def _marked_box(
    key: str,
    box: tuple[float, float, float, float],
    fill: str,
    edge: str,
    width: float,
    size: float,
) -> list[Shape]:
    """A part of the score table marked: filled in `fill`, edged in `edge`."""
    left, top, right, bottom = box
    return [
        Rect(key, left, top, right - left, bottom - top, fill, radius=size * TABLE_CORNER),
        frame(f"{key}-edge", box, edge, width),
    ]


def _score_table(state: TilesState, layout: TilesLayout, viewer: int | None) -> list[Shape]:
    x, top = layout.table_origin
    size, step = layout.small, layout.column
    y = top + size * (TABLE_HEAD / 2)
    first = x + layout.name_column + step / 2
    shapes: list[Shape] = [Text("score-head", x, y, "Seat", size, "muted", "start")]
    for r in range(ROUNDS):
        shapes.append(Text(f"score-head-{r}", first + step * r, y, f"R{r + 1}", size, "muted"))
    shapes.append(Text("score-head-total", first + step * ROUNDS, y, "Sum", size, "muted"))

    def row_middle(seat: int) -> float:
        return y + size * TABLE_ROW * (seat + 1)

    result = state.result()
    for seat in result["winners"] if result else ():  # the game's winners: their rows
        box = (
            x - size * WINNER_REACH,
            row_middle(seat) - size * (WINNER_HEIGHT / 2),
            first + step * (ROUNDS + 0.5),
            row_middle(seat) + size * (WINNER_HEIGHT / 2),
        )
        shapes += _marked_box(
            f"score-won-{seat}", box, "won", "ink", max(WINNER_MIN_LINE, size * WINNER_LINE), size
        )
    if settled(state):  # the score that just changed, and its total
        mark_top = row_middle(dispute_result(state.last_dispute)[0]) - size * (
            SCORE_MARK_HEIGHT / 2
        )
        for column in (len(state.scores) - 1, ROUNDS):
            left = first + step * (column - SCORE_MARK_WIDTH / 2)
            box = (
                left,
                mark_top,
                left + step * SCORE_MARK_WIDTH,
                mark_top + size * SCORE_MARK_HEIGHT,
            )
            shapes += _marked_box(
                f"score-mark-{column}",
                box,
                "mark",
                "muted",
                max(HAIRLINE, size * SCORE_MARK_LINE),
                size,
            )
    totals = state.totals()
    for seat in range(state.rules.players):
        row_y = row_middle(seat)
        name = seat_label(seat, viewer)
        shapes.append(Text(f"score-{seat}", x, row_y, name, size, "ink", "start"))
        for r, scores in enumerate(state.scores):
            shapes.append(
                Text(f"score-{seat}-{r}", first + step * r, row_y, str(scores[seat]), size, "ink")
            )
        shapes.append(
            Text(
                f"score-{seat}-total", first + step * ROUNDS, row_y, str(totals[seat]), size, "ink"
            )
        )
    return shapes
