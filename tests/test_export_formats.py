"""The export engine: the streaming GIF against Pillow's writer, every other format
decoded back, turn ranges, exact SVG timing, and all-or-nothing output."""

from __future__ import annotations

import fcntl
import io
import subprocess
import sys
import weakref
import xml.etree.ElementTree as ET
from pathlib import Path

import imageio_ffmpeg
import pytest
from PIL import Image
from support.reference import pillow_gif
from support.samples import FULL_LOAD_GAME
from support.video import frame_times_ms, pictures
from test_export import recorded_load_game

from games import REGISTRY
from viz.cli import main, record_game
from viz.export import engine as export
from viz.export.animation import gif_bytes
from viz.export.clip import Clip
from viz.export.engine import export_clip
from viz.files import load_replay
from viz.outputs import TEMP_MARK

FRAME_MS, HOLD_MS = 120, 360


def decoded(data_or_path):
    """Every frame of an animation as RGB, with its duration in ms."""
    with Image.open(
        io.BytesIO(data_or_path) if isinstance(data_or_path, bytes) else data_or_path
    ) as animation:
        frames = []
        for index in range(animation.n_frames):
            animation.seek(index)
            frames.append((animation.convert("RGB").copy(), animation.info.get("duration")))
        return frames


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    folder = tmp_path_factory.mktemp("games")
    rules = {"load": {}, "loops": {}, "tiles": {"players": 3}}
    return {
        game: record_game(game, REGISTRY[game].rules(params), 3, folder / f"{game}.jsonl")
        for game, params in rules.items()
    }


# Even Odds' game is the longest: it runs with the slow tests (CI).
@pytest.mark.parametrize("game", ["load", "loops", pytest.param("tiles", marks=pytest.mark.slow)])
def test_the_streaming_gif_decodes_to_the_same_frames_and_delays_as_pillows(games, game):
    clip = Clip(games[game], size=300)
    scenes = list(clip.scenes())
    ours, theirs = (
        decoded(gif_bytes(scenes, FRAME_MS, HOLD_MS)),
        decoded(pillow_gif(scenes, FRAME_MS, HOLD_MS)),
    )
    assert len(ours) == len(theirs) == len(scenes)
    for (mine, my_delay), (old, old_delay) in zip(ours, theirs, strict=True):
        assert my_delay == old_delay and mine.tobytes() == old.tobytes()


def sampled_points(scene):
    """Points in the middle of the scene's square shapes: cells, tiles, the felt."""
    rects = [s for s in scene.shapes if type(s).__name__ == "Rect" and s.w > 8 and s.h > 8]
    return [
        (round(r.x + r.w / 2), round(r.y + r.h / 4)) for r in rects[:: max(1, len(rects) // 40)]
    ]


def close(a, b, tolerance):
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= tolerance


@pytest.mark.parametrize("kind", ["webp", "apng"])
def test_webp_and_apng_have_every_turn_for_its_time_with_the_gifs_pixels(games, tmp_path, kind):
    clip = Clip(games["load"], size=300, frame_ms=FRAME_MS, hold_ms=HOLD_MS)
    path = tmp_path / f"game.{'png' if kind == 'apng' else kind}"
    gif = decoded(gif_bytes(list(clip.scenes()), FRAME_MS, HOLD_MS))
    export_clip(clip, {kind: path})
    frames = decoded(path)
    assert len(frames) == len(gif)
    assert [duration for _, duration in frames] == clip.durations_ms()
    scenes = list(clip.scenes())
    for (frame, _), (reference, _), scene in zip(frames, gif, scenes, strict=True):
        for point in sampled_points(scene):
            assert frame.getpixel(point) == reference.getpixel(point)


@pytest.mark.parametrize("kind", ["gif", "apng"])
def test_a_hold_longer_than_a_frame_can_say_is_split_over_frames(games, tmp_path, kind):
    """The longest the CLI allows: 60 s a turn and 600 s more for the last. A GIF frame
    says at most 655.35 s, an APNG frame (over 1000) 65.535 s."""
    clip = Clip(games["load"], size=160, frame_ms=60_000, hold_ms=600_000, last=2)
    path = tmp_path / f"game.{'png' if kind == 'apng' else kind}"
    export_clip(clip, {kind: path})
    frames = decoded(path)
    last_turn = [655_350, 4_650] if kind == "gif" else [65_535] * 10 + [4_650]
    assert [duration for _, duration in frames] == [60_000, 60_000, *last_turn]
    assert len({frame.tobytes() for frame, _ in frames[2:]}) == 1  # the split shows no change


@pytest.mark.slow  # a second decoder; Pillow's reads the APNG against the GIF each run
def test_apng_decodes_the_same_in_ffmpeg(games, tmp_path):
    """A second decoder (ffmpeg's, carried by imageio-ffmpeg) sees the GIF's pixels."""
    clip = Clip(games["tiles"], size=240, frame_ms=FRAME_MS, hold_ms=HOLD_MS)
    export_clip(clip, {"apng": tmp_path / "game.png"})
    command = [imageio_ffmpeg.get_ffmpeg_exe(), "-v", "error", "-i", str(tmp_path / "game.png")]
    command += ["-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
    pixels = subprocess.run(command, capture_output=True, check=True).stdout
    gif = b"".join(
        frame.tobytes() for frame, _ in decoded(gif_bytes(list(clip.scenes()), FRAME_MS, HOLD_MS))
    )
    assert pixels == gif


def test_webp_holds_one_frame_at_a_time(games, tmp_path, monkeypatch):
    """Every frame is drawn, handed to the encoder and let go after: never
    more than a couple of converted frames alive at once, however long the game."""
    clip = Clip(games["load"], size=200, frame_ms=FRAME_MS, hold_ms=HOLD_MS)
    assert len(clip.turns) > 20
    alive, most, made = set(), 0, 0
    convert = Image.Image.convert

    def tracked(image, *args, **kwargs):
        nonlocal most, made
        converted = convert(image, *args, **kwargs)
        made += 1
        alive.add(made)
        weakref.finalize(converted, alive.discard, made)
        most = max(most, len(alive))
        return converted

    monkeypatch.setattr(Image.Image, "convert", tracked)
    export_clip(clip, {"webp": tmp_path / "game.webp"})
    assert made >= len(clip.turns) and most <= 3


def test_mp4_shows_every_turn_as_one_frame_for_exactly_its_time(games, tmp_path):
    clip = Clip(games["loops"], size=300, frame_ms=FRAME_MS, hold_ms=HOLD_MS)
    path = tmp_path / "game.mp4"
    export_clip(clip, {"mp4": path})
    # 120 ms a turn, the last 120 + 360: a frame each, at a variable frame rate
    durations = clip.durations_ms()
    assert durations == [120] * (len(clip.turns) - 1) + [480]
    starts = [sum(durations[:turn]) for turn in range(len(durations))]
    assert frame_times_ms(path) == list(zip(starts, durations, strict=True))
    frames = pictures(path)
    gif = decoded(gif_bytes(list(clip.scenes()), FRAME_MS, HOLD_MS))
    for turn, ((reference, _), scene) in enumerate(zip(gif, clip.scenes(), strict=True)):
        for point in sampled_points(scene):
            assert close(frames[turn].getpixel(point), reference.getpixel(point), 24), (turn, point)


def test_png_pictures_one_turn_and_from_to_cut_the_animation(games, tmp_path):
    path = tmp_path / "still.png"
    replay = games["load"]
    export_clip(Clip(replay, size=300, first=4, last=4), {"png": path})
    gif = decoded(gif_bytes(list(Clip(replay, size=300).scenes()), FRAME_MS, HOLD_MS))
    with Image.open(path) as still:
        assert still.convert("RGB").tobytes() == gif[4][0].tobytes()
    cut = Clip(replay, size=300, frame_ms=FRAME_MS, hold_ms=HOLD_MS, first=3, last=7)
    frames = decoded(gif_bytes(list(cut.scenes()), FRAME_MS, HOLD_MS))
    assert len(frames) == 5 and frames[0][0].tobytes() == gif[3][0].tobytes()


def test_the_svg_lasts_exactly_its_milliseconds(tmp_path):
    replay = recorded_load_game(seed=0, load=8)  # 40 turns: 41 frames, 39 of them shown
    path = tmp_path / "game.svg"
    export_clip(Clip(replay, frame_ms=25, hold_ms=0, last=38), {"svg": path})
    durations = {a.get("dur") for a in ET.parse(path).getroot().iter() if a.get("dur")}
    assert durations == {"975ms"}


def write_game(tmp_path):
    recording = tmp_path / "game.jsonl"
    assert main(["record", "load", "--seed", "4", "-o", str(recording)]) == 0
    return recording


def leftovers(folder):
    return [p.name for p in folder.rglob("*") if TEMP_MARK in p.name]


def test_a_directory_at_an_output_path_leaves_nothing_new(tmp_path, capsys):
    recording = write_game(tmp_path)
    (tmp_path / "d.svg").mkdir()
    assert (
        main(
            [
                "export",
                str(recording),
                "--gif",
                str(tmp_path / "ok.gif"),
                "--svg",
                str(tmp_path / "d.svg"),
            ]
        )
        == 2
    )
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "d.svg: is a directory" in error
    assert not (tmp_path / "ok.gif").exists() and leftovers(tmp_path) == []


def test_a_parent_that_is_a_file_is_a_one_line_error(tmp_path, capsys):
    recording = write_game(tmp_path)
    (tmp_path / "file").write_text("x")
    assert main(["export", str(recording), "--gif", str(tmp_path / "file" / "a.gif")]) == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith("oddsevens: ") and "a.gif" in error and "\n" not in error


def test_the_second_output_failing_midway_keeps_the_old_files(tmp_path, monkeypatch, capsys):
    recording = write_game(tmp_path)
    old_gif, old_svg = tmp_path / "a.gif", tmp_path / "a.svg"
    old_gif.write_bytes(b"old gif")
    old_svg.write_text("old svg")

    def failing_svg(clip, path):
        path.write_text("half an SVG")
        raise OSError(28, "No space left on device")

    monkeypatch.setitem(export.WRITERS, "svg", failing_svg)
    assert main(["export", str(recording), "--gif", str(old_gif), "--svg", str(old_svg)]) == 2
    assert "a.svg: No space left on device" in capsys.readouterr().err
    assert old_gif.read_bytes() == b"old gif" and old_svg.read_text() == "old svg"
    assert leftovers(tmp_path) == []


def test_a_name_that_does_not_match_its_format_is_refused(tmp_path, capsys):
    recording = write_game(tmp_path)
    assert main(["export", str(recording), "--gif", str(tmp_path / "a.png")]) == 2
    assert "--gif needs a file name ending in .gif" in capsys.readouterr().err
    assert main(["export", str(recording), "--png", str(tmp_path / "a.png")]) == 2
    assert "--png needs --turn" in capsys.readouterr().err
    assert list(tmp_path.glob("a.*")) == []


def test_a_killed_runs_temporary_files_go_with_the_next_write(tmp_path):
    recording = write_game(tmp_path)
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    ).stdout.strip()
    stale = tmp_path / f".a.gif{TEMP_MARK}{dead}-xyz.part"
    stale.write_bytes(b"partial")
    alive = tmp_path / f".b.gif{TEMP_MARK}{dead}-xyz.part"  # the same pid, but locked
    alive.write_bytes(b"still being written")
    with open(alive, "rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        assert main(["export", str(recording), "--gif", str(tmp_path / "a.gif")]) == 0
    assert not stale.exists() and alive.exists()


@pytest.mark.slow  # a whole demo; export's all-or-nothing tests above always run
def test_demo_writes_everything_or_nothing(tmp_path, capsys):
    out = tmp_path / "demo"
    (out / "tiles.svg").mkdir(parents=True)
    assert main(["demo", "--out", str(out)]) == 2
    assert sorted(p.name for p in out.iterdir()) == ["tiles.svg"]
    assert "tiles.svg: is a directory" in capsys.readouterr().err


def test_a_folder_that_refuses_new_files_is_a_one_line_error(tmp_path, monkeypatch, capsys):
    recording = write_game(tmp_path)

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("tempfile.mkstemp", refuse)
    assert main(["export", str(recording), "--gif", str(tmp_path / "a.gif")]) == 2
    assert capsys.readouterr().err.strip() == f"oddsevens: {tmp_path / 'a.gif'}: Permission denied"
    assert not (tmp_path / "a.gif").exists()


ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    "recording",
    [
        ROOT / "recordings" / "load-sample.jsonl",  # in every checkout
        FULL_LOAD_GAME,
    ],
    ids=["load-sample", "98-turns"],
)
def test_the_replay_page_weighs_at_most_the_svg_and_28_kb(tmp_path, recording):
    """The player and the move list in words, for a game of up to 98 turns, and the rules
    card with its example's still picture (some 8 KB for Load)."""
    clip = Clip(load_replay(recording))
    export_clip(clip, {"svg": tmp_path / "game.svg", "html": tmp_path / "game.html"})
    page, svg = (tmp_path / "game.html").read_bytes(), (tmp_path / "game.svg").read_bytes()
    assert len(page) <= len(svg) + 28 * 1024
    assert svg.decode() in page.decode()  # the very SVG that --svg writes
