"""Draw scenes onto pygame surfaces: the window's renderer."""

from __future__ import annotations

import math
from collections import OrderedDict
from functools import lru_cache

import pygame

from viz.resources import font_path
from viz.scenes.shapes import (
    Circle,
    Line,
    Rect,
    Ring,
    Scene,
    Shape,
    Text,
    changed_shapes,
    dash_angles,
    dash_segments,
)


@lru_cache(maxsize=64)
def font(size: int) -> pygame.font.Font:
    return pygame.font.Font(str(font_path()), size)


TEXT_CACHE_BYTES = 16 * 1024 * 1024


class _TextCache:
    """Rendered texts, the least recently used dropped first once their pixels pass
    `limit` bytes: a count of entries says nothing of their size (a long status line at
    22 px is a hundred times a digit's)."""

    def __init__(self, limit: int) -> None:
        self.limit, self.bytes = limit, 0
        self.entries: OrderedDict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = (
            OrderedDict()
        )

    def __call__(self, text: str, size: int, color: tuple[int, int, int]) -> pygame.Surface:
        key = (text, size, color)
        found = self.entries.get(key)
        if found is not None:
            self.entries.move_to_end(key)
            return found
        surface = font(size).render(text, True, color)
        self.entries[key] = surface
        self.bytes += _size(surface)
        while self.bytes > self.limit and len(self.entries) > 1:
            _, dropped = self.entries.popitem(last=False)
            self.bytes -= _size(dropped)
        return surface

    def cache_clear(self) -> None:
        self.entries.clear()
        self.bytes = 0


def _size(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


text_surface = _TextCache(TEXT_CACHE_BYTES)


def draw(surface: pygame.Surface, scene: Scene, shown: Scene | None = None) -> list[pygame.Rect]:
    """Paint the scene; the surface should be at least scene.width x scene.height. Given
    the scene `shown` already on the surface, paint only where the two differ: a change
    in motion touches a few shapes of hundreds. Returns the areas painted."""
    whole = pygame.Rect(0, 0, scene.width, scene.height)
    if shown is None:
        surface.fill(scene.rgb(scene.background), whole)
        for shape in scene.shapes:
            draw_shape(surface, scene, shape)
        return [whole]
    areas = [area.clip(whole) for area in changed_areas(shown, scene)]
    boxes = [bounds(shape) for shape in scene.shapes] if areas else []
    for area in areas:
        surface.set_clip(area)
        try:
            surface.fill(scene.rgb(scene.background), whole)
            for index in area.collidelistall(boxes):
                draw_shape(surface, scene, scene.shapes[index])
        finally:
            surface.set_clip(None)
    return areas


class Painter:
    """Keeps a scene on a window's surface, repainting only where the next one differs.
    It paints on a 24-bit canvas of its own and copies what changed to the window: SDL
    fills the rows of a 32-bit surface (a window's) with non-temporal stores, five to ten
    times slower than a 24-bit fill."""

    def __init__(self) -> None:
        self.canvas: pygame.Surface | None = None
        self.shown: Scene | None = None  # on the canvas, and on the window where painted

    def forget(self) -> None:
        """The target no longer shows the last scene where it was (the window's surface was
        replaced, or the scene is to go elsewhere): the next is painted whole."""
        self.shown = None

    def paint(self, target: pygame.Surface, place: tuple[int, int], scene: Scene) -> None:
        """Show `scene` on `target` with its top left corner at `place`."""
        size = (scene.width, scene.height)
        if self.canvas is None or self.canvas.get_size() != size:
            self.canvas, self.shown = pygame.Surface(size, depth=24), None
        for area in draw(self.canvas, scene, self.shown):
            target.blit(self.canvas, area.move(place), area)
        self.shown = scene


MOST_AREAS = 24  # past this many separate changed areas, their union is painted once


def changed_areas(shown: Scene, scene: Scene) -> list[pygame.Rect]:
    """The separate areas where `scene` differs from `shown` (none: it does not)."""
    shapes = changed_shapes(shown, scene)
    if shapes is None:
        return [pygame.Rect(0, 0, scene.width, scene.height)]
    areas = _merged([bounds(shape) for shape in shapes])
    return [areas[0].unionall(areas[1:])] if len(areas) > MOST_AREAS else areas


def _merged(boxes: list[pygame.Rect]) -> list[pygame.Rect]:
    """The boxes, those that overlap joined into one, until none overlap (each area
    painted costs a pass over the shapes that meet it)."""
    areas: list[pygame.Rect] = []
    for box in boxes:
        box = box.copy()  # the boxes are `bounds`' own
        while (hit := box.collidelist(areas)) != -1:
            box = box.union(areas.pop(hit))
        areas.append(box)
    return areas


@lru_cache(maxsize=16_384)
def bounds(shape: Shape) -> pygame.Rect:
    """The pixels `draw_shape` may touch for a shape, with a pixel to spare (cached: most
    shapes stay the same from frame to frame, and every frame asks for all of them).
    Callers must not change the box they are given."""
    if isinstance(shape, Rect):
        box = pygame.Rect(round(shape.x), round(shape.y), round(shape.w) + 1, round(shape.h) + 1)
    elif isinstance(shape, Circle | Ring):
        reach = shape.r + (shape.width if isinstance(shape, Ring) else 0)
        box = pygame.Rect(0, 0, round(2 * reach) + 2, round(2 * reach) + 2)
        box.center = (round(shape.cx), round(shape.cy))
    elif isinstance(shape, Line):
        xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
        box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        box.inflate_ip(round(shape.width) + 2, round(shape.width) + 2)
    else:
        box = _text_place(shape, pygame.Rect((0, 0), font(round(shape.size)).size(shape.text)))
    return box.inflate(2, 2)


def draw_shape(surface: pygame.Surface, scene: Scene, shape: Shape) -> None:
    if isinstance(shape, Rect):
        left, top = round(shape.x), round(shape.y)
        rect = pygame.Rect(
            left, top, round(shape.x + shape.w) - left, round(shape.y + shape.h) - top
        )
        pygame.draw.rect(surface, scene.rgb(shape.fill), rect, border_radius=round(shape.radius))
    elif isinstance(shape, Circle):
        pygame.draw.circle(surface, scene.rgb(shape.fill), (shape.cx, shape.cy), shape.r)
    elif isinstance(shape, Ring):
        _ring(surface, scene, shape)
    elif isinstance(shape, Line):
        width = max(1, round(shape.width))
        pieces = dash_segments(shape.points, shape.width) if shape.dashed else [shape.points]
        for piece in pieces:
            pygame.draw.lines(surface, scene.rgb(shape.stroke), False, piece, width)
    elif isinstance(shape, Text):
        image = text_surface(shape.text, round(shape.size), scene.rgb(shape.fill))
        surface.blit(image, _text_place(shape, image.get_rect()))


def _text_place(text: Text, place: pygame.Rect) -> pygame.Rect:
    point = (round(text.x), round(text.y))
    if text.anchor == "start":
        place.midleft = point
    elif text.anchor == "end":
        place.midright = point
    else:
        place.center = point
    return place


def _ring(surface: pygame.Surface, scene: Scene, ring: Ring) -> None:
    color, width = scene.rgb(ring.stroke), max(1, round(ring.width))
    box = pygame.Rect(0, 0, round(2 * ring.r), round(2 * ring.r))
    box.center = (round(ring.cx), round(ring.cy))
    if not ring.dashed:
        pygame.draw.circle(surface, color, box.center, round(ring.r), width)
        return
    surface.blit(_dashes(box.size, ring.r, ring.width, color), box)


@lru_cache(maxsize=256)
def _dashes(
    size: tuple[int, int], radius: float, width: float, color: tuple[int, int, int]
) -> pygame.Surface:
    """A dashed ring's dashes on a clear surface of the ring's box. `pygame.draw.arc` puts
    some pixels elsewhere when the target has a clip, as a window repainting one area has:
    drawn here, unclipped, and copied, a ring is the same however it is repainted."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    for start, end in dash_angles(radius, width):
        pygame.draw.arc(
            image,
            color,
            image.get_rect(),
            math.radians(start),
            math.radians(end),
            max(1, round(width)),
        )
    return image


def forget_fonts() -> None:
    """Drop cached fonts and texts; needed once pygame's font module shuts down."""
    text_surface.cache_clear()
    font.cache_clear()
    _dashes.cache_clear()
