"""Every window on a real X server, used through real mouse drags and key presses (xdotool).

Posted pygame events can arrive in orders no person produces; these tests go
through Xvfb, SDL's X11 driver and pygame_gui as a person's input does, and
assert on the live recording the window writes and on screenshots.
"""

from __future__ import annotations

import itertools
import statistics
import sys
import time
from pathlib import Path

import pytest
from support.xsession import XWindow, wait_until

from games import REGISTRY
from games.load import Pick
from viz.files import load_replay
from viz.scenes.load import PALETTE
from viz.window.app import GameApp
from viz.window.load import LoadWindow
from viz.window.loops import LoopsWindow
from viz.window.panel import Slider
from viz.window.settings import Settings
from viz.window.theme import PANEL_COLOR
from viz.window.tiles import TilesWindow

# Each window is used by hand in every run; the rest run with the slow tests (in CI).
pytestmark = pytest.mark.x11
SIZE = (980, 720)


def panel_map(make, size=SIZE, setup=None):
    """Where the controls of a window of `size` are: the same layout, drawn off screen.
    Returns each control's rect by its label (sliders by "slider-N", as their handles)."""
    app = make(size)
    try:
        if setup:
            setup(app)
        app.frame(16)
        found, sliders = {}, 0
        for item, element in zip(app.panel.items, app.panel.elements, strict=True):
            if isinstance(item, Slider):
                found[f"slider-{sliders}"] = element.sliding_button.rect.copy()
                found[f"track-{sliders}"] = element.rect.copy()
                sliders += 1
            else:
                found.setdefault(
                    getattr(item, "label", getattr(item, "text", "")), element.rect.copy()
                )
        return found
    finally:
        app.close()


def load_map(size=SIZE, load=None):
    game = REGISTRY["load"]

    def set_load(app):
        if load is not None:
            app.game_window.set_load(load)

    return panel_map(
        lambda s: GameApp(LoadWindow, game, game.rules({}), seed=1, size=s), size, set_load
    )


def drag_slider(window, places, number, to_right):
    handle, track = places[f"slider-{number}"], places[f"track-{number}"]
    end = track.right + 40 if to_right else track.x - 60
    window.drag(handle.center, (end, handle.centery))


def load_events(events):
    return [event["load"] for event in events if "load" in event]


@pytest.mark.slow
def test_dragging_the_load_handle_sets_8_at_the_right_end_and_3_at_the_left(open_window):
    window = open_window("watch", "--seed", "5")
    drag_slider(window, load_map(), 0, to_right=True)
    window.key("Right", "Right")  # red and green: the stage ends and the Load takes effect
    events = window.wait_for_events(3)
    assert load_events(events) == [8]
    assert load_replay(window.sessions()[-1]).final().load == 8
    drag_slider(window, load_map(load=8), 0, to_right=False)
    window.key("Right", "Right")
    events = window.wait_for_events(6)
    assert load_events(events) == [8, 3]
    assert load_replay(window.sessions()[-1]).final().load == 3


@pytest.mark.slow
def test_dragging_the_speed_handle_to_the_right_end_runs_at_max(open_window):
    window = open_window("watch", "--seed", "5")
    drag_slider(window, load_map(), 1, to_right=True)
    window.key("space")
    assert len(window.wait_for_events(20, timeout=30)) >= 20
    # the window's own times: at the right end a turn a frame, where the 4 a second it
    # starts at would put 250 ms between turns
    gaps = [later - earlier for earlier, later in itertools.pairwise(window.times()[:20])]
    assert statistics.median(gaps) < 1000 / 8


@pytest.mark.slow
def test_auto1_then_new_game_lets_red_pick_with_loop_off(open_window):
    window = open_window("watch", "--seed", "5")
    window.key("a", "n")
    events = window.wait_for_events(1, timeout=3)
    assert events and events[0]["player"] == 1
    assert len(window.sessions()) == 1  # the first game had no move, so it left no file


@pytest.mark.slow
def test_auto1_keeps_red_playing_when_paused_and_when_loop_resumes(open_window):
    window = open_window("watch", "--seed", "5")
    window.key("minus", "minus")  # 1 turn a second, so the pause lands where we want
    window.key("a")
    assert len(window.wait_for_events(1)) == 1  # red
    window.key("space", pause=0)
    assert len(window.wait_for_events(2, timeout=2.5)) == 2  # Loop played green
    window.key("space")  # paused, red to move
    events = window.wait_for_events(3, timeout=3)
    assert len(events) == 3 and events[2]["player"] == 1
    window.key("space")  # Loop resumes and plays both colours
    assert len(window.wait_for_events(5, timeout=3)) >= 5


def test_back_undoes_your_green_pick_with_the_red_answer(open_window):
    window = open_window("watch", "--seed", "5")
    window.key("a")
    window.wait_for_events(1)
    window.key("Right")  # Step plays green for you; Auto1 answers with red
    assert len(window.wait_for_events(3)) == 3
    window.key("Left")
    assert wait_until(lambda: len(window.events()) == 1, 2)


CLOCKED = Path(__file__).parent / "support" / "clocked_window.py"


def set_clock(path: Path, seconds: float) -> None:
    """The time the clocked window reads, replaced whole: never half written."""
    path.with_suffix(".new").write_text(str(seconds))
    path.with_suffix(".new").replace(path)


@pytest.mark.slow
def test_each_move_is_written_with_the_time_the_window_took_it(x_server, tmp_path):
    clock = tmp_path / "clock"
    set_clock(clock, 0)
    window = XWindow(
        x_server,
        tmp_path,
        "load",
        "--seed",
        "5",
        program=(sys.executable, str(CLOCKED), str(clock)),
    )
    try:
        for seconds, key, count in ((1.5, "Right", 1), (4.25, "Right", 2), (9, "Left", 1)):
            set_clock(clock, seconds)
            window.key(key)  # Right steps one move for you; Left takes back the last
            assert wait_until(lambda n=count: len(window.events()) == n, 3)
        set_clock(clock, 9.5)
        window.key("Right")
        window.wait_for_events(2)
        assert window.times() == [1500, 9500]
        assert load_replay(window.sessions()[-1]).times == [1500, 9500]
    finally:
        assert window.close() == 0, (tmp_path / "window.log").read_text()


def test_a_keyboard_only_game_of_odds_and_evens(open_window):
    window = open_window("play", "loops", "--vs", "easy", "--seed", "3")
    window.type_line("left")  # the box has the keys from the start
    assert window.wait_for_events(2, timeout=3)[0] == {"player": 0, "place": "left"}
    window.key("Escape", "n")  # out of the box: N is a new game (the AI moves first)
    assert wait_until(lambda: len(window.sessions()) == 2 and len(window.events()) == 1, 3)
    window.type("r")  # a letter that is no window key goes back into the box
    window.key("Return")
    assert window.wait_for_events(2)[1] == {"player": 0, "place": "right"}
    window.key("Escape", "g")
    expected = [".gif", ".jsonl", ".svg"]

    def saved():  # the three are renamed into place one after another
        return sorted(path.suffix for path in window.out.glob("*"))

    wait_until(lambda: saved() == expected, 10)
    assert saved() == expected
    recording = next(window.out.glob("*.jsonl"))
    saved_moves = load_replay(recording).moves  # the game when G was pressed; the AI
    session = load_replay(window.sessions()[-1]).moves  # may have moved on since
    assert len(saved_moves) >= 2 and session[: len(saved_moves)] == saved_moves


@pytest.mark.slow
def test_tab_reaches_the_opponent_buttons_and_space_presses_them(open_window, tmp_path):
    window = open_window("play", "loops", "--vs", "medium", "--seed", "3")
    window.key("Escape", "Tab", "Tab", "Tab", "Tab", "space")  # easy, medium, hard, human
    window.type_line("left")
    window.type_line("right")  # two humans: blue places, then gold
    events = window.wait_for_events(2)
    assert events == [{"player": 0, "place": "left"}, {"player": 1, "place": "right"}]


def test_even_odds_by_keyboard(open_window):
    window = open_window("play", "tiles", "--players", "3", "--seed", "2")
    window.key("Right", "Return")  # your first tile, by the arrow keys
    events = wait_until(lambda: [e for e in window.events() if e.get("player") == 0], 5)
    assert events and "tile" in events[0]


WINDOWS = {
    "load": (
        ("watch", "--seed", "5"),
        lambda s: GameApp(LoadWindow, REGISTRY["load"], REGISTRY["load"].rules({}), seed=1, size=s),
    ),
    "loops": (
        ("play", "loops", "--seed", "3"),
        lambda s: GameApp(
            LoopsWindow,
            REGISTRY["loops"],
            REGISTRY["loops"].rules({}),
            seed=1,
            size=s,
            settings=Settings(path=None),
        ),
    ),
    "tiles": (
        ("play", "tiles", "--seed", "2"),
        lambda s: GameApp(
            TilesWindow, REGISTRY["tiles"], REGISTRY["tiles"].rules({}), seed=1, size=s
        ),
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(WINDOWS))
def test_resizing_keeps_the_window_and_moves_the_panel(open_window, game, tmp_path):
    args, make = WINDOWS[game]
    window = open_window(*args)
    first = window.id
    for size in ((640, 480), (1400, 1000)):
        window.resize(*size)
        assert window.size() == size and window._find() == first
        shot = window.screenshot()
        shot.save(tmp_path / f"{game}-{size[0]}x{size[1]}.png")
        places = panel_map(make, size)
        new_game = next(rect for label, rect in places.items() if label.startswith("New game"))
        assert new_game.bottom <= size[1]
        corner = (size[0] - 2, size[1] - 2)  # drawn only if the whole window is drawn
        assert shot.getpixel(corner) == shot.getpixel((new_game.x - 5, new_game.y)) == PANEL_COLOR
        assert shot.getpixel(new_game.center) not in (PANEL_COLOR, (0, 0, 0))


@pytest.mark.slow
def test_without_a_window_manager_a_smaller_size_is_raised_to_the_floor(open_window):
    """Issue 46, item 8: Xvfb has no window manager to hold the minimum size, so 500x400
    left a 5 px legend and no move list; the window takes 640x480 back itself."""
    window = open_window("watch")
    window.xdotool("windowsize", window.id, "500", "400")
    assert wait_until(lambda: window.size() == (640, 480), 5)
    assert wait_until(
        lambda: window.screenshot().getpixel((637, 477)) == PANEL_COLOR, 5
    )  # drawn whole


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "opening"),
    [
        ("load", ("question", "Escape", "F1", "F1")),
        ("loops", ("F1", "Escape", "F1", "F1")),  # the box has the keys: "?" is text there
        ("tiles", ("F1", "question", "question", "Escape")),
    ],
)
def test_the_rules_card_opens_and_closes_by_keyboard(open_window, tmp_path, game, opening):
    """Issue 46, item 1: ? or F1 covers the board with the game's rules card (its words
    also printed, a line each, for a screen reader); Escape, ? or F1 puts it away and
    the board comes back as it was."""
    window = open_window(*WINDOWS[game][0])
    board = (0, 0, SIZE[0] - 220, SIZE[1] // 2)
    before = window.screenshot().crop(board)
    log = tmp_path / "window.log"
    for number, key in enumerate(opening):
        window.key(key)
        if number % 2 == 0:  # opened
            assert wait_until(lambda n=number: log.read_text().count(": the rules") == n // 2 + 1)
            assert wait_until(lambda: window.screenshot().crop(board) != before)
        else:
            assert wait_until(lambda: window.screenshot().crop(board) == before)
    assert "The taker leads next" in log.read_text() or game != "tiles"


def big_load(size=SIZE) -> GameApp:
    """An off-screen Load window on a 20x20 board: where the one under X draws things."""
    game = REGISTRY["load"]
    rules = game.rules({"rows": 20, "cols": 20})
    return GameApp(LoadWindow, game, rules, seed=5, size=size, settings=Settings(path=None))


@pytest.mark.slow
def test_a_twenty_by_twenty_board_scrolls_under_the_wheel_and_the_keys(open_window):
    """Issue 30, item 10: the 20x20 board's numbers are 9 px, so the board is taller than
    its room; three notches of a real wheel bring cell 105 under the spot that showed 45,
    and typing 399 scrolls to it, picked with Enter and framed on the screen."""
    window = open_window("watch", "--rows", "20", "--cols", "20", "--seed", "5")
    app = big_load()
    try:
        app.frame(16)
        x, y, side = app.game_window.layout().cell_box(45)
        spot = (x + side // 2, y + side // 2)
        window.click(*spot)
        assert window.wait_for_events(1) == [{"player": 1, "cell": 45}]
        for _ in range(3):
            window.xdotool("click", "5")  # the wheel, turned towards you
            time.sleep(0.1)
        window.click(*spot)
        assert window.wait_for_events(2)[1] == {"player": 2, "cell": 105}
        window.type("399")
        window.key("Return")
        assert window.wait_for_events(3)[2] == {"player": 1, "cell": 399}
        for move in (Pick(1, 45), Pick(2, 105), Pick(1, 399)):
            app.play(move)
            app.frame(16)
        frame = app.game_window.scene().by_key()["last-move-0"]
        (left, top), (right, _) = frame.points[0], frame.points[1]
        ink = PALETTE.colors["ink"]
        edge = (round((left + right) / 2), round(top))
        # Once the pick's motion ends on screen: a step a frame, longer on a busy machine.
        assert wait_until(lambda: window.screenshot().getpixel(edge) == ink, 5)
        assert (
            app.game_window.layout().view.offset[1] == app.game_window.layout().view.overflow[1]
        )  # at the end
    finally:
        app.close()


def test_the_board_and_load_chosen_are_where_the_next_window_starts(open_window):
    """Issue 46, item 3: the board given to one window and the Load its slider was set
    to are the next window's when it is given no --rows, --cols or --load; an option
    given still chooses, the rest as last chosen."""

    def first_rules(window: XWindow) -> tuple[int, int, int]:
        window.key("Right")  # red's pick: the session is written with the first move
        window.wait_for_events(1)
        rules = load_replay(window.sessions()[-1]).rules
        return rules.rows, rules.cols, rules.load

    first = open_window("play", "load", "--rows", "4", "--cols", "6", "--seed", "5")
    first.key("bracketright")  # Load 6 to 7
    assert wait_until(lambda: load_events(first.events()) == [7])
    assert first.close() == 0
    assert first_rules(open_window("play", "load", "--seed", "5")) == (4, 6, 7)
    assert first_rules(open_window("play", "load", "--load", "3")) == (4, 6, 3)
