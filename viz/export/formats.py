"""The export formats by name: their file endings and what each is, for the command
line and the export engine alike (a light module: the command line's help needs it)."""

from __future__ import annotations

FORMATS: dict[str, tuple[tuple[str, ...], str]] = {
    "gif": ((".gif",), "animated GIF to write"),
    "svg": ((".svg",), "animated SVG to write"),
    "mp4": ((".mp4",), "H.264 video to write"),
    "webp": ((".webp",), "animated WebP to write (lossless)"),
    "apng": ((".png", ".apng"), "animated PNG to write (.png or .apng)"),
    "png": ((".png",), "still PNG of --turn K to write"),
    "html": ((".html", ".htm"), "replay page to write: the SVG with a player, for any browser"),
}
ANIMATIONS = tuple(kind for kind in FORMATS if kind != "png")
