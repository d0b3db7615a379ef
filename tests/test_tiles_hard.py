"""Even Odds' Hard player and the table's custom: Hard decides from its seat's view
alone, the tiers are offered by name, and the last winner leads the next game."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from support.depth import cases
from test_load_window import run
from test_tiles_rules import dealt, tiles

from games import REGISTRY
from games.tiles import CHANCE, Deal, Play
from games.tiles.engine import color_of
from games.tiles.search import hard
from viz.cli import main
from viz.window.app import GameApp
from viz.window.tiles import YOU, TilesWindow

GAME = REGISTRY["tiles"]
# Four seats hold 48 tiles; red 6 and red 7 stay undealt, so seat 0 cannot tell its own
# reds from them.
FOUR = Deal(
    (
        tiles("red", 1, 5) + tiles("yellow", 1, 5) + tiles("green", 1, 2),
        tiles("red", 8, 10) + tiles("yellow", 6, 10) + tiles("green", 3, 6),
        tiles("green", 7, 10) + tiles("blue", 1, 8),
        tiles("blue", 9, 10) + tiles("purple", 1, 10),
    )
)
# The same deal with seat 0's red 1 swapped for the undealt red 6: what seat 0 sees is
# the same, its own values are not.
TWIN = Deal((tiles("red", 2, 6) + FOUR.hands[0][5:], *FOUR.hands[1:]))


def test_hard_decides_from_its_own_view_only():
    for leader in range(4):
        a, b = dealt(FOUR, leader), dealt(TWIN, leader)
        rng_a, rng_b = random.Random(leader), random.Random(leader)
        while a.to_move != 0:  # the others play the same tiles in both
            move = a.legal_moves()[0]
            a.apply(move)
            b.apply(move)
            rng_a.random(), rng_b.random()
        chosen_a, chosen_b = hard(a, random.Random(9)), hard(b, random.Random(9))
        assert color_of(chosen_a.tile) == color_of(chosen_b.tile), leader


@pytest.mark.slow  # six whole games of Hard at every seat
def assert_plays_a_whole_game_by_the_rules(player, players: int, rng: random.Random) -> None:
    """Every seat `player`, the deals at random: each move it makes is a legal one."""
    state = GAME.new_state(GAME.rules({"players": players}))
    while state.to_move is not None:
        if state.to_move == CHANCE:
            move = GAME.auto_move(state, rng)
        else:
            move = player(state, rng)
            assert move in state.legal_moves()
        state.apply(move)


def test_hard_follows_the_rules_in_random_games():
    for seed in range(cases(full=6, quick=4)):  # every table size, 3 to 6 seats
        assert_plays_a_whole_game_by_the_rules(hard, 3 + seed % 4, random.Random(seed))


def finish(window):
    """Play the window's game to its end, every seat at random."""
    rng = random.Random(1)
    while window.state.to_move is not None:
        window.play(
            rng.choice(window.state.legal_moves())
            if window.state.to_move != CHANCE
            else GAME.auto_move(window.state, rng)
        )


def test_the_last_winner_leads_the_next_game_at_the_table(tmp_path):
    window = GameApp(
        TilesWindow,
        GAME,
        GAME.rules({"players": 4, "leader": 2}),
        vs="easy",
        seed=4,
        size=(1100, 720),
    )
    try:
        run(window)
        assert window.rules.leader == 2  # the first game: as asked
        for _ in range(2):
            finish(window)
            winner = window.state.result()["winners"][0]
            window.new_game()
            run(window, 2)
            assert window.rules.leader == winner and window.state.to_move == winner
            name = "You lead" if winner == YOU else f"Seat {winner} leads"
            assert window.notes()[1] == f"{name}: the last game's winner"
        finish(window)
        shared = {"winner": None, "winners": [1, 3], "totals": [9, 5, 7, 5]}
        ended = SimpleNamespace(result=lambda: shared)  # a game won by two
        window.session.history = SimpleNamespace(state=ended)
        window.new_game()
        assert window.rules.leader == 1  # the first of the winners, in seat order
    finally:
        window.close()


def test_the_computer_seats_play_the_tier_asked_for_after_a_short_delay(tmp_path):
    window = GameApp(
        TilesWindow,
        GAME,
        GAME.rules({"players": 3, "leader": 1}),
        vs="hard",
        seed=2,
        size=(1100, 720),
    )
    try:
        window.frame(16)  # the deal, at once
        assert window.state.to_move == 1 and "Hard" in window.mode.status()
        window.frame(600)
        assert window.state.to_move == 1  # still thinking, as in Odds and Evens
        window.frame(200)
        assert isinstance(window.state.last, Play) and window.state.last.player == 1
    finally:
        window.close()


def test_play_takes_the_options_of_its_game(capsys):
    assert main(["play", "tiles", "--vs", "human"]) == 2
    error = capsys.readouterr().err
    assert "play tiles: argument --vs" in error and "'easy', 'medium', 'hard'" in error
    assert main(["play", "loops", "--leader", "1"]) == 2
    assert "unrecognized arguments: --leader 1" in capsys.readouterr().err
