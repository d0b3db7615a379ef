"""The window's own colours, measured: the panel's theme in every state, the focus ring,
the hover outline, the move list and the banner (WCAG 2.2: text 4.5:1, marks 3:1)."""

import json

import pytest

from viz.resources import asset_text
from viz.scenes import PALETTES
from viz.scenes.moves import BANNER_BACK, BANNER_INK, PANEL_PALETTE
from viz.scenes.shapes import contrast, hex_rgb
from viz.window.panel import FOCUS_COLOR
from viz.window.theme import HINT_INK, HOVER_INK, PANEL_COLOR

THEME = json.loads(asset_text("theme.json"))
STATES = ("normal", "hovered", "selected", "active", "disabled")


def colour(text):
    return hex_rgb(text[:7])


@pytest.mark.parametrize("state", STATES)
def test_button_text_reads_in_every_state(state):
    colours = THEME["defaults"]["colours"]
    ratio = contrast(colour(colours[f"{state}_text"]), colour(colours[f"{state}_bg"]))
    assert ratio >= 4.5, (state, round(ratio, 2))


def test_labels_read_on_the_panel_and_entries_on_their_box():
    label = colour(THEME["label"]["colours"]["normal_text"])
    assert contrast(label, PANEL_COLOR) >= 4.5
    entry = THEME["text_entry_line"]["colours"]
    assert (
        contrast(colour(THEME["defaults"]["colours"]["normal_text"]), colour(entry["dark_bg"]))
        >= 4.5
    )


def test_a_button_and_a_slider_are_told_from_the_panel_by_their_edge():
    defaults = THEME["defaults"]["colours"]
    assert contrast(colour(defaults["normal_border"]), PANEL_COLOR) >= 3
    handle = THEME["horizontal_slider.#sliding_button"]["colours"]["normal_bg"]
    assert contrast(colour(handle), colour(THEME["horizontal_slider"]["colours"]["dark_bg"])) >= 3


@pytest.mark.parametrize("ink", [HOVER_INK, HINT_INK])
def test_the_focus_ring_the_hover_outline_and_the_hint_outline_stand_out(ink):
    assert contrast(FOCUS_COLOR, PANEL_COLOR) >= 3
    for game, palettes in PALETTES.items():
        for name, palette in palettes.items():
            for behind in ("canvas", "cell", "slot", "felt", "back", "paper"):
                if behind in palette.colors:
                    ratio = contrast(hex_rgb(ink), palette.colors[behind])
                    assert ratio >= 3, (game, name, behind, round(ratio, 2))


def test_the_move_list_and_the_banner_read():
    colours = PANEL_PALETTE.colors
    for ink in ("ink", "muted"):
        assert contrast(colours[ink], colours["back"]) >= 4.5
    assert contrast(colours["on-current"], colours["current"]) >= 4.5
    assert contrast(colours["edge"], colours["panel"]) >= 3
    assert contrast(hex_rgb(BANNER_INK), hex_rgb(BANNER_BACK)) >= 4.5
