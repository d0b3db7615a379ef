"""The side panel's look: the program's pygame_gui theme, and buttons filled with a
picture's own colours."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from viz.resources import asset_text
from viz.scenes.shapes import Palette, readable_on, rgb_hex

PANEL_COLOR = (230, 225, 214)  # a shade darker than the boards' paper
HOVER_INK = "#1f3f73"  # the theme's selected blue: 9:1 on the boards' paper
HINT_INK = "#6a1b9a"  # a purple apart from every piece colour, dashed: H's best moves


def panel_theme(classes: dict[str, Any]) -> dict[str, Any]:
    """The program's theme file, then a window's own classes."""
    theme: dict[str, Any] = json.loads(asset_text("theme.json"))
    return theme | classes


def colour_buttons(palette: Palette, names: Iterable[str]) -> dict[str, Any]:
    """pygame_gui theme classes `@NAME` for buttons filled with the palette's colour NAME,
    the picture's own, their text black or white, whichever reads better."""
    themes = {}
    for name in names:
        fill = palette.colors[name]
        ink = rgb_hex(readable_on(fill))
        colours = {"normal_bg": rgb_hex(fill), "hovered_bg": rgb_hex(fill)}
        colours |= {"active_bg": rgb_hex(fill), "normal_text": ink, "hovered_text": ink}
        colours |= {"normal_border": "#222222", "hovered_border": HOVER_INK}
        themes[f"@{name}"] = {"colours": colours}
    return themes
