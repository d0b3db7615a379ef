"""The Odds and Evens window driven headless by real pygame events."""

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest
from PIL import Image
from test_export import svg_value_at
from test_load_window import click, press, run

from games import REGISTRY
from games.loops.engine import LEFT, RIGHT
from viz.export.clip import replay_scenes
from viz.files import load_replay
from viz.scenes.loops import PALETTE, PIECE_COLORS
from viz.scenes.shapes import rgb_hex
from viz.window.app import GameApp
from viz.window.loop import BLINK_WAIT_MS, IDLE_WAIT_MS
from viz.window.loops import AI_DELAY_MS, LoopsWindow
from viz.window.settings import Settings

GAME = REGISTRY["loops"]
NAMES = ("left", "right")


def reduced(settings: Settings) -> Settings:
    """Motion off, so that a picture is final the frame after a move (not saved)."""
    settings.motion = "reduced"
    return settings


@pytest.fixture
def make_app(tmp_path):
    opened = []

    def make(vs="human", settings_file="settings.json", **options):
        window = GameApp(
            LoopsWindow,
            GAME,
            GAME.rules({}),
            vs=vs,
            seed=1,
            settings=reduced(Settings.load(tmp_path / settings_file)),
            out_dir=tmp_path / "out",
            session_dir=tmp_path / "sessions",
            size=(980, 720),
            **options,
        )
        opened.append(window)
        run(window)
        return window

    yield make
    for window in opened:
        window.close()


def type_line(app, text):
    """Type as a keyboard does: a key press, then the text it makes, then Enter."""
    for char in text:
        key = pygame.key.key_code(char.lower()) if char.strip() else pygame.K_SPACE
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0)
        )
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        pygame.event.post(
            pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=char, scancode=0)
        )
    run(app, 1)
    press(app, pygame.K_RETURN)


def slot_point(app, loop, index):
    x, y = app.game_window.layout().slot(loop, index)
    return round(x), round(y)


def click_slot(app, loop, index):
    click(app, slot_point(app, loop, index))


def click_button(app, prefix):
    button = app.panel.element_for(prefix)
    click(app, button.rect.center)


def slot_color(app, loop, index):
    return tuple(app.screen.get_at(slot_point(app, loop, index)))[:3]


@pytest.mark.parametrize(
    "typed, loop",
    [("left", LEFT), ("l", LEFT), ("right", RIGHT), ("r", RIGHT), ("  LEFT ", LEFT), ("R", RIGHT)],
)
def test_placing_by_each_keyboard_spelling(make_app, typed, loop):
    app = make_app()
    assert app.panel.entry().is_focused  # a keyboard user can type at once
    type_line(app, typed)
    assert app.state.pieces[loop] == [0, 0]
    assert slot_color(app, loop, 1) == PALETTE.colors["p0"]
    assert app.panel.entry().get_text() == "" and app.panel.entry().is_focused


VERBS, SIDES = ["flip", "f", "Flip", "F"], ["left", "l", "right", "r"]


# Every verb with every side in CI; locally each verb and each side once (flip left, f l,
# Flip right, F r), the rest with the slow tests.
@pytest.mark.parametrize(
    "side, verb",
    [
        (side, verb)
        if VERBS.index(verb) == SIDES.index(side)
        else pytest.param(side, verb, marks=pytest.mark.slow)
        for side in SIDES
        for verb in VERBS
    ],
)
def test_flipping_by_each_keyboard_spelling(make_app, verb, side):
    app = make_app()
    target = LEFT if side.startswith("l") else RIGHT
    type_line(app, NAMES[1 - target])  # blue places on the other loop
    type_line(app, NAMES[target])  # gold places on the target loop
    type_line(app, f"{verb} {side}")
    assert app.state.pieces[target] == [1, 0] and app.state.locked[target] == [False, True]


def test_placing_and_flipping_by_click(make_app):
    app = make_app()
    assert app.game_window.scene().by_key()["place-left"]  # the dashed marker where blue may place
    click_slot(app, LEFT, 0)
    assert app.state.pieces[LEFT] == [0, 0] and not app.panel.entry().is_focused
    click_slot(app, RIGHT, 0)  # gold's turn in a two-player game
    click_slot(app, RIGHT, 1)  # blue flips gold's newest piece on the right
    assert app.state.pieces[RIGHT] == [1, 0] and app.state.locked[RIGHT][-1]
    assert slot_color(app, RIGHT, 1) == PALETTE.colors["p0"]


def test_a_refused_move_explains_why(make_app):
    app = make_app()
    click_slot(app, LEFT, 0)
    click_slot(app, RIGHT, 0)
    type_line(app, "flip left")  # blue's own piece
    assert "already yours" in app.game_window.reply
    assert app.state.turns == 2
    type_line(app, "jump")
    assert "don't understand" in app.game_window.reply


def test_both_kinds_of_ring_are_drawn(make_app):
    app = make_app()
    click_slot(app, LEFT, 0)  # blue [0, 0] on the left
    keys = app.game_window.scene().by_key()
    assert "flip-left" in keys and "threat-left" not in keys  # gold to move and to flip
    click_slot(app, RIGHT, 0)  # gold [1, 1] on the right; blue's turn
    keys = app.game_window.scene().by_key()
    # Blue to move: it may flip gold's piece on the right, and gold threatens blue's left.
    assert "flip-right" in keys and "threat-left" in keys
    assert "place-left" in keys and keys["place-count-left"].text == "+2"


def test_the_threat_ring_shows_when_it_is_not_your_turn(make_app):
    app = make_app(vs="medium")
    click_slot(app, LEFT, 0)  # you place; the AI is to move
    keys = app.game_window.scene().by_key()
    assert app.state.to_move == 1 and "threat-left" in keys
    ring = keys["threat-left"]
    x, y = round(ring.cx), round(ring.cy - ring.r)
    on_ring = [tuple(app.screen.get_at((x, y + dy)))[:3] for dy in range(-2, 3)]
    assert PALETTE.colors["threat"] in on_ring


def test_status_is_answered_during_the_ai_turn(make_app, capsys):
    app = make_app(vs="hard")
    click_slot(app, LEFT, 0)
    assert app.state.to_move == 1
    type_line(app, "sta")
    assert app.state.to_move == 1  # the AI has not moved yet
    assert app.game_window.reply.startswith("Left loop, 2 of 7: you, you.")
    assert "The AI to move." in app.game_window.reply
    assert "Left loop, 2 of 7" in capsys.readouterr().out
    app.frame(AI_DELAY_MS)
    assert app.state.to_move == 0 and app.state.turns == 2


def test_window_hotkeys_do_not_fire_while_typing(make_app):
    app = make_app()
    type_line(app, "n")  # 'n' is the new-game key, but here it is text
    assert app.state.turns == 0 and "don't understand" in app.game_window.reply


def test_the_checkbox_hides_the_box_and_is_remembered(make_app, tmp_path):
    app = make_app()
    click(app, app.panel.element_for("Keyboard").rect.center)
    assert app.panel.entry() is None and app.settings.keyboard_entry["mouse"] is False
    again = make_app()
    assert again.panel.entry() is None and not again.panel.element_for("Keyboard").is_checked
    click(again, again.panel.element_for("Keyboard").rect.center)
    assert make_app().panel.entry() is not None


def test_touch_input_defaults_to_no_box_and_is_remembered_separately(make_app):
    app = make_app()
    pygame.event.post(
        pygame.event.Event(
            pygame.FINGERDOWN, x=0.1, y=0.1, dx=0, dy=0, touch_id=1, finger_id=1, pressure=1.0
        )
    )
    run(app)
    assert app.game_window.input_kind == "touch" and app.panel.entry() is None
    click(app, (5, 5))
    assert app.game_window.input_kind == "mouse" and app.panel.entry() is not None


def test_a_corrupt_settings_file_falls_back_to_defaults(make_app, tmp_path):
    (tmp_path / "broken.json").write_text("{not json")
    app = make_app(settings_file="broken.json")
    assert app.panel.entry() is not None and "unreadable" in app.message


def test_the_first_mover_alternates_from_game_to_game(make_app):
    app = make_app(vs="medium")
    assert app.state.to_move == 0
    click_button(app, "New game")
    assert app.state.rules.first == 1 and app.state.to_move == 1
    app.frame(AI_DELAY_MS)
    assert app.state.turns == 1
    click_button(app, "New game")
    assert app.state.rules.first == 0 and app.state.to_move == 0


def test_a_full_game_against_hard_exports_frames_matching_the_engine(make_app, tmp_path):
    app = make_app(vs="hard")
    while app.state.to_move is not None:
        if app.state.to_move == 0:
            move = app.state.legal_moves()[0]
            index = len(app.state.pieces[move.loop]) - (0 if type(move).__name__ == "Place" else 1)
            click_slot(app, move.loop, index)
        else:
            app.frame(AI_DELAY_MS)
    click_button(app, "GIF")
    app.jobs.saving.wait()
    files = {path.suffix: path for path in (tmp_path / "out").iterdir()}
    replay = load_replay(files[".jsonl"])
    assert replay.final().result() == app.state.result()
    states, scenes = replay.frames(), replay_scenes(replay)
    gif = Image.open(io.BytesIO(files[".gif"].read_bytes()))
    root = ET.parse(files[".svg"]).getroot()
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    total, elapsed = len(states) * 500 + 2000, 0
    for turn, state in enumerate(states):
        gif.seek(turn)
        frame = gif.convert("RGB")
        for loop in (LEFT, RIGHT):
            for index in range(state.rules.capacity):
                pieces = state.pieces[loop]
                name = PIECE_COLORS[pieces[index]] if index < len(pieces) else "slot"
                slot = scenes[turn].by_key()[f"slot-{NAMES[loop]}-{index}"]
                assert frame.getpixel((round(slot.cx), round(slot.cy))) == PALETTE.colors[name]
                shown = svg_value_at(
                    by_id[f"slot-{NAMES[loop]}-{index}"], "fill", elapsed + 250, total
                )
                assert shown == rgb_hex(PALETTE.colors[name]), (turn, loop, index)
        elapsed += 500


def test_replay_steps_through_a_recording(make_app, tmp_path):
    recording = load_replay(
        Path(__file__).resolve().parents[1] / "recordings" / "loops-sample.jsonl"
    )
    app = make_app(script=recording.moves)
    assert app.state.turns == 0 and app.panel.entry() is None
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert app.state.pieces[LEFT] == [0, 0] and app.state.pieces[RIGHT] == [1, 1]
    assert slot_color(app, RIGHT, 0) == PALETTE.colors["p1"]
    press(app, pygame.K_LEFT)
    assert app.state.pieces[RIGHT] == []
    click_slot(app, RIGHT, 0)
    assert app.state.turns == 1 and "Replay" in app.message
    press(app, pygame.K_END)
    assert app.state.snapshot() == recording.final().snapshot()


def key(app, key, char=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0))
    if char:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    run(app)


def test_escape_leaves_the_box_and_the_window_keys_work(make_app):
    app = make_app()
    type_line(app, "left")
    key(app, pygame.K_ESCAPE)
    assert not app.panel.entry().is_focused and "Left the keyboard box" in app.message
    key(app, pygame.K_n, "n")
    assert app.state.turns == 0 and app.session.games_started == 2 and app.game_window.reply == ""
    assert app.panel.entry().get_text() == ""
    run(app)  # the box's help follows where the keys go
    assert app.game_window.box_help() == "Type to go back to the box: a move, then Enter."
    assert app.game_window.box_help() in [getattr(item, "text", "") for item in app.panel.items]


def test_a_letter_slash_or_enter_goes_back_into_the_box(make_app):
    app = make_app()
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_SLASH, "/")  # "/" opens the box and is not typed
    assert app.panel.entry().is_focused and app.panel.entry().get_text() == ""
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_r, "r")  # a letter that is no window key is typed into the box
    assert app.panel.entry().is_focused and app.panel.entry().get_text() == "r"
    key(app, pygame.K_RETURN)
    assert app.state.pieces[RIGHT] == [0, 0]
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    assert app.panel.entry().is_focused


def test_tab_from_the_box_reaches_the_panel_and_the_settings(make_app):
    app = make_app(vs="medium")
    key(app, pygame.K_TAB)
    assert not app.panel.entry().is_focused
    assert app.panel.focused_item().label.startswith("Easy")
    key(app, pygame.K_SPACE)
    assert app.vs == "easy"
    for _ in range(6):  # Medium, Hard, Human, New game, GIF, the checkbox
        key(app, pygame.K_TAB)
    assert app.panel.focused_item().label.startswith("Keyboard move-entry")
    key(app, pygame.K_SPACE)
    assert app.panel.entry() is None and app.settings.keyboard_entry["mouse"] is False
    key(app, pygame.K_k, "k")
    assert app.panel.entry() is not None


def test_the_digits_choose_the_opponent_outside_the_box(make_app):
    app = make_app(vs="medium")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_3, "3")
    assert app.vs == "hard" and app.panel.element_for("Hard").is_selected
    assert not app.panel.element_for("Medium").is_selected


def test_an_idle_window_wakes_often_only_while_the_box_has_the_keys(make_app):
    """The box's cursor blinks; with the box left, nothing changes until an event."""
    app = make_app(vs="human")
    assert not app.playing_by_itself() and app.idle_wait_ms() == BLINK_WAIT_MS
    key(app, pygame.K_ESCAPE)
    assert app.idle_wait_ms() == IDLE_WAIT_MS


def test_the_ai_takes_its_time_after_a_move_that_ends_a_long_wait(make_app):
    """The frame that handles a move after a long idle wait carries that wait as its
    time; the AI's delay starts only once it is to move, so its answer is not instant."""
    app = make_app(vs="easy")
    left = slot_point(app, LEFT, 0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=left, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=left, button=1))
    app.frame(5000)  # five seconds of looking at the board, then the click
    assert app.state.turns == 1 and app.state.to_move == 1
    app.frame(AI_DELAY_MS - 20)
    assert app.state.turns == 1  # still thinking
    app.frame(20)
    assert app.state.turns == 2


def test_against_the_ai_the_move_list_says_you_and_the_ai_as_the_status_does(make_app):
    app = make_app(vs="easy")
    app.play(app.state.legal_moves()[0])
    app.play(app.state.legal_moves()[0])
    assert app.move_list.entry_words(1).startswith("1. You placed ")
    assert app.move_list.entry_words(2).startswith("2. The AI ")
    versus = make_app(vs="human")  # two people: by colour
    versus.play(versus.state.legal_moves()[0])
    assert versus.move_list.entry_words(1).startswith("1. Blue placed ")


def test_a_refused_move_is_said_as_a_sentence(make_app):
    from games.loops.engine import Flip

    app = make_app()
    app.game_window.try_move(Flip(0, LEFT))  # nothing on the left loop to flip yet
    assert app.message == "The left loop has no piece to flip"


def test_the_move_list_names_the_sides_anew_when_the_opponent_changes(make_app):
    from games.loops.engine import Place

    app = make_app()  # two people: blue and gold
    app.game_window.try_move(Place(0, LEFT))
    run(app)
    assert app.move_list.entry_words(1).startswith("1. Blue placed")
    app.game_window.choose("hard")
    run(app)
    assert app.move_list.entry_words(1).startswith("1. You placed")


def test_the_move_list_marks_an_unsure_glyph(make_app):
    app = make_app(vs="easy")
    app.play(app.state.legal_moves()[0])
    app.play(app.state.legal_moves()[0])
    app.play(app.state.legal_moves()[0])
    app.jobs.judgements = {
        0: {"glyph": "?", "sure": False},
        1: {"glyph": "", "sure": False},  # the milder class is none
        2: {"glyph": "??", "sure": True},
    }
    assert app.move_list.entry_words(1).startswith("1. ?* You placed ")
    assert app.move_list.entry_words(2).startswith("2. * The AI ")
    assert app.move_list.entry_words(3).startswith("3. ?? You placed ")


def test_a_refusal_goes_once_the_game_has_moved_past_it(make_app):
    """Issue 46, item 2: three placings of 2 leave the right loop 1 slot short of the 2
    it forces; gold's click on it is refused in words that go with gold's next move."""
    app = make_app()
    for _ in range(3):
        click_slot(app, RIGHT, len(app.state.pieces[RIGHT]))
    assert app.state.loop_status(RIGHT) == "jammed"
    click_slot(app, RIGHT, 6)
    assert "jammed" in app.message and "jammed" in app.notes()[1]
    click_slot(app, LEFT, 0)
    assert app.state.turns == 4
    assert app.message == "" and not any("jammed" in line for line in app.notes()[1:])
