"""What a window draws beside and over a game's own picture: the move list in words, and
the banner that ends a game. Both are scenes like the board's, drawn by the same renderer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from viz.scenes.common import text_width, wrap_all
from viz.scenes.shapes import Palette, Rect, Scene, Shape, Text, frame

# The panel's colours (viz/assets/theme.json): ink on white, the current move in white on
# the theme's selected blue. Every text is at least 7:1 on what lies behind it.
PANEL_PALETTE = Palette.from_hex(
    {
        "panel": "#e6e1d6",
        "back": "#ffffff",
        "edge": "#6f695f",
        "ink": "#222222",
        "muted": "#575249",
        "current": "#1f3f73",
        "on-current": "#ffffff",
    },
    ("ink", "muted", "on-current"),
)
BANNER_BACK, BANNER_INK = "#ffffff", "#222222"  # 15.9:1, whatever the game's palette
LIST_FONT = 13.0
PAD = 6.0


@dataclass(frozen=True)
class MoveRow:
    turn: int
    top: float
    bottom: float


@dataclass(frozen=True)
class MoveListLayout:
    rows: tuple[MoveRow, ...]

    def turn_at(self, y: float) -> int | None:
        """The turn of the entry at height `y` (0 for the start), or None."""
        return next((row.turn for row in self.rows if row.top <= y < row.bottom), None)


def entry_text(turn: int, words: str, glyph: str = "") -> str:
    """One entry as the list shows it: "12. ?? Red picked 31"."""
    return f"{turn}. {glyph + ' ' if glyph else ''}{words}" if turn else "Start"


def move_list_scene(
    width: int,
    height: int,
    current: int,
    last: int,
    words: Callable[[int], str],
    font: float = LIST_FONT,
) -> Scene[MoveListLayout]:
    """Entries from turn 0 (the start) to `last`, the `current` one highlighted and in view.
    `words(turn)` gives an entry's text; only the entries that fit are asked for, so a
    list of a thousand turns costs what its visible rows cost."""
    line = font * 1.45
    budget = height - 2 * PAD
    wrapped: dict[int, tuple[str, ...]] = {}

    def rows_of(turn: int) -> float:
        if turn not in wrapped:
            wrapped[turn] = wrap_all(words(turn), width - 2 * PAD - font, font)
        return len(wrapped[turn]) * line

    first, final = current, current
    used = rows_of(current)
    while True:
        earlier = first > 0 and used + rows_of(first - 1) <= budget
        later = final < last and used + rows_of(final + 1) <= budget
        if not (earlier or later):
            break
        # Later entries get a third of the list at most, while earlier ones are left.
        if later and (not earlier or (final - current) * 2 < current - first):
            final += 1
            used += rows_of(final)
        else:
            first -= 1
            used += rows_of(first)
    entries = [(turn, wrapped[turn]) for turn in range(first, final + 1)]
    return _list_picture(width, height, entries, current, line, font)


def _list_picture(
    width: int,
    height: int,
    entries: Sequence[tuple[int, tuple[str, ...]]],
    current: int,
    line: float,
    font: float,
) -> Scene:
    shapes: list[Shape] = [Rect("list", 0, 0, width, height, "back")]
    layout_rows = []
    y = PAD
    for turn, lines in entries:
        bottom = y + len(lines) * line
        ink = "muted"
        if turn == current:
            shapes.append(Rect(f"current-{turn}", 2, y, width - 4, bottom - y, "current", 3))
            ink = "on-current"
        for index, text in enumerate(lines):
            x = PAD + (0 if index == 0 else font)  # a wrapped entry's later lines indent
            shapes.append(
                Text(f"entry-{turn}-{index}", x, y + (index + 0.5) * line, text, font, ink, "start")
            )
        layout_rows.append(MoveRow(turn, y, bottom))
        y = bottom
    shapes.append(frame("list-edge", (0.5, 0.5, width - 0.5, height - 0.5), "edge", 1))
    return Scene(
        width, height, "panel", PANEL_PALETTE, tuple(shapes), MoveListLayout(tuple(layout_rows))
    )


def banner_shapes(
    headline: str,
    reasons: Sequence[str],
    swatch: str | None,
    width: float,
    bottom: float,
    font: float,
    under: Sequence[Text] = (),
) -> list[Shape]:
    """A box that ends a game, over the status lines at the foot of a board (it says what
    they said, and more) and leaving the board in view: who won in large type, then why
    and more, a paragraph each. `swatch` is the winning side's colour, beside the headline.
    A text of `under` that the box would half hide it hides whole."""
    big = font * 1.3
    room = width * 0.9 - 4 * PAD
    lines = [(headline, big)]
    lines += [(line, font) for reason in reasons if reason for line in wrap_all(reason, room, font)]
    swatch_room = big * 1.4 if swatch else 0
    box_w = width - 4 * PAD  # the whole width: no status line shows beside it
    box_h = sum(size * 1.45 for _, size in lines) + 2 * PAD
    left, top = (width - box_w) / 2, bottom - box_h
    # Each line hidden whole may bring the edge into the line above it: until none is cut.
    while cut := [
        text.y - text.size for text in under if text.y - text.size < top < text.y + text.size
    ]:
        top = min(cut)
    box_h = bottom - top
    shapes: list[Shape] = [
        Rect("banner", left, top, box_w, box_h, BANNER_BACK, 8),
        frame("banner-edge", (left, top, left + box_w, top + box_h), BANNER_INK, 2),
    ]
    y = top + PAD
    for index, (text, size) in enumerate(lines):
        x = width / 2 + (swatch_room / 2 if index == 0 else 0)
        if index == 0 and swatch:
            side, start = big * 1.05, x - text_width(text, size) / 2 - big * 1.4
            shapes.append(Rect("banner-swatch", start, y + size * 0.2, side, side, swatch, 3))
        shapes.append(Text(f"banner-{index}", x, y + size * 0.725, text, size, BANNER_INK))
        y += size * 1.45
    return shapes
