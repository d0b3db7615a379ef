"""`oddsevens library open N` on a real X server: the library's copy of game N opens in
its replay window at the turn asked for, and real key presses step it on. What the
window shows is checked against where the same window, drawn off screen, puts the
picked cells."""

from __future__ import annotations

import os

import pytest
from support.library import cli, data_folder
from support.xsession import XServer, XWindow, wait_until

from games.load import Pick
from viz.files import load_replay
from viz.scenes.load import PALETTE
from viz.window.app import GameApp
from viz.window.load import LoadWindow

pytestmark = [pytest.mark.x11, pytest.mark.slow]
SIZE = (980, 720)
TURN = 4


def red_half_centre(replay, turn: int) -> tuple[int, int]:
    """A point of the red half of the cell red picks at `turn` + 1, as the window draws
    it: clear of the latest pick's outline and of the cell's number."""
    window = GameApp(LoadWindow, replay.game, replay.rules, script=replay.moves, size=SIZE)
    try:
        window.frame(16)
        move = replay.moves[turn]
        assert isinstance(move, Pick) and move.player == 1
        shape = next(s for s in window.board.drawn.shapes if s.key == f"red-{move.cell}")
        return round(shape.x + shape.w / 4), round(shape.y + shape.h / 3)
    finally:
        window.close()


def test_library_open_shows_game_n_at_its_turn_and_steps_on_with_the_keys(
    tmp_path, monkeypatch, capsys
):
    data = data_folder(tmp_path, monkeypatch)  # the window's state folder is there too
    recording = tmp_path / "game.jsonl"
    rules = ["--rows", "4", "--cols", "4", "--load", "5", "--seed", "3"]
    assert cli(capsys, "record", "load", *rules, "-o", recording)[0] == 0
    assert cli(capsys, "library", "add", recording)[0] == 0
    replay = load_replay(recording)
    spot = red_half_centre(replay, TURN)  # red's pick of turn 5, not yet shown at turn 4
    red = PALETTE.colors["red"]
    server = XServer()
    env = {**os.environ, "ODDSEVENS_DATA": str(data)}
    size = f"{SIZE[0]}x{SIZE[1]}"
    window = XWindow(
        server, tmp_path, "library", "open", "1", "--turn", str(TURN), "--window", size, env=env
    )
    try:

        def shown() -> tuple[int, int, int]:
            return window.screenshot().convert("RGB").getpixel(spot)

        assert shown() != red
        window.key("Right")
        assert wait_until(lambda: shown() == red), shown()
        window.key("Left")
        assert wait_until(lambda: shown() != red), shown()
    finally:
        assert window.close() == 0
        server.close()
