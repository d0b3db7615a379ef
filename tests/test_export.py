"""GIF and SVG exports checked cell by cell, turn by turn, against the engine."""

import io
import random
import xml.etree.ElementTree as ET
from itertools import pairwise

import pytest
from PIL import Image, ImageChops
from support.reference import every_frame

from games import REGISTRY
from games.autoplay import play
from games.load import DIM, NONE, ON
from games.recording import parse
from viz.export.animation import gif_bytes
from viz.export.clip import replay_scenes
from viz.files import recording_text
from viz.render.svg import animated_svg
from viz.render.timeline import Timing, gif_delays_cs
from viz.scenes.load import PALETTE
from viz.scenes.shapes import rgb_hex

FRAME_MS, HOLD_MS = 120, 700
SVG = "{http://www.w3.org/2000/svg}"


def recorded_load_game(seed, rows=7, cols=7, load=5):
    game = REGISTRY["load"]
    rules = game.rules({"rows": rows, "cols": cols, "load": load})
    state, moves = play(game, rules, random.Random(seed))
    return parse(recording_text(game, rules, seed, moves, state.result()).splitlines(True))


def expected_color(state, cell, half):
    value = state.red_state(cell) if half == "red" else state.green_state(cell)
    name = {NONE: "cell", ON: half, DIM: f"{half}-dim"}[value]
    return PALETTE.colors[name]


def half_centre(scene, key):
    rect = scene.by_key()[key]
    return round(rect.x + rect.w / 2), round(rect.y + rect.h / 2)


def gif_frame_at(gif, when_ms):
    elapsed = 0
    for index in range(gif.n_frames):
        gif.seek(index)
        elapsed += gif.info["duration"]
        if when_ms < elapsed:
            return gif.convert("RGB")
    raise AssertionError(f"no frame at {when_ms} ms")


@pytest.fixture(scope="module")
def replay():
    return recorded_load_game(seed=11)


def test_gif_shows_every_cell_half_as_the_engine_says_at_every_turn(replay):
    scenes = replay_scenes(replay, size=280)
    states = replay.frames()
    gif = Image.open(io.BytesIO(gif_bytes(scenes, FRAME_MS, HOLD_MS)))
    assert gif.info["loop"] == 0
    for turn, state in enumerate(states):
        frame = gif_frame_at(gif, (turn + 0.5) * FRAME_MS)
        for cell in range(state.board.cells):
            for half in ("red", "green"):
                pixel = frame.getpixel(half_centre(scenes[turn], f"{half}-{cell}"))
                assert pixel == expected_color(state, cell, half), (turn, cell, half)


def test_gif_timeline_holds_the_last_frame_and_never_drifts(replay):
    scenes = replay_scenes(replay, size=200)
    gif = Image.open(io.BytesIO(gif_bytes(scenes, 25, 1000)))
    total = sum(gif.seek(i) or gif.info["duration"] for i in range(gif.n_frames))
    assert total == (len(scenes) * 25 + 1000 + 5) // 10 * 10  # whole centiseconds
    assert gif_delays_cs([25] * 4) == [3, 2, 3, 2]  # 0, 25, 50, 75, 100 ms -> 0, 3, 5, 8, 10 cs
    assert gif_delays_cs([10] * 3) == [2, 2, 2]  # never under 2 cs


def gif_blocks(data):
    """Walk a GIF's blocks: (has global table, [(x, y, w, h, has local table)])."""
    flags = data[10]
    position = 13 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0)
    frames = []
    while data[position] != 0x3B:
        if data[position] == 0x21:  # extension: skip its sub-blocks
            position += 2
            while data[position]:
                position += data[position] + 1
            position += 1
            continue
        x, y, w, h = (
            int.from_bytes(data[position + i : position + i + 2], "little") for i in (1, 3, 5, 7)
        )
        local = data[position + 9] & 0x80
        frames.append((x, y, w, h, bool(local)))
        position += 11  # descriptor and LZW minimum code size
        while data[position]:
            position += data[position] + 1
        position += 1
    return bool(flags & 0x80), frames


def test_gif_has_one_palette_and_later_frames_hold_only_the_changed_region(replay):
    scenes = replay_scenes(replay, size=280)
    has_global, frames = gif_blocks(gif_bytes(scenes, FRAME_MS, HOLD_MS))
    assert has_global and not any(local for *_, local in frames)
    assert frames[0][:4] == (0, 0, scenes[0].width, scenes[0].height)
    images = every_frame(scenes)
    assert len(frames) == len(images)
    for (before, after), (x, y, w, h, _) in zip(pairwise(images), frames[1:], strict=True):
        changed = ImageChops.difference(before, after).getbbox()
        assert (x, y, x + w, y + h) == changed


def svg_value_at(element, attribute, when_ms, total_ms):
    value = element.get(attribute)
    for animation in element.findall(f"{SVG}animate"):
        if animation.get("attributeName") != attribute:
            continue
        times = [float(t) for t in animation.get("keyTimes").split(";")]
        values = animation.get("values").split(";")
        assert animation.get("calcMode") == "discrete" and times == sorted(set(times))
        assert animation.get("dur") == f"{total_ms}ms"
        value = [v for t, v in zip(times, values, strict=True) if t <= when_ms / total_ms][-1]
    return value


def test_svg_timeline_matches_the_engine_for_every_cell_and_turn(replay):
    scenes = replay_scenes(replay, size=280)
    states = replay.frames()
    root = ET.fromstring(animated_svg(scenes, Timing.fixed(len(scenes), FRAME_MS, HOLD_MS)))
    assert root.get("data-frame-ms") == str(FRAME_MS)
    assert root.get("data-hold-ms") == str(HOLD_MS)
    assert root.get("data-frames") == str(len(states))
    assert (root.get("width"), root.get("height")) == (str(scenes[0].width), str(scenes[0].height))
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    total = len(states) * FRAME_MS + HOLD_MS
    for turn, state in enumerate(states):
        for cell in range(state.board.cells):
            for half in ("red", "green"):
                element = by_id[f"{half}-{cell}"]
                assert element.tag == f"{SVG}rect"
                shown = svg_value_at(element, "fill", (turn + 0.5) * FRAME_MS, total)
                assert shown == rgb_hex(expected_color(state, cell, half)), (turn, cell)


def svg_size_and_changes(replay):
    scenes = replay_scenes(replay, size=560)
    changes = sum(
        a.by_key()[k] != b.by_key()[k]
        for a, b in pairwise(scenes)
        for k in a.by_key()
        if k.startswith(("red-", "green-"))
    )
    # each half a pick clears is marked in that frame: one element shown for one frame
    marks = len(
        {(k, n) for n, s in enumerate(scenes) for k in s.by_key() if k.startswith("cleared-")}
    )
    size = len(animated_svg(scenes, Timing.fixed(len(scenes), FRAME_MS, HOLD_MS)).encode())
    return size, len(scenes), changes, marks


@pytest.mark.slow  # three whole animated SVGs, one of a 12x12 board
def test_svg_size_grows_with_cells_and_changes_not_frames_times_cells():
    short = recorded_load_game(seed=6)
    long = recorded_load_game(seed=5)
    cells = 49
    for recording in (short, long):
        size, frames, changes, marks = svg_size_and_changes(recording)
        budget = 420 * cells + 260 * frames + 180 * changes + 360 * marks
        assert size <= budget, (size, frames, changes, marks)
        # what one element per cell per frame would take (the clearing marks aside)
        assert size - 360 * marks < 30 * frames * cells
    big = recorded_load_game(seed=3, rows=12, cols=12, load=8)
    size, frames, changes, marks = svg_size_and_changes(big)
    assert size <= 420 * 144 + 260 * frames + 180 * changes + 360 * marks
