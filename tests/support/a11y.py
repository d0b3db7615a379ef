"""Measuring pictures for every eye: WCAG contrast of each text against the fill behind
its centre and of each piece against its surroundings, colour-vision simulation with
the Machado, Oliveira and Fernandes (2009) matrices at full severity applied in linear
RGB, and the CIEDE2000 colour difference. Written here, from the papers, so that the
tests do not take the program's own helpers on trust."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable

import numpy as np

from viz.scenes.shapes import Circle, Line, Rect, Ring, Scene, Shape, Text

RGB = tuple[int, int, int]

# Machado, Oliveira and Fernandes (2009), severity 1.0, for linear RGB.
MACHADO = {
    "protanopia": np.array(
        [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ]
    ),
    "deuteranopia": np.array(
        [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ]
    ),
    "tritanopia": np.array(
        [
            [1.255528, -0.076749, -0.178779],
            [-0.078411, 0.930809, 0.147602],
            [0.004733, 0.691367, 0.303900],
        ]
    ),
}
VISIONS = ("normal", *MACHADO)


def _to_linear(rgb: Iterable[float]) -> np.ndarray:
    c = np.asarray(list(rgb), dtype=float) / 255
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _to_srgb(linear: np.ndarray) -> RGB:
    c = np.clip(linear, 0, 1)
    c = np.where(c <= 0.0031308, c * 12.92, 1.055 * c ** (1 / 2.4) - 0.055)
    r, g, b = (int(round(v * 255)) for v in c)
    return r, g, b


def simulate(rgb: RGB, vision: str) -> RGB:
    """How `rgb` looks under a colour-vision deficiency (or unchanged for "normal")."""
    if vision == "normal":
        return rgb
    return _to_srgb(MACHADO[vision] @ _to_linear(rgb))


def luminance(rgb: RGB) -> float:
    return _luminance(tuple(rgb))


@functools.cache  # a picture has a few colours and tens of thousands of texts and pieces
def _luminance(rgb: RGB) -> float:
    r, g, b = _to_linear(rgb)
    return float(0.2126 * r + 0.7152 * g + 0.0722 * b)


def contrast(a: RGB, b: RGB) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def lab(rgb: RGB) -> tuple[float, float, float]:
    """CIELAB under D65."""
    r, g, b = _to_linear(rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e2000(rgb1: RGB, rgb2: RGB) -> float:
    """CIEDE2000 (Sharma, Wu and Dalal 2005), kL = kC = kH = 1."""
    L1, a1, b1 = lab(rgb1)
    L2, a2, b2 = lab(rgb2)
    return ciede2000((L1, a1, b1), (L2, a2, b2))


def ciede2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dLp, dCp = L2 - L1, c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    elif h2p - h1p > 180:
        dhp = h2p - h1p - 360
    else:
        dhp = h2p - h1p + 360
    dHp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    Lp, Cp = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hp = (h1p + h2p + 360) / 2
    else:
        hp = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hp - 30))
        + 0.24 * math.cos(math.radians(2 * hp))
        + 0.32 * math.cos(math.radians(3 * hp + 6))
        - 0.20 * math.cos(math.radians(4 * hp - 63))
    )
    d_theta = 30 * math.exp(-(((hp - 275) / 25) ** 2))
    rc = 2 * math.sqrt(Cp**7 / (Cp**7 + 25**7))
    sl = 1 + 0.015 * (Lp - 50) ** 2 / math.sqrt(20 + (Lp - 50) ** 2)
    sc = 1 + 0.045 * Cp
    sh = 1 + 0.015 * Cp * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt(
        (dLp / sl) ** 2 + (dCp / sc) ** 2 + (dHp / sh) ** 2 + rt * (dCp / sc) * (dHp / sh)
    )


def covers(shape: Shape, x: float, y: float) -> bool:
    """Whether a shape's paint covers the point (rings and lines by their strokes)."""
    if isinstance(shape, Rect):
        return shape.x <= x <= shape.x + shape.w and shape.y <= y <= shape.y + shape.h
    if isinstance(shape, Circle):
        return math.dist((x, y), (shape.cx, shape.cy)) <= shape.r
    if isinstance(shape, Ring):
        return abs(math.dist((x, y), (shape.cx, shape.cy)) - shape.r) <= shape.width / 2
    if isinstance(shape, Line):
        return any(
            _near_segment(x, y, p, q, shape.width / 2)
            for p, q in zip(shape.points, shape.points[1:], strict=False)
        )
    return False


def _near_segment(x, y, p, q, reach) -> bool:
    (x0, y0), (x1, y1) = p, q
    if not (min(x0, x1) - reach <= x <= max(x0, x1) + reach):
        return False  # farther than `reach` across, so farther in all
    if not (min(y0, y1) - reach <= y <= max(y0, y1) + reach):
        return False
    dx, dy = x1 - x0, y1 - y0
    length = dx * dx + dy * dy
    t = 0.0 if not length else max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / length))
    return math.dist((x, y), (x0 + t * dx, y0 + t * dy)) <= reach


def paint(shape: Shape) -> str:
    return shape.stroke if isinstance(shape, Ring | Line) else shape.fill  # type: ignore[union-attr]


def behind(scene: Scene, index: int, x: float, y: float) -> str:
    """The colour name painted at a point by the shapes drawn before `index`, texts aside."""
    shapes, boxes = scene.shapes, _boxes(scene)
    for below in range(index - 1, -1, -1):
        box = boxes[below]  # covers() only where the shape's box holds the point
        inside = box is not None and box[0] <= x <= box[2] and box[1] <= y <= box[3]
        if inside and covers(shapes[below], x, y):
            return paint(shapes[below])
    return scene.background


_BOXES: dict[int, tuple[Scene, list[tuple[float, float, float, float] | None]]] = {}


def _boxes(scene: Scene) -> list[tuple[float, float, float, float] | None]:
    """Each shape's paint's bounding box (None for texts and shapes that paint nothing
    `covers` sees), once a scene: a picture's checks ask behind() about one scene
    thousands of times. The last few scenes are kept, with the scene itself, so that an
    id is never taken for another scene's."""
    kept = _BOXES.get(id(scene))
    if kept is None or kept[0] is not scene:
        if len(_BOXES) >= 8:
            del _BOXES[next(iter(_BOXES))]
        kept = _BOXES[id(scene)] = (scene, [_box(shape) for shape in scene.shapes])
    return kept[1]


def _box(shape: Shape) -> tuple[float, float, float, float] | None:
    if isinstance(shape, Rect):
        return shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    pad = 1e-6  # a rounding's worth outside, so that the box never leaves a covered point out
    if isinstance(shape, Circle | Ring):
        reach = shape.r + (shape.width / 2 if isinstance(shape, Ring) else 0) + pad
        return shape.cx - reach, shape.cy - reach, shape.cx + reach, shape.cy + reach
    if isinstance(shape, Line) and shape.points:
        reach = shape.width / 2 + pad
        xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
        return min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach
    return None


def text_contrasts(scene: Scene) -> list[tuple[Text, str, float]]:
    """Each text with the colour behind its centre and its contrast against it."""
    found = []
    for index, shape in enumerate(scene.shapes):
        if isinstance(shape, Text) and shape.text:
            ground = behind(scene, index, shape.x, shape.y)
            if shape.anchor == "start":  # the centre of a left-aligned line lies to its right
                ground = behind(scene, index, shape.x + shape.size * 0.3, shape.y)
            found.append((shape, ground, contrast(scene.rgb(shape.fill), scene.rgb(ground))))
    return found


def text_faults(scene: Scene, small: float = 4.5, large: float = 3.0) -> list[str]:
    """Texts under `small`:1 against what lies behind them (`large`:1 from 24 px)."""
    faults = []
    for text, ground, ratio in text_contrasts(scene):
        need = large if text.size >= 24 else small
        if ratio < need:
            faults.append(f"{text.key} {text.text!r} {text.fill} on {ground}: {ratio:.2f} < {need}")
    return faults


def edge_points(shape: Shape, out: float) -> list[tuple[float, float]]:
    """Points `out` pixels outside a filled shape's edge: the middle of each side."""
    if isinstance(shape, Rect):
        cx, cy = shape.x + shape.w / 2, shape.y + shape.h / 2
        return [
            (shape.x - out, cy),
            (shape.x + shape.w + out, cy),
            (cx, shape.y - out),
            (cx, shape.y + shape.h + out),
        ]
    assert isinstance(shape, Circle)
    r = shape.r + out
    return [(shape.cx + r * math.cos(a), shape.cy + r * math.sin(a)) for a in (0.4, 2, 3.5, 5)]


def piece_contrast(scene: Scene, index: int, grounds: Iterable[str] = ()) -> tuple[float, str]:
    """How well a filled piece stands out: the lowest, over the points around it, of the
    best contrast met crossing its edge there (its fill against what lies outside, or an
    outline drawn after it against either side), with the `grounds` named also counted as
    surroundings. Returns the ratio and the colour it was worst against."""
    shape = scene.shapes[index]
    fill = scene.rgb(paint(shape))
    outlines = [
        s for s in scene.shapes[index + 1 :] if isinstance(s, Ring | Line) and _outlines(s, shape)
    ]
    worst, worst_name = math.inf, ""
    outside = {behind(scene, index, x, y) for x, y in edge_points(shape, 0.5)}
    for name in outside | set(grounds):
        ground = scene.rgb(name)
        best = contrast(fill, ground)
        for outline in outlines:
            best = max(best, contrast(scene.rgb(paint(outline)), ground))
        if best < worst:
            worst, worst_name = best, name
    return worst, worst_name


def _outlines(outline: Ring | Line, shape: Shape) -> bool:
    """Whether a ring or closed frame runs around a filled shape, at its edge."""
    if isinstance(outline, Ring) and isinstance(shape, Circle):
        return math.dist((outline.cx, outline.cy), (shape.cx, shape.cy)) < 0.5 and (
            shape.r - outline.width <= outline.r <= shape.r + 2 * outline.width
        )
    if isinstance(outline, Line) and isinstance(shape, Rect) and len(outline.points) == 5:
        xs, ys = [x for x, _ in outline.points], [y for _, y in outline.points]
        reach = 2 * outline.width + max(shape.w, shape.h) * 0.12
        edges = (
            (min(xs), shape.x),
            (min(ys), shape.y),
            (max(xs), shape.x + shape.w),
            (max(ys), shape.y + shape.h),
        )
        return all(abs(a - b) <= reach for a, b in edges)
    return False


# In a browser page: each text element matching a selector (the argument), named by its
# id or its first words, with the WCAG contrast of its colour against the first opaque
# background behind it (page.evaluate(TEXT_CONTRASTS, selector)).
TEXT_CONTRASTS = """(selector) => {
  const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => v / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const background = (e) => {
    for (; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  return [...document.querySelectorAll(selector)].map((e) => {
    const [a, b] = [lum(rgb(getComputedStyle(e).color)), lum(background(e))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    return [e.id || e.textContent.slice(0, 20), ratio];
  });
}"""
