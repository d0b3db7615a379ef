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


def draw(surface: pygame.Surface, scene: Scene) -> None:
    """Paint the whole scene; the surface should be at least scene.width x scene.height."""
    surface.fill(scene.rgb(scene.background), pygame.Rect(0, 0, scene.width, scene.height))
    for shape in scene.shapes:
        draw_shape(surface, scene, shape)


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
        place = image.get_rect()
        point = (round(shape.x), round(shape.y))
        if shape.anchor == "start":
            place.midleft = point
        elif shape.anchor == "end":
            place.midright = point
        else:
            place.center = point
        surface.blit(image, place)


def _ring(surface: pygame.Surface, scene: Scene, ring: Ring) -> None:
    color, width = scene.rgb(ring.stroke), max(1, round(ring.width))
    box = pygame.Rect(0, 0, round(2 * ring.r), round(2 * ring.r))
    box.center = (round(ring.cx), round(ring.cy))
    if not ring.dashed:
        pygame.draw.circle(surface, color, box.center, round(ring.r), width)
        return
    for start, end in dash_angles(ring.r, ring.width):
        pygame.draw.arc(surface, color, box, math.radians(start), math.radians(end), width)


def forget_fonts() -> None:
    """Drop cached fonts and texts; needed once pygame's font module shuts down."""
    text_surface.cache_clear()
    font.cache_clear()
