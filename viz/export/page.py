"""The replay page: one self-contained HTML file to step through a game in a browser.

It holds the game's animated SVG (the one `--svg` writes on the fixed
timeline), the words of every turn, and a small player written by hand in
plain JavaScript that pauses the SVG's animation and seeks it to the turn
shown, at a fixed pace or, for a recording with times, in real time. Nothing
is fetched: no scripts, styles or fonts from anywhere else.
"""

from __future__ import annotations

import html
import json
import math
import re
from typing import TYPE_CHECKING, Any

import rcssmin
import rjsmin

from viz.export.judged import chart_data
from viz.export.rules_card import rules_card_parts
from viz.render.svg import animated_svg
from viz.render.timeline import PLAY_SPEEDS, RealTime, Timing
from viz.resources import asset_text
from viz.scenes import SCENES
from viz.scenes.common import MIN_EXPORT_TEXT
from viz.scenes.shapes import Scene, Text

if TYPE_CHECKING:
    from viz.export.clip import Clip

# Every id of the page's own starts with this, so none can be one of the SVG's.
ID_PREFIX = "replay-"


def chart_box(accuracy: str) -> str:
    """The chance chart's place under the board (the script draws it to the size it is
    given), and each player's accuracy under it."""
    return (
        f'<div id="{ID_PREFIX}chart-box"><svg id="{ID_PREFIX}chart" class="eval-chart" '
        'role="group" aria-roledescription="chart"></svg>'
        f'<p id="{ID_PREFIX}accuracy">{html.escape(accuracy)}</p></div>'
    )


def turn_words(clip: Clip) -> dict[str, Any]:
    """Each turn's status lines, the move that led to it, and the board read back.

    A phrase said on many turns ("Stage 3 of 49", "Red to move", a move's
    words, which the status repeats) is carried once, in `phrases`: a turn's move is the
    number of its phrase there, its status the numbers of the phrases that its lines,
    joined with " · ", are split into at every " · ".
    """
    kit = SCENES[clip.replay.game.id]
    states = clip.states
    turns = list(clip.turns)
    phrases: dict[str, int] = {}

    def number(phrase: str) -> int:
        return phrases.setdefault(phrase, len(phrases))

    words: dict[str, Any] = {
        "status": [
            [number(part) for part in " · ".join(kit.status(states[t])).split(" · ")] for t in turns
        ],
        "moves": [
            number(kit.move_words(states[t - 1], states[t]) if t else "Start") for t in turns
        ],
        "first": turns[0],
        "phrases": list(phrases),
    }
    if kit.board_words is not None:
        words["board"] = [kit.board_words(states[t]) for t in turns]
    return words


def narrowest(scenes: list[Scene]) -> int:
    """The board's legible minimum, in CSS px: the width where its smallest text is still
    9 px. The page never draws the board narrower than this to fit the first screen's
    height (the page scrolls instead), only to fit a narrower screen's width."""
    sizes = [
        round(shape.size)
        for scene in scenes
        for shape in scene.shapes
        if isinstance(shape, Text) and shape.text
    ]
    smallest = max(1, min(sizes, default=round(MIN_EXPORT_TEXT)))
    return math.ceil(scenes[0].width * MIN_EXPORT_TEXT / smallest)


def replay_page(clip: Clip) -> str:
    """The whole page for a clip of a replay."""
    scenes = list(clip.scenes())
    game = clip.replay.game
    data = {"frameMs": clip.frame_ms, "speeds": PLAY_SPEEDS, **turn_words(clip)}
    # A recording with times: each turn's time by its clock, for the "Real time" button.
    if clip.replay.times:
        data["realMs"] = clip.real_durations_ms(clip.realtime or RealTime())
        data["realTime"] = clip.realtime is not None
    # An analysed recording's judgements: the chance chart under the board, and glyphs
    # and best moves in the move list. Other pages carry none of it.
    chart = chart_data(clip.replay, clip.turns[0], clip.turns[-1])
    if chart is not None:
        data["chart"] = chart
    # the page's player keeps the time (by the recording's clock too): its SVG the fixed one
    svg = animated_svg(scenes, Timing.fixed(len(scenes), clip.frame_ms, clip.hold_ms))
    if re.search(rf'\sid="{ID_PREFIX}', svg):
        raise ValueError(f"an id in the SVG starts with {ID_PREFIX!r}, the page's own prefix")
    # The chart's code and style go into the page only when it has a chart.
    script, extra_style = asset_text("page/player.js"), ""
    if chart is not None:
        script = script.replace("// @CHART@", asset_text("page/chart.js"))
        extra_style = asset_text("page/chart.css")
    board = (
        f'<button type="button" id="{ID_PREFIX}board" aria-keyshortcuts="b">Board (B)</button>'
        if "board" in data
        else ""
    )
    real = (
        f'<button type="button" id="{ID_PREFIX}real" aria-keyshortcuts="r" '
        f'aria-pressed="{str(data["realTime"]).lower()}">Real time (R)</button>'
        if "realMs" in data
        else ""
    )
    card = rules_card_parts([game.id])
    replacements = {
        "TITLE": html.escape(f"{game.name} · oddsevens replay"),
        "HEADING": html.escape(game.name),
        # Comments and blank space that separates nothing go (a third of the page's own part).
        "STYLE": rcssmin.cssmin(asset_text("page/player.css") + extra_style) + card.style,
        "SCRIPT": rjsmin.jsmin(script),
        "SVG": svg,
        "DATA": json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/"),
        # Turn numbers are the game's own: the page shows turns FIRST to LAST.
        "FIRST": str(clip.turns[0]),
        "LAST": str(clip.turns[-1]),
        "RATIO": f"{scenes[0].width} / {scenes[0].height}",
        "BOARDMIN": str(narrowest(scenes)),
        "REAL": real,
        "BOARD": board,
        "RULES": card.html,
        "RULESSCRIPT": card.script,
        "CHART": chart_box(chart["accuracy"]) if chart is not None else "",
    }
    template = asset_text("page/player.html")
    return re.sub(r"@([A-Z]+)@", lambda found: replacements[found.group(1)], template)
