"""Large and odd Load boards in the window (issue 30, item 10), driven headless by real
pygame events and checked on state and pixels: no text under the exports' 9 px floor; a
board too large for its room at that size scrolls by the wheel and the keys, with a bar
that says where the view lies; what you act on is brought into view."""

from __future__ import annotations

import pygame
import pytest
from support.a11y import piece_contrast, simulate

from games import REGISTRY
from games.load import Pick
from viz.scenes.common import MIN_EXPORT_TEXT
from viz.scenes.load import PALETTES, least_cell
from viz.scenes.shapes import Text, contrast
from viz.scenes.viewport import BAR, BAR_GAP, COVER
from viz.window.app import GameApp
from viz.window.load import LoadWindow
from viz.window.settings import Settings
from viz.window.theme import HOVER_INK

GAME = REGISTRY["load"]
BIG = (20, 20)


@pytest.fixture
def open_load(tmp_path):
    opened = []

    def open_(rows: int, cols: int, size: tuple[int, int] = (980, 720)) -> GameApp:
        rules = GAME.rules({"rows": rows, "cols": cols})
        app = GameApp(
            LoadWindow, GAME, rules, seed=5, out_dir=tmp_path, size=size, settings=Settings(None)
        )
        opened.append(app)
        app.frame(16)
        return app

    yield open_
    for app in opened:
        app.close()


def run(app, frames=2):
    for _ in range(frames):
        app.frame(16)


def post(*events):
    for event in events:
        pygame.event.post(event)


def press(app, key, mod=pygame.KMOD_NONE):
    pygame.key.set_mods(mod)
    post(
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
        pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0),
    )
    run(app)
    pygame.key.set_mods(pygame.KMOD_NONE)


def type_digits(app, digits):
    for digit in digits:
        press(app, getattr(pygame, f"K_{digit}"))


def point_at(app, pos):
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    run(app)


def wheel(app, notches, across=0):
    post(pygame.event.Event(pygame.MOUSEWHEEL, x=across, y=notches, flipped=False))
    run(app)


def centre(app, cell):
    x, y, side = app.game_window.layout().cell_box(cell)
    return x + side // 2, y + side // 2


def in_view(app, cell):
    x, y, side = app.game_window.layout().cell_box(cell)
    left, top, right, bottom = app.game_window.layout().view.pixels
    return left <= x and x + side <= right and top <= y and y + side <= bottom


@pytest.mark.parametrize("board", [(20, 20), (1, 20), (20, 1)])
@pytest.mark.parametrize("size", [(980, 720), (640, 480)])
def test_no_text_of_the_window_is_under_the_floor_and_every_cell_keeps_its_number(
    open_load, board, size
):
    """At 980x720 a 20x20 board had 5 px numbers, 1x20 8 px, 20x1 5 px; at 640x480 a
    20x20 board's cells were too small for numbers at all."""
    app = open_load(*board, size)
    scene = app.game_window.scene()
    sizes = [shape.size for shape in scene.shapes if isinstance(shape, Text) and shape.text]
    assert min(sizes) >= MIN_EXPORT_TEXT
    numbers = {shape.key for shape in scene.shapes if shape.key.startswith("number-")}
    assert numbers == {f"number-{cell}" for cell in range(board[0] * board[1])}


def test_a_one_by_twenty_board_takes_the_width_it_is_given(open_load):
    """At 980x720 the room is 770 px less two margins of 21.6: 726 px, 36 cells of 20:
    all of the board in view, no scrolling, its numbers 9 px."""
    app = open_load(1, 20)
    layout = app.game_window.layout()
    left, _, right, _ = layout.view.pixels
    assert layout.cell == int((right - left) / 20) == 36
    assert not layout.view.scrolls
    assert app.game_window.scene().by_key()["number-19"].size == MIN_EXPORT_TEXT


def test_the_smallest_cell_holds_its_number_and_room_for_the_marks():
    """ "399" at 9 px is 17.2 px wide: a 20 px plate, and 5 px each side for the frames and
    brackets: 30 px. "19": 11.5 px, a 14 px plate: 24 px (the plate's 12 px height less)."""
    assert least_cell(400) == 30
    assert least_cell(20) == 24


def test_the_wheel_scrolls_a_board_too_large_for_its_room(open_load):
    """20x20 at 980x720: 30 px cells make a 600 px board in a room about 440 px high; a
    notch of the wheel is a row of cells."""
    app = open_load(*BIG)
    view = app.game_window.layout().view
    assert app.game_window.layout().cell == 30 and view.overflow[0] == 0 and view.overflow[1] > 0
    spot = centre(app, 45)  # row 2, column 5
    point_at(app, spot)
    wheel(app, -3)  # three notches towards you: down the board
    assert app.game_window.layout().view.offset == (0, 90)
    assert app.game_window.layout().cell_at(*spot) == 105  # three rows on, under the same spot
    wheel(app, 1)
    assert app.game_window.layout().cell_at(*spot) == 85
    wheel(app, -100)
    view = app.game_window.layout().view
    assert view.offset == (0, view.overflow[1]) and in_view(app, 399)  # it stops at the end
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1))
    run(app)
    assert app.state.last == Pick(
        1, app.game_window.layout().cell_at(*spot)
    )  # a click picks what it shows


def test_the_keys_scroll_by_a_row_and_a_page_and_across_with_shift(open_load):
    app = open_load(*BIG, (640, 480))
    view = app.game_window.layout().view
    assert all(view.overflow)  # 600 px each way in a 404 x 280 px room or so
    app.game_window.scroll = (0, 0)
    run(app)
    press(app, pygame.K_DOWN)
    assert app.game_window.layout().view.offset == (0, 30)
    press(app, pygame.K_PAGEDOWN)  # the room's height less a row
    page = round((view.room[1] / 30 - 1) * 30)
    assert app.game_window.layout().view.offset == (0, 30 + page)
    press(app, pygame.K_DOWN, pygame.KMOD_SHIFT)
    press(app, pygame.K_DOWN, pygame.KMOD_SHIFT)
    assert app.game_window.layout().view.offset == (60, 30 + page)
    press(app, pygame.K_PAGEUP)
    press(app, pygame.K_UP)
    assert app.game_window.layout().view.offset == (60, 0)
    press(app, pygame.K_UP)  # at the top it stays
    assert app.game_window.layout().view.offset == (60, 0)


def test_a_typed_cell_and_a_move_out_of_view_are_brought_into_view(open_load):
    app = open_load(*BIG)
    assert not in_view(app, 399)
    type_digits(app, "399")
    assert in_view(app, 399) and app.game_window.typed == "399"
    press(app, pygame.K_RETURN)
    assert app.state.last == Pick(1, 399)
    press(app, pygame.K_PAGEUP)
    press(app, pygame.K_PAGEUP)
    assert app.game_window.layout().view.offset == (0, 0) and not in_view(app, 398)
    app.play(Pick(2, 398))  # as Step or Loop plays green: its pair 398+399, out of view
    run(app)
    assert in_view(app, 398) and in_view(app, 399)


def test_the_bar_says_where_the_view_lies_and_stands_out(open_load):
    """The thumb is as long as the room is of the board, and as far down its track as the
    view is scrolled; on the screen, in the palette's muted ink, at 3:1 and more."""
    app = open_load(*BIG)
    app.game_window.scroll = (0, 0)
    run(app)
    view = app.game_window.layout().view
    left, top, right, bottom = view.pixels
    room, overflow = view.room[1], view.overflow[1]
    length = room * room / 600
    x = round(min(right, view.origin[0] + 600) + BAR_GAP + BAR / 2)
    muted = tuple(PALETTES["default"].colors["muted"])
    assert tuple(app.screen.get_at((x, round(top + length / 2))))[:3] == muted
    point_at(app, centre(app, 45))
    wheel(app, -100)  # to the end: the thumb at the track's end
    assert tuple(app.screen.get_at((x, round(bottom - length / 2))))[:3] == muted
    assert tuple(app.screen.get_at((x, round(top + 3))))[:3] != muted
    for name in PALETTES:
        app.settings.palette = name
        scene = app.game_window.scene()
        thumb = [i for i, s in enumerate(scene.shapes) if s.key == f"{COVER}down-thumb"]
        assert thumb and piece_contrast(scene, thumb[0])[0] >= 3, name
        for vision in ("deuteranopia", "protanopia", "tritanopia"):
            seen = [simulate(scene.rgb(c), vision) for c in ("muted", "canvas")]
            assert contrast(*seen) >= 3, (name, vision)
    assert overflow > 0


def test_a_cell_partly_in_view_is_marked_only_where_it_shows(open_load):
    """The pointer on the visible part of the last row in view: its hover mark is drawn
    under the cover, so nothing of it shows below the room."""
    app = open_load(*BIG)
    app.game_window.scroll = (0, 0)
    run(app)
    view = app.game_window.layout().view
    _, _, _, bottom = view.pixels
    cut = next(
        c for c in range(0, 400, 20) if app.game_window.layout().cell_box(c)[1] + 30 > bottom
    )
    x, y, _ = app.game_window.layout().cell_box(cut)
    point_at(app, (x + 15, round((y + bottom) / 2)))
    picture = app.board.drawn
    keys = [shape.key for shape in picture.shapes]
    assert any(key.startswith("hover-") for key in keys)
    assert max(i for i, k in enumerate(keys) if k.startswith("hover-")) < keys.index(f"{COVER}top")
    ink = pygame.Color(HOVER_INK)[:3]
    below = [
        tuple(app.screen.get_at((px, py)))[:3]
        for px in range(x, x + 30)
        for py in range(round(bottom) + 1, y + 31)
    ]
    assert ink not in below


def test_the_bar_is_dragged_and_a_press_on_it_never_passes(open_load):
    """A press in the middle of the track puts the thumb's middle there: half way down the
    board; dragged to the track's end, the board's end. Green to move, a click on the bar
    scrolls and does not pass, as a click elsewhere off the grid does."""
    app = open_load(*BIG)
    app.play(Pick(1, 0))
    run(app)
    view = app.game_window.layout().view
    left, top, right, bottom = view.track(1)
    x, middle = round((left + right) / 2), round((top + bottom) / 2)
    post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, middle), button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, middle), button=1),
    )
    run(app)
    assert abs(app.game_window.layout().view.offset[1] - view.overflow[1] / 2) <= 1
    assert app.state.to_move == 2 and len(app.history) == 1  # no pass
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, middle), button=1))
    for y in range(middle, round(bottom) + 40, 10):
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 10), buttons=(1, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, round(bottom) + 40), button=1))
    run(app)
    assert app.game_window.layout().view.offset[1] == view.overflow[1]
    assert len(app.history) == 1
