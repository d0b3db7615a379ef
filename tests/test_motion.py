"""Motion: the in-between pictures of a change, by hand-worked shapes and in the windows."""

from dataclasses import replace

import pygame
import pytest

from games import REGISTRY
from games.load import Pick
from games.loops import Place
from viz.scenes.load import PALETTE
from viz.scenes.motion import DROP_RADII, HOLD, Motion, ease_out
from viz.scenes.shapes import Circle, Rect, Ring, Scene, Text, frame
from viz.window.app import GameApp
from viz.window.controls import switch_motion
from viz.window.load import LoadWindow
from viz.window.loop import FPS, FRAME_MS
from viz.window.loops import LoopsWindow
from viz.window.playback import FASTEST_MOVING_SPEED, MOTION_MS, SPEEDS
from viz.window.settings import Settings


def scene(*shapes):
    return Scene(100, 100, "canvas", PALETTE, tuple(shapes))


def halfway(before, after, progress=0.5):
    return Motion(scene(*before), 100, elapsed_ms=100 * progress).picture(scene(*after)).shapes


def test_a_vacant_box_that_is_taken_fills_in_from_its_centre():
    empty, taken = Rect("red-1", 0, 0, 40, 20, "cell"), Rect("red-1", 0, 0, 40, 20, "red")
    under, growing = halfway([empty], [taken])
    scale = ease_out(0.5)  # 0.75
    assert under == empty
    assert growing.fill == "red" and growing.w == pytest.approx(40 * scale)
    assert growing.x == pytest.approx((40 - 40 * scale) / 2)  # centred on the cell


def test_a_disc_placed_in_a_slot_drops_in_from_above():
    slot, piece = Circle("slot-left-0", 50, 50, 10, "slot"), Circle("slot-left-0", 50, 50, 10, "p0")
    under, falling = halfway([slot], [piece])
    assert under == slot
    assert falling.cy == pytest.approx(50 - (1 - ease_out(0.5)) * DROP_RADII * 10)
    assert halfway([slot], [piece], 0.0)[1].cy == pytest.approx(50 - DROP_RADII * 10)


def test_a_flipped_disc_turns_on_its_edge_and_opens_in_its_new_colour():
    blue, gold = Circle("slot-left-0", 50, 50, 10, "p0"), Circle("slot-left-0", 50, 50, 10, "p1")
    (quarter,) = halfway([blue], [gold], 0.25)
    (three_quarters,) = halfway([blue], [gold], 0.75)
    assert quarter.fill == "p0" and quarter.w == pytest.approx(10)  # half of its 20 px width
    assert three_quarters.fill == "p1" and three_quarters.w == pytest.approx(10)
    assert halfway([blue], [gold], 0.5)[0].w == pytest.approx(0)


def test_a_cleared_box_keeps_its_colour_a_moment_then_dims():
    red, dim = Rect("red-3", 0, 0, 40, 20, "red"), Rect("red-3", 0, 0, 40, 20, "red-dim")
    assert halfway([red], [dim], HOLD / 2) == (red,)
    old, dimming = halfway([red], [dim], (1 + HOLD) / 2)
    assert old == red and dimming.fill == "red-dim" and 0 < dimming.w < 40


def test_a_tile_travels_with_its_number_and_new_words_show_at_once():
    hand = [Rect("tile-7", 0, 80, 20, 20, "blue"), Text("tile-7-value", 10, 90, "7", 9, "ink")]
    table = [Rect("tile-7", 60, 20, 30, 30, "blue"), Text("tile-7-value", 75, 35, "7", 9, "ink")]
    tile, number = halfway(hand, table)
    step = ease_out(0.5)
    assert (tile.x, tile.y, tile.w) == pytest.approx((60 * step, 80 - 60 * step, 20 + 10 * step))
    assert (number.x, number.y) == pytest.approx((10 + 65 * step, 90 - 55 * step))
    label = halfway(
        [Text("tile-7-value", 10, 90, "R?", 9, "ink")],
        [Text("tile-7-value", 75, 35, "R7", 9, "ink")],
    )
    assert label[0].text == "R7" and label[0].x == pytest.approx(10 + 65 * step)
    status = halfway(
        [Text("status", 5, 5, "Red to move", 9, "ink")], [Text("status", 5, 5, "Green", 9, "ink")]
    )
    assert status[0].text == "Green"


def test_a_new_mark_closes_in_and_a_gone_piece_shrinks_away():
    ring = Ring("latest", 50, 50, 10, "marker", 2)
    (arriving,) = halfway([], [ring], 0.0)
    assert arriving.r == pytest.approx(20) and arriving.width == pytest.approx(4)
    piece = Circle("slot-left-6", 50, 50, 10, "p0")
    (leaving,) = halfway([piece], [], 0.5)
    assert leaving.r == pytest.approx(10 * (1 - ease_out(0.5)))


def test_the_end_of_a_motion_is_the_picture_itself():
    before = scene(Rect("red-1", 0, 0, 40, 20, "cell"))
    after = scene(Rect("red-1", 0, 0, 40, 20, "red"))
    motion = Motion(before, 100, elapsed_ms=100)
    assert motion.done and motion.picture(after) is after
    resized = Scene(200, 100, "canvas", PALETTE, after.shapes)
    assert Motion(before, 100).picture(resized) is resized  # no motion across a resize


def test_a_box_filling_in_grows_by_a_pixel_or_more_every_frame_of_its_first_200_ms():
    """A Load cell's half is 60 px wide in the default window. Each display frame of the
    first 200 ms of its 220 ms change must show it wider, or the change looks as if it
    stopped early: between 183 and 200 ms a cubic ease-out grew it by 0.2 px, a quadratic
    by 1.2 px (60 x (1/6² - 1/11²))."""
    empty, taken = Rect("red-1", 0, 0, 60, 30, "cell"), Rect("red-1", 0, 0, 60, 30, "red")
    frames = range(200 * FPS // 1000 + 1)  # 0 ms, 16.7 ms, ... 200 ms into the change
    motions = [Motion(scene(empty), 220, elapsed_ms=n * FRAME_MS) for n in frames]
    widths = [motion.picture(scene(taken)).shapes[-1].w for motion in motions]
    assert all(wider - width >= 1 for width, wider in zip(widths, widths[1:], strict=False))


# --- in the windows ------------------------------------------------------------------


def settings(tmp_path, motion):
    chosen = Settings(tmp_path / "settings.json")
    chosen.motion = motion
    return chosen


@pytest.fixture
def load_app(tmp_path):
    def make(motion="on"):
        game = REGISTRY["load"]
        window = GameApp(
            LoadWindow, game, game.rules({}), seed=5, settings=settings(tmp_path, motion)
        )
        window.frame(16)
        opened.append(window)
        return window

    opened = []
    yield make
    for window in opened:
        window.close()


def cell_pixel(app, cell):
    x, y, side = app.game_window.layout().cell_box(cell)
    return tuple(app.screen.get_at((x + side // 2, y + side // 4)))[:3]


def test_a_pick_in_the_window_fills_in_over_several_frames(load_app):
    app = load_app()
    x, y, side = app.game_window.layout().cell_box(20)
    empty = cell_pixel(app, 20)
    app.play(Pick(1, 20))
    pictures = []
    for _ in range(MOTION_MS // 16 + 2):
        app.frame(16)
        pictures.append(pygame.image.tobytes(app.screen.subsurface((x, y, side, side)), "RGB"))
    assert len(set(pictures)) >= 3  # the empty cell, in-betweens, the red cell
    assert app.board.motion is None and cell_pixel(app, 20) == PALETTE.colors["red"] != empty


def pick_pictures(tmp_path, dt_ms):
    """The board of a Load window frame by frame, each frame `dt_ms` after the one before,
    from the frame that plays red's pick of cell 20 until the one that settles it."""
    game = REGISTRY["load"]
    app = GameApp(LoadWindow, game, game.rules({}), seed=5, settings=settings(tmp_path, "on"))
    try:
        app.frame(dt_ms)
        board = app.screen.subsurface((0, 0, app.board_width(), app.board_height()))
        pictures = [pygame.image.tobytes(board, "RGB")]
        app.play(Pick(1, 20))
        while len(pictures) == 1 or app.board.motion is not None:
            app.frame(dt_ms)
            pictures.append(pygame.image.tobytes(board, "RGB"))
        return pictures
    finally:
        app.close()


def test_a_machine_too_busy_to_keep_the_display_rate_still_shows_every_picture(tmp_path):
    """Frames that come three display frames apart (other programs have the cores) show
    the same pictures of a change as frames on time, each one step on: none is skipped."""
    on_time = pick_pictures(tmp_path, FRAME_MS)
    # The picture before, the change at 0, 16.7, ... 216.7 ms (14 frames), the settled one.
    assert len(on_time) == 1 + 14 + 1
    assert pick_pictures(tmp_path, 3 * FRAME_MS) == on_time


def test_reduced_motion_shows_the_pick_at_once_and_the_setting_is_kept(load_app, tmp_path):
    app = load_app(motion="reduced")
    app.play(Pick(1, 20))
    app.frame(16)
    assert app.board.motion is None and cell_pixel(app, 20) == PALETTE.colors["red"]
    switch_motion(app)
    assert Settings.load(tmp_path / "settings.json").motion == "on"
    assert app.message == "Motion on"


def test_loop_fits_motion_into_its_beat_and_skips_it_when_fast(load_app):
    app = load_app()
    app.playback.set_speed(SPEEDS.index(8))
    app.mode.toggle_loop()
    app.frame(126)  # one beat at 8 turns a second
    assert app.board.motion is not None and app.board.motion.duration_ms == pytest.approx(100)
    faster = next(speed for speed in SPEEDS if speed > FASTEST_MOVING_SPEED or speed == 0)
    app.playback.set_speed(SPEEDS.index(faster))
    app.frame(60)
    app.frame(60)
    assert app.board.motion is None


def test_a_new_game_and_a_jump_snap_into_place(load_app):
    app = load_app()
    app.play(Pick(1, 20))
    app.frame(400)
    app.new_game()
    app.frame(16)
    assert app.board.motion is None


def test_a_placed_piece_drops_in_in_the_loops_window(tmp_path):
    game = REGISTRY["loops"]
    app = GameApp(
        LoopsWindow, game, game.rules({}), vs="human", seed=1, settings=settings(tmp_path, "on")
    )
    try:
        app.frame(16)
        app.play(Place(0, 0))
        app.frame(16)
        app.frame(16)
        moving = {shape.key: shape for shape in app.board.drawn.shapes if isinstance(shape, Circle)}
        final = app.game_window.scene().by_key()
        assert moving["slot-left-0"].cy < final["slot-left-0"].cy  # still above its slot
        for _ in range(MOTION_MS // 16):  # the rest of the motion: a step a frame
            app.frame(16)
        app.frame(16)
        assert app.board.drawn.shapes == app.game_window.scene().shapes
    finally:
        app.close()


@pytest.mark.parametrize("game_id", ["load", "loops", "tiles"])
def test_painting_only_what_changed_leaves_the_picture_a_full_painting_gives(game_id, tmp_path):
    """A window paints each frame only where the picture changed; after moves in motion,
    hovers and a resize, its board is pixel for pixel the picture painted whole."""
    from viz.window import WINDOWS, render_pygame

    game = REGISTRY[game_id]
    options = {"vs": "human"} if game_id == "loops" else {}
    rules = game.rules({"players": 4} if game_id == "tiles" else {})
    app = WINDOWS[game_id].open(
        game, rules, seed=3, settings=settings(tmp_path, "on"), size=(980, 720), **options
    )
    try:
        for turn in range(12):
            app.mode.step()
            for frame in range(5):
                point = (100 + 37 * turn + 11 * frame, 150 + 23 * frame)
                pygame.event.post(
                    pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
                )
                app.frame(50)
            if turn == 6:
                app.window.size = (900, 700)
                pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=900, y=700))
        app.frame(16)
        whole = pygame.Surface(app.screen.get_size())
        render_pygame.Painter().paint(whole, (0, 0), app.board.drawn)
        board = pygame.Rect(0, 0, app.board.drawn.width, app.board.drawn.height)
        painted = pygame.image.tobytes(app.screen.subsurface(board), "RGB")
        assert painted == pygame.image.tobytes(whole.subsurface(board), "RGB")
        listing, _ = app.move_list.drawn  # the move list too
        whole = pygame.Surface(listing.size)
        render_pygame.Painter().paint(whole, (0, 0), app.move_list.painter.shown)
        painted = pygame.image.tobytes(app.screen.subsurface(listing), "RGB")
        assert painted == pygame.image.tobytes(whole, "RGB")
    finally:
        app.close()


def test_a_window_repaints_only_where_shapes_changed():
    from viz.window.render_pygame import changed_areas

    cell, other = Rect("cell", 30, 30, 20, 20, "red"), Rect("other", 70, 70, 20, 20, "red")
    mark = frame("mark", (28, 28, 52, 52), "ink", 2)
    assert changed_areas(scene(cell, other, mark), scene(cell, other, mark)) == []
    recoloured = changed_areas(scene(cell, other), scene(replace(cell, fill="green"), other))
    assert len(recoloured) == 1 and recoloured[0].contains(pygame.Rect(30, 30, 20, 20))
    assert not recoloured[0].colliderect(pygame.Rect(70, 70, 20, 20))
    moved = changed_areas(scene(cell, mark), scene(cell, replace(mark, width=3)))
    assert len(moved) == 1 and moved[0].contains(pygame.Rect(27, 27, 27, 27))
    swapped = changed_areas(scene(cell, mark), scene(mark, cell))  # what lies on what
    assert swapped == [pygame.Rect(0, 0, 100, 100)]


def test_a_dashed_ring_repainted_in_part_is_the_ring_painted_whole():
    """pygame's arcs put some pixels elsewhere under a clip: a ring beside a change must
    not lose dashes when only the change is repainted."""
    from viz.window.render_pygame import Painter

    target = pygame.Surface((100, 100))
    for step in range(40):
        radius, width = 8 + step * 0.7, 1 + step % 4
        ring = Ring("ring", 50 + step % 3 * 0.4, 50, radius, "ink", width)
        before = Rect("box", 50 + radius * 0.5, 40 + step % 5, 30, 25, "red")
        painter = Painter()
        painter.paint(target, (0, 0), scene(ring, before))
        painter.paint(target, (0, 0), scene(ring, replace(before, fill="green")))
        whole = pygame.Surface((100, 100))
        Painter().paint(whole, (0, 0), scene(ring, replace(before, fill="green")))
        shown, fresh = (pygame.image.tobytes(s, "RGB") for s in (target, whole))
        assert shown == fresh, f"ring of radius {radius}, width {width}"
