"""Write scenes as one self-contained SVG, animated with SMIL and no script.

Each shape key becomes one element; only what changes between frames gets an
animation, so the file grows with shapes plus changes, not frames x shapes.
Texts whose words change (status lines) become a strip of lines moved into
view one run at a time by a single discrete translation.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import fields, replace
from itertools import accumulate
from typing import Any

import svgwrite

from viz.render.timeline import Timing
from viz.scenes.shapes import (
    COLOR_FIELDS,
    FONT_FAMILY,
    Circle,
    Line,
    Rect,
    Ring,
    Scene,
    Shape,
    Text,
    dash_angles,
    rgb_hex,
)


def num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _fraction(value: float) -> str:
    return f"{value:.6f}".rstrip("0").rstrip(".") or "0"


class Timeline:
    """Frame start times as SMIL key times, with run-length compression of values."""

    def __init__(self, durations_ms: Sequence[int]) -> None:
        self.total = sum(durations_ms)
        self.starts = [0, *accumulate(durations_ms)][:-1]
        self.dur = f"{self.total}ms"  # exact: key times are fractions of it

    def runs(self, values: list[Any]) -> list[tuple[int, Any]]:
        """(first frame, value) for each run of equal consecutive values."""
        found: list[tuple[int, Any]] = []
        for frame, value in enumerate(values):
            if not found or found[-1][1] != value:
                found.append((frame, value))
        return found

    def animation(
        self,
        drawing: svgwrite.Drawing,
        attribute: str,
        runs: list[tuple[int, str]],
        transform: str | None = None,
    ) -> Any:
        key_times = ";".join(_fraction(self.starts[frame] / self.total) for frame, _ in runs)
        options = {
            "values": ";".join(value for _, value in runs),
            "keyTimes": key_times,
            "dur": self.dur,
            "calcMode": "discrete",
            "repeatCount": "indefinite",
        }
        if transform:
            animation = drawing.animateTransform(transform, **options)
            animation["attributeName"] = attribute
            return animation
        return drawing.animate(attributeName=attribute, **options)


LAST_MOVE = "last-move"  # shapes keyed so mark the latest move, and carry this class


def animated_svg(scenes: list[Scene], timing: Timing) -> str:
    """One SVG document that plays the scenes for the times `timing` gives, which its
    root carries."""
    first = scenes[0]
    drawing = svgwrite.Drawing(size=(first.width, first.height), profile="full", debug=False)
    drawing.attribs.update(
        {
            "viewBox": f"0 0 {first.width} {first.height}",
            "font-family": FONT_FAMILY,
            **_root_text_style(first),
            **timing.root_attributes(),
        }
    )
    drawing.defs.add(drawing.style("text{dominant-baseline:central}"))
    timeline = Timeline(timing.durations_ms)
    backgrounds = [rgb_hex(s.rgb(s.background)) for s in scenes]
    background = drawing.rect((0, 0), (first.width, first.height), fill=backgrounds[0])
    _animate_colors(drawing, timeline, background, "fill", backgrounds)
    drawing.add(background)
    frames = [scene.by_key() for scene in scenes]
    for key in _keys_in_order(scenes):
        track = [frame.get(key) for frame in frames]
        present = [shape for shape in track if shape is not None]
        changing_text = isinstance(present[0], Text) and len(set(map(_geometry, present))) > 1
        if changing_text:
            drawing.add(_text_strip(drawing, timeline, scenes, key, track))
        else:
            for element in _keyed_elements(drawing, timeline, scenes, key, track):
                drawing.add(element)
    svg: str = drawing.tostring()
    return svg


def static_svg(scene: Scene) -> str:
    return animated_svg([scene], Timing.fixed(1, 1000, 0))


def _keys_in_order(scenes: list[Scene]) -> list[str]:
    """Every key once, in an order that paints each scene as its shapes are listed: a key
    that first appears in a later scene goes just before the first shape it is listed
    under there (a highlight behind a score stays behind the score)."""
    order = [shape.key for shape in scenes[0].shapes]
    placed = set(order)
    for scene in scenes[1:]:
        keys = [shape.key for shape in scene.shapes]
        for index, key in enumerate(keys):
            if key in placed:
                continue
            above = next((k for k in keys[index + 1 :] if k in placed), None)
            order.insert(order.index(above) if above else len(order), key)
            placed.add(key)
    return order


GEOMETRY_FIELDS = {
    kind: tuple(f.name for f in fields(kind) if f.name not in COLOR_FIELDS)
    for kind in (Rect, Circle, Ring, Line, Text)
}


def _geometry(shape: Shape) -> tuple[Any, ...]:
    """What must stay fixed within one SVG element: everything but the colours."""
    return (type(shape), *[getattr(shape, name) for name in GEOMETRY_FIELDS[type(shape)]])


def _placement(shape: Shape) -> tuple[tuple[Any, ...], tuple[float, float]]:
    """A shape's form (all but its colours and position) and its position: shapes of one
    form that only move, like the latest-move frame, share one element and a translation."""
    geometry = _geometry(shape)
    if isinstance(shape, Line):
        x0, y0 = shape.points[0]
        points = tuple((x - x0, y - y0) for x, y in shape.points)
        return (Line, points, shape.width, shape.dashed), (x0, y0)
    if isinstance(shape, Circle | Ring):
        return (geometry[0], *geometry[4:]), (shape.cx, shape.cy)
    if isinstance(shape, Rect):
        return (geometry[0], *geometry[4:]), (shape.x, shape.y)
    return geometry, (0.0, 0.0)


def _keyed_elements(
    drawing: svgwrite.Drawing,
    timeline: Timeline,
    scenes: Sequence[Scene],
    key: str,
    track: list[Shape | None],
) -> Iterator[Any]:
    placed = [_placement(s) if s is not None else None for s in track]
    forms = list(dict.fromkeys(p[0] for p in placed if p is not None))
    for number, form in enumerate(forms):
        mine = [s if p and p[0] == form else None for s, p in zip(track, placed, strict=True)]
        first = next(frame for frame, s in enumerate(mine) if s is not None)
        shown = mine[first]
        assert shown is not None  # `first` is the first frame it is in
        element = _element(drawing, scenes[first], shown)
        element["id"] = key if len(forms) == 1 else f"{key}-{number}"
        if key.startswith(LAST_MOVE):
            element["class"] = LAST_MOVE
        if None in mine:
            visible = ["visible" if s is not None else "hidden" for s in mine]
            if first:
                element["visibility"] = "hidden"
            element.add(timeline.animation(drawing, "visibility", timeline.runs(visible)))
        for name in COLOR_FIELDS:
            if hasattr(shown, name):
                values = _held(
                    [
                        scene.rgb(getattr(s, name)) if s else None
                        for scene, s in zip(scenes, mine, strict=True)
                    ],
                    first,
                )
                runs = timeline.runs(values)
                if len(runs) > 1:
                    runs = [(frame, rgb_hex(rgb)) for frame, rgb in runs]
                    element.add(timeline.animation(drawing, name, runs))
        start = placed[first]
        assert start is not None
        x0, y0 = start[1]
        offsets = _held(
            [
                f"{num(p[1][0] - x0)} {num(p[1][1] - y0)}" if s and p else None
                for s, p in zip(mine, placed, strict=True)
            ],
            first,
        )
        runs = timeline.runs(offsets)
        if len(runs) > 1:
            element.add(timeline.animation(drawing, "transform", runs, transform="translate"))
        yield element


def _held(values: list[Any], first: int) -> list[Any]:
    """Fill the frames a shape is absent from with its last value (its first before it)."""
    held, last = [], values[first]
    for value in values:
        last = value if value is not None else last
        held.append(last)
    return held


def _animate_colors(
    drawing: svgwrite.Drawing, timeline: Timeline, element: Any, attribute: str, values: list[str]
) -> None:
    runs = timeline.runs(values)
    if len(runs) > 1:
        element.add(timeline.animation(drawing, attribute, runs))


def _text_strip(
    drawing: svgwrite.Drawing,
    timeline: Timeline,
    scenes: Sequence[Scene],
    key: str,
    track: list[Shape | None],
) -> Any:
    """A group holding each run of a changing text one canvas-height apart, slid into view."""
    height = scenes[0].height
    runs = timeline.runs(track)
    first_frame, first_shape = next((f, s) for f, s in runs if s is not None)
    shared = _text_style(scenes[first_frame], first_shape)
    group = drawing.g(id=key)
    group.attribs.update(shared)
    for number, (frame, shape) in enumerate(runs):
        if shape is not None:
            moved = replace(shape, y=shape.y + number * height)
            group.add(_element(drawing, scenes[frame], moved, shared))
    offsets = [(frame, f"0 {-number * height}") for number, (frame, _) in enumerate(runs)]
    group.add(timeline.animation(drawing, "transform", offsets, transform="translate"))
    return group


def _element(
    drawing: svgwrite.Drawing, scene: Scene, shape: Shape, inherited: dict[str, str] | None = None
) -> Any:
    inherited = inherited or _root_text_style(scene)
    if isinstance(shape, Rect):
        extra = {"rx": num(shape.radius)} if shape.radius else {}
        return drawing.rect(
            (num(shape.x), num(shape.y)),
            (num(shape.w), num(shape.h)),
            fill=rgb_hex(scene.rgb(shape.fill)),
            **extra,
        )
    if isinstance(shape, Circle):
        return drawing.circle(
            (num(shape.cx), num(shape.cy)), num(shape.r), fill=rgb_hex(scene.rgb(shape.fill))
        )
    if isinstance(shape, Ring):
        options = {}
        if shape.dashed:
            count = len(dash_angles(shape.r, shape.width))
            arc = 2 * math.pi * shape.r / count
            options["stroke-dasharray"] = f"{num(arc * 0.55)} {num(arc * 0.45)}"
        return drawing.circle(
            (num(shape.cx), num(shape.cy)),
            num(shape.r),
            fill="none",
            stroke=rgb_hex(scene.rgb(shape.stroke)),
            stroke_width=num(shape.width),
            **options,
        )
    if isinstance(shape, Line):
        dash = num(max(3.0, shape.width * 3))
        options = {"stroke-dasharray": dash} if shape.dashed else {}
        return drawing.polyline(
            [(num(x), num(y)) for x, y in shape.points],
            fill="none",
            stroke=rgb_hex(scene.rgb(shape.stroke)),
            stroke_width=num(shape.width),
            **options,
        )
    text = drawing.text(shape.text, insert=(num(shape.x), num(shape.y)))
    for name, value in _text_style(scene, shape).items():
        if value != inherited.get(name):
            text[name] = value
    return text


def _root_text_style(scene: Scene) -> dict[str, str]:
    """Text attributes set once on the root and inherited by every text."""
    return {"fill": rgb_hex(scene.rgb(scene.palette.inks[0])), "text-anchor": "middle"}


def _text_style(scene: Scene, shape: Text) -> dict[str, str]:
    return {
        "fill": rgb_hex(scene.rgb(shape.fill)),
        "font-size": num(round(shape.size)),
        "text-anchor": shape.anchor,
    }
