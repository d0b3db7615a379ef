"""`export --annotate`: an analysed recording's judgements as a status line of each frame,
worded per glyph; without the flag the frames are those of the plain recording."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from support.depth import quick_first

from games.recording import Replay, recording_text
from games.tiles import Play
from games.words import NO_BREAK
from viz.cli import main
from viz.export.clip import Clip
from viz.export.judged import Judged, accuracy_words
from viz.files import load_replay
from viz.render.raster import render
from viz.scenes.common import wrap, wrap_all
from viz.scenes.shapes import Text
from viz.scenes.tiles.layout import MIN_TILE_TEXT

SVG = "{http://www.w3.org/2000/svg}"
NB = NO_BREAK  # between a number and its unit, and after "±"
RECORDINGS = Path(__file__).resolve().parents[1] / "recordings"
# A 3x3 Load board at Load 3: this random red throws its chance away at turn 5 (its
# 47 % against a random red from there, to 0), and green throws it back at turn 6.
LOAD_BLUNDER = ["record", "load", "--rows", "3", "--cols", "3", "--load", "3", "--seed", "5"]
THROWN = f"?? Blunder: Red picked 8, chance 47{NB}% to 0{NB}%; best: Pick red 0 or Pick red 1"
ONLY = (
    "! Gold placed 2 pieces on right (now forces 2): the only move that is no blunder, "
    f"chance 100{NB}% to 100{NB}%"
)


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
        f"?? Blunder: Green picked 0+1, clearing red 4, 6 and 8, chance 100{NB}% to 0{NB}%; "
        "best: Pick green 6+7 or Pass"
    )
    assert f"?! Inaccuracy: Red picked 4, chance 53{NB}% to 39{NB}%" in status_words(scenes[1])
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
    assert "! Gold placed 1 piece on left (now full): the only move that is no blunder" in (
        status_words(scenes[8])
    )
    assert f"Blue placed 2 pieces on left (now forces 2): chance 0{NB}% to 0{NB}%" in status_words(
        scenes[1]
    )
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
            f"?? Blunder: Red picked 8, chance 100{NB}% to 0{NB}%; best: Pick red 0",
        ),
        (
            judged("??", True, 1, 0, best=2),
            f"?? Blunder: Red picked 8, chance 100{NB}% to 0{NB}%; best: Pick red 0 or Pick red 1",
        ),
        (
            judged("??", False, 0.84, 0.53, best=3),
            f"?? Blunder: Red picked 8, chance 84{NB}% to 53{NB}% ±{NB}5{NB}%; "
            "best: Pick red 0, Pick red 1 or Pick red 2",
        ),
        (
            judged("??", False, 0.84, 0.53, best=5),
            f"?? Blunder: Red picked 8, chance 84{NB}% to 53{NB}% ±{NB}5{NB}%; "
            "best: any of 5 moves, such as Pick red 0",
        ),
        (
            judged("?", False, 0.6, 0.38, best=40),
            f"? Mistake: Red picked 8, chance 60{NB}% to 38{NB}% ±{NB}5{NB}%; "
            "best: any of the 40 moves, such as Pick red 0",
        ),
        (
            judged("?!", False, 0.6, 0.47),
            f"?! Inaccuracy: Red picked 8, chance 60{NB}% to 47{NB}% ±{NB}5{NB}%; best: Pick red 0",
        ),
        (
            judged("!", True, 1, 1),
            f"! Red picked 8: the only move that is no blunder, chance 100{NB}% to 100{NB}%",
        ),
        (judged("", True, 0, 0), f"Red picked 8: chance 0{NB}% to 0{NB}%"),
        (judged("", False, 0.5, 0.52), f"Red picked 8: chance 50{NB}% to 52{NB}% ±{NB}5{NB}%"),
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


@pytest.mark.parametrize("glyph, best", [("??", 3), ("?", 40), ("", 1)])
def test_a_number_keeps_its_unit_and_its_sign_on_its_row(glyph, best):
    """However narrow the row, "84 %" and "± 5 %" are never broken inside (issue 30,
    item 12: an --annotate export wrapped "± 6 %" between the number and its unit)."""
    note = judged(glyph, False, 0.84, 0.53, best).note()
    parted = re.compile(r"(±|\d)\n(%|\d)")
    for width in range(60, 700):
        for rows in (wrap_all(note, width, 12), wrap(note, width, 12, 4)):
            assert not parted.search("\n".join(rows)), (width, rows)
            assert all(not row.endswith("±") for row in rows), (width, rows)


def judged_tiles(tmp_path: Path, players: int) -> Replay:
    """An Even Odds game with every tile played judged an estimated blunder, the longest
    note there is: three best moves named, and an error."""
    recording = tmp_path / f"tiles-{players}.jsonl"
    command = ["record", "tiles", "--players", str(players), "--seed", "7"]
    assert main([*command, "-o", str(recording)]) == 0
    replay = load_replay(recording)
    history = replay.history()
    for index, move in enumerate(replay.moves):
        state = history.before(index)
        if isinstance(move, Play):
            best = [replay.game.event_from_move(m) for m in state.legal_moves()[:3]]
            replay.judgements[index] = {
                "exact": False,
                "before": 0.84,
                "after": 0.06,
                "se": 0.06,
                "best": best,
                "glyph": "??",
            }
    return replay


@pytest.mark.parametrize(
    "size_and_players",
    quick_first(
        [(160, 6), (560, 3), (160, 3), (160, 4), (160, 5), (560, 4), (560, 5), (560, 6)], 2
    ),
)
def test_annotated_tiles_keep_their_size_and_their_labels(tmp_path, size_and_players):
    """The judgement's rows are added under the picture: the tiles keep the size of the
    plain export's (within 3 %: the canvas's margins grow with its height) and every
    label is at least MIN_TILE_TEXT (9 px), where they used to shrink to ~20 px and lose
    their labels (issue 30, item 12)."""
    size, players = size_and_players
    replay = judged_tiles(tmp_path, players)
    plain = list(Clip(replay, size).scenes())
    smallest = min(scene.layout.tile for scene in plain)  # where the status takes most rows
    annotated = list(Clip(replay, size, annotate=True).scenes())
    assert len(annotated) == len(plain) and annotated[0].height > plain[0].height
    for scene in annotated:
        assert scene.layout.tile >= smallest * 0.97, (scene.layout.tile, smallest)
        keys = scene.by_key()
        tiles = [s for s in scene.shapes if s.key.startswith("tile-") and s.key.count("-") == 1]
        assert all(keys[f"{tile.key}-value"].size >= MIN_TILE_TEXT for tile in tiles)


def test_the_no_break_space_is_drawn_as_a_space(tmp_path):
    """The estimated chances of an annotated frame hold their numbers to their units; the
    font draws U+00A0 as it draws a space, in the raster pictures and in the SVG."""
    replay = judged_tiles(tmp_path, 3)
    clip = Clip(replay, 560, annotate=True)
    scene = next(s for s in clip.scenes() if f"±{NB}6{NB}%" in status_words(s))
    spaced = replace(
        scene,
        shapes=tuple(
            replace(s, text=s.text.replace(NB, " ")) if isinstance(s, Text) else s
            for s in scene.shapes
        ),
    )
    assert spaced != scene
    assert not ImageChops.difference(
        render(scene).convert("RGB"), render(spaced).convert("RGB")
    ).getbbox()
    svg, recording = tmp_path / "a.svg", tmp_path / "judged.jsonl"
    final = replay.final().result()
    text = recording_text(
        replay.game, replay.rules, replay.seed, replay.moves, final, replay.judgements
    )
    recording.write_text(text, encoding="utf-8")
    assert main(["export", str(recording), "--annotate", "--svg", str(svg), "--to", "12"]) == 0
    assert any(f"±{NB}6{NB}%" in text for text in svg_texts(svg))


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("size", [160, 560])
def test_a_plain_even_odds_export_keeps_its_tiles_from_frame_to_frame(tmp_path, players, size):
    """A status line that wraps onto more rows no longer shrinks the table of its frame:
    every frame's tiles are the same size, their labels at least 9 px (at 417 px wide, 4
    players, the frames whose status took 3 rows had 20 px tiles without labels)."""
    recording = tmp_path / "plain.jsonl"
    command = ["record", "tiles", "--players", str(players), "--seed", "7"]
    assert main([*command, "-o", str(recording)]) == 0
    scenes = list(Clip(load_replay(recording), size).scenes())
    assert len({scene.layout.tile for scene in scenes}) == 1
    for scene in scenes:
        keys = scene.by_key()
        tiles = [s for s in scene.shapes if s.key.startswith("tile-") and s.key.count("-") == 1]
        assert all(keys[f"{tile.key}-value"].size >= MIN_TILE_TEXT for tile in tiles)
