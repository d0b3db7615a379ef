"""Motion, marks and hover in real windows on Xvfb, driven by real input (xdotool), checked
on screenshots: what a person sees between a click and the settled picture."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
from PIL import ImageGrab
from support.xsession import wait_until

from games import REGISTRY
from games.load import Pick
from viz.scenes.shapes import Rect, hex_rgb
from viz.window.app import GameApp
from viz.window.load import LoadWindow
from viz.window.loops import LoopsWindow
from viz.window.settings import Settings
from viz.window.tiles import TilesWindow

pytestmark = pytest.mark.x11
SIZE = (980, 720)


def drawn_off_screen(make, setup=lambda app: None):
    """The picture a window of SIZE shows, built headless with the same code: where to
    point and what to expect."""
    app = make(Settings(path=None))
    try:
        setup(app)
        app.frame(16)
        return app.board.drawn, app
    finally:
        app.close()


def grabber(window):
    """Screenshots of a region of the window, fast enough to catch a 220 ms motion."""
    found = window.geometry()

    def grab(box):
        left, top, right, bottom = box
        area = (found["X"] + left, found["Y"] + top, found["X"] + right, found["Y"] + bottom)
        return ImageGrab.grab(bbox=area, xdisplay=window.server.display).convert("RGB").tobytes()

    return grab


def pictures_until(window, action, box, settled, patience=10.0):
    """Every distinct picture of `box` from just before `action` until one is `settled`
    (the end of the change: an event, not a time; `patience` only keeps a broken window
    from hanging the test)."""
    grab = grabber(window)
    seen = [grab(box)]
    action()
    give_up = time.monotonic() + patience
    while not settled(seen[-1]) and time.monotonic() < give_up:
        picture = grab(box)
        if picture != seen[-1]:
            seen.append(picture)
    return seen


def load_app(settings):
    game = REGISTRY["load"]
    return GameApp(LoadWindow, game, game.rules({}), seed=5, size=SIZE, settings=settings)


def test_a_click_shows_in_between_pictures_before_the_final_one(open_window):
    scene, app = drawn_off_screen(load_app)
    cell = scene.by_key()["red-20"]
    box = (round(cell.x), round(cell.y), round(cell.x + cell.w), round(cell.y + cell.h))
    window = open_window("watch", "--seed", "5")
    window.move(round(cell.x + cell.w / 2), round(cell.y + cell.h / 2))
    time.sleep(0.3)  # the hover mark settles first
    red = bytes(hex_rgb("#b0001d"))

    def filled(picture):  # the half is red: the change has ended
        return picture.count(red) > len(picture) // 3 * 0.5

    seen = pictures_until(window, lambda: window.xdotool("click", "1"), box, filled)
    assert window.wait_for_events(1) == [{"player": 1, "cell": 20}]
    # The empty half, at least one in-between, then red filling the half.
    assert len(seen) >= 3, f"{len(seen)} pictures"
    assert filled(seen[-1]) and not filled(seen[0])


@pytest.mark.slow
def test_the_red_a_green_pick_clears_is_marked_after_it(open_window):
    def after_picks(app):
        app.play(Pick(1, 20))
        app.play(Pick(2, 7))

    scene, _ = drawn_off_screen(load_app, after_picks)
    mark = scene.by_key()["cleared-red-20"]  # the dashed bracket around red 20
    window = open_window("watch", "--seed", "5")
    for key in ("red-20", "green-7"):
        target = drawn_off_screen(load_app)[0].by_key()[key]
        window.click(round(target.x + target.w / 2), round(target.y + target.h / 2))
    assert len(window.wait_for_events(2)) == 2
    (x0, y0), (x1, _) = mark.points[1], mark.points[2]  # its top, dashed
    ink = hex_rgb("#222222")

    def marked():
        shot = window.screenshot()
        return any(
            max(abs(a - b) for a, b in zip(shot.getpixel((x, round(y0))), ink, strict=True)) < 40
            for x in range(round(x0), round(x1))
        )

    assert wait_until(marked, 2)


def hovered_changes(window, point, box):
    grab = grabber(window)
    window.move(0, 0)
    time.sleep(0.3)
    before = grab(box)
    window.move(*point)
    return wait_until(lambda: grab(box) != before, 2)


@pytest.mark.slow
def test_hover_changes_the_picture_of_a_ring_and_of_a_tile(open_window):
    def loops_app(settings):
        game = REGISTRY["loops"]
        return GameApp(
            LoopsWindow, game, game.rules({}), vs="human", seed=3, size=SIZE, settings=settings
        )

    scene, _ = drawn_off_screen(loops_app)
    slot = scene.by_key()["slot-left-0"]
    reach = slot.r * 1.7
    box = tuple(
        round(v) for v in (slot.cx - reach, slot.cy - reach, slot.cx + reach, slot.cy + reach)
    )
    window = open_window("play", "loops", "--vs", "human", "--seed", "3")
    assert hovered_changes(window, (round(slot.cx), round(slot.cy)), box)
    window.close()

    def tiles_app(settings):
        game = REGISTRY["tiles"]
        return GameApp(TilesWindow, game, game.rules({}), seed=4, size=SIZE, settings=settings)

    scene, app = drawn_off_screen(tiles_app)
    tile = next(
        shape
        for shape in scene.shapes
        if isinstance(shape, Rect)
        and shape.key.startswith("tile-")
        and app.game_window.clickable_at(
            (round(shape.x + shape.w / 2), round(shape.y + shape.h / 2))
        )
    )
    box = (
        round(tile.x - 8),
        round(tile.y - 8),
        round(tile.x + tile.w + 8),
        round(tile.y + tile.h + 8),
    )
    window = open_window("play", "tiles", "--seed", "4")
    assert hovered_changes(window, (round(tile.x + tile.w / 2), round(tile.y + tile.h / 2)), box)


@pytest.mark.slow
def test_saving_a_six_player_game_leaves_the_window_answering(open_window, tmp_path):
    recording = tmp_path / "six.jsonl"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "viz",
            "record",
            "tiles",
            "--players",
            "6",
            "--seed",
            "2",
            "-o",
            str(recording),
        ],
        check=True,
        capture_output=True,
    )
    # Four animations of 160 turns: a save that outlasts the keys pressed during it.
    window = open_window("replay", str(recording), "--formats", "gif,svg,webp,apng")
    window.key("End")
    grab = grabber(window)
    box = (0, 0, SIZE[0] - 210, SIZE[1])

    def answer_keys() -> None:
        """Five one-turn keys, each answered by a changed picture before the next."""
        for key in ("Left", "Left", "Right", "Left", "Right"):
            before = grab(box)
            window.xdotool("key", key)
            assert wait_until(lambda shown=before: grab(box) != shown, 5, step=0.005), key
            time.sleep(0.4)  # the motion ends

    window.key("g", pause=0.05)  # the save starts
    answer_keys()
    # Every key was answered while the save still ran: none waited for it to end.
    assert not list(window.out.glob("*.webp")), "the save was over before the keys"
    assert wait_until(lambda: len(list(window.out.glob("*.webp"))) == 1, 120)
