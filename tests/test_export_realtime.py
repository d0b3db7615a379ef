"""Real-time exports: every format decoded, its frames timed by the recording's clock,
long pauses cut to the idle limit; and the command line's options and refusals."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from itertools import accumulate

import pytest
from support.timed import timed_load_game
from support.video import frame_times_ms, pictures
from test_export import expected_color, svg_value_at
from test_export_formats import close, decoded, sampled_points

from viz.cli import main
from viz.export.clip import Clip
from viz.export.engine import export_clip
from viz.files import load_replay
from viz.render.timeline import RealTime, real_durations_ms
from viz.scenes.shapes import rgb_hex

# support.timed's pauses [700, 700, 5700, 705, 5, 700 x 9], the 5.7 s one cut to 2 s;
# turn 4's 5 ms made the shortest frame, 20 ms, and turn 5 15 ms shorter to catch up;
# the last turn, the end of the game, held 2 s.
SHOWN_MS = [700, 700, 2000, 705, 20, 685, *[700] * 8, 2000]
# In whole centiseconds, each frame ending at the nearest to its end: 411 cs for 4105 ms.
GIF_MS = [700, 700, 2000, 710, 20, 680, *[700] * 8, 2000]
TOTAL_MS = 12_410  # the pauses cut, and the hold: 700 + 700 + 2000 + 705 + 5 + 9 x 700 + 2000


@pytest.fixture(scope="module")
def recording(tmp_path_factory):
    path = tmp_path_factory.mktemp("timed") / "timed.jsonl"
    path.write_text(timed_load_game())
    return path


@pytest.fixture(scope="module")
def clip(recording):
    return Clip(load_replay(recording), size=300, realtime=RealTime())


def test_each_turn_lasts_its_recorded_pause_cut_to_the_limit(clip):
    assert clip.durations_ms() == SHOWN_MS and sum(SHOWN_MS) == TOTAL_MS


def test_the_limit_and_speed_cut_and_scale_the_pauses_but_not_the_hold():
    # cut to 1 s, then twice as fast: 350, 350, 500, 352.5, 2.5 (20, so 17.5 caught up)
    pace = RealTime(idle_limit_ms=1000, speed=2)
    starts = [0, *accumulate([700, 700, 5700, 705, 5, 700])]
    assert real_durations_ms(starts, None, pace, 2000) == [350, 350, 500, 353, 20, 332, 2000]
    # a part of the game: its last turn shows its own pause, then the hold
    assert real_durations_ms(starts[:3], starts[3], pace, 100) == [350, 350, 600]


@pytest.mark.parametrize("kind", ["gif", "apng", "webp"])
def test_gif_apng_and_webp_frames_follow_the_recorded_clock(clip, tmp_path, kind):
    path = tmp_path / f"game.{'png' if kind == 'apng' else kind}"
    export_clip(clip, {kind: path})
    frames = decoded(path)
    durations = [duration for _, duration in frames]
    assert durations == (GIF_MS if kind == "gif" else SHOWN_MS)
    assert sum(durations) == TOTAL_MS
    gif = decoded(export_gif(clip, tmp_path))
    for (frame, _), (reference, _) in zip(frames, gif, strict=True):
        assert frame.tobytes() == reference.tobytes()  # the pictures are the fixed pace's


def export_gif(clip, folder):
    path = folder / "fixed.gif"
    export_clip(Clip(clip.replay, size=clip.size), {"gif": path})
    return path


def test_the_svg_shows_each_turn_at_its_recorded_time(clip, tmp_path):
    path = tmp_path / "game.svg"
    export_clip(clip, {"svg": path})
    root = ET.parse(path).getroot()
    assert root.get("data-real-ms") == " ".join(map(str, SHOWN_MS))
    assert root.get("data-frame-ms") is None and root.get("data-hold-ms") == "2000"
    by_id = {element.get("id"): element for element in root.iter() if element.get("id")}
    starts = [0, *accumulate(SHOWN_MS)]
    for turn, state in enumerate(clip.states):
        # just after it starts and just before it ends (key times are written to 6 places)
        for at in (starts[turn] + 0.1, starts[turn + 1] - 0.1):
            for cell in range(state.board.cells):
                shown = svg_value_at(by_id[f"red-{cell}"], "fill", at, TOTAL_MS)
                assert shown == rgb_hex(expected_color(state, cell, "red")), (turn, cell, at)


@pytest.mark.slow  # ffmpeg's slowest preset
def test_the_mp4_shows_each_turn_as_one_frame_at_its_recorded_time(clip, tmp_path):
    path = tmp_path / "game.mp4"
    export_clip(clip, {"mp4": path})
    starts = [0, *accumulate(SHOWN_MS)][:-1]
    assert frame_times_ms(path) == list(zip(starts, SHOWN_MS, strict=True))
    frames = pictures(path)
    gif = decoded(export_gif(clip, tmp_path))
    scenes = list(clip.scenes())
    for turn, (reference, _) in enumerate(gif):
        for point in sampled_points(scenes[turn]):
            assert close(frames[turn].getpixel(point), reference.getpixel(point), 24), (turn, point)


def test_the_page_carries_each_turns_time_and_opens_in_real_time(recording, tmp_path):
    def page_data(*options):
        page = tmp_path / "page.html"
        assert main(["export", str(recording), "--html", str(page), *options]) == 0
        found = re.search(r'<script id="replay-data"[^>]*>(.*?)</script>', page.read_text())
        return json.loads(found.group(1))

    fixed, real = page_data(), page_data("--realtime", "--speed", "2")
    assert fixed["realMs"] == SHOWN_MS and fixed["realTime"] is False
    assert real["realMs"][:3] == [350, 350, 1000] and real["realTime"] is True


def test_the_command_line_plays_at_the_limit_and_speed_given(recording, tmp_path):
    gif = tmp_path / "fast.gif"
    options = ["--realtime", "--idle-limit", "1", "--speed", "2", "--gif", str(gif)]
    assert main(["export", str(recording), *options]) == 0
    # 350, 350, 500, 352.5 (to 1553 ms: 155 cs), 2.5 (at least 2 cs), 350 x 9, the hold
    delays = [duration for _, duration in decoded(gif)]
    assert delays == [350, 350, 500, 350, 20, 340, *[350] * 8, 2000]


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ([], "{recording}: has no times to play in real time"),
        (["--frame-ms", "300"], "--frame-ms sets a fixed pace: --realtime plays the recorded one"),
    ],
)
def test_realtime_refuses_a_recording_without_times_and_a_frame_time(
    tmp_path, capsys, options, said
):
    recording = tmp_path / "untimed.jsonl"
    assert main(["record", "load", "--seed", "4", "-o", str(recording)]) == 0
    capsys.readouterr()
    gif = tmp_path / "out.gif"
    assert main(["export", str(recording), "--realtime", "--gif", str(gif), *options]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and said.format(recording=recording) in error
    assert not gif.exists()


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--idle-limit", "3"], "--idle-limit goes with --realtime"),
        (["--speed", "2"], "--speed goes with --realtime"),
        (["--realtime", "--speed", "0"], "--speed: 0.0 is not from 0.1 to 100"),
        (["--realtime", "--idle-limit", "nan"], "--idle-limit: nan is not from 0.02 to 600"),
        (["--realtime", "--idle-limit", "soon"], "--idle-limit: 'soon' is not a number"),
    ],
)
def test_the_real_time_options_are_checked(recording, tmp_path, capsys, options, said):
    gif = tmp_path / "out.gif"
    assert main(["export", str(recording), "--gif", str(gif), *options]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and said in error and not gif.exists()
