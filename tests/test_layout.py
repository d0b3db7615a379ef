"""The layout rule, checked on every frame of exports at small, default and large sizes:
each text's ink, measured with the real font, lies inside the canvas, meets no other
text and no shape it does not label; at the default size no text is under 9 px."""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path

import pytest
from PIL import ImageFont

from games import REGISTRY
from viz.cli import record_game
from viz.export.clip import replay_scenes
from viz.resources import font_path
from viz.scenes.common import DEFAULT_EXPORT_WIDTH
from viz.scenes.shapes import Circle, Line, Rect, Ring, Scene, Shape, Text

# The smallest and largest sizes run with the slow tests (in CI); the default size always.
SIZES = (
    pytest.param(160, marks=pytest.mark.slow),
    DEFAULT_EXPORT_WIDTH,
    pytest.param(2000, marks=pytest.mark.slow),
)
GAMES = [
    ("load", {"rows": rows, "cols": cols})
    for rows, cols in ((3, 3), (7, 7), (20, 20), (1, 20), (20, 1))
] + [("loops", {}), ("tiles", {"players": 3}), ("tiles", {"players": 6})]
CONTAINERS = {"board", "felt"}


def labels(text: str, shape: str) -> bool:
    """Whether the text keyed `text` is the label of (drawn on) the shape keyed `shape`."""
    if shape in CONTAINERS:
        return True
    if text.startswith("number-"):
        cell = text.removeprefix("number-")
        return shape in (f"label-{cell}", f"red-{cell}", f"green-{cell}")
    if text.endswith("-value"):
        return shape == text.removesuffix("-value")
    if text.startswith("score-"):
        return shape.startswith(("score-mark", "score-won"))  # a cell or a row marked
    return False


PIL_ANCHORS = {"start": "lm", "middle": "mm", "end": "rm"}


@cache
def _ink_box(text: str, size: int, anchor: str) -> tuple[int, int, int, int]:
    return ImageFont.truetype(str(font_path()), size).getbbox(text, anchor=PIL_ANCHORS[anchor])


def text_box(shape: Text) -> tuple[float, float, float, float]:
    """The box the text's ink covers, drawn in the renderers' font: left, top, right, bottom."""
    left, top, right, bottom = _ink_box(shape.text, round(shape.size), shape.anchor)
    x, y = round(shape.x), round(shape.y)
    return x + left, y + top, x + right, y + bottom


def box(shape: Shape) -> tuple[float, float, float, float]:
    if isinstance(shape, Text):
        return text_box(shape)
    if isinstance(shape, Rect):
        return shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    if isinstance(shape, Circle | Ring):
        reach = shape.r + (shape.width / 2 if isinstance(shape, Ring) else 0)
        return shape.cx - reach, shape.cy - reach, shape.cx + reach, shape.cy + reach
    xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
    return (
        min(xs) - shape.width / 2,
        min(ys) - shape.width / 2,
        max(xs) + shape.width / 2,
        max(ys) + shape.width / 2,
    )


def boxes_meet(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def text_meets(text_box_: tuple, shape: Shape) -> bool:
    """Whether the ink box of a text meets the paint of a shape (rings and outlines are
    hollow: a text inside them meets nothing)."""
    if not boxes_meet(text_box_, box(shape)):
        return False
    if isinstance(shape, Line):
        return any(
            boxes_meet(text_box_, box(Line("", (p, q), "", shape.width)))
            for p, q in zip(shape.points, shape.points[1:], strict=False)
        )
    if isinstance(shape, Circle | Ring):
        left, top, right, bottom = text_box_
        near_x, near_y = min(max(shape.cx, left), right), min(max(shape.cy, top), bottom)
        outer = shape.r + (shape.width / 2 if isinstance(shape, Ring) else 0)
        if math.dist((near_x, near_y), (shape.cx, shape.cy)) >= outer:
            return False
        if isinstance(shape, Ring):
            inner = shape.r - shape.width / 2
            corners = ((left, top), (right, top), (left, bottom), (right, bottom))
            return not all(math.dist(c, (shape.cx, shape.cy)) <= inner for c in corners)
    return True


def layout_faults(scene: Scene, changed: list[Shape]) -> list[str]:
    """What is wrong with the texts among `changed`, and with texts `changed` shapes meet."""
    faults = []
    texts = [s for s in scene.shapes if isinstance(s, Text) and s.text]
    ink = {s.key: text_box(s) for s in texts}
    # Each shape's box, once: two things whose boxes do not meet meet nowhere (text_meets
    # starts with the same test), so the finer tests run only where the boxes meet.
    others = [(other, box(other)) for other in scene.shapes if not isinstance(other, Text)]
    for shape in changed:
        is_text = isinstance(shape, Text) and bool(shape.text)
        reach = ink[shape.key] if is_text else box(shape)
        if is_text:
            left, top, right, bottom = reach
            if left < 0 or top < 0 or right > scene.width or bottom > scene.height:
                faults.append(f"{shape.key} {shape.text!r} leaves the canvas")
        for text in texts:
            if text is shape or not boxes_meet(ink[text.key], reach):
                continue
            if is_text:
                faults.append(f"{shape.key} {shape.text!r} meets {text.key} {text.text!r}")
            elif not labels(text.key, shape.key) and text_meets(ink[text.key], shape):
                faults.append(f"{text.key} {text.text!r} meets {shape.key}")
        if is_text:
            for other, other_box in others:
                if (
                    boxes_meet(reach, other_box)
                    and not labels(shape.key, other.key)
                    and text_meets(reach, other)
                ):
                    faults.append(f"{shape.key} {shape.text!r} meets {other.key}")
    return faults


def check_frames(scenes: list[Scene]) -> list[str]:
    """Every frame, looking only at what changed since the frame before."""
    faults, before = [], {}
    for number, scene in enumerate(scenes):
        now = scene.by_key()
        changed = [shape for key, shape in now.items() if before.get(key) != shape]
        faults += [f"frame {number}: {fault}" for fault in layout_faults(scene, changed)]
        before = now
    return sorted(set(faults))


@pytest.fixture(scope="module")
def replays(tmp_path_factory):
    folder = tmp_path_factory.mktemp("layout")
    made = {}
    for number, (game, params) in enumerate(GAMES):
        path = Path(folder) / f"{game}-{number}.jsonl"
        made[number] = record_game(game, REGISTRY[game].rules(params), 7, path)
    return made


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    "number",
    range(len(GAMES)),
    ids=lambda n: "-".join([GAMES[n][0], *map(str, GAMES[n][1].values())]),
)
def test_no_text_leaves_the_canvas_or_meets_what_it_does_not_label(replays, number, size):
    scenes = replay_scenes(replays[number], size)
    assert check_frames(scenes)[:10] == []
    if size == DEFAULT_EXPORT_WIDTH:
        smallest = min(
            round(s.size)
            for scene in scenes
            for s in scene.shapes
            if isinstance(s, Text) and s.text
        )
        assert smallest >= 9


def test_the_checker_sees_a_text_running_into_a_tile():
    tile = Rect("hand-1-0", 100, 100, 20, 20, "red")
    ok = Text("hand-1-0-value", 110, 110, "7", 10, "ink")
    bad = Text("seat-2", 95, 110, "Seat 2", 12, "ink", "start")
    scene = Scene(300, 300, "canvas", None, (tile, ok, bad))
    faults = layout_faults(scene, list(scene.shapes))
    assert set(faults) == {
        "seat-2 'Seat 2' meets hand-1-0",
        "seat-2 'Seat 2' meets hand-1-0-value '7'",
        "hand-1-0-value '7' meets seat-2 'Seat 2'",
    }


def test_colour_buttons_take_the_pictures_colours_with_readable_text():
    from games.tiles.engine import COLORS
    from viz.scenes.shapes import contrast, hex_rgb
    from viz.scenes.tiles import PALETTE
    from viz.window.theme import colour_buttons

    themes = colour_buttons(PALETTE, COLORS)
    for name in COLORS:
        colours = themes[f"@{name}"]["colours"]
        assert hex_rgb(colours["normal_bg"]) == PALETTE.colors[name]
        assert contrast(hex_rgb(colours["normal_text"]), PALETTE.colors[name]) >= 4.5


def test_contrast_follows_wcag():
    from viz.scenes.shapes import contrast

    assert round(contrast((0, 0, 0), (255, 255, 255)), 1) == 21.0
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    assert contrast((10, 20, 30), (10, 20, 30)) == 1.0
