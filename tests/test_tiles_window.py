"""The Even Odds window driven headless by real pygame events."""

from functools import partial
from types import SimpleNamespace

import pygame
import pytest
from test_load_window import click, press, run
from test_tiles_rules import GREEN, tiles

from games import REGISTRY
from games.analysis import Judgement
from games.tiles import CHANCE, Deal
from games.tiles.engine import color_of
from viz.cli import main
from viz.files import load_replay
from viz.scenes.shapes import Text
from viz.scenes.tiles import PALETTE, hand_slots, result_text, tile_key
from viz.window.app import GameApp
from viz.window.geometry import PANEL_WIDTH
from viz.window.thinking import Thinking
from viz.window.tiles import AI_DELAY_MS, RESULT_HOLD_MS, YOU, TilesWindow

GAME = REGISTRY["tiles"]
# Five seats holding all 50 tiles; you (seat 0) hold the red 10.
DEAL = Deal(
    (
        tiles("red", 6, 10) + tiles("yellow", 1, 5),
        tiles("red", 1, 5) + tiles("yellow", 6, 10),
        tiles("green", 1, 5) + tiles("blue", 1, 5),
        tiles("green", 6, 10) + tiles("blue", 6, 10),
        tiles("purple", 1, 10),
    )
)


@pytest.fixture
def app(tmp_path):
    window = GameApp(
        TilesWindow,
        GAME,
        GAME.rules({"players": 5}),
        seed=2,
        out_dir=tmp_path / "out",
        session_dir=tmp_path / "sessions",
        size=(1100, 720),
    )
    window.play(DEAL)
    run(window)
    yield window
    window.close()


def your_tile_point(app, tile):
    rect = app.game_window.scene().by_key()[tile_key(tile)]
    return round(rect.x + rect.w / 2), round(rect.y + rect.h / 2)


def button_names(app):
    return {item.label.split()[0] for item in app.panel.items if hasattr(item, "label")}


def button(app, text):
    return app.panel.element_for(text)


def test_you_see_the_colours_of_your_tiles_and_every_other_number(app):
    keys = app.game_window.scene().by_key()
    yours = [keys[f"{tile_key(t)}-value"].text for t in hand_slots(app.state, 0, hidden=True)]
    theirs = [keys[f"{tile_key(t)}-value"].text for t in hand_slots(app.state, 4, hidden=False)]
    # each tile leads with its colour's letter, yours too: colour is never the only cue
    assert [text[1:] for text in yours] == ["?"] * 10
    assert [text[1:] for text in theirs] == [str(v) for v in range(1, 11)]
    assert {text[0] for text in yours + theirs} <= set("RYGBP")
    x, y = your_tile_point(app, DEAL.hands[0][4])
    edge = round(
        app.game_window.scene().by_key()[tile_key(DEAL.hands[0][4])].h * 0.4
    )  # above the "?"
    assert tuple(app.screen.get_at((x, y - edge)))[:3] == PALETTE.colors["red"]


def test_your_ten_lets_you_choose_the_next_colour(app):
    red_ten = DEAL.hands[0][4]
    click(app, your_tile_point(app, red_ten))
    assert app.state.plays == [(YOU, red_ten)] and app.state.choosing
    assert button_names(app) >= {"Red", "Yellow", "Green", "Blue", "Purple"}
    labels = [item.label for item in app.panel.items if hasattr(item, "label")]
    assert "Yellow · Y  (2)" in labels  # the colour's letter, as on its tiles
    assert (
        "name the next colour" in app.game_window.play_mode()
        and "click one" not in app.game_window.play_mode()
    )
    click(app, your_tile_point(app, DEAL.hands[0][0]))
    assert "Choose the next colour first" in app.message
    click(app, button(app, "Green").rect.center)
    assert app.state.current == GREEN and app.state.to_move == 1
    assert "Green" not in button_names(app) and "click one" in app.game_window.play_mode()


def test_the_move_list_and_a_hint_call_your_seat_you(app):
    red_ten = DEAL.hands[0][4]
    click(app, your_tile_point(app, red_ten))
    assert app.move_list.entry_words(2) == "2. You played red-10"
    assert app.game_window.hint_words(app.state.legal_moves()[0]).startswith("Name ")
    replay = GameApp(
        TilesWindow, GAME, GAME.rules({"players": 5}), seed=2, script=list(app.history.moves)
    )
    try:  # a replay has no "you": every seat by its number
        assert replay.move_list.entry_words(2) == "2. Seat 0 played red-10"
    finally:
        replay.close()


def test_the_ai_seats_play_after_a_short_delay_and_you_wait(app):
    click(app, your_tile_point(app, DEAL.hands[0][0]))
    assert app.state.to_move == 1
    click(app, your_tile_point(app, DEAL.hands[0][1]))
    assert "Wait for your turn" in app.message and len(app.state.plays) == 1
    app.frame(AI_DELAY_MS / 2)
    assert app.state.to_move == 1
    for _ in range(4):
        app.frame(AI_DELAY_MS)
    assert app.state.plays == [] and len(app.state.last_dispute) == 5


def test_a_whole_game_deals_its_own_rounds_and_ends(app):
    while app.state.to_move is not None:
        if app.state.to_move == YOU and app.state.choosing:
            click(app, button(app, "Red").rect.center)
        elif app.state.to_move == YOU:
            click(app, your_tile_point(app, app.state.legal_moves()[0].tile))
        else:
            app.frame(AI_DELAY_MS)  # an AI seat plays, or the next round is dealt
    assert len(app.state.scores) == 3
    status = [
        shape.text for shape in app.game_window.scene().shapes if shape.key.startswith("status-")
    ]
    assert "with the lowest total" in " ".join(status)


def test_gif_writes_three_files(app, tmp_path):
    click(app, your_tile_point(app, DEAL.hands[0][0]))
    press(app, pygame.K_g)
    app.jobs.saving.wait()
    files = sorted(p.suffix for p in (tmp_path / "out").iterdir())
    assert files == [".gif", ".jsonl", ".svg"]


def test_replay_steps_through_a_recording(tmp_path):
    recording = tmp_path / "game.jsonl"
    assert main(["record", "tiles", "--players", "3", "--seed", "4", "-o", str(recording)]) == 0
    replay = load_replay(recording)
    window = GameApp(
        TilesWindow, GAME, replay.rules, script=replay.moves, out_dir=tmp_path, size=(1100, 720)
    )
    try:
        run(window)
        assert window.state.to_move == CHANCE
        press(window, pygame.K_RIGHT)
        press(window, pygame.K_RIGHT)
        assert window.state.turns == 2 and len(window.state.plays) == 1
        keys = window.game_window.scene().by_key()
        shown = window.state.hands[0][0]
        assert not keys[f"{tile_key(shown)}-value"].text.endswith("?")  # every hand shown
        press(window, pygame.K_LEFT)
        assert window.state.turns == 1
        press(window, pygame.K_END)
        assert window.state.snapshot() == replay.final().snapshot()
    finally:
        window.close()


def test_your_ten_offers_buttons_in_the_colours_they_name(app):
    red_ten = DEAL.hands[0][4]
    click(app, your_tile_point(app, red_ten))
    assert "You choose a colour" in app.game_window.scene().by_key()["status-1"].text
    green = button(app, "Green")
    # the very green of the green tiles, as every picture of the game draws them
    assert (
        tuple(app.screen.get_at((green.rect.x + 4, green.rect.centery)))[:3]
        == PALETTE.colors["green"]
    )
    press(app, pygame.K_3)  # the third colour in play: green
    assert app.state.current == GREEN


def test_the_arrow_keys_visit_only_the_tiles_you_may_play(tmp_path):
    # Seat 4 leads red or yellow; you (next in turn) hold five of each and must follow.
    deal = Deal(
        (
            tiles("red", 1, 5) + tiles("yellow", 1, 5),
            tiles("green", 1, 10),
            tiles("blue", 1, 10),
            tiles("purple", 1, 10),
            tiles("red", 6, 10) + tiles("yellow", 6, 10),
        )
    )
    window = GameApp(
        TilesWindow, GAME, GAME.rules({"players": 5, "leader": 4}), seed=2, size=(1100, 720)
    )
    try:
        window.play(deal)
        window.frame(AI_DELAY_MS)
        led = window.state.current
        assert window.state.to_move == YOU and led is not None
        slots = hand_slots(window.state, YOU, hidden=True)
        visited = set()
        for _ in range(7):
            press(window, pygame.K_RIGHT)
            visited.add(window.game_window.cursor_slot())
        assert {color_of(slots[slot]) for slot in visited} == {led} and len(visited) == 5
        keys = window.game_window.scene().by_key()
        # the keyboard's choice has a mark of its own, named in the legend: dashed, where
        # the latest tile's frame is solid
        assert keys["selected"].dashed and not keys["last-move"].dashed
        assert keys["legend-selected"].text == "your choice (← →)"
        assert keys["legend-selected-swatch"].dashed
        chosen = slots[window.game_window.cursor_slot()]
        press(window, pygame.K_RETURN)
        assert window.state.plays[-1] == (YOU, chosen)
    finally:
        window.close()


def test_the_result_names_how_a_tie_was_broken():
    def state(last_round):
        return SimpleNamespace(scores=[[0, 0, 0], last_round])

    alone = {"winners": [1], "totals": [9, 5, 7]}
    assert result_text(state([1, 2, 3]), alone, 0) == "Seat 1 wins with the lowest total, 5"
    tie = {"winners": [1], "totals": [5, 5, 7]}
    assert result_text(state([4, 2, 3]), tie, 0) == "Seat 1 wins: tied on 5, lowest last round (2)"
    assert (
        result_text(state([2, 4, 3]), {"winners": [0], "totals": [5, 5, 7]}, 0)
        == "You win: tied on 5, lowest last round (2)"
    )
    shared = {"winners": [0, 1], "totals": [5, 5, 7]}
    assert (
        result_text(state([2, 2, 3]), shared, 0)
        == "You and Seat 1 share the win: tied on 5, and on 2 in the last round"
    )


def test_a_settled_dispute_stays_a_second_and_a_half_before_an_ai_plays_on(app):
    while not (
        app.state.last_dispute and not app.state.plays and app.state.to_move not in (YOU, None)
    ):
        if app.state.to_move == YOU and app.state.choosing:
            click(app, button(app, "Red").rect.center)
        elif app.state.to_move == YOU:
            click(app, your_tile_point(app, app.state.legal_moves()[0].tile))
        else:
            app.frame(50)
    settled = list(app.state.last_dispute)
    app.frame(RESULT_HOLD_MS - 100)
    assert app.state.plays == [] and app.state.last_dispute == settled  # still the result
    app.frame(150)
    assert len(app.state.plays) == 1


def test_a_click_on_a_tile_you_may_not_play_says_why(app):
    def refused():
        if app.state.to_move != YOU or app.state.choosing:
            return None
        legal = {move.tile for move in app.state.legal_moves()}
        return next((tile for tile in app.state.hands[YOU] if tile not in legal), None)

    while refused() is None:
        if app.state.to_move == YOU and app.state.choosing:
            click(app, button(app, "Red").rect.center)
        elif app.state.to_move == YOU:
            click(app, your_tile_point(app, app.state.legal_moves()[0].tile))
        else:
            app.frame(AI_DELAY_MS)
    before = app.state.snapshot()
    click(app, your_tile_point(app, refused()))
    assert app.state.snapshot() == before
    assert app.message.startswith("You ") and "follow" in app.message, app.message


def one_move_judged_a_seat(game, rules, moves, seed):
    """Judging as the window asks for it, without the seconds a 6-seat game's playouts
    take: one sound move for each seat (seat 2's a blunder)."""
    return [
        Judgement(seat, seat + 1, seat, True, 1.0, 1.0, 0.0, (), "??" if seat == 2 else "", (), ())
        for seat in range(rules.players)
    ]


def test_an_ended_game_marks_the_winners_row_and_its_banner_leaves_the_table_in_view(
    tmp_path, monkeypatch
):
    monkeypatch.setattr("viz.window.jobs.Thinking", partial(Thinking, in_process=True))
    monkeypatch.setattr("viz.window.jobs.judged", one_move_judged_a_seat)
    window = GameApp(
        TilesWindow, GAME, GAME.rules({"players": 6}), seed=2, out_dir=tmp_path, size=(980, 720)
    )
    try:
        while window.state.to_move is not None:
            window.mode.step()
        run(window)
        window.jobs.judging.wait()
        run(window)
        assert window.jobs.verdict == [  # you, then the five computer seats together
            "You: 1 move, accuracy 100\u00a0% (thirds 100 · – · –), no errors",
            "The computer seats: 5 moves, accuracy 100\u00a0%, 1 blunder",
        ]
        winners = window.state.result()["winners"]
        for size in ((980, 720), (640, 480)):  # judged once, then made small
            if window.screen.get_size() != size:
                window.window.size = size
                pygame.event.post(
                    pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])
                )
                run(window)
            assert window.board.drawn.width == size[0] - PANEL_WIDTH
            shapes = window.board.drawn.by_key()
            marked = {key for key in shapes if key.startswith("score-won-")}
            assert marked == {
                f"score-won-{seat}{edge}" for seat in winners for edge in ("", "-edge")
            }
            texts = [shape for shape in window.board.drawn.shapes if isinstance(shape, Text)]
            assert "won the game" in [text.text for text in texts]
            banner = shapes["banner"]
            for text in texts:
                if text.key.startswith(("score-", "seat-")):
                    reach = text.size * 0.6
                    clear = text.y + reach < banner.y or text.y - reach > banner.y + banner.h
                    assert clear, f"the banner hides {text.key} at {size}"
    finally:
        window.close()
