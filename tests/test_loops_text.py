"""Typed commands and the status read-back (docs/rules.md 4.3)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.depth import examples

from games.loops import Flip, LoopsRules, LoopsState, Place
from games.loops.engine import LEFT, RIGHT
from games.loops.text import Command, parse_command, read_back

PLACES = {"left": LEFT, "l": LEFT, "right": RIGHT, "r": RIGHT}


@pytest.mark.parametrize("word", sorted(PLACES))
@pytest.mark.parametrize("dress", ["{}", "{} ", "  {}", "{}".upper(), " \t{}  "])
def test_every_place_spelling(word, dress):
    typed = dress.format(word)
    typed = typed.upper() if dress == "{}".upper() else typed
    assert parse_command(typed) == Command("place", PLACES[word])


@pytest.mark.parametrize("verb", ["flip", "f", "FLIP", "F", "Flip"])
@pytest.mark.parametrize("word", sorted(PLACES))
def test_every_flip_spelling(verb, word):
    assert parse_command(f"  {verb}   {word.upper() if verb.isupper() else word} ") == Command(
        "flip", PLACES[word]
    )


@pytest.mark.parametrize("typed", ["s", "st", "sta", "stat", "statu", "status", " STATUS ", "Sta"])
def test_status_and_every_prefix(typed):
    assert parse_command(typed) == Command("status")


@pytest.mark.parametrize(
    "typed",
    [
        "",
        "   ",
        "lefty",
        "flip",
        "f",
        "flip up",
        "statuses",
        "left right",
        "place left",
        "flip left now",
        "x",
    ],
)
def test_anything_else_gets_a_message(typed):
    command = parse_command(typed)
    assert command.action == "error" and "left" in command.message


@settings(max_examples=examples(3))
@given(st.text(max_size=60))
def test_random_text_never_raises(typed):
    command = parse_command(typed)
    assert command.action in {"place", "flip", "status", "error"}


def test_read_back_names_every_piece_lock_streak_count_flip_and_turn():
    state = LoopsState(LoopsRules())
    for move in (Place(0, LEFT), Place(1, LEFT), Flip(0, LEFT), Place(1, RIGHT)):
        state.apply(move)
    text = read_back(state, ("you", "the AI"))
    assert text == (
        "Left loop, 4 of 7: you, you, the AI, you locked. Trailing streak: 1 you; forces 1. "
        "Right loop, 2 of 7: the AI, the AI. Trailing streak: 2 the AI; forces 2. "
        "Flips remaining: you 1, the AI 2. You to move."
    )


def test_read_back_of_a_bare_board_jams_and_the_end():
    state = LoopsState(LoopsRules(capacity=3, flips=0))
    assert read_back(state).startswith("Left loop: empty, 3 slots free, forces 2.")
    state.apply(Place(0, LEFT))
    state.apply(Place(1, RIGHT))
    text = read_back(state)
    assert "jammed: forces 2 with 1 slot free" in text and "Game over: gold wins." in text


def test_a_move_says_what_it_leaves_its_loop_forcing_and_a_flip_what_it_locks():
    """Issue 46, item 2: blue's 2 on the left leave an even streak (forces 2); gold's flip
    of blue's newest piece locks it gold and leaves a streak of 1 (forces 1)."""
    from games import REGISTRY
    from games.loops import Flip, Place
    from games.loops.engine import LEFT
    from viz.scenes.loops import move_words

    game = REGISTRY["loops"]
    state = game.new_state(game.rules({}))
    before = state.copy()
    state.apply(Place(0, LEFT))
    assert move_words(before, state) == "Blue placed 2 pieces on left (now forces 2)"
    before = state.copy()
    state.apply(Flip(1, LEFT))
    assert move_words(before, state) == (
        "Gold flipped the newest piece on left, locking it gold (now forces 1)"
    )
