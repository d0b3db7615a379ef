"""`oddsevens practice` on a real X server, answered through real key presses (xdotool):
a right answer moves on and a wrong one plays the best move on the board, each kept in
the library's progress tables; the screen shows the best move's piece where the board puts it."""

from __future__ import annotations

import os
import sqlite3
from datetime import date

import pytest
from support.practice import judged_recording
from support.xsession import XServer, XWindow, wait_until

from games.loops import Place
from games.practice import new_card
from viz.library import open_library
from viz.practice.progress import Progress
from viz.practice.puzzles import gather
from viz.practice.window import practice_window
from viz.scenes.loops import LOOP_NAMES, PALETTE
from viz.scenes.shapes import Circle

pytestmark = [pytest.mark.x11, pytest.mark.slow]
SIZE = (980, 720)


def answers(data):
    """Each puzzle's (box, asked, right), as the window's progress store keeps them."""
    with sqlite3.connect(data / "library.sqlite3") as db:
        return db.execute("SELECT box, asked, right FROM practice ORDER BY box DESC").fetchall()


def where_best_shows(queue, tmp_path):
    """The centre of the second puzzle's best move's piece, and its colour, as the same
    window draws it off screen once the best move is shown."""
    library = open_library(tmp_path / "offscreen.sqlite3")
    window = practice_window(queue, Progress(library), date(2025, 1, 1), size=SIZE)
    try:
        window.mode.next()
        window.mode.give_up_or_next()
        window.frame(16)
        puzzle = queue[1][0].puzzle
        best = puzzle.best[0]
        slot = len(puzzle.position().pieces[best.loop])
        shape = next(
            s for s in window.board.drawn.shapes if s.key == f"slot-{LOOP_NAMES[best.loop]}-{slot}"
        )
        assert isinstance(shape, Circle)
        return (round(shape.cx), round(shape.cy)), PALETTE.colors[shape.fill]
    finally:
        window.close()
        library.close()


def test_a_right_and_a_wrong_answer_typed_into_the_window(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    # Both seats yours: gold's ?? of turn 2 and blue's of turn 3 (test_practice.py)
    judged_recording(games / "1.jsonl", "loops", 1, ["you", "you"])
    kept = gather([games]).puzzles
    found = [each.puzzle for each in kept]
    assert [puzzle.seat for puzzle in found] == [1, 0]
    queue = [(each, new_card(date(2025, 1, 1))) for each in kept]
    spot, colour = where_best_shows(queue, tmp_path)
    data = tmp_path / "data"
    server = XServer()
    env = {**os.environ, "ODDSEVENS_DATA": str(data)}
    window = XWindow(server, tmp_path, "practice", "--from", str(games), env=env, downloads=False)
    try:
        assert "find the move that keeps the win" in window.xdotool("getwindowname", window.id)
        first, second = found
        assert isinstance(first.best[0], Place)
        window.type_line(LOOP_NAMES[first.best[0].loop])  # right
        assert wait_until(lambda: answers(data) == [(2, 1, 1)])
        wrong = next(
            name
            for loop, name in enumerate(LOOP_NAMES)
            if not second.is_right(Place(second.seat, loop))
        )
        window.type_line(wrong)
        assert wait_until(lambda: answers(data) == [(2, 1, 1), (1, 1, 0)])
        assert wait_until(lambda: window.screenshot().getpixel(spot) == colour)
    finally:
        assert window.close() == 0, (tmp_path / "window.log").read_text()
        server.close()


def test_the_rules_card_opens_and_closes_by_keyboard_in_the_practice_window(tmp_path):
    """Issue 46, item 1: F1 covers the puzzle with the game's rules card (its words also
    printed, a line each, for a screen reader), in the smallest window too; Escape or
    F1 puts it away and the puzzle comes back as it was ("?" is text in the box)."""
    games = tmp_path / "games"
    games.mkdir()
    judged_recording(games / "1.jsonl", "loops", 1, ["you", "you"])
    server = XServer()
    env = {**os.environ, "ODDSEVENS_DATA": str(tmp_path / "data")}
    practice = ["practice", "--from", str(games), "--window", "640x480"]
    window = XWindow(server, tmp_path, *practice, env=env, downloads=False)
    log = tmp_path / "window.log"
    try:
        board = (0, 0, 640 - 220, 480 // 2)
        before = window.screenshot().crop(board)
        for number, key in enumerate(("F1", "Escape", "F1", "F1")):
            window.key(key)
            if number % 2 == 0:  # opened
                opened = number // 2 + 1
                assert wait_until(lambda n=opened: log.read_text().count(": the rules") == n)
                assert wait_until(lambda: window.screenshot().crop(board) != before)
            else:
                assert wait_until(lambda: window.screenshot().crop(board) == before)
        assert "Odds and Evens: the rules" in log.read_text()
        assert answers(tmp_path / "data") == []  # the card is no answer
    finally:
        assert window.close() == 0, log.read_text()
        server.close()
