"""What every window adds to its game's picture: the move list, the ending's banner, the
hover and pressed marks. Driven headless by real pygame events; asserts on state and pixels."""

import pygame
import pytest
import test_hints
from support.boards import SEVEN_BY_SEVEN
from test_load_window import cell_centre, click, hover, press, run

from games import REGISTRY
from games.accuracy import summary
from games.analysis import judge_game
from games.load import PASS, Pick
from viz.cli import main
from viz.files import load_replay
from viz.scenes.moves import PANEL_PALETTE, banner_shapes
from viz.scenes.shapes import Text, hex_rgb
from viz.window.app import GameApp
from viz.window.load import LoadWindow
from viz.window.loops import LoopsWindow
from viz.window.theme import HOVER_INK

LOAD = REGISTRY["load"]
MOVES = [Pick(1, 20), Pick(2, 7), Pick(1, 30), PASS, Pick(1, 40)]


opened = test_hints.opened  # the windows a test opens, closed after it


def load_window(opened, **options):
    window = GameApp(
        LoadWindow,
        LOAD,
        LOAD.rules(options.pop("rules", SEVEN_BY_SEVEN)),
        seed=1,
        size=(980, 720),
        **options,
    )
    opened.append(window)
    run(window)
    return window


def listed(window):
    """The move list's entries on screen, by turn, and the turn highlighted."""
    rect, layout = window.move_list.drawn
    texts = {row.turn: window.move_list.entry_words(row.turn) for row in layout.rows}
    current = [
        row.turn
        for row in layout.rows
        if tuple(window.screen.get_at((rect.left + 3, rect.top + round(row.top) + 2)))[:3]
        == PANEL_PALETTE.colors["current"]
    ]
    return texts, current


def test_the_move_list_tells_each_turn_and_marks_the_current_one(opened):
    window = load_window(opened)
    for cell in (20, 7):
        click(window, cell_centre(window, cell))
    texts, current = listed(window)
    assert texts[1] == "1. Red picked 20"
    assert texts[2] == "2. Green picked 6+7, clearing red 20"
    assert current == [2]


def test_a_click_on_the_list_of_a_replay_jumps_to_that_turn(opened):
    window = load_window(opened, script=MOVES)
    press(window, pygame.K_END)
    rect, layout = window.move_list.drawn
    row = next(row for row in layout.rows if row.turn == 2)
    click(window, (rect.centerx, rect.top + round((row.top + row.bottom) / 2)))
    assert window.mode.turn == 2
    assert listed(window)[1] == [2]


def test_a_replay_of_an_analysed_game_shows_each_glyph(opened):
    note = {"exact": True, "before": 1.0, "after": 0.0, "se": 0.0, "best": [], "glyph": "??"}
    window = load_window(opened, script=MOVES, judgements={2: note})
    press(window, pygame.K_END)
    texts, _ = listed(window)
    assert texts[3] == "3. ?? Red picked 30" and texts[2] == "2. Green picked 6+7, clearing red 20"


def test_a_replay_of_an_analysed_game_ends_with_each_sides_summary(opened, tmp_path):
    annotated = tmp_path / "analysed.jsonl"
    game = ["record", "load", "--rows", "3", "--cols", "3", "--load", "3", "--seed", "5"]
    assert main([*game, "-o", str(tmp_path / "game.jsonl")]) == 0
    assert main(["analyze", str(tmp_path / "game.jsonl"), "-o", str(annotated)]) == 0
    replay = load_replay(annotated)
    window = GameApp(
        LoadWindow, LOAD, replay.rules, script=replay.moves, judgements=replay.judgements
    )
    opened.append(window)
    press(window, pygame.K_END)
    run(window)
    banner = [
        s.text
        for s in window.board.drawn.shapes
        if isinstance(s, Text) and s.key.startswith("banner-")
    ]
    said = " ".join(banner)  # the banner's lines wrap where the window is narrow
    red = "Red: 7 moves, accuracy 70\u00a0% (thirds 29 · 100 · 100), "
    assert red + "1 inaccuracy, 1 mistake, 1 blunder" in said
    green = "Green: 7 moves, accuracy 86\u00a0% (thirds 67 · 100 · 100), "
    assert green + "1 blunder, 2 only moves" in said


def test_an_ended_game_has_a_banner_with_the_winner_and_a_game_over_mode_line(opened):
    window = load_window(opened, rules={"rows": 1, "cols": 2})
    while window.state.to_move is not None:
        window.mode.step()
    run(window)
    shapes = window.board.drawn.by_key()
    assert shapes["banner-0"].text in ("Red wins", "Green wins")
    swatch = shapes["banner-swatch"]
    expected = "red" if window.state.winner == 1 else "green"
    centre = (round(swatch.x + swatch.w / 2), round(swatch.y + swatch.h / 2))
    assert tuple(window.screen.get_at(centre))[:3] == window.board.drawn.rgb(expected)
    assert window.mode.status() == "Game over · N: new game · G: save it"


def test_hover_and_press_mark_the_slot_a_click_places_on(opened):
    game = REGISTRY["loops"]
    window = GameApp(LoopsWindow, game, game.rules({}), vs="human", seed=1, size=(980, 720))
    opened.append(window)
    run(window)
    slot = window.game_window.scene().by_key()["slot-left-0"]
    before = pygame.image.tobytes(window.screen, "RGB")
    point = (round(slot.cx), round(slot.cy))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    )
    run(window)
    ring = window.board.drawn.by_key()["hover-slot-left-0"]
    assert ring.stroke == HOVER_INK and ring.width == 2 and ring.r > slot.r
    assert pygame.image.tobytes(window.screen, "RGB") != before
    edge = (round(slot.cx), round(slot.cy - ring.r + 1))
    assert tuple(window.screen.get_at(edge))[:3] == hex_rgb(HOVER_INK)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
    run(window)
    assert window.board.pressing and window.state.turns == 0  # pressed: nothing played yet
    assert window.board.drawn.by_key()["hover-slot-left-0"].width == 4
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1))
    run(window)
    assert window.state.turns == 1 and not window.board.pressing


def test_no_hover_mark_in_a_replay_or_where_a_click_is_refused(opened):
    window = load_window(opened, script=MOVES)
    hover(window, 3)
    assert not [key for key in window.board.drawn.by_key() if key.startswith("hover-")]
    live = load_window(opened)
    click(live, cell_centre(live, 20))
    hover(live, 20)
    marked = [key for key in live.board.drawn.by_key() if key.startswith("hover-")]
    assert marked == ["hover-green-20", "hover-green-21"]


def test_palette_on_a_window_command_colours_that_window(opened):
    from viz.cli import build_parser
    from viz.cli.windows import window_options
    from viz.scenes.load import PALETTES

    args = build_parser().parse_args(["play", "load", "--palette", "high-contrast"])
    options = window_options(args)
    assert options["settings"].palette == "high-contrast"
    window = load_window(opened, settings=options["settings"])
    assert window.board.drawn.palette == PALETTES["high-contrast"]
    press(window, pygame.K_c)  # the Colours button's key switches back
    assert (
        window.board.drawn.palette == PALETTES["default"] and window.message == "Colours: default"
    )


@pytest.mark.parametrize(
    ("asked", "opens", "said"),
    [
        ("100x100", (640, 480), ["--window 100x100 is under the 640x480 floor: opening 640x480"]),
        ("700x300", (700, 480), ["--window 700x300 is under the 640x480 floor: opening 700x480"]),
        ("640x480", (640, 480), []),
    ],
)
def test_a_window_size_under_the_floor_is_raised_saying_so(capsys, asked, opens, said):
    from viz.cli import build_parser
    from viz.cli.windows import window_options

    args = build_parser().parse_args(["watch", "--window", asked])
    assert window_options(args)["size"] == opens
    assert capsys.readouterr().err.splitlines() == [f"oddsevens: {line}" for line in said]


def test_a_mouse_over_the_board_before_the_first_picture_is_no_matter(opened):
    window = GameApp(LoadWindow, LOAD, LOAD.rules(SEVEN_BY_SEVEN), seed=1, size=(980, 720))
    opened.append(window)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(0, 0), buttons=(0, 0, 0))
    )
    run(window)  # the first frame handles the motion before anything is drawn
    assert window.board.pointer == (300, 300) and window.board.drawn is not None


def test_an_ended_game_is_judged_beside_the_window_and_summed_up(opened):
    game = REGISTRY["loops"]
    window = GameApp(
        LoopsWindow, game, game.rules({"capacity": 3}), vs="human", seed=1, size=(980, 720)
    )
    opened.append(window)
    while window.state.to_move is not None:
        window.mode.step()
    run(window)
    banner = [
        s.text
        for s in window.board.drawn.shapes
        if isinstance(s, Text) and s.key.startswith("banner-")
    ]
    assert "Judging the moves…" in banner or window.jobs.verdict
    window.jobs.judging.wait()
    run(window)
    banner = [
        s.text
        for s in window.board.drawn.shapes
        if isinstance(s, Text) and s.key.startswith("banner-")
    ]
    assert any(text.startswith("Blue: ") and "accuracy" in text for text in banner)
    judged = judge_game(game, window.rules, list(window.history.moves), 1, lambda: False)
    assert window.jobs.verdict == summary(judged, window.game_window.seat_name)
    assert window.jobs.verdict[0].startswith("Blue: ")
    glyphs = {index: note["glyph"] for index, note in window.jobs.judgements.items()}
    texts, _ = listed(window)
    for turn, text in texts.items():
        index = window.history.turn_length(turn - 1) if turn else None
        if glyphs.get(index):
            assert text.startswith(f"{turn}. {glyphs[index]} ")
    window.new_game()
    run(window)
    assert window.jobs.judging is None and window.jobs.verdict == []


def test_the_banner_hides_whole_every_status_line_its_edge_would_cut():
    """Hiding a cut line may bring the edge into the line above: that one goes too."""
    lines = [
        Text("status-1", 10, 85, "Replay paused", 10, "ink"),
        Text("status-2", 10, 100, "", 10, "ink"),
    ]
    shapes = banner_shapes("Gold wins", [], None, 300, 141, 13, lines)  # its top: 104.5
    box = next(shape for shape in shapes if shape.key == "banner")
    assert box.y <= 75  # above "Replay paused", which the empty line's edge cut


def test_the_loops_banner_names_the_ai_and_starts_its_reason_with_a_capital(opened):
    game = REGISTRY["loops"]
    window = GameApp(
        LoopsWindow, game, game.rules({"capacity": 3}), vs="easy", seed=1, size=(980, 720)
    )
    opened.append(window)
    assert window.game_window.seat_name(1) == "The AI" and window.game_window.seat_name(0) == "You"
    while window.state.to_move is not None:
        window.mode.step()
    run(window)
    texts = [
        s.text
        for s in window.board.drawn.shapes
        if s.key.startswith("banner-") and isinstance(s, Text)
    ]
    assert texts[1][0].isupper()


def test_a_new_game_shows_none_of_the_last_games_glyphs(opened):
    window = load_window(opened, rules={"rows": 3, "cols": 3, "load": 3})
    while window.state.to_move is not None:
        window.mode.step()
    run(window)
    window.jobs.judging.wait()
    run(window)
    assert any(note["glyph"] for note in window.jobs.judgements.values())  # judged, glyphs
    window.new_game()
    window.mode.step()
    run(window)
    assert window.jobs.judgements == {}
    assert window.move_list.entry_words(1).startswith("1. Red picked")  # no "??" of old
