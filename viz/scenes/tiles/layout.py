"""Where everything of the Even Odds table lies on a canvas, in pixels."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache

from games.tiles.engine import TilesRules
from viz.scenes.common import MIN_EXPORT_WIDTH, CanvasLayout, text_width
from viz.scenes.tiles.arrangement import (
    CAPTION_ROW,
    DISPUTE_SCALE,
    GAP_X,
    GAP_Y,
    MAX_TILE,
    NAME_MIDDLE,
    NAMES_ROW,
    PLATE,
    TABLE,
    Arrangement,
    Metrics,
    arrange,
    region_sizes,
    spans,
)
from viz.scenes.tiles.words import STATUS_LINES, legend_lines

MIN_TILE_TEXT = 9  # px: a tile whose label would be smaller shows its colour only
LABEL_FILL = 0.8  # the widest tile label, "P10", fills at most this much of its tile
# Text sizes, in the canvas's unit of text
SMALL_TEXT = 0.75  # the score table, the dispute's caption and the names under it
LABEL_TEXT = 0.8  # seat names
DISPUTE_NAME = 0.8  # from a plate's bottom to the seat name under it, in caption sizes
# An export's height for its width: this much, and this much more for each player.
EXPORT_SHAPE, EXPORT_SHAPE_PER_PLAYER = 0.46, 0.075
EXPORT_WIDENING = 10  # px: an export too narrow for its tile labels widens by steps of this


@dataclass(frozen=True)
class TilesLayout(CanvasLayout):
    """The players seated round the table (see `arrange`): you at the bottom, the others
    clockwise from your left, the dispute on the felt in the middle, the score table at an
    end of a row or side; tiles as large as the board allows."""

    players: int

    @cached_property
    def small(self) -> float:
        """Score table, dispute caption and labels."""
        return self.font * SMALL_TEXT

    @cached_property
    def label(self) -> float:
        """Seat names."""
        return self.font * LABEL_TEXT

    @cached_property
    def board(self) -> tuple[float, float, float, float]:
        """Left, top, right and bottom of the room for the table."""
        bottom = self.height - self.margin - self.status_height
        return self.margin, self.header, self.width - self.margin, bottom

    @cached_property
    def metrics(self) -> Metrics:
        left, top, right, bottom = self.board
        return Metrics(
            self.players, self.label, self.small, right - left, bottom - top, self.font * MAX_TILE
        )

    @cached_property
    def plan(self) -> Arrangement:
        return arrange(self.metrics)

    @cached_property
    def tile(self) -> float:
        return self.plan.tile

    @cached_property
    def dispute_tile(self) -> float:
        return self.tile * DISPUTE_SCALE

    @cached_property
    def caption(self) -> float:
        return self.metrics.caption(self.tile)

    @cached_property
    def _places(self) -> tuple[dict[int, tuple[float, float]], tuple[float, float, float, float]]:
        """The top left of each seat (by order) and of the table (TABLE), and the felt's
        left, top, width and height. The sides hug the board's edges, their seats spread
        from top to bottom; the rows spread across the middle; the felt takes the rest."""
        m, tile, plan = self.metrics, self.tile, self.plan
        left, top, right, bottom = self.board
        gap = m.gap(tile)
        widths, _ = spans(m, plan, tile)
        places: dict[int, tuple[float, float]] = {}

        def spread(start: float, room: float, sizes: list[float]) -> list[float]:
            if len(sizes) == 1:
                return [start + (room - sizes[0]) / 2]
            step = (room - sum(sizes)) / (len(sizes) - 1)
            return [start + sum(sizes[:k]) + step * k for k in range(len(sizes))]

        for name, x_of in (("L", lambda w: left), ("R", lambda w: right - w)):
            seats = plan.region(name)
            sizes = region_sizes(m, plan, tile, name)
            tops = spread(top, bottom - top, [h for _, h in sizes])
            for seat, (w, _), y in zip(seats, sizes, tops, strict=True):
                places[seat] = (x_of(w), y)
        middle_left = left + (widths[0] + gap if widths[0] else 0)
        middle_right = right - (widths[2] + gap if widths[2] else 0)
        felt_top, felt_bottom = top, bottom
        for name in ("T", "B"):
            seats = plan.region(name)
            sizes = region_sizes(m, plan, tile, name)
            if not sizes:
                continue
            row = max(h for _, h in sizes)
            lefts = spread(middle_left, middle_right - middle_left, [w for w, _ in sizes])
            for seat, (_, h), x in zip(seats, sizes, lefts, strict=True):
                places[seat] = (x, top if name == "T" else bottom - h)
            if name == "T":
                felt_top = top + row + gap
            else:
                felt_bottom = bottom - row - gap
        felt = (middle_left, felt_top, middle_right - middle_left, felt_bottom - felt_top)
        return places, felt

    @cached_property
    def felt(self) -> tuple[float, float, float, float]:
        return self._places[1]

    def seat_block(self, order: int) -> tuple[int, int]:
        return self.plan.blocks[order]

    def label_place(self, order: int) -> tuple[float, float]:
        """The left of a seat's name and its row's middle."""
        x, y = self._places[0][order]
        return x, y + self.label * NAME_MIDDLE

    def tile_box(self, order: int, index: int) -> tuple[float, float, float]:
        """The left, the vertical middle and the side of a seat's tile in slot `index`."""
        x, y = self._places[0][order]
        cols, _ = self.seat_block(order)
        tile = self.tile
        top = y + self.metrics.label_row(tile)
        col, row = index % cols, index // cols
        return x + col * tile * (1 + GAP_X), top + row * tile * (1 + GAP_Y) + tile / 2, tile

    def tile_at(self, x: float, y: float, order: int, count: int) -> int | None:
        """The slot of the seat drawn `order`-th whose tile lies under a point."""
        for index in range(count):
            left, middle, size = self.tile_box(order, index)
            if left <= x <= left + size and abs(y - middle) <= size / 2:
                return index
        return None

    @cached_property
    def dispute_y(self) -> float:
        """The middle of the dispute's tiles: under the caption, with the names under them."""
        _, top, _, height = self.felt
        size, caption = self.dispute_tile, self.caption
        below = top + caption * CAPTION_ROW
        content = size * (1 + 2 * PLATE) + caption * NAMES_ROW
        return below + (top + height - below - content) / 2 + size * (0.5 + PLATE)

    @cached_property
    def dispute_label_y(self) -> float:
        return self.dispute_y + self.dispute_tile * (0.5 + PLATE) + self.caption * DISPUTE_NAME

    def dispute_x(self, index: int) -> float:
        """The left of the dispute's `index`-th tile: a whole dispute centred on the felt."""
        x, _, width, _ = self.felt
        pitch = self.metrics.pitch(self.tile)
        span = (self.players - 1) * pitch + self.dispute_tile
        return x + (width - span) / 2 + index * pitch

    @cached_property
    def table_origin(self) -> tuple[float, float]:
        return self._places[0][TABLE]

    @cached_property
    def column(self) -> float:
        return text_width("Sum", self.small) + self.small

    @cached_property
    def name_column(self) -> float:
        return text_width("Seat 5", self.small) + self.small


def export_size(rules: TilesRules, width: int) -> tuple[int, int]:
    """`width` wide, or wider where the tiles would be too small for their labels."""
    width = max(width, MIN_EXPORT_WIDTH)
    while True:
        height = round(width * (EXPORT_SHAPE + EXPORT_SHAPE_PER_PLAYER * rules.players))
        probe = layout_for(rules.players, width, height, STATUS_LINES)
        if tile_text_size(probe.tile) >= MIN_TILE_TEXT:
            return width, height
        width += EXPORT_WIDENING


@lru_cache(maxsize=64)
def layout_for(
    players: int, width: int, height: int, lines: int, max_font: float = math.inf
) -> TilesLayout:
    return TilesLayout(
        players,
        width=width,
        height=height,
        status_lines=lines,
        max_font=max_font,
        legend_lines=legend_lines(width, max_font),
    )


def tile_text_size(size: float) -> float:
    """The size of a tile's label: half the tile, or less where the widest label would
    fill more than LABEL_FILL of it."""
    return min(size * 0.5, size * LABEL_FILL / text_width("P10", 1))
