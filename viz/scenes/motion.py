"""In-between pictures: how a window shows a change instead of snapping to it.

`Motion(before, duration_ms).picture(after)` gives the picture part of the way
from `before` to `after`, as time passes. Shapes are matched by key:

- a shape in both pictures slides from its old place to its new one (a played
  tile travels from its hand to the table);
- a place that was vacant (filled "cell" or "slot") and is now taken: a disc
  drops in from above, a box fills in from its centre;
- a disc whose colour changes otherwise turns over like a coin: it narrows to
  an edge and opens in its new colour (a flip);
- a box whose colour changes otherwise keeps its colour a moment, then the new
  one fills in from its centre (a cleared cell dims after its mark appears);
- a new disc or box grows from its centre; a new mark (ring or outline)
  closes in on its place from twice its size and width, so the eye finds it;
- a disc or box that is gone shrinks away; anything else gone goes at once.

Texts show their new words at once (words are what a reader needs first), on their
way to their new place: a hidden tile's label turns into its number as it travels.
Nothing flashes: every change runs once, in one direction.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from viz.scenes.shapes import Circle, Line, Rect, Ring, Scene, Shape, Text

VACANT_FILLS = frozenset({"cell", "slot"})  # the fills scenes give an empty place
HOLD = 0.4  # the part of a box's change that shows the old colour first
DROP_RADII = 2.5  # how far above its place a disc starts, in radii


def ease_out(progress: float) -> float:
    """Fast at first, settling gently: a quadratic, whose steps move a board's piece
    by a pixel or more a frame but in the last 20 ms of a 220 ms change. A cubic moved
    it by less over its last quarter: five of the change's last six frames at 60 a
    second repeated the picture before them."""
    return 1 - (1 - progress) ** 2


@dataclass
class Motion:
    """A change under way from the picture `before`; `elapsed_ms` grows with each frame."""

    before: Scene
    duration_ms: float
    elapsed_ms: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed_ms >= self.duration_ms

    @cached_property
    def _before_by_key(self) -> dict[str, Shape]:
        return self.before.by_key()

    def picture(self, after: Scene) -> Scene:
        """The picture on its way to `after`, at this moment of the change."""
        progress = min(1.0, self.elapsed_ms / self.duration_ms) if self.duration_ms else 1.0
        if progress >= 1 or (self.before.width, self.before.height) != (after.width, after.height):
            return after
        old = self._before_by_key
        kept = {shape.key for shape in after.shapes}
        shapes = [
            shrunk
            for shape in self.before.shapes
            if shape.key not in kept
            for shrunk in _gone(shape, progress)
        ]
        for shape in after.shapes:
            prior = old.get(shape.key)
            if prior is shape or prior == shape:
                shapes.append(shape)
            else:
                shapes += _between(prior, shape, progress)
        return replace(after, shapes=tuple(shapes))


def _between(prior: Shape | None, shape: Shape, progress: float) -> list[Shape]:
    if prior is None:
        return _arrived(shape, progress)
    if type(prior) is not type(shape):
        return [shape]
    moved = _slid(prior, shape, ease_out(progress))
    if isinstance(prior, Circle | Rect) and isinstance(moved, Circle | Rect):
        old = replace(moved, fill=prior.fill)
        if prior.fill != moved.fill:
            return _recoloured(old, moved, progress)
    return [moved]


def _slid(prior: Shape, shape: Shape, step: float) -> Shape:
    """`shape` at its place `step` of the way from where `prior` was."""

    def mix(a: float, b: float) -> float:
        return a + (b - a) * step

    if isinstance(shape, Rect) and isinstance(prior, Rect):
        return replace(
            shape,
            x=mix(prior.x, shape.x),
            y=mix(prior.y, shape.y),
            w=mix(prior.w, shape.w),
            h=mix(prior.h, shape.h),
        )
    if isinstance(shape, Circle | Ring) and isinstance(prior, Circle | Ring):
        return replace(shape, cx=mix(prior.cx, shape.cx), cy=mix(prior.cy, shape.cy))
    if isinstance(shape, Text) and isinstance(prior, Text):
        return replace(shape, x=mix(prior.x, shape.x), y=mix(prior.y, shape.y))
    if (
        isinstance(shape, Line)
        and isinstance(prior, Line)
        and len(prior.points) == len(shape.points)
    ):
        points = tuple(
            (mix(x0, x1), mix(y0, y1))
            for (x0, y0), (x1, y1) in zip(prior.points, shape.points, strict=True)
        )
        return replace(shape, points=points)
    return shape


def _recoloured(old: Circle | Rect, new: Circle | Rect, progress: float) -> list[Shape]:
    if old.fill in VACANT_FILLS:
        step = ease_out(progress)
        arriving = _dropped(new, progress) if isinstance(new, Circle) else _grown(new, step)
        return [old, arriving]
    if isinstance(new, Circle) and isinstance(old, Circle):
        return [_turned(old if progress < 0.5 else new, progress)]
    if progress < HOLD:
        return [old]
    return [old, _grown(new, (progress - HOLD) / (1 - HOLD))]


def _arrived(shape: Shape, progress: float) -> list[Shape]:
    step = ease_out(progress)
    if isinstance(shape, Circle | Rect):
        return [_grown(shape, step)]
    if isinstance(shape, Ring):
        return [replace(shape, r=shape.r * (2 - step), width=shape.width * (2 - step))]
    if isinstance(shape, Line):
        return [replace(shape, width=shape.width * (2 - step))]
    return [shape]


def _gone(shape: Shape, progress: float) -> list[Shape]:
    if isinstance(shape, Circle | Rect):
        return [_grown(shape, 1 - ease_out(progress))]
    return []


def _grown(shape: Circle | Rect, scale: float) -> Circle | Rect:
    """`shape` scaled by `scale` about its centre."""
    if isinstance(shape, Circle):
        return replace(shape, r=shape.r * scale)
    w, h = shape.w * scale, shape.h * scale
    return replace(
        shape,
        x=shape.x + (shape.w - w) / 2,
        y=shape.y + (shape.h - h) / 2,
        w=w,
        h=h,
        radius=shape.radius * scale,
    )


def _dropped(disc: Circle, progress: float) -> Circle:
    """A disc falling into its place from above."""
    fall = (1 - ease_out(progress)) * DROP_RADII * disc.r
    return replace(disc, cy=disc.cy - fall)


def _turned(disc: Circle, progress: float) -> Rect:
    """A disc seen turning about its upright axis: as wide as it is tall at the start and the
    end, an edge half way."""
    width = 2 * disc.r * abs(1 - 2 * progress)
    return Rect(
        disc.key, disc.cx - width / 2, disc.cy - disc.r, width, 2 * disc.r, disc.fill, disc.r
    )
