"""An export's canvas is planned from every turn's status rows: where the game's kit can
tell them without making the scene (Load, Odds and Evens), each turn's scene is made
once, to be drawn; elsewhere it is made a second time, to count its rows."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from games.load import LoadRules, LoadState
from viz.export import clip
from viz.export.clip import Clip
from viz.export.gif_parts import write_gif
from viz.files import load_replay
from viz.scenes import SCENES

RECORDINGS = Path(__file__).resolve().parents[1] / "recordings"
LONG_NOTE = "?? Blunder: Red picked 8, chance 47 % to 0 %; best: Pick red 0 or Pick red 1"


@pytest.mark.parametrize("game", ["load", "loops"])
@pytest.mark.parametrize("size", [300, 560, 1200])
@pytest.mark.parametrize("notes", [(), (LONG_NOTE,), ("", LONG_NOTE * 3)])
def test_the_kit_tells_the_status_rows_its_scenes_keep(game, size, notes):
    replay = load_replay(RECORDINGS / f"{game}-sample.jsonl")
    kit = SCENES[game]
    assert kit.status_room is not None
    width, height = kit.export_size(replay.rules, size)
    for state in replay.frames():
        scene = kit.scene(state, width, height, notes=notes)
        assert kit.status_room(state, width, height, notes) == scene.layout.status_lines


def test_a_load_picture_keeps_three_status_rows_and_one_a_note():
    """The facts and the latest move, wrapped, take two rows of the three kept."""
    kit = SCENES["load"]
    assert kit.status_room is not None
    start = LoadState(LoadRules(rows=7, cols=7, load=8))
    width, height = kit.export_size(start.rules, 560)
    assert kit.status_room(start, width, height, ()) == 3
    assert kit.status_room(start, width, height, ("a", "b")) == 5


def counting_scenes(monkeypatch, **changes) -> list[int]:
    """Count the calls of Load's scene function in exports, its kit changed by `changes`."""
    kit = SCENES["load"]
    calls: list[int] = []

    def scene(*args, **options):
        calls.append(1)
        return kit.scene(*args, **options)

    monkeypatch.setattr(clip, "SCENES", {"load": replace(kit, scene=scene, **changes)})
    return calls


def test_a_load_export_makes_each_turns_scene_once(monkeypatch, tmp_path):
    replay = load_replay(RECORDINGS / "load-sample.jsonl")
    calls = counting_scenes(monkeypatch)
    write_gif(Clip(replay, 300), tmp_path / "game.gif")
    assert len(calls) == len(replay.frames())


def test_a_kit_that_cannot_tell_its_status_rows_has_each_scene_made_twice(monkeypatch, tmp_path):
    replay = load_replay(RECORDINGS / "load-sample.jsonl")
    calls = counting_scenes(monkeypatch, status_room=None)
    write_gif(Clip(replay, 300), tmp_path / "game.gif")
    assert len(calls) == 2 * len(replay.frames())
