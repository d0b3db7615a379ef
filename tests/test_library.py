"""Your games: the library adds recordings and window sessions, lists them with filters,
sums them up against each opponent, rebuilds from its files and opens a game again."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import threading
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path

import pytest
from support.library import cli, data_folder

from games import REGISTRY
from games.autoplay import play
from games.recording import recording_text
from viz.cli import main
from viz.files import RecordingWriter
from viz.library import (
    Filters,
    LibraryGame,
    SeatJudgement,
    catch_up,
    keep_session,
    open_library,
    rows_in,
)
from viz.library.entries import opponents, your_result
from viz.library.schema import LATEST, MIGRATIONS, statements
from viz.library.stats import Standing, standings
from viz.window.sessions import SessionLog

LOOPS = REGISTRY["loops"]
DAY = datetime(2025, 3, 1, 12, 0).astimezone()


def write_game(path: Path, seed: int, players=None, started=None, game_id="loops"):
    """A finished automatic game as a recording, its header naming `players` and its
    start; returns its final position."""
    game = REGISTRY[game_id]
    rules = game.rules({})
    state, moves = play(game, rules, random.Random(seed))
    extra = {}
    if players is not None:
        extra["players"] = players
    if started is not None:
        extra["started"] = started.isoformat()
    path.write_text(recording_text(game, rules, seed, moves, state.result(), **extra))
    return state


@pytest.fixture
def data(tmp_path, monkeypatch):
    return data_folder(tmp_path, monkeypatch)


def your_games(folder: Path) -> list[tuple[int, str, str]]:
    """Three loops games against easy, medium and easy a day apart; where the winner
    is seat 0, you held seat 0, so the first is won and the others lost (you held the
    losing seat)."""
    made = []
    for number, (seed, tier) in enumerate([(1, "easy"), (2, "medium"), (3, "easy")]):
        path = folder / f"g{number}.jsonl"
        winner = write_game(path, seed, ["you", tier]).outcome().winners[0]
        mine = winner if number == 0 else 1 - winner
        players = ["you", tier] if mine == 0 else [tier, "you"]
        write_game(path, seed, players, DAY + timedelta(days=number))
        made.append((number, tier, "won" if number == 0 else "lost"))
    return made


# --- adding ------------------------------------------------------------------------------


def test_add_takes_the_good_files_names_each_bad_one_and_counts_a_copy_once(tmp_path, data, capsys):
    folder = tmp_path / "mine"
    folder.mkdir()
    for seed in (1, 2, 3):
        write_game(folder / f"game{seed}.jsonl", seed)
    (folder / "again.jsonl").write_bytes((folder / "game1.jsonl").read_bytes())
    lines = (folder / "game2.jsonl").read_text().splitlines()
    lines[3] = '{"player": 0, "place": "middle"}'
    (folder / "bad.jsonl").write_text("\n".join(lines) + "\n")
    code, out, err = cli(capsys, "library", "add", folder)
    assert code == 2
    assert out == "Added 3 games to your library (1 in it already)\n"
    assert len(err) == 1 and err[0].startswith(f"oddsevens: {folder / 'bad.jsonl'}:4: ")
    copies = sorted(path.name.rsplit("-", 1)[0] for path in (data / "games").iterdir())
    assert copies == ["again", "game2", "game3"]  # in name order, a copy the first met
    code, out, err = cli(capsys, "library", "add", folder / "game3.jsonl")
    assert (code, out, err) == (0, "Added 0 games to your library (1 in it already)\n", [])


def test_a_game_keeps_its_seats_result_and_times(tmp_path):
    path = tmp_path / "game.jsonl"
    state = write_game(path, 4, ["you", "hard"], DAY)
    with open_library(tmp_path / "lib.sqlite3") as library:
        added = library.add([path])
        (game,) = library.games()
    assert added.added == [game.id] and not added.errors
    assert game.players == ("you", "hard") and game.you == (0,) and game.vs == "hard"
    assert game.result == ("won" if state.outcome().winners == (0,) else "lost")
    assert game.started == DAY and game.ended == DAY  # record's games carry no times
    assert game.turns == state.turns and game.reason == state.outcome().reason
    assert game.path.read_bytes() == path.read_bytes() and game.source == path
    assert game.hash == __import__("hashlib").sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize(
    ("you", "winners", "expected"),
    [
        ((0,), (0,), "won"),
        ((0,), (1,), "lost"),
        ((0,), (0, 2), "shared"),
        ((1,), (0, 2), "lost"),
        ((0,), None, "unfinished"),
        ((), (0,), None),  # not your game
        ((0, 1), (0,), None),  # you held every seat
    ],
)
def test_your_result(you, winners, expected):
    seats = 2 if you == (0, 1) else 4
    assert your_result(you, seats, winners) == expected


def test_the_opponent_is_who_held_the_other_seats_each_once():
    assert opponents(("you", "hard", "hard", "hard"), (0,), 0) == "hard"
    assert opponents(("random-red", "you"), (2,), 1) == "random-red"
    assert opponents(("you", "easy", ""), (0,), 0) == "easy+?"
    assert opponents(("you", "you"), (0, 1), 0) == ""
    assert opponents(("", ""), (), 0) == ""


# --- listing -----------------------------------------------------------------------------


def test_the_listing_is_newest_first_and_each_filter_takes_its_games(tmp_path, data, capsys):
    folder = tmp_path / "mine"
    folder.mkdir()
    made = your_games(folder)
    assert cli(capsys, "library", "add", folder)[0] == 0

    def listed(*options):
        code, out, err = cli(capsys, "library", "--json", *options)
        assert code == 0 and err == []
        return [(json.loads(line)["vs"], json.loads(line)["result"]) for line in out.splitlines()]

    newest_first = [(tier, result) for _, tier, result in reversed(made)]
    assert listed() == newest_first
    assert listed("--vs", "easy") == [("easy", "lost"), ("easy", "won")]
    assert listed("--result", "won") == [("easy", "won")]
    assert listed("--since", "2025-03-02") == newest_first[:2]
    assert listed("--game", "tiles") == []
    code, out, _ = cli(capsys, "library", "--limit", "2")
    table = out.splitlines()
    assert table[0].startswith("| # | when | game | against | result |")
    assert len(table) == 2 + 2 + 2 and table[-1] == "2 of 3 games; --limit 0 lists them all"
    assert "| 2025-03-03 12:00 | Odds and Evens | easy | lost |" in table[2]
    code, out, _ = cli(capsys, "library", "--vs", "nobody")
    assert out == "No games match.\n"


def test_a_game_is_listed_with_every_field_practice_and_scripts_read(tmp_path):
    path = tmp_path / "game.jsonl"
    write_game(path, 5, ["you", "medium"], DAY)
    with open_library(tmp_path / "lib.sqlite3") as library:
        library.add([path])
        (game,) = library.games(Filters(game="loops", vs="medium"))
        library.record_judgements(game.id, [SeatJudgement(0, 4, 87.5, {"blunder": 1})])
        judged = library.game(game.id)
    assert judged is not None and judged.judged and judged.your_accuracy() == 87.5
    row = judged.as_json()
    assert list(row) == [
        "id", "game", "rules", "players", "you", "vs", "result", "winners", "reason",
        "turns", "started", "ended", "path", "hash", "source", "missing", "judged", "seats",
    ]  # fmt: skip
    assert row["seats"] == [
        {"seat": 0, "player": "you", "moves": 4, "accuracy": 87.5, "glyphs": {"blunder": 1}}
    ]


# --- looking back ------------------------------------------------------------------------


def _game(number, game, vs, result, accuracy=None, winners=(0,)):
    judgements = () if accuracy is None else (SeatJudgement(0, 10, accuracy, {}),)
    return LibraryGame(
        hash=str(number), path=Path(f"{number}.jsonl"), source=Path(f"{number}.jsonl"),
        source_size=1, source_mtime_ns=1, game=game, rules={}, seats=4, first_seat=0,
        players=("you", vs, vs, vs), you=(0,), vs=vs, result=result, winners=winners,
        reason="", turns=10, started=DAY + timedelta(hours=number),
        ended=DAY + timedelta(hours=number), id=number, judged=accuracy is not None,
        judgements=judgements,
    )  # fmt: skip


def test_standings_against_hand_counted_games():
    games = [
        _game(1, "tiles", "hard", "won", 80.0),
        _game(2, "tiles", "hard", "shared", 70.0, winners=(0, 2)),
        _game(3, "tiles", "hard", "lost"),
        _game(4, "tiles", "easy", "won", 95.0),
        _game(5, "tiles", "hard", "unfinished", 10.0),  # not counted: not over
        _game(6, "loops", "hard", "lost", 40.0),
        _game(7, "tiles", "hard", None, 50.0),  # not counted: not your game
    ]
    assert standings(games) == [
        Standing("loops", "hard", 1, 0, 0, 1, 1, 40.0),
        Standing("tiles", "easy", 1, 1, 0, 0, 1, 95.0),
        Standing("tiles", "hard", 3, 1, 1, 1, 2, 75.0),
    ]


def test_stats_prints_the_standings_and_draws_the_chart(tmp_path, data, capsys):
    folder = tmp_path / "mine"
    folder.mkdir()
    your_games(folder)
    cli(capsys, "library", "add", folder)
    code, out, err = cli(capsys, "library", "stats", "--json")
    assert code == 0 and err == []
    assert [json.loads(line) for line in out.splitlines()] == [
        {"game": "loops", "vs": "easy", "games": 2, "won": 1, "shared": 0, "lost": 1}
        | {"judged": 0, "accuracy": None},
        {"game": "loops", "vs": "medium", "games": 1, "won": 0, "shared": 0, "lost": 1}
        | {"judged": 0, "accuracy": None},
    ]
    chart = tmp_path / "chart.svg"
    code, out, err = cli(capsys, "library", "stats", "--plot", chart)
    assert code == 0 and err == [str(chart)]
    assert "| Odds and Evens | easy | 2 | 1 | 0 | 1 | 0 | — |" in out
    svg = chart.read_text()
    assert "wins so far" in svg and "none judged yet" in svg  # no accuracy to draw
    code, _, err = cli(capsys, "library", "stats", "--plot", tmp_path / "chart.gif")
    assert code == 2 and len(err) == 1 and ".svg or .png" in err[0]


def test_analyze_judges_each_game_once_and_the_listing_shows_your_accuracy(tmp_path, data, capsys):
    folder = tmp_path / "mine"
    folder.mkdir()
    your_games(folder)
    cli(capsys, "library", "add", folder)
    assert cli(capsys, "library", "analyze") == (0, "Judged 3 games\n", [])
    assert cli(capsys, "library", "analyze") == (0, "Judged 0 games\n", [])
    code, out, _ = cli(capsys, "library", "--json")
    for line in out.splitlines():
        game = json.loads(line)
        yours = [seat for seat in game["seats"] if seat["player"] == "you"]
        assert game["judged"] and len(game["seats"]) == 2 and len(yours) == 1
        assert 0 <= yours[0]["accuracy"] <= 100 and yours[0]["moves"] > 0
    code, out, _ = cli(capsys, "library", "stats", "--json")
    assert [json.loads(line)["judged"] for line in out.splitlines()] == [2, 1]


def test_open_names_a_game_that_is_not_there_in_one_line(data, capsys):
    code, out, err = cli(capsys, "library", "open", "7")
    assert code == 2 and out == ""
    assert err == ["oddsevens: library open: no game 7 (see oddsevens library)"]


def test_open_replays_the_library_copy_of_game_n(tmp_path, data, capsys, monkeypatch):
    opened = []
    monkeypatch.setattr("viz.cli.library.replay_window", lambda path, args: opened.append(path))
    for number in (1, 2):
        write_game(tmp_path / f"g{number}.jsonl", number)
        cli(capsys, "library", "add", tmp_path / f"g{number}.jsonl")
    main(["library", "open", "2"])
    with open_library(data / "library.sqlite3") as library:
        second = library.game(2)
    assert second is not None and opened == [second.path]
    assert second.path.read_bytes() == (tmp_path / "g2.jsonl").read_bytes()


def test_a_recording_replaced_while_it_is_read_looks_changed_since(tmp_path, data, monkeypatch):
    """An undo replaces a session's file; if that lands while the library reads it, the
    library keeps the bytes it read, so the file must look changed since (to be read
    again), not unchanged by the new file's size and time."""
    path, other = tmp_path / "g.jsonl", tmp_path / "other.jsonl"
    write_game(path, 1)
    write_game(other, 2)
    read = os.read

    def read_then_replace(handle, size):
        chunk = read(handle, size)
        if other.exists():
            os.replace(other, path)
        return chunk

    with open_library(data / "library.sqlite3") as library:
        monkeypatch.setattr(os, "read", read_then_replace)
        added = library.add([path])
        monkeypatch.undo()
        assert len(added.added) == 1 and not other.exists()
        assert not library.unchanged_since_added(path)


# --- rebuilding --------------------------------------------------------------------------


def test_rebuild_marks_a_missing_copy_and_adds_a_copy_it_did_not_list(tmp_path, data, capsys):
    for seed in (1, 2):
        write_game(tmp_path / f"g{seed}.jsonl", seed)
    cli(capsys, "library", "add", tmp_path / "g1.jsonl", tmp_path / "g2.jsonl")
    with open_library(data / "library.sqlite3") as library:
        first, second = library.game(1), library.game(2)
    assert first is not None and second is not None
    first.path.unlink()
    (tmp_path / "g1.jsonl").unlink()  # and its source: nothing brings it back
    write_game(data / "games" / "dropped-in.jsonl", 9)
    code, out, err = cli(capsys, "library", "rebuild")
    assert (code, err) == (0, [])
    assert (
        out
        == f"Read 1 game again; 1 missing (marked), 1 game found in {data / 'games'} and added\n"
    )
    code, out, err = cli(capsys, "library", "--json")
    rows = {json.loads(line)["id"]: json.loads(line) for line in out.splitlines()}
    assert (
        rows[1]["missing"]
        and not rows[2]["missing"]
        and rows[3]["path"].endswith("dropped-in.jsonl")
    )
    code, out, err = cli(capsys, "library")
    assert "(file missing)" in out.splitlines()[-1] and code == 0


# --- window sessions ---------------------------------------------------------------------


def _session(folder: Path, database: Path, holders: list[str]) -> SessionLog:
    log = SessionLog(folder, lambda: list(holders), partial(_kept, database))
    log.start(LOOPS, LOOPS.rules({}), 3)
    return log


def _kept(database: Path, path: Path) -> None:
    assert keep_session(path, database) is None


def _play_out(log: SessionLog, seed: int, holders: list[str], switch: str | None = None):
    state, moves = play(LOOPS, LOOPS.rules({}), random.Random(seed))
    replayed = LOOPS.new_state(LOOPS.rules({}))
    for number, move in enumerate(moves):
        replayed.apply(move)
        if number == 1 and switch is not None:
            holders[1] = switch
        log.event(move, 100 * number, replayed.result())
    return state


def test_a_session_is_kept_as_its_game_ends_with_who_held_each_seat(tmp_path):
    database = tmp_path / "lib.sqlite3"
    holders = ["you", "easy"]
    log = _session(tmp_path / "sessions", database, holders)
    state = _play_out(log, 1, holders)
    with open_library(database) as library:  # before the window closes the file
        (game,) = library.games()
    assert game.players == ("you", "easy") and game.vs == "easy"
    assert game.result == ("won" if state.outcome().winners == (0,) else "lost")
    assert game.ended - game.started == timedelta(milliseconds=100 * (len(log._moves) - 1))
    log.close()
    with open_library(database) as library:
        assert library.count() == 1  # closing a file already kept adds nothing


def test_a_seat_that_changes_hands_is_mixed(tmp_path):
    database = tmp_path / "lib.sqlite3"
    holders = ["you", "easy"]
    log = _session(tmp_path / "sessions", database, holders)
    _play_out(log, 2, holders, switch="hard")
    log.close()
    with open_library(database) as library:
        (game,) = library.games()
    assert game.players == ("you", "mixed") and game.vs == "mixed"
    header = json.loads(game.path.read_text().splitlines()[0])
    assert header["players"] == ["you", "mixed"]


def test_an_unfinished_session_is_kept_as_its_window_closes(tmp_path):
    database = tmp_path / "lib.sqlite3"
    log = _session(tmp_path / "sessions", database, ["you", "medium"])
    _, moves = play(LOOPS, LOOPS.rules({}), random.Random(4))
    for number, move in enumerate(moves[:3]):
        log.event(move, number, None)
    with open_library(database) as library:
        assert library.count() == 0
    log.close()
    with open_library(database) as library:
        (game,) = library.games()
    assert game.result == "unfinished" and game.turns == 3


def _an_ended_session(tmp_path):
    """A session played to its end and kept: its log, the database, the game's row."""
    database = tmp_path / "lib.sqlite3"
    holders = ["you", "easy"]
    log = _session(tmp_path / "sessions", database, holders)
    _play_out(log, 1, holders)
    with open_library(database) as library:
        (before,) = library.games()
    return log, database, before


def test_a_session_played_on_after_an_undo_replaces_its_earlier_state(tmp_path):
    log, database, before = _an_ended_session(tmp_path)
    ended = log._moves[2]
    log.rewrite(log._moves[:2], log._times[:2])
    state = LOOPS.new_state(LOOPS.rules({}))
    for move in log._moves:
        state.apply(move)
    other = next(move for move in state.legal_moves() if move != ended)
    log.event(other, 300, None)  # played on, otherwise
    log.close()
    with open_library(database) as library:
        (after,) = library.games()
    assert after.id == before.id and after.hash != before.hash
    assert after.result == "unfinished" and after.turns == 3
    assert not before.path.exists() and after.path.exists()


def test_an_ended_game_stepped_back_and_left_is_kept_as_it_ended(tmp_path):
    """Issue 46, item 6: Back after the end, then a new game (or closing) left the
    session file at the stepped-back position, which the library listed "unfinished"."""
    log, database, before = _an_ended_session(tmp_path)
    log.rewrite(log._moves[:2], log._times[:2])
    log.rewrite([], [])  # back to the start, even
    log.close()
    with open_library(database) as library:
        (after,) = library.games()
    assert (after.id, after.hash, after.result) == (before.id, before.hash, before.result)
    assert after.result != "unfinished" and after.turns == before.turns


def test_catching_up_adds_what_a_killed_window_left_once_and_passes_a_live_one_by(tmp_path):
    sessions, database = tmp_path / "sessions", tmp_path / "lib.sqlite3"
    sessions.mkdir()
    left = RecordingWriter(sessions / "left.jsonl", LOOPS, LOOPS.rules({}), 1, players=["you"])
    _, moves = play(LOOPS, LOOPS.rules({}), random.Random(1))
    left.event(moves[0], 0)
    left._held.close()  # the window was killed: never closed, never kept
    live = RecordingWriter(sessions / "live.jsonl", LOOPS, LOOPS.rules({}), 2)
    live.event(moves[0], 0)
    (sessions / "broken.jsonl").write_text("{not json\n")
    elsewhere = tmp_path / "elsewhere.jsonl"
    elsewhere.write_text(recording_text(LOOPS, LOOPS.rules({}), 3, moves[:1], None))
    (sessions / "link.jsonl").symlink_to(elsewhere)  # not a window's: passed by
    with open_library(database) as library:
        first = catch_up(sessions, library)
        assert len(first.added) == 1 and [e.path.name for e in first.errors] == ["broken.jsonl"]
        again = catch_up(sessions, library)
        assert again.added == [] and again.errors == []  # the broken one is said once
        live.close()
        assert len(catch_up(sessions, library).added) == 1
        assert sorted(g.source.name for g in library.games()) == ["left.jsonl", "live.jsonl"]


def window_to_the_end(tmp_path, keep):
    """An Odds and Evens window against Easy, handing its sessions to `keep`, played to
    the end of a game (frames of the computer's delay)."""
    from viz.window.app import GameApp
    from viz.window.loops import AI_DELAY_MS, LoopsWindow

    app = GameApp(LoopsWindow, LOOPS, LOOPS.rules({}), vs="easy", seed=1,
        session_dir=tmp_path / "sessions", out_dir=tmp_path, keep=keep,
    )  # fmt: skip
    try:
        while app.state.to_move is not None:
            if app.state.to_move == 0:
                app.game_window.try_move(app.state.legal_moves()[0])
            app.frame(AI_DELAY_MS + 1)
    except BaseException:
        app.close()
        raise
    return app


def test_a_window_keeps_its_games_in_the_library(tmp_path):
    import pygame

    database = tmp_path / "lib.sqlite3"
    app = window_to_the_end(tmp_path, partial(keep_session, database=database))
    try:
        app.jobs.kept()  # kept beside the frame loop
        with open_library(database) as library:
            (game,) = library.games()
        assert game.players == ("you", "easy") and game.turns == app.state.turns
        assert game.path.read_bytes() == next((tmp_path / "sessions").iterdir()).read_bytes()
    finally:
        app.close()
    assert not pygame.get_init()


def test_a_window_goes_on_while_its_finished_game_is_kept_and_then_says_what_went_wrong(
    tmp_path,
):
    """The library is opened, checked and written beside the frame loop: frames go on
    while it works, and what it could not do is said once it is done."""
    import pygame

    handed, release = [], threading.Event()

    def slow_keep(path):
        handed.append(path)
        release.wait(timeout=10)
        return "Not kept in your games: the disk is full"

    app = window_to_the_end(tmp_path, slow_keep)
    try:
        for _ in range(3):
            app.frame(16)  # each returns while the keeping waits
        assert not release.is_set() and "Not kept" not in app.message
        release.set()
        app.jobs.kept()
        app.frame(1)
        assert app.message == "Not kept in your games: the disk is full"
        assert [path.parent for path in handed] == [tmp_path / "sessions"]
    finally:
        release.set()
        app.close()
    assert not pygame.get_init()


def test_what_could_not_be_kept_as_a_window_closes_is_printed(tmp_path, capsys):
    from viz.window.jobs import WindowJobs

    said = []
    jobs = WindowJobs({}, lambda judged: [], said.append)
    jobs.keeper(lambda path: f"Not kept in your games: {path.name}: the disk is full")(
        tmp_path / "last.jsonl"
    )
    jobs.close()  # before the window could show it
    assert said == []
    assert capsys.readouterr().err == "Not kept in your games: last.jsonl: the disk is full\n"


# --- the schema --------------------------------------------------------------------------


def test_migrations_take_a_library_to_the_latest_version_once(tmp_path):
    path = tmp_path / "lib.sqlite3"
    open_library(path).close()
    open_library(path).close()
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == LATEST
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert {"games", "seats", "unreadable", "games_started"} <= tables
    assert all(sqlite3.complete_statement(s) for s in statements(MIGRATIONS[0]))


def test_rows_in_asks_past_sqlites_999_values_a_chunk_at_a_time():
    connection = sqlite3.connect(":memory:")
    connection.execute("CREATE TABLE numbers (n INTEGER)")
    connection.executemany("INSERT INTO numbers VALUES (?)", [(n,) for n in range(3000)])
    wanted = range(0, 3000, 2)  # 1,500 values: three chunks
    found = rows_in(connection, "SELECT n FROM numbers WHERE n", wanted)
    assert sorted(n for (n,) in found) == list(wanted)


def test_add_you_names_your_seat_in_a_recording_that_does_not_say(tmp_path, data, capsys):
    """Issue 46, item 4: `record` writes no players; --you 1 makes seat 1 yours, in the
    library's copy too, so a rebuild knows it; a seat the game has not is one line."""
    recording = tmp_path / "r.jsonl"
    assert cli(capsys, "record", "loops", "--seed", "2", "-o", recording)[0] == 0
    assert cli(capsys, "library", "add", "--you", "3", recording) == (
        2,
        "Added 0 games to your library\n",
        [f"oddsevens: {recording}: --you 3: this game's seats are 0 to 1"],
    )
    assert cli(capsys, "library", "add", "--you", "1", recording)[:2] == (
        0,
        "Added 1 game to your library\n",
    )
    for _ in range(2):  # as added, then read again from the copy
        (game,) = [json.loads(line) for line in cli(capsys, "library", "--json")[1].splitlines()]
        assert game["you"] == [1] and game["players"] == ["", "you"]
        assert cli(capsys, "library", "rebuild")[0] == 0
    assert cli(capsys, "library", "add", "--you", "1", recording)[1] == (
        "Added 0 games to your library (1 in it already)\n"
    )
