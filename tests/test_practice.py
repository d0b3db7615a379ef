"""Practice from your own mistakes: which judged moves become puzzles, the Leitner boxes at
their boundaries, the progress store, the command's messages, and the practice mode in a
game's window (Odds and Evens, and Sums, the tests' own game), driven by its board's
clicks and keys."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from datetime import date, timedelta

import pygame
import pytest
from support.a11y import text_faults
from support.library import data_folder
from support.practice import judged_recording

from games import KITS, REGISTRY
from games.loops import Flip, Place
from games.practice import (
    INTERVALS,
    Card,
    Kept,
    Puzzle,
    answered,
    clearly_better,
    due,
    new_card,
    people,
    puzzles,
)
from games.recording import parse, recording_text
from viz.cli import main
from viz.files import load_replay
from viz.library import open_library
from viz.library.schema import LATEST, MIGRATIONS, statements, version
from viz.practice.progress import Progress, keep_puzzles
from viz.practice.puzzles import NONE_IN_RECORDINGS, gather
from viz.practice.window import PracticeMode, practice_window

LOOPS = REGISTRY["loops"]
TODAY = date(2025, 3, 10)
# The first six moves of recordings/loops-sample.jsonl: blue is seat 0, gold seat 1.
MOVES = [Place(0, 0), Place(1, 1), Place(0, 0), Place(1, 1), Flip(0, 1), Place(1, 0)]


def judgement(glyph, before, after, best, error=0.0):
    return {
        "exact": error == 0.0,
        "before": before,
        "after": after,
        "se": error,
        "best": [LOOPS.event_from_move(move) for move in best],
        "glyph": glyph,
    }


def loops_replay(judgements, seats=("you", "medium")):
    rules = LOOPS.rules({})
    text = recording_text(LOOPS, rules, 1, MOVES, None, judgements, players=list(seats))
    return parse(text.splitlines())


# Worked by hand: move 1 is gold's (seat 1, the computer's) and move 2 blue's (seat 0,
# yours), both ?? and exact; move 4 is blue's ? estimated, a fall of 0.25 with an error of
# 0.08 (0.25 > 3 x 0.08 = 0.24: clearly worse).
JUDGED = {
    0: judgement("", 0.0, 0.0, [Place(0, 0)]),
    1: judgement("??", 1.0, 0.0, [Place(1, 0)]),
    2: judgement("??", 1.0, 0.0, [Place(0, 1)]),
    4: judgement("?", 0.70, 0.45, [Place(0, 0)], error=0.08),
}


def test_your_blunders_and_mistakes_become_puzzles_in_the_order_played():
    found = puzzles(loops_replay(JUDGED))
    assert [(p.seat, len(p.moves), p.glyph, p.best) for p in found] == [
        (0, 2, "??", (Place(0, 1),)),
        (0, 4, "?", (Place(0, 0),)),
    ]
    assert found[0].played == Place(0, 0) and found[0].lost == 1.0
    assert found[1].position().snapshot() == loops_replay({}).history().before(4).snapshot()


def test_the_computers_seats_and_unnamed_seats_give_none():
    assert [p.seat for p in puzzles(loops_replay(JUDGED, ("medium", "you")))] == [1]
    assert puzzles(loops_replay(JUDGED, ("medium", "medium"))) == []
    bare = parse(recording_text(LOOPS, LOOPS.rules({}), 1, MOVES, None, JUDGED).splitlines())
    assert puzzles(bare) == []  # a recording that does not say who played
    assert [p.seat for p in puzzles(bare, {1})] == [1]  # ... unless told


@pytest.mark.parametrize(
    ("error", "kept"),
    [(0.08, True), (0.25 / 3, False), (0.1, False)],  # 3 errors exactly is not "more than"
)
def test_an_estimated_mistake_counts_only_when_its_fall_is_beyond_three_errors(error, kept):
    found = puzzles(loops_replay({4: judgement("?", 0.70, 0.45, [Place(0, 0)], error)}))
    assert bool(found) is kept


def test_inaccuracies_and_a_played_move_among_the_best_give_none():
    assert puzzles(loops_replay({2: judgement("?!", 1.0, 0.85, [Place(0, 1)])})) == []
    among = judgement("??", 1.0, 0.0, [Place(0, 0), Place(0, 1)])
    assert puzzles(loops_replay({2: among})) == []


def test_clearly_better():
    exact = {"exact": True, "before": 1.0, "after": 0.0, "se": 0.0}
    assert clearly_better(exact)
    assert not clearly_better(exact | {"after": 1.0})
    estimated = {"exact": False, "before": 0.6, "after": 0.3, "se": 0.09}
    assert clearly_better(estimated)
    assert not clearly_better(estimated | {"se": 0.1})


def test_your_seats_are_those_the_header_names_you():
    assert people({"players": ["you", "hard"]}, 2, 0) == {0}
    assert people({"players": ["easy", "you"]}, 2, 1) == {2}  # Load numbers its seats from 1
    assert people({"players": ["you", "person"]}, 2, 0) == {0}  # a second person's are theirs
    assert people({"players": ["random", "random"]}, 2, 0) == set()
    assert people({"players": ["you", "you", "you"]}, 2, 0) == {0, 1}  # a seat a name
    assert people({"players": "you"}, 2, 0) == set()


def test_a_puzzle_is_named_by_its_game_not_its_file():
    first, second = puzzles(loops_replay(JUDGED))
    again = puzzles(loops_replay(JUDGED))[0]
    assert first.key == again.key != second.key
    assert first.is_right(Place(0, 1)) and not first.is_right(Place(0, 0))


@pytest.mark.parametrize("game_id", ["load", "loops", "tiles", "sums"])
def test_a_puzzle_kept_as_json_reads_back_the_same(game_id):
    """A puzzle at each game's sample's second move (Even Odds: after its deal), its
    recorded move the mistake and the first other legal move the best."""
    replay = load_replay(KITS[game_id].sample)
    history = replay.history()
    state = history.before(1)
    best = next(m for m in state.legal_moves() if m != replay.moves[1])
    game = replay.game
    puzzle = Puzzle(
        game_id,
        replay.rules,
        tuple(replay.moves[:1]),
        state.to_move,
        (best,),
        replay.moves[1],
        "?",
        0.5,
        0.25,
        0.01,
        False,
    )
    again = Puzzle.from_json(json.loads(json.dumps(puzzle.as_json())))
    assert again == puzzle and again.key == puzzle.key
    assert again.position().snapshot() == state.snapshot() and game.id == game_id


# --- Leitner boxes --------------------------------------------------------------------------


def test_a_new_puzzle_is_in_box_1_and_due_today():
    assert new_card(TODAY) == Card(1, TODAY)


@pytest.mark.parametrize(
    ("box", "right", "then"),
    [
        (1, True, Card(2, TODAY + timedelta(days=2))),
        (4, True, Card(5, TODAY + timedelta(days=16))),
        (5, True, Card(5, TODAY + timedelta(days=16))),  # the last box keeps it
        (5, False, Card(1, TODAY + timedelta(days=1))),
        (1, False, Card(1, TODAY + timedelta(days=1))),
    ],
)
def test_right_moves_up_a_box_and_wrong_goes_back_to_box_1(box, right, then):
    assert answered(Card(box, TODAY - timedelta(days=3)), right, TODAY) == then


def test_intervals_double():
    assert INTERVALS == (1, 2, 4, 8, 16)


def test_due_puzzles_are_those_of_today_or_before_the_longest_overdue_first():
    one, two = (Kept.of(puzzle) for puzzle in puzzles(loops_replay(JUDGED)))
    later = [Kept.of(replace(one.puzzle, moves=()))]  # another position: another puzzle
    cards = {
        one.key: Card(3, TODAY),
        two.key: Card(2, TODAY - timedelta(days=1)),
    }
    assert [p for p, _ in due([one, two], cards, TODAY)] == [two, one]
    assert due([one, two], cards, TODAY - timedelta(days=2)) == []
    tomorrow = {one.key: Card(1, TODAY + timedelta(days=1))}
    assert [p for p, _ in due([one, one, *later], tomorrow, TODAY)] == later  # found twice: once


# --- the progress store ---------------------------------------------------------------------


def test_progress_keeps_each_puzzles_card_and_answers_in_the_library(tmp_path):
    path = tmp_path / "data" / "library.sqlite3"
    with open_library(path) as library:
        progress = Progress(library)
        progress.record("a", Card(2, TODAY), right=True)
        progress.record("a", Card(1, TODAY), right=False)
    with open_library(path) as library:
        again = Progress(library)
        assert again.cards(["a", "b"]) == {"a": Card(1, TODAY)}
        assert again.answers("a") == (2, 1)


def test_practices_tables_are_a_migration_a_library_of_before_gains(tmp_path):
    """A library made before practice (schema 1) is brought to practice's tables on
    opening, its games kept."""
    path = tmp_path / "library.sqlite3"
    with sqlite3.connect(path) as db:
        for statement in statements(MIGRATIONS[0]):
            db.execute(statement)
        db.execute("PRAGMA user_version = 1")
    db.close()
    recording = judged_recording(tmp_path / "mine.jsonl", "loops", 1, ["you", "medium"])
    with open_library(path) as library:
        assert library.add([recording]).added == [1]
    with open_library(path) as library:
        assert version(library.connection) == LATEST == 2
        Progress(library).record("a", Card(1, TODAY), right=False)
        assert [game.id for game in library.games()] == [1]


def test_only_judged_games_give_their_kept_puzzles(tmp_path):
    """A game judged again (a session played on, judged = 0 until then) hides the
    puzzles kept of its earlier state; a judged game without puzzles gives none."""
    one, two = (Kept.of(puzzle) for puzzle in puzzles(loops_replay(JUDGED)))
    with open_library(tmp_path / "library.sqlite3") as library:
        for seed in (1, 2):
            path = judged_recording(tmp_path / f"{seed}.jsonl", "loops", seed, ["you", "easy"])
            library.add([path])
        first, second = sorted(library.games(), key=lambda game: game.id)
        library.record_judgements(first.id, [], keep_puzzles(first.id, [one.puzzle, two.puzzle]))
        library.record_judgements(second.id, [], keep_puzzles(second.id, []))
        progress = Progress(library)
        (shown, other) = progress.puzzles()
        assert [shown.key, other.key] == [one.key, two.key]
        assert shown.puzzle == one.puzzle and progress.puzzles("tiles") == []
        library.connection.execute("UPDATE games SET judged = 0 WHERE id = ?", (first.id,))
        assert progress.puzzles() == []


# --- the command ----------------------------------------------------------------------------


@pytest.fixture
def folders(tmp_path, monkeypatch):
    data_folder(tmp_path, monkeypatch)
    return tmp_path


def test_no_puzzles_is_one_line_saying_how_to_get_some(folders, capsys):
    assert main(["practice"]) == 2
    assert capsys.readouterr().err == (
        "oddsevens: no puzzles yet: play games in a window (oddsevens play GAME), "
        "then oddsevens library analyze\n"
    )
    plain = folders / "plain.jsonl"
    assert main(["record", "loops", "--seed", "1", "-o", str(plain)]) == 0
    header, *rest = plain.read_text(encoding="utf-8").splitlines(keepends=True)
    mine = json.dumps(json.loads(header) | {"players": ["you", "easy"]}) + "\n"
    plain.write_text(mine + "".join(rest), encoding="utf-8")
    assert main(["library", "add", str(plain)]) == 0
    capsys.readouterr()
    assert main(["practice"]) == 2
    assert capsys.readouterr().err == (
        "oddsevens: no puzzles yet: 1 of your games not judged; "
        "judge them: oddsevens library analyze\n"
    )
    assert main(["practice", "--from", str(plain)]) == 2
    assert capsys.readouterr().err == f"oddsevens: {NONE_IN_RECORDINGS}\n"


def test_the_page_is_written_and_a_bad_file_is_one_line(folders, capsys):
    judged = judged_recording(folders / "mine.jsonl", "loops", 1, ["you", "medium"])
    bad = folders / "bad.jsonl"
    bad.write_text('{"format": "oddsevens-recording"}\n')
    page = folders / "due.html"
    assert main(["practice", "--from", str(bad), str(judged), "--page", str(page)]) == 2
    out, err = capsys.readouterr()
    assert out == f"{page}: 1 puzzle\n"
    assert err.count("\n") == 1 and err.startswith(f"oddsevens: {bad}:1: ")
    assert "Find the move that keeps the win" in page.read_text(encoding="utf-8")
    assert main(["practice", "sums", "--from", str(judged), "--page", str(page)]) == 2
    assert "no puzzles in those recordings" in capsys.readouterr().err


def test_practice_offers_no_download_options(capsys):
    """The practice window saves no GIF: --out and --formats are not its options."""
    with pytest.raises(SystemExit):
        main(["practice", "--help"])
    shown = capsys.readouterr().out
    assert "--window" in shown and "--out" not in shown and "--formats" not in shown
    assert main(["practice", "loops", "--out", "x"]) == 2
    assert "unrecognized arguments: --out x" in capsys.readouterr().err


# --- the window -----------------------------------------------------------------------------


def click_cell(window, cell):
    x, y, side = window.shown_layout().cell_box(cell)
    pos = (round(x + side / 2), round(y + side / 2))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    window.frame(16)


def press(window, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    window.frame(16)


SUMS = REGISTRY["sums"]


def sums_queue():
    """Two Sums puzzles, worked by hand: player 0 took 1 (cell 0) where 2 (cell 1) was
    best; then, in a second game, took 4 (cell 3) where 3 (cell 2) was best."""
    found = []
    for played, best in ((0, 1), (3, 2)):
        note = {
            "exact": True,
            "before": 1.0,
            "after": 0.0,
            "se": 0.0,
            "best": [{"player": 0, "cell": best}],
            "glyph": "??",
        }
        moves = [SUMS.move_from_event(None, {"player": 0, "cell": played})]
        text = recording_text(SUMS, SUMS.rules({}), 1, moves, None, {0: note}, players=["you", "x"])
        found += puzzles(parse(text.splitlines()))
    return [(Kept.of(puzzle), new_card(TODAY)) for puzzle in found]


@pytest.fixture
def progress(tmp_path):
    with open_library(tmp_path / "library.sqlite3") as library:
        yield Progress(library)


def test_a_right_click_moves_on_and_a_wrong_one_shows_the_best(progress):
    queue = sums_queue()
    window = practice_window(queue, progress, TODAY, size=(800, 600))
    try:
        mode = window.mode
        assert isinstance(mode, PracticeMode)
        window.frame(16)
        assert window.state.turns == 0 and window.state.to_move == 0
        assert "find the move that keeps the win" in window.window.title
        click_cell(window, 1)  # right: 2
        assert progress.cards([queue[0][0].key]) == {queue[0][0].key: Card(2, TODAY + timedelta(2))}
        assert mode.number == 1 and window.state.owners == [None] * 4  # the next puzzle
        assert mode.said.startswith("Right, it keeps 100")
        click_cell(window, 0)  # wrong: 1, where 3 is best
        key = queue[1][0].key
        assert progress.cards([key]) == {key: Card(1, TODAY + timedelta(1))}
        assert window.state.owners == [None, None, 0, None]  # the best move, played
        assert mode.status().endswith("it comes back tomorrow · N: next puzzle")
        assert "Not the best. In the game: ?? Blunder: Player 0 took 4" in mode.said
        click_cell(window, 3)  # after an answer the board takes no move
        assert window.state.owners == [None, None, 0, None]
        press(window, pygame.K_n)
        assert mode.finished and mode.status() == "Practice done: 1 of 2 right"
        assert text_faults(window.board.drawn) == []
    finally:
        window.close()


def test_n_before_an_answer_shows_the_best_and_counts_wrong(progress):
    queue = sums_queue()
    window = practice_window(queue, progress, TODAY, size=(800, 600))
    try:
        window.frame(16)
        press(window, pygame.K_n)
        assert window.state.owners == [None, 0, None, None]
        assert progress.answers(queue[0][0].key) == (1, 0)
        press(window, pygame.K_n)
        assert window.mode.number == 1 and window.state.owners == [None] * 4
    finally:
        window.close()


def test_odds_and_evens_practises_either_seat_by_its_keys(tmp_path, progress):
    judged = judged_recording(tmp_path / "mine.jsonl", "loops", 1, ["medium", "you"])
    found = gather([judged]).puzzles
    assert [(p.puzzle.seat, p.puzzle.best) for p in found] == [(1, (Place(1, 1),))]  # turn 2
    window = practice_window([(found[0], new_card(TODAY))], progress, TODAY, size=(800, 600))
    try:
        window.frame(16)
        assert window.state.to_move == 1 and window.mode.status().startswith("Puzzle 1 of 1")
        window.game_window.try_move(Place(1, 1))  # what the R key and a click on the right loop do
        assert progress.answers(found[0].key) == (1, 1)
    finally:
        window.close()


def test_load_is_answered_by_typing_a_cell_number_and_enter(progress):
    """Green's second turn of the Load sample (it passed); worked by hand as a puzzle
    whose best move is the pair of cell 20 (20+21), which green then picks by typing."""
    load = REGISTRY["load"]
    replay = load_replay(KITS["load"].sample)
    best = {"player": 2, "cell": 20}
    note = {"exact": True, "before": 1.0, "after": 0.0, "se": 0.0, "best": [best], "glyph": "?"}
    moves = replay.moves[:4]
    text = recording_text(load, replay.rules, 7, moves, None, {3: note}, players=["hard", "you"])
    (puzzle,) = puzzles(parse(text.splitlines()))
    assert puzzle.seat == 2 and puzzle.played == load.move_from_event(
        None, {"player": 2, "pass": True}
    )
    window = practice_window([(Kept.of(puzzle), new_card(TODAY))], progress, TODAY, size=(800, 600))
    try:
        window.frame(16)
        for key in (pygame.K_2, pygame.K_0, pygame.K_RETURN):
            press(window, key)
        assert progress.answers(puzzle.key) == (1, 1)
        assert window.mode.finished
    finally:
        window.close()


def test_the_box_says_done_only_for_a_move_that_stands_and_goes_when_practice_is(
    tmp_path, progress
):
    """Issue 46, item 6: gold's wrong "left" is taken back (the best, right, is played in
    its place), so the box does not say "Place left: done."; once practice is done the box
    goes and leaves no strip: the board takes the window's whole height."""
    judged = judged_recording(tmp_path / "mine.jsonl", "loops", 1, ["medium", "you"])
    found = gather([judged]).puzzles
    window = practice_window([(found[0], new_card(TODAY))], progress, TODAY, size=(800, 600))
    try:
        window.frame(16)
        assert window.game_window.keyboard_shown() and window.board_height() < 600
        window.game_window.submit("left")
        assert window.history.moves[-1] == Place(1, 1)  # the best, shown
        assert "done" not in window.game_window.reply
        window.mode.give_up_or_next()  # N, or the Next button (the box has the keys)
        window.frame(16)
        assert window.mode.finished
        assert not window.game_window.keyboard_shown() and window.board_height() == 600
    finally:
        window.close()
