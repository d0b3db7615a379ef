"""Where a window's parts go: the board on the left, the panel's column on the right with
the controls at its top and the move list under them."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from viz.window.panel import GAP, Control, natural_height

PANEL_WIDTH = 210
ROW = 40
MOVE_LIST_LEAST = 120  # px: the move list's height, whatever the controls above it want


def panel_column(screen: pygame.Surface) -> pygame.Rect:
    left = screen.get_width() - PANEL_WIDTH
    return pygame.Rect(left + 10, 0, PANEL_WIDTH - 20, screen.get_height())


def controls_column(screen: pygame.Surface, controls: Sequence[Control]) -> pygame.Rect:
    """The top of the panel's column: the controls at full size if the move list keeps
    its least height, else as much as that leaves."""
    column = panel_column(screen)
    room = column.height - MOVE_LIST_LEAST
    return column.clip(
        column.left, column.top, column.width, min(room, natural_height(controls, ROW) + 6)
    )


def move_list_rect(screen: pygame.Surface, controls_bottom: int) -> pygame.Rect:
    """The rest of the column, under the controls; empty where too little is left to be
    worth a list."""
    column, top = panel_column(screen), controls_bottom + GAP
    height = column.bottom - top - 10
    return pygame.Rect(column.left, top, column.width, height * (height >= MOVE_LIST_LEAST // 2))


def fill_around(
    screen: pygame.Surface, board: tuple[int, int], listing: pygame.Rect, color: tuple[int, ...]
) -> None:
    """Fill the window but for the board's picture (at its top left) and the move list."""
    width, height = screen.get_size()
    for area in around(pygame.Rect(board[0], 0, width - board[0], height), listing):
        screen.fill(color, area)
    screen.fill(color, (0, board[1], board[0], height - board[1]))


def around(outer: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """`outer` less `hole` (which lies inside it), as up to four rectangles."""
    return [
        pygame.Rect(outer.left, outer.top, outer.width, hole.top - outer.top),
        pygame.Rect(outer.left, hole.bottom, outer.width, outer.bottom - hole.bottom),
        pygame.Rect(outer.left, hole.top, hole.left - outer.left, hole.height),
        pygame.Rect(hole.right, hole.top, outer.right - hole.right, hole.height),
    ]
