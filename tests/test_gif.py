"""The GIF writer against the plain path: every turn's whole picture rendered afresh,
shown for the timeline's delay; which unchanged pixels it makes transparent; and a long
GIF drawn in parts by more than one process, the same file."""

from __future__ import annotations

import io
import itertools
import os
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from support.samples import FULL_LOAD_GAME
from test_streams import timeline

from viz.export import gif_parts
from viz.export.animation import gif_bytes
from viz.export.clip import Clip
from viz.export.deltas import spare_where
from viz.export.gif import LONG_RUN, long_runs
from viz.export.gif_parts import gif_part, write_gif
from viz.files import load_replay
from viz.render.raster import render, render_changes
from viz.render.timeline import fixed_durations_ms, gif_delays_cs
from viz.scenes.load import PALETTE
from viz.scenes.shapes import Rect, Scene

ROOT = Path(__file__).resolve().parents[1]
FRAME_MS, HOLD_MS = 500, 2000


def shown(data: bytes) -> list[tuple[bytes, int]]:
    """Each picture the GIF shows, as RGB, with its time in ms; a picture equal to the
    one before is one picture, shown for both times."""
    with Image.open(io.BytesIO(data)) as animation:
        pictures = []
        for index in range(animation.n_frames):
            animation.seek(index)
            pictures.append((animation.convert("RGB").tobytes(), animation.info["duration"]))
    return timeline(pictures)


def plain(scenes) -> list[tuple[bytes, int]]:
    """Every scene rendered whole and on its own, for the timeline's time."""
    delays = gif_delays_cs(fixed_durations_ms(len(scenes), FRAME_MS, HOLD_MS))
    return timeline(
        [
            (render(scene).convert("RGB").tobytes(), cs * 10)
            for scene, cs in zip(scenes, delays, strict=True)
        ]
    )


@pytest.mark.parametrize(
    ("recording", "size"),
    [
        (ROOT / "recordings" / "load-sample.jsonl", 300),
        (ROOT / "recordings" / "loops-sample.jsonl", 560),
        pytest.param(ROOT / "recordings" / "tiles-sample.jsonl", 300, marks=pytest.mark.slow),
        (FULL_LOAD_GAME, 560),
    ],
    ids=["load", "loops", "tiles", "98-turns"],
)
def test_the_gif_shows_every_turns_whole_picture_for_its_time(recording, size):
    scenes = list(Clip(load_replay(recording), size).scenes())
    assert shown(gif_bytes(scenes, FRAME_MS, HOLD_MS)) == plain(scenes)


def test_the_98_turn_game_weighs_less_than_gifsicles_best_of_the_old_gif():
    """gifsicle -O3 made 216,433 bytes of the GIF this writer made before (247,476)."""
    scenes = list(Clip(load_replay(FULL_LOAD_GAME), 560).scenes())
    assert len(gif_bytes(scenes, FRAME_MS, HOLD_MS)) <= 212_000


def test_runs_of_unchanged_pixels_are_transparent_from_the_long_length_on():
    kept = np.ones(2 + 1 + (LONG_RUN - 1) + 1 + LONG_RUN + 1 + 2, dtype=bool)
    drawn = [2, 2 + 1 + LONG_RUN - 1, 2 + 1 + LONG_RUN - 1 + 1 + LONG_RUN]
    kept[drawn] = False
    # two kept, drawn, one short of the length kept, drawn, the length kept, drawn, two kept
    expected = np.zeros_like(kept)
    expected[drawn[1] + 1 : drawn[2]] = True
    assert (long_runs(kept.reshape(1, -1)) == expected).all()
    # row after row, as GIF reads them: a run goes on past a row's end
    rows = np.ones((3, LONG_RUN // 2), dtype=bool)
    rows[0, 0] = rows[2, -1] = False
    assert long_runs(rows).sum() == 3 * (LONG_RUN // 2) - 2


def test_a_frame_with_nothing_kept_has_no_long_run():
    assert not long_runs(np.zeros((4, 60), dtype=bool)).any()


def test_a_square_just_beside_a_repainted_change_is_left_as_it_was():
    """The change at x 12 is repainted from x 10 (its bounds reach two pixels out); the
    square at x 0..7 meets that region by its own bounds (three pixels out), but ends
    two pixels before it, so the repaint must not touch a single pixel of it."""
    square = Rect("square", 0, 0, 8, 30, "red")
    before, after = (
        Scene(40, 30, "canvas", PALETTE, (square, Rect("change", 12, 0, 6, 30, fill)))
        for fill in ("green", "ink")
    )
    *_, (repainted, box) = render_changes([before, after])
    assert box is not None and box[0] == 10
    assert np.array_equal(np.asarray(repainted), np.asarray(render(after)))


def test_the_spare_index_stands_where_marked_and_every_other_pixel_keeps_its_colour():
    pixels = np.array([[0, 3, 5], [5, 1, 0]], dtype=np.uint8)
    marked = np.array([[True, False, True], [False, True, False]])
    assert spare_where(pixels, marked, 6).tolist() == [[6, 3, 6], [5, 6, 0]]
    assert spare_where(pixels, marked, 6).dtype == np.uint8


PARTS_MADE = "ODDSEVENS_TEST_PARTS_MADE"  # a folder where each part made is noted


def noted_part(clip, share, delays):
    """`gif_part`, noting in the folder which process made which part."""
    (Path(os.environ[PARTS_MADE]) / f"{os.getpid()}-{share.start}-{share.stop}").touch()
    return gif_part(clip, share, delays)


@pytest.fixture
def parts_noted(tmp_path, monkeypatch):
    """Each process's parts, noted; on two cores, whatever the machine."""
    made = tmp_path / "parts"
    made.mkdir()
    monkeypatch.setenv(PARTS_MADE, str(made))  # before the workers start: they take it
    monkeypatch.setattr(gif_parts, "gif_part", noted_part)
    monkeypatch.setattr(gif_parts.os, "cpu_count", lambda: 2)
    return made


def makers(made: Path) -> dict[int, list[range]]:
    """The parts each process made, by process, first first."""
    found: dict[int, list[range]] = {}
    for note in made.iterdir():
        pid, start, stop = map(int, note.name.split("-"))
        found.setdefault(pid, []).append(range(start, stop))
    return {pid: sorted(parts, key=lambda part: part.start) for pid, parts in found.items()}


def test_part_sizes_shrink_with_the_frames_left_and_leave_no_sliver(monkeypatch):
    monkeypatch.setattr(gif_parts, "SMALLEST_PART", 20)
    assert gif_parts.part_size(800, 2) == 200  # a quarter of the frames left, for 2 processes
    assert gif_parts.part_size(800, 4) == 100
    assert gif_parts.part_size(100, 2) == 25
    assert gif_parts.part_size(60, 2) == 20  # never under the smallest part
    assert gif_parts.part_size(39, 2) == 39  # 20 would leave 19: all of them
    assert gif_parts.part_size(40, 2) == 20


def test_a_gif_drawn_in_parts_by_two_processes_is_the_gif_drawn_by_one(
    tmp_path, parts_noted, monkeypatch
):
    """41 frames at 10 a process make a worker worth it. The first 10 (a quarter, for
    two processes) are this process's own, not a part; the workers take parts from the
    front, this process from the back, until they meet."""
    monkeypatch.setattr(gif_parts, "FRAMES_PER_PROCESS", 10)
    monkeypatch.setattr(gif_parts, "SMALLEST_PART", 3)
    clip = Clip(load_replay(ROOT / "recordings" / "load-sample.jsonl"), 300)
    assert len(clip.turns) == 41
    write_gif(clip, tmp_path / "parts.gif")
    assert (tmp_path / "parts.gif").read_bytes() == gif_bytes(
        list(clip.scenes()), FRAME_MS, HOLD_MS
    )
    made = makers(parts_noted)
    assert len(made) == 2
    here, there = made.pop(os.getpid()), made.popitem()[1]
    assert there[0].start == 10 and here[-1].stop == 41
    everything = there + here  # the workers' first, then this process's: every frame once
    assert all(one.stop == next.start for one, next in itertools.pairwise(everything))


def test_a_gif_drawn_in_parts_off_the_main_thread_is_the_same_gif(
    tmp_path, parts_noted, monkeypatch
):
    """As a window writes its download: there no signal handler may be set."""
    monkeypatch.setattr(gif_parts, "FRAMES_PER_PROCESS", 10)
    monkeypatch.setattr(gif_parts, "SMALLEST_PART", 3)
    clip = Clip(load_replay(ROOT / "recordings" / "load-sample.jsonl"), 300)
    failed: list[BaseException] = []

    def download() -> None:
        try:
            write_gif(clip, tmp_path / "parts.gif")
        except BaseException as error:  # a thread would only print it
            failed.append(error)

    thread = threading.Thread(target=download)
    thread.start()
    thread.join()
    assert failed == []
    assert (tmp_path / "parts.gif").read_bytes() == gif_bytes(
        list(clip.scenes()), FRAME_MS, HOLD_MS
    )
    assert len(makers(parts_noted)) == 2


def test_the_export_engine_loads_worker_processes_only_for_a_long_gif():
    """Every export, and every window (which saves through the engine), would pay for
    loky's import (30 ms) otherwise."""
    code = "import sys, viz.export.engine; print('loky' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout == "False\n", done.stderr


def test_a_long_gif_of_large_frames_is_drawn_by_this_process_alone(
    tmp_path, parts_noted, monkeypatch
):
    """Two processes' pictures would outweigh the export's memory budget."""
    monkeypatch.setattr(gif_parts, "FRAMES_PER_PROCESS", 10)
    clip = Clip(load_replay(ROOT / "recordings" / "load-sample.jsonl"), 300)
    width, height, _ = clip.canvas
    monkeypatch.setattr(gif_parts, "LARGEST_SHARED_FRAME", width * height - 1)
    write_gif(clip, tmp_path / "game.gif")
    assert list(parts_noted.iterdir()) == []


def test_a_gif_under_250_frames_a_core_is_drawn_by_this_process_alone(tmp_path, parts_noted):
    clip = Clip(load_replay(ROOT / "recordings" / "load-sample.jsonl"), 300)
    write_gif(clip, tmp_path / "game.gif")
    assert list(parts_noted.iterdir()) == []
