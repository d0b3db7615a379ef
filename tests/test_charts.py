"""The still charts for every eye: each line told from the others by a marker of its own
and its label at its end (never by its colour alone), labels that never overlap, the
colours apart in every simulated vision, text at 4.5:1 and lines at 3:1 on the canvas,
percentages held to their sign; the library chart dated under its games."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.a11y import VISIONS, contrast, delta_e2000, simulate, text_faults

from viz.analysis.library import results_chart
from viz.cli import main
from viz.library import LibraryGame, SeatJudgement
from viz.render.raster import bounds
from viz.scenes.shapes import Circle, Line, Rect, Ring, Scene, Shape, Text
from viz.sweeps.charts import SERIES, rate_chart, spread

DAY = datetime(2025, 3, 1, 12, 0).astimezone()
NBSP = "\u00a0"


def chart(ends: list[float], fair: float = 0.5) -> Scene:
    """One series a value of `ends`, each from 10 % at x 0 to its end at x 4."""
    series = [(n, f"series {n}", [(0, 0.1), (2, 0.3), (4, end)]) for n, end in enumerate(ends)]
    return rate_chart("title", "x", series, fair=fair)


def form(shapes: list[Shape]) -> tuple[tuple[str, bool], ...]:
    """What a marker is made of: each shape's kind and whether the canvas fills it."""
    return tuple((type(s).__name__, getattr(s, "fill", "") == "canvas") for s in shapes)


def outline(shapes: list[Shape]) -> list[float]:
    """A marker's geometry from the top left of its box, as one list of numbers."""
    left, top, _, _ = extent(shapes)
    numbers: list[float] = []
    for shape in shapes:
        if isinstance(shape, Line):
            numbers += [v for x, y in shape.points for v in (x - left, y - top)] + [shape.width]
        elif isinstance(shape, Circle | Ring):
            numbers += [shape.cx - left, shape.cy - top, shape.r]
        elif isinstance(shape, Rect):
            numbers += [shape.x - left, shape.y - top, shape.w, shape.h]
    return numbers


def alike(one: list[Shape], other: list[Shape]) -> bool:
    """Whether two markers are the same marker, wherever they stand."""
    a, b = outline(one), outline(other)
    return (
        form(one) == form(other)
        and len(a) == len(b)
        and all(abs(x - y) < 0.01 for x, y in zip(a, b, strict=True))
    )


def markers(scene: Scene, prefix: str) -> dict[str, list[Shape]]:
    """The shapes of each marker whose key begins with `prefix`, by the marker's key."""
    found: dict[str, list[Shape]] = {}
    for shape in scene.shapes:
        if shape.key.startswith(prefix):
            name = re.match(r"series-\d+-marker-\d+|label-\d+-marker", shape.key)
            assert name is not None
            found.setdefault(name[0], []).append(shape)
    return found


def extent(shapes: list[Shape]) -> tuple[float, float, float, float]:
    """The box round a marker's geometry: left, top, right, bottom."""
    xs: list[float] = []
    ys: list[float] = []
    for shape in shapes:
        if isinstance(shape, Line):
            xs += [x for x, _ in shape.points]
            ys += [y for _, y in shape.points]
        elif isinstance(shape, Circle | Ring):
            xs += [shape.cx - shape.r, shape.cx + shape.r]
            ys += [shape.cy - shape.r, shape.cy + shape.r]
        elif isinstance(shape, Rect):
            xs += [shape.x, shape.x + shape.w]
            ys += [shape.y, shape.y + shape.h]
    return min(xs), min(ys), max(xs), max(ys)


def middle(shapes: list[Shape]) -> tuple[float, float]:
    left, top, right, bottom = extent(shapes)
    return (left + right) / 2, (top + bottom) / 2


@pytest.mark.parametrize("count", range(2, 7))
def test_every_series_has_a_marker_of_its_own_on_its_line_and_at_its_label(count):
    scene = chart([0.2 + 0.1 * n for n in range(count)])
    kinds: list[list[Shape]] = []
    for n in range(count):
        on_line = markers(scene, f"series-{n}-marker-")
        at_label = markers(scene, f"label-{n}-marker")
        assert on_line and len(at_label) == 1
        line = scene.by_key()[f"series-{n}"]
        assert isinstance(line, Line)
        (label,) = at_label.values()
        assert all(alike(shapes, label) for shapes in on_line.values())
        kinds.append(label)
        for shapes_of_one in on_line.values():  # each on a point of its line
            assert any(
                abs(px - mx) < 1.5 and abs(py - my) < 1.5
                for px, py in line.points
                for mx, my in [middle(shapes_of_one)]
            )
    assert not any(alike(one, other) for one, other in itertools.combinations(kinds, 2))


def test_a_series_of_one_point_shows_its_marker():
    scene = rate_chart("title", "x", [(0, "alone", [(3, 0.4)]), (1, "two", [(1, 0.1), (3, 0.9)])])
    assert "series-0" not in scene.keys  # no line through one point
    assert markers(scene, "series-0-marker-")


def label_boxes(scene: Scene) -> list[tuple[int, int, int, int]]:
    """The drawn boxes of the labels at the lines' ends, the fair rate's and the markers
    beside them."""
    return [
        bounds(shape)
        for shape in scene.shapes
        if shape.key == "fair-label" or (shape.key.startswith("label-") and "lead" not in shape.key)
    ]


def label_texts(scene: Scene) -> list[Text]:
    keys = [
        k for k in scene.keys if k == "fair-label" or (k.startswith("label-") and "-" not in k[6:])
    ]
    return [s for s in scene.shapes if isinstance(s, Text) and s.key in keys]


def test_labels_that_would_overlap_are_pushed_apart_by_hand_worked_places():
    assert spread([100, 100, 100], 16, 40, 370) == [84, 100, 116]  # centred on where wanted
    assert spread([50, 52], 16, 40, 370) == [43, 59]  # (50 + 52 - 16) / 2 = 43
    assert spread([365, 370, 200], 16, 40, 370) == [354, 370, 200]  # held above the bottom
    assert spread([30, 40], 16, 40, 370) == [40, 56]  # and under the top
    assert spread([300, 100], 16, 40, 370) == [300, 100]  # far apart: where wanted


@given(
    st.lists(st.floats(0, 1), min_size=2, max_size=6),
    st.sampled_from([0.5, 1 / 3, 0.25, 1 / 6]),
)
def test_no_two_labels_overlap_and_all_stay_on_the_canvas(ends, fair):
    scene = chart(ends, fair)
    texts = label_texts(scene)
    assert len(texts) == len(ends) + 1
    for one, other in itertools.combinations(texts, 2):
        a, b = bounds(one), bounds(other)  # whole pixels, two more each side than drawn
        assert a[3] - 4 <= b[1] or b[3] - 4 <= a[1], (one.text, other.text)
    for left, top, right, bottom in label_boxes(scene):
        assert left >= 0 and top >= 0 and right <= scene.width and bottom <= scene.height


def test_percentages_are_held_to_their_sign():
    scene = chart([0.2, 0.8], fair=1 / 3)
    texts = {s.key: s.text for s in scene.shapes if isinstance(s, Text)}
    assert [texts[f"y-{tick}"] for tick in (0, 0.25, 0.5, 0.75, 1)] == [
        f"0{NBSP}%",
        f"25{NBSP}%",
        f"50{NBSP}%",
        f"75{NBSP}%",
        f"100{NBSP}%",
    ]
    assert texts["fair-label"] == f"33{NBSP}%"


def test_text_reads_at_4_5_to_1_and_every_line_and_marker_at_3_to_1():
    scene = chart([0.1, 0.3, 0.5, 0.52, 0.7, 0.9])
    assert text_faults(scene) == []
    canvas = scene.rgb(scene.background)
    for shape in scene.shapes:
        ink = shape.stroke if isinstance(shape, Line | Ring) else getattr(shape, "fill", "")
        if not isinstance(shape, Text) and ink != "canvas" and shape.key != "fair":
            assert contrast(scene.rgb(ink), canvas) >= 3, shape.key


def test_a_judged_moves_glyph_reads_where_it_falls_on_a_line():
    line = [(0, "flat", [(0, 0.6), (4, 0.6)])]
    high = 370 - 40  # the plot's height: the glyph stands 9 pixels over its dot
    scene = rate_chart("t", "x", line, marks=[("m", 2, 0.6 - 9 / high, "??", "??")])
    assert text_faults(scene) == []


def test_the_series_colours_stay_apart_in_every_vision():
    scene = chart([0.5] * 6)
    for a, b in itertools.combinations(SERIES, 2):
        for vision in VISIONS:
            one, other = simulate(scene.rgb(a), vision), simulate(scene.rgb(b), vision)
            assert delta_e2000(one, other) >= 10, (a, b, vision)


def game(number: int, started: datetime, result: str = "won", accuracy: float | None = None):
    judgements = () if accuracy is None else (SeatJudgement(0, 5, accuracy, {}),)
    return LibraryGame(
        hash=str(number), path=Path(f"{number}.jsonl"), source=Path(f"{number}.jsonl"),
        source_size=1, source_mtime_ns=1, game="loops", rules={}, seats=2, first_seat=0,
        players=("you", "easy"), you=(0,), vs="easy", result=result, winners=(0,),
        reason="", turns=10, started=started, ended=started + timedelta(minutes=5),
        id=number, judged=accuracy is not None, judgements=judgements,
    )  # fmt: skip


def x_ticks(scene: Scene) -> list[tuple[float, str]]:
    return [(s.x, s.text) for s in scene.shapes if isinstance(s, Text) and s.key.startswith("x-")][
        1:
    ]  # after the axis's name


def test_the_library_chart_dates_its_games_by_the_day_each_began():
    days = [DAY, DAY + timedelta(days=1), DAY + timedelta(days=1, hours=2), DAY + timedelta(9)]
    games = [game(n, when, accuracy=80.0) for n, when in enumerate(days, 1)]
    scene = results_chart(list(reversed(games)))  # oldest first whatever the order given
    axis = scene.by_key()
    left, right = axis["axes"].points[1][0], axis["axes"].points[2][0]  # type: ignore[union-attr]
    step = (right - left) / 3
    # games 1, 2, 3 and 4; game 3 began on game 2's day, so its day is not said again
    assert x_ticks(scene) == [
        (left, "2025-03-01"),
        (pytest.approx(left + step), "2025-03-02"),
        (right, "2025-03-10"),
    ]
    assert axis["x-label"].text == "game, oldest first, by the day it began"  # type: ignore[union-attr]


def test_games_of_one_day_are_told_apart_by_their_times():
    games = [game(n, DAY + timedelta(minutes=40 * n)) for n in range(3)]
    scene = results_chart(games)
    assert [text for _, text in x_ticks(scene)] == ["12:00", "12:40", "13:20"]
    texts = scene.by_key()
    assert texts["x-label"].text == "game, oldest first, on 2025-03-01, by when it began"  # type: ignore[union-attr]
    assert "none judged yet" in texts["title"].text  # type: ignore[union-attr]


def test_of_many_games_six_dates_at_most_the_first_and_last_among_them():
    games = [game(n, DAY + timedelta(days=n)) for n in range(40)]
    ticks = x_ticks(results_chart(games))
    assert len(ticks) == 6
    assert ticks[0][1] == "2025-03-01" and ticks[-1][1] == "2025-04-09"


def test_a_library_chart_of_no_finished_game_is_refused():
    with pytest.raises(ValueError, match="no finished games"):
        results_chart([replace(game(1, DAY), result="unfinished")])


def test_stats_with_nothing_to_chart_says_so_in_one_line_and_writes_no_file(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.setenv("ODDSEVENS_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    picture = tmp_path / "stats.svg"
    code = main(["library", "stats", "--plot", str(picture)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and not picture.exists()
    assert err == f"oddsevens: {picture}: not written: no finished games of yours match\n"
