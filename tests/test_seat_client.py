"""The pieces of a window playing a seat at a server's room that need no server: the
colours it draws a view in, and its session recording."""

from __future__ import annotations

import json
import random

import pytest

from games import REGISTRY
from games.history import History
from viz.render.scene_data import scene_data
from viz.scenes import PALETTES, SCENES
from viz.window.remote import repainted, scene_of
from viz.window.seat import shown_moves
from viz.window.seat_log import UNKNOWN_SEED, SeatLog


def played(game_id: str, moves: int, seed: int = 3) -> History:
    game = REGISTRY[game_id]
    history = History(game.new_state(game.rules({})))
    rng = random.Random(seed)
    while len(history) < moves and history.state.to_move is not None:
        history.push(game.auto_move(history.state, rng))
    return history


@pytest.mark.parametrize("game_id", ["load", "loops", "tiles"])
def test_a_view_drawn_in_the_default_colours_shows_as_the_game_draws_high_contrast(game_id):
    """The server draws every view in the default palette; the window shows it in the
    palette of its settings, as the game's own scene in that palette would be."""
    kit, state = SCENES[game_id], played(game_id, 6).state
    sent = scene_data(kit.scene(state, 640, 480))
    own = scene_of(scene_data(kit.scene(state, 640, 480, palette="high-contrast")))
    shown = scene_of(sent, repainted(PALETTES[game_id], "default", "high-contrast"))
    assert shown.shapes == own.shapes
    assert shown.palette.colors == own.palette.colors
    assert shown.shapes != scene_of(sent).shapes  # the palettes do differ


def test_the_default_colours_shown_in_the_default_palette_change_nothing():
    assert repainted(PALETTES["tiles"], "default", "default") == {}


class Ticks:
    """A clock that moves on by 1.5 s each time it is read."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        self.now += 1.5
        return self.now


def load_changes(moves: int) -> tuple[list[dict], list[dict]]:
    """A room's changes as a seat learns them: a seat taken and the start (no turn
    passes), then `moves` moves of Load, each with its event; and the events."""
    game = REGISTRY["load"]
    history = played("load", moves)
    events = [game.event_from_move(move) for move in history.moves]
    changes = [{"seq": 1, "turn": 0}, {"seq": 2, "turn": 0}]
    changes += [{"seq": 3 + i, "turn": i + 1, "event": event} for i, event in enumerate(events)]
    return changes, events


def seat_log(tmp_path, game_id: str = "load") -> SeatLog:
    game = REGISTRY[game_id]
    return SeatLog(tmp_path, game, game.rules({}), lambda: ["you", "person"], Ticks())


def lines_of(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_game_with_nothing_hidden_is_recorded_move_by_move_once_each(tmp_path):
    changes, events = load_changes(4)
    log = seat_log(tmp_path)
    log.follow(changes[:4])
    log.follow(changes[2:])  # told again after a reconnect: followed once
    assert log.live and log.path is not None
    header, *moves = lines_of(log.path)
    assert header["seed"] == UNKNOWN_SEED and header["players"] == ["you", "person"]
    assert [{k: v for k, v in m.items() if k != "ms"} for m in moves] == events
    assert [m["ms"] for m in moves] == [0, 1500, 3000, 4500]  # a change's arrival, each


def test_the_servers_recording_takes_the_live_files_place_once_the_game_has_ended(tmp_path):
    changes, _ = load_changes(3)
    log = seat_log(tmp_path)
    log.follow(changes)
    live = log.path
    whole = b'{"whole": "recording"}\n'
    assert log.finish(whole, "load-room-x") == live
    assert live.read_bytes() == whole
    assert list(tmp_path.glob("*.jsonl")) == [live]


def test_a_move_told_as_a_bare_turn_ends_the_live_file(tmp_path):
    """Even Odds' deal reaches a seat as a turn without its move: a file of what the seat
    saw could not be replayed, and one with the deal would hold what it may not see."""
    changes, _ = load_changes(2)
    log = seat_log(tmp_path)
    log.follow(changes)
    assert log.path is not None
    log.follow([{"seq": 5, "turn": 3}, {"seq": 6, "turn": 4, "event": {"anything": 1}}])
    assert not log.live and log.path is None
    assert list(tmp_path.glob("*.jsonl")) == []
    path = log.finish(b"whole\n", "load-room-x")
    assert path.name == "load-room-x.jsonl" and path.read_bytes() == b"whole\n"


def test_a_seat_that_sees_only_the_start_writes_no_file_before_the_end(tmp_path):
    log = seat_log(tmp_path, "tiles")
    log.follow([{"seq": 1, "turn": 0}, {"seq": 2, "turn": 1}])  # the start, the deal
    assert not log.live and list(tmp_path.iterdir()) == []


def test_moves_that_fit_all_have_buttons_and_many_show_those_about_the_choice():
    """Hand-worked: 23 Load cells in 10 rows are 9 buttons and a line, from the first
    while the choice is near the start, ending at the last near the end, and centred
    on the choice between (choice 11: 7 to 15)."""
    assert shown_moves(5, 4, 10) == range(5)
    assert shown_moves(10, 9, 10) == range(10)
    assert shown_moves(23, 0, 10) == range(0, 9)
    assert shown_moves(23, 11, 10) == range(7, 16)
    assert shown_moves(23, 22, 10) == range(14, 23)


@pytest.mark.slow
def test_a_seat_the_server_refuses_is_said_so_and_not_asked_again(tmp_path):
    """A token the room does not know is refused for good (close code 1008): the window's
    connection says why and stops, where a connection lost is made again."""
    from support.serving import Served
    from support.xsession import wait_until

    from viz.window.remote import Connection, Invitation

    served = Served(tmp_path / "server").start()
    try:
        made = served.post("/api/rooms", {"game": "loops", "rules": {}, "seats": ["open"] * 2})
        connection = Connection(Invitation(served.base, made["room"], 0), "not-a-token-of-it")
        connection.start()
        assert wait_until(lambda: connection.notice.startswith("The server refused"), 20)
        first = connection.socket
        assert first.close_code == 1008
        assert not wait_until(lambda: connection.socket is not first, 2)  # not made again
        connection.close()
    finally:
        served.stop()


def test_changes_never_told_end_the_live_file_rather_than_leave_a_wrong_game(tmp_path):
    changes, _ = load_changes(4)
    log = seat_log(tmp_path)
    log.follow(changes[:3])
    assert log.path is not None
    log.follow(changes[4:])  # change 4 never came
    assert not log.live and list(tmp_path.glob("*.jsonl")) == []
