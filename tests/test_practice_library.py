"""Practice from the games in your library, end to end in one process: games where you
blundered are added, `library analyze` finds their puzzles, practice asks them, a right
and a wrong answer move their boxes in the library's database, and a rebuilt library
keeps them (a library built anew gets its puzzles back from `library analyze`)."""

from __future__ import annotations

import sqlite3
from datetime import date, timedelta

import pytest
from support.library import cli, data_folder
from support.practice import played_recording

from games.loops import Flip, Place
from viz.window.app import GameApp


@pytest.fixture
def data(tmp_path, monkeypatch):
    return data_folder(tmp_path, monkeypatch)


def boxes(data):
    """(box, due, asked, right) of each puzzle asked, as the library's database has them."""
    with sqlite3.connect(data / "library.sqlite3") as db:
        rows = db.execute("SELECT box, due, asked, right FROM practice ORDER BY box DESC")
        return [(box, date.fromisoformat(day), asked, right) for box, day, asked, right in rows]


# Worked out in test_practice.py's terms: in Odds and Evens from seed 1, blue (seat 0)
# placing on the left at turn 3 is a ?? where placing on the right keeps the win, and
# so is gold (seat 1) flipping the left loop at turn 2 where placing on the right does.
BLUNDERS = {0: (Place(0, 0), Place(0, 1)), 1: (Flip(1, 0), Place(1, 1))}


def test_library_analyze_makes_the_puzzles_practice_asks_and_keeps_their_boxes(
    tmp_path, data, capsys, monkeypatch
):
    played_recording(tmp_path / "blue.jsonl", "loops", 1, ["you", "medium"])
    played_recording(tmp_path / "gold.jsonl", "loops", 1, ["medium", "you"])
    played_recording(tmp_path / "theirs.jsonl", "loops", 2, ["easy", "hard"])  # not yours
    page = tmp_path / "due.html"
    assert cli(capsys, "library", "add", tmp_path)[:2] == (0, "Added 3 games to your library\n")
    no_puzzles = "oddsevens: no puzzles yet: 2 of your games not judged; judge them: "
    assert cli(capsys, "practice", "--page", page) == (
        2,
        "",
        [no_puzzles + "oddsevens library analyze"],
    )
    assert cli(capsys, "library", "analyze") == (0, "Judged 3 games\n", [])
    assert cli(capsys, "practice", "--page", page) == (0, f"{page}: 2 puzzles\n", [])

    asked = []

    def answer_right_then_wrong(app):
        """The window's frame loop, replaced: the first puzzle answered with its best
        move, the second with the blunder the game made."""
        for right in (True, False):
            puzzle = app.mode.puzzle
            played, best = BLUNDERS[puzzle.seat]
            assert puzzle.played == played and puzzle.best == (best,)
            asked.append(puzzle.seat)
            app.game_window.try_move(best if right else played)
        assert app.mode.status().endswith("it comes back tomorrow · N: next puzzle")
        app.close()

    monkeypatch.setattr(GameApp, "run", answer_right_then_wrong)
    assert cli(capsys, "practice", "loops") == (0, "", [])
    assert sorted(asked) == [0, 1]
    today = date.today()
    answered = [(2, today + timedelta(days=2), 1, 1), (1, today + timedelta(days=1), 1, 0)]
    assert boxes(data) == answered
    # Issue 46, item 5: nothing due says when the next is, and offers the kept anyway.
    not_due = f"No puzzle due today: 2 kept, the next due on {today + timedelta(days=1)}"
    page.unlink()
    assert cli(capsys, "practice", "--page", page) == (
        0,
        f"{not_due}; the page holds them all anyway\n{page}: 2 puzzles\n",
        [],
    )
    assert "2 puzzles kept" in page.read_text()
    assert cli(capsys, "practice") == (0, f"{not_due}; practise them anyway with --all\n", [])
    asked.clear()
    monkeypatch.setattr(
        GameApp, "run", lambda app: (asked.append(app.mode.puzzle.seat), app.close())
    )
    assert cli(capsys, "practice", "--all") == (0, "", [])
    assert asked == [0]  # the one due soonest (tomorrow) first: the wrong answer's

    # A rebuild reads the games again and keeps their judgements, puzzles and boxes.
    assert cli(capsys, "library", "rebuild")[0] == 0
    assert boxes(data) == answered
    assert cli(capsys, "practice", "--page", page)[:2] == (
        0,
        f"{not_due}; the page holds them all anyway\n{page}: 2 puzzles\n",
    )

    # A library built anew from its copies (the database lost) has the games, not yet
    # judged; `library analyze` finds the same puzzles again, new in box 1.
    for name in ("library.sqlite3", "library.sqlite3-wal", "library.sqlite3-shm"):
        (data / name).unlink(missing_ok=True)
    found = f"Read 0 games again; 0 missing (marked), 3 games found in {data / 'games'} and added"
    assert cli(capsys, "library", "rebuild") == (0, found + "\n", [])
    assert cli(capsys, "practice", "--page", page)[2] == [no_puzzles + "oddsevens library analyze"]
    assert cli(capsys, "library", "analyze") == (0, "Judged 3 games\n", [])
    assert cli(capsys, "practice", "--page", page) == (0, f"{page}: 2 puzzles\n", [])
    assert boxes(data) == []
