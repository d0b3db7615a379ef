"""Draw scenes with Pillow straight into palette images (for GIFs and PNG frames).

Square shapes are drawn with exact palette indices, so every colour of the
scene lands in the file unchanged. Text and round shapes are anti-aliased
with a bounded number of shades: the palette holds a blend halfway between
each pair of scene colours, and each edge pixel takes the colour, the blend
or what lies under it, by how much of it the shape covers.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from viz.resources import font_path
from viz.scenes.shapes import (
    RGB,
    Circle,
    Line,
    Palette,
    Rect,
    Ring,
    Scene,
    Shape,
    Text,
    changed_shapes,
    common_ends,
    dash_angles,
    dash_segments,
    replaced_ends,
)

Box = tuple[int, int, int, int]  # left, top, right, bottom
Drawn = Rect | Circle | Ring | Line  # the shapes drawn as geometry, not as text
SHADE_LEVELS = 2  # coverage is rounded to halves: 0, 1/2, 1
SUPERSAMPLE = 4  # round shapes are drawn this many times larger to measure coverage
ANCHORS = {"start": "lm", "middle": "mm", "end": "rm"}


def blend(ink: RGB, under: RGB, amount: float) -> RGB:
    r, g, b = (round(i * amount + u * (1 - amount)) for i, u in zip(ink, under, strict=True))
    return r, g, b


def _distance(one: RGB, other: RGB) -> int:
    return sum((a - b) ** 2 for a, b in zip(one, other, strict=True))


class IndexedPalette:
    """A palette's colours plus the shades between each pair of them, as at most 256
    GIF palette entries. `lut[name][level, under]` is the entry for colour `name`
    covering `level` / SHADE_LEVELS of a pixel whose entry is `under`."""

    def __init__(self, palette: Palette) -> None:
        self.colors: list[RGB] = []
        self._where: dict[RGB, int] = {}
        self.index = {name: self._add(rgb) for name, rgb in palette.colors.items()}
        base = len(self.colors)
        self.lut: dict[str, np.ndarray] = {}
        for name, rgb in palette.colors.items():
            lut = np.tile(np.arange(256, dtype=np.uint8), (SHADE_LEVELS + 1, 1))
            lut[SHADE_LEVELS, :] = self.index[name]
            for under in range(base):
                for level in range(1, SHADE_LEVELS):
                    shade = blend(rgb, self.colors[under], level / SHADE_LEVELS)
                    lut[level, under] = self._add(shade)
            self.lut[name] = lut

    def _add(self, rgb: RGB) -> int:
        """`rgb`'s entry, new if there is room; once the 256 are taken (a chart of many
        colours), the nearest colour already there stands in for a shade."""
        if rgb not in self._where and len(self.colors) >= 256:
            return min(range(256), key=lambda entry: _distance(self.colors[entry], rgb))
        if rgb not in self._where:
            self._where[rgb] = len(self.colors)
            self.colors.append(rgb)
        return self._where[rgb]

    def flat(self) -> list[int]:
        """The palette as R, G, B values, one entry per distinct colour."""
        return [v for rgb in self.colors for v in rgb]


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path()), size)


@lru_cache(maxsize=4096)
def text_coverage(text: str, size: int, anchor: str) -> tuple[np.ndarray, int, int]:
    """Coverage levels (0..SHADE_LEVELS) of a text and its offset from the anchor point."""
    face = font(size)
    left, top, right, bottom = map(int, face.getbbox(text, anchor=anchor))  # whole pixels
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    levels = np.rint(np.asarray(mask, dtype=np.float32) * (SHADE_LEVELS / 255)).astype(np.uint8)
    return levels, left, top


@lru_cache(maxsize=16)
def indexed_palette(palette: Palette) -> IndexedPalette:
    return IndexedPalette(palette)


def render(scene: Scene) -> Image.Image:
    """The scene as a palette ("P") image whose palette is `indexed_palette(scene.palette)`."""
    colors = indexed_palette(scene.palette)
    image = Image.new("P", (scene.width, scene.height), colors.index[scene.background])
    image.putpalette(colors.flat())
    _draw_region(image, scene, (0, 0, scene.width, scene.height), shape_boxes(scene.shapes))
    return image


def render_changes(scenes: Iterable[Scene]) -> Iterator[tuple[Image.Image, Box | None]]:
    """Render the scenes of one animation in turn onto one image, redrawing only the
    regions that change; yield the image (overwritten by the next) and a box holding
    every pixel that may have changed (None for the first, and for no change at all)."""
    image: Image.Image | None = None
    before: Scene | None = None
    boxes = _NO_BOXES
    for scene in scenes:
        changed = None
        if image is None:
            image = render(scene)
            boxes = shape_boxes(scene.shapes)
        else:
            assert before is not None  # drawn with the image
            boxes = _next_boxes(before, scene, boxes)
            for box in merged(changed_boxes(before, scene)):
                _draw_region(image, scene, box, boxes)
                changed = box if changed is None else _union(changed, box)
        before = scene
        if changed is not None:
            changed = _clip(changed, scene.width, scene.height)
        yield image, changed


def _next_boxes(before: Scene, after: Scene, boxes: np.ndarray) -> np.ndarray:
    """The bounds of `after`'s shapes, given `before`'s: where the two scenes begin and
    end alike, only the shapes that are not the same objects are measured."""
    splice = common_ends(before, after)
    if splice is None:
        return shape_boxes(after.shapes)
    start, end = splice
    middle = shape_boxes(after.shapes[start : len(after.shapes) - end])
    rows = np.concatenate((boxes[:start], middle, boxes[len(boxes) - end :]))
    for index in replaced_ends(before.shapes, after.shapes, splice):
        rows[index] = bounds(after.shapes[index])
    return rows


def render_stream(scenes: Iterable[Scene]) -> Iterator[Image.Image]:
    """The images of `render_changes`."""
    return (image for image, _ in render_changes(scenes))


def _union(a: Box, b: Box) -> Box:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def _clip(box: Box, width: int, height: int) -> Box:
    return max(0, box[0]), max(0, box[1]), min(width, box[2]), min(height, box[3])


def merged(boxes: list[Box]) -> list[Box]:
    """The boxes with every overlapping pair joined, so no region is drawn twice."""
    boxes = list(boxes)
    joined = True
    while joined:
        joined = False
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                if _overlaps(boxes[i], boxes[j]):
                    boxes[i] = _union(boxes[i], boxes.pop(j))
                    joined = True
                    break
            if joined:
                break
    return boxes


def changed_boxes(before: Scene, after: Scene) -> list[Box]:
    """Boxes around every shape that differs between two scenes (the whole canvas when
    everything must be redrawn)."""
    shapes = changed_shapes(before, after)
    if shapes is None:
        return [(0, 0, after.width, after.height)]
    return [bounds(shape) for shape in shapes]


@lru_cache(maxsize=65_536)
def bounds(shape: Shape) -> tuple[int, int, int, int]:
    """An integer box that holds every pixel the shape may touch (cached: most shapes
    stay the same from frame to frame, and each frame asks for many boxes)."""
    if isinstance(shape, Rect):
        x0, y0, x1, y1 = shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    elif isinstance(shape, Circle):
        r = shape.r
        x0, y0, x1, y1 = shape.cx - r, shape.cy - r, shape.cx + r, shape.cy + r
    elif isinstance(shape, Ring):
        r = shape.r + shape.width
        x0, y0, x1, y1 = shape.cx - r, shape.cy - r, shape.cx + r, shape.cy + r
    elif isinstance(shape, Line):
        xs, ys = [p[0] for p in shape.points], [p[1] for p in shape.points]
        x0, y0, x1, y1 = (
            min(xs) - shape.width,
            min(ys) - shape.width,
            max(xs) + shape.width,
            max(ys) + shape.width,
        )
    else:
        levels, left, top = text_coverage(shape.text, round(shape.size), ANCHORS[shape.anchor])
        x0, y0 = round(shape.x) + left, round(shape.y) + top
        x1, y1 = x0 + levels.shape[1], y0 + levels.shape[0]
    return int(x0) - 2, int(y0) - 2, int(x1) + 3, int(y1) + 3


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _draw_region(image: Image.Image, scene: Scene, box: Box, boxes: np.ndarray) -> None:
    """Redraw the part of `scene` inside `box` onto `image`, clipped to the box; `boxes`
    holds the bounds of the scene's shapes, a row each, in the scene's order. The patch
    is drawn as an array, so that no shape pays for a round trip through an image."""
    box = _clip(box, scene.width, scene.height)
    if box[0] >= box[2] or box[1] >= box[3]:
        return
    colors = indexed_palette(scene.palette)
    patch = np.full((box[3] - box[1], box[2] - box[0]), colors.index[scene.background], np.uint8)
    dx, dy = -box[0], -box[1]
    meets = (
        (boxes[:, 0] < box[2])
        & (box[0] < boxes[:, 2])
        & (boxes[:, 1] < box[3])
        & (box[1] < boxes[:, 3])
    )
    for index in np.flatnonzero(meets).tolist():
        shape = scene.shapes[index]
        if isinstance(shape, Text):
            _draw_text(patch, colors, shape, dx, dy)
        elif isinstance(shape, Rect) and not shape.radius:
            _fill_rect(patch, colors.index[shape.fill], shape, dx, dy)  # square: no shading
        else:
            _draw_smooth(patch, colors, shape, dx, dy)
    height, width = patch.shape
    image.paste(Image.frombuffer("P", (width, height), patch.tobytes(), "raw", "P", 0, 1), box[:2])


def _fill_rect(patch: np.ndarray, index: int, rect: Rect, dx: int, dy: int) -> None:
    """`rect` filled with one palette entry, its edges rounded to whole pixels as
    `ImageDraw.rectangle` rounds them."""
    left, top = max(0, round(rect.x) + dx), max(0, round(rect.y) + dy)
    right, bottom = max(0, round(rect.x + rect.w) + dx), max(0, round(rect.y + rect.h) + dy)
    patch[top:bottom, left:right] = index


_NO_BOXES = np.zeros((0, 4), dtype=np.int64)


def shape_boxes(shapes: tuple[Shape, ...]) -> np.ndarray:
    """The bounds of each shape, a row each."""
    return np.array([bounds(shape) for shape in shapes], dtype=np.int64).reshape(-1, 4)


def _draw_shape(
    draw: ImageDraw.ImageDraw, index: dict[str, int], shape: Shape, dx: int, dy: int
) -> None:
    if isinstance(shape, Rect):
        box = (
            round(shape.x) + dx,
            round(shape.y) + dy,
            round(shape.x + shape.w) - 1 + dx,
            round(shape.y + shape.h) - 1 + dy,
        )
        if shape.radius:
            draw.rounded_rectangle(box, round(shape.radius), fill=index[shape.fill])
        else:
            draw.rectangle(box, fill=index[shape.fill])
    elif isinstance(shape, Circle):
        draw.ellipse(_circle_box(shape.cx + dx, shape.cy + dy, shape.r), fill=index[shape.fill])
    elif isinstance(shape, Ring):
        box = _circle_box(shape.cx + dx, shape.cy + dy, shape.r)
        width = max(1, round(shape.width))
        if shape.dashed:
            for start, end in dash_angles(shape.r, shape.width):
                draw.arc(box, start, end, fill=index[shape.stroke], width=width)
        else:
            draw.ellipse(box, outline=index[shape.stroke], width=width)
    elif isinstance(shape, Line):
        width = max(1, round(shape.width))
        pieces = dash_segments(shape.points, shape.width) if shape.dashed else [shape.points]
        for piece in pieces:
            points = [(round(x) + dx, round(y) + dy) for x, y in piece]
            draw.line(points, fill=index[shape.stroke], width=width, joint="curve")


def _circle_box(cx: float, cy: float, r: float) -> tuple[int, int, int, int]:
    return round(cx - r), round(cy - r), round(cx + r), round(cy + r)


def _draw_text(patch: np.ndarray, colors: IndexedPalette, text: Text, dx: int, dy: int) -> None:
    levels, left, top = text_coverage(text.text, round(text.size), ANCHORS[text.anchor])
    _paint(
        patch, colors.lut[text.fill], levels, round(text.x) + left + dx, round(text.y) + top + dy
    )


def _draw_smooth(patch: np.ndarray, colors: IndexedPalette, shape: Drawn, dx: int, dy: int) -> None:
    blank, color = _without_color(shape)
    levels, left, top = shape_coverage(blank)
    _paint(patch, colors.lut[color], levels, left + dx, top + dy)


def _paint(patch: np.ndarray, lut: np.ndarray, levels: np.ndarray, x: int, y: int) -> None:
    """Lay a colour over `patch` at (x, y) with the given coverage levels, clipped to it."""
    height, width = patch.shape
    x0, y0 = max(0, x), max(0, y)
    x1, y1 = min(width, x + levels.shape[1]), min(height, y + levels.shape[0])
    if x0 >= x1 or y0 >= y1:
        return
    under = patch[y0:y1, x0:x1]
    under[...] = lut[levels[y0 - y : y1 - y, x0 - x : x1 - x], under]


def _without_color(shape: Drawn) -> tuple[Drawn, str]:
    """The shape with no key and no colour (all its coverage depends on), and its colour."""
    if isinstance(shape, Ring | Line):
        return replace(shape, key="", stroke=""), shape.stroke
    return replace(shape, key="", fill=""), shape.fill


@lru_cache(maxsize=4096)
def shape_coverage(shape: Drawn) -> tuple[np.ndarray, int, int]:
    """Coverage levels of a shape drawn SUPERSAMPLE times larger and averaged down, with
    the position of their top-left pixel."""
    left, top, right, bottom = bounds(shape)
    k = SUPERSAMPLE
    mask = Image.new("L", ((right - left) * k, (bottom - top) * k))
    big = _scaled(shape, k)
    _draw_shape(ImageDraw.Draw(mask), {"": 255}, big, -left * k, -top * k)
    small = np.asarray(mask.reduce(k), dtype=np.float32)
    return np.rint(small * (SHADE_LEVELS / 255)).astype(np.uint8), left, top


def _scaled(shape: Drawn, k: int) -> Drawn:
    if isinstance(shape, Rect):
        return replace(
            shape,
            x=shape.x * k,
            y=shape.y * k,
            w=shape.w * k,
            h=shape.h * k,
            radius=shape.radius * k,
        )
    if isinstance(shape, Circle):
        return replace(shape, cx=shape.cx * k, cy=shape.cy * k, r=shape.r * k)
    if isinstance(shape, Ring):
        return replace(
            shape, cx=shape.cx * k, cy=shape.cy * k, r=shape.r * k, width=shape.width * k
        )
    return replace(
        shape, points=tuple((x * k, y * k) for x, y in shape.points), width=shape.width * k
    )
