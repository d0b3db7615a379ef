"""`export --annotate`: an analysed recording's judgements as a status line of each frame,
worded per glyph; without the flag the frames are those of the plain recording."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from viz.cli import main
from viz.export.engine import Clip
from viz.export.judged import Judged, accuracy_words
from viz.files import load_replay

SVG = "{http://www.w3.org/2000/svg}"
RECORDINGS = Path(__file__).resolve().parents[1] / "recordings"
# A 3x3 Load board at Load 3: this random red throws its chance away at turn 5 (its
# 47 % against a random red from there, to 0), and green throws it back at turn 6.
LOAD_BLUNDER = ["record", "load", "--rows", "3", "--cols", "3", "--load", "3", "--seed", "5"]
THROWN = "?? Blunder: Red picked 8, chance 47 % to 0 %; best: Pick red 0 or Pick red 1"
ONLY = "! Gold placed 2 pieces on right: the only move that is no blunder, chance 100 % to 100 %"


@pytest.fixture(scope="module")
def recordings(tmp_path_factory):
    folder = tmp_path_factory.mktemp("annotate")
    load = folder / "load.jsonl"
    assert main([*LOAD_BLUNDER, "-o", str(load)]) == 0
    made = {"load": load, "loops": RECORDINGS / "loops-sample.jsonl"}
    for name, recording in list(made.items()):
        made[f"{name}-analysed"] = folder / f"{name}-analysed.jsonl"
        assert main(["analyze", str(recording), "-o", str(made[f"{name}-analysed"])]) == 0
    return made


def status_words(scene) -> str:
    """The status rows of a scene joined back into lines' words."""
    rows = sorted(
        (shape for shape in scene.shapes if shape.key.startswith("status-")),
        key=lambda shape: int(shape.key.split("-")[1]),
    )
    return " ".join(row.text for row in rows)


def svg_texts(path: Path) -> set[str]:
    """Every text the animated SVG draws (a text shared by frames is drawn once)."""
    return {text.text or "" for text in ET.fromstring(path.read_text()).iter(f"{SVG}text")}


def gif_frames(path: Path) -> list[Image.Image]:
    gif = Image.open(io.BytesIO(path.read_bytes()))
    frames = []
    for index in range(gif.n_frames):
        gif.seek(index)
        frames.append(gif.convert("RGB"))
    return frames


def test_the_frame_after_a_judged_move_carries_its_judgement(recordings):
    replay = load_replay(recordings["load-analysed"])
    scenes = list(Clip(replay, annotate=True).scenes())
    assert THROWN in status_words(scenes[5])
    assert status_words(scenes[6]).endswith(
        "?? Blunder: Green picked 0+1, clearing red 4, 6, 8, chance 100 % to 0 %; "
        "best: Pick green 6+7 or Pass"
    )
    assert "?! Inaccuracy: Red picked 4, chance 53 % to 39 %" in status_words(scenes[1])
    assert "chance" not in status_words(scenes[0])  # the start follows no move
    plain = list(Clip(replay).scenes())
    assert THROWN not in status_words(plain[5])
    assert {scene.width for scene in scenes} == {plain[0].width}  # the same canvas
    board = {scene.by_key()["board"] for scene in scenes}
    assert len(board) == 1  # and the board keeps its place from frame to frame


def test_export_annotate_writes_the_words_into_the_svg_and_the_gif(recordings, tmp_path):
    svg, gif = tmp_path / "a.svg", tmp_path / "a.gif"
    plain_gif = tmp_path / "plain.gif"
    analysed = str(recordings["loops-analysed"])
    assert main(["export", analysed, "--annotate", "--svg", str(svg), "--gif", str(gif)]) == 0
    assert main(["export", analysed, "--gif", str(plain_gif)]) == 0
    scenes = list(Clip(load_replay(recordings["loops-analysed"]), annotate=True).scenes())
    assert [turn for turn, scene in enumerate(scenes) if ONLY in status_words(scene)] == [2, 4]
    assert "! Gold placed 1 piece on left: the only move that is no blunder" in (
        status_words(scenes[8])
    )
    assert "Blue placed 2 pieces on left: chance 0 % to 0 %" in status_words(scenes[1])
    drawn = svg_texts(svg)
    for scene in scenes:  # the SVG draws every row of every frame's status
        rows = {s.text for s in scene.shapes if s.key.startswith("status-") and s.text}
        assert rows <= drawn
    assert any("the only move that is" in text for text in drawn)
    annotated, plain = gif_frames(gif), gif_frames(plain_gif)
    assert len(annotated) == len(plain) == 11
    assert all(
        ImageChops.difference(a, b).getbbox() for a, b in zip(annotated[1:], plain[1:], strict=True)
    )


def test_without_annotate_the_frames_are_those_of_the_plain_recording(recordings, tmp_path):
    for name in ("load", "loops"):
        outputs = []
        for recording in (recordings[name], recordings[f"{name}-analysed"]):
            gif, svg = tmp_path / f"{recording.stem}.gif", tmp_path / f"{recording.stem}.svg"
            assert main(["export", str(recording), "--gif", str(gif), "--svg", str(svg)]) == 0
            outputs.append((gif.read_bytes(), svg.read_bytes()))
        assert outputs[0] == outputs[1]


def test_annotate_without_judgements_is_a_one_line_error(recordings, tmp_path, capsys):
    gif = tmp_path / "x.gif"
    recording = recordings["load"]
    assert main(["export", str(recording), "--annotate", "--gif", str(gif)]) == 2
    err = capsys.readouterr().err
    assert err == f"oddsevens: {recording}: no judgements: run oddsevens analyze -o first\n"
    assert not gif.exists()


def judged(glyph: str, exact: bool, before: float, after: float, best: int = 1) -> Judged:
    moves = tuple(f"Pick red {cell}" for cell in range(best))
    return Judged(4, 5, 1, exact, before, after, 0.05, glyph, "Red picked 8", moves, 40)


@pytest.mark.parametrize(
    "made, words",
    [
        (
            judged("??", True, 1, 0),
            "?? Blunder: Red picked 8, chance 100 % to 0 %; best: Pick red 0",
        ),
        (
            judged("??", True, 1, 0, best=2),
            "?? Blunder: Red picked 8, chance 100 % to 0 %; best: Pick red 0 or Pick red 1",
        ),
        (
            judged("??", False, 0.84, 0.53, best=3),
            "?? Blunder: Red picked 8, chance 84 % to 53 % ± 5 %; "
            "best: Pick red 0, Pick red 1 or Pick red 2",
        ),
        (
            judged("??", False, 0.84, 0.53, best=5),
            "?? Blunder: Red picked 8, chance 84 % to 53 % ± 5 %; "
            "best: any of 5 moves, such as Pick red 0",
        ),
        (
            judged("?", False, 0.6, 0.38, best=40),
            "? Mistake: Red picked 8, chance 60 % to 38 % ± 5 %; "
            "best: any of the 40 moves, such as Pick red 0",
        ),
        (
            judged("?!", False, 0.6, 0.47),
            "?! Inaccuracy: Red picked 8, chance 60 % to 47 % ± 5 %; best: Pick red 0",
        ),
        (
            judged("!", True, 1, 1),
            "! Red picked 8: the only move that is no blunder, chance 100 % to 100 %",
        ),
        (judged("", True, 0, 0), "Red picked 8: chance 0 % to 0 %"),
        (judged("", False, 0.5, 0.52), "Red picked 8: chance 50 % to 52 % ± 5 %"),
    ],
)
def test_each_glyph_is_worded(made, words):
    assert made.note() == words


def test_the_page_and_the_last_annotated_frame_give_each_players_accuracy(recordings, tmp_path):
    analysed = recordings["load-analysed"]
    replay = load_replay(analysed)
    words = accuracy_words(replay)
    assert words.startswith("Accuracy: Red ") and ", Green " in words
    page = tmp_path / "a.html"
    assert main(["export", str(analysed), "--html", str(page)]) == 0
    assert f'<p id="replay-accuracy">{words}</p>' in page.read_text()
    scenes = list(Clip(replay, annotate=True).scenes())
    assert words in status_words(scenes[-1]) and words not in status_words(scenes[-2])
