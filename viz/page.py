"""The replay page: one self-contained HTML file to step through a game in a browser.

It holds the game's animated SVG (the very one `--svg` writes), the words of
every turn, and a small player written by hand in plain JavaScript that
pauses the SVG's animation and seeks it to the turn shown. Nothing is
fetched: no scripts, styles or fonts from anywhere else.
"""

from __future__ import annotations

import html
import json
import re

from viz.render_svg import animated_svg
from viz.resources import asset_text
from viz.scenes import SCENES

SPEEDS = (1, 2, 4, 8, 15, 30, 60)  # turns a second, as in the windows


def turn_words(clip) -> dict:
    """Each turn's status lines, the move that led to it, and the board read back."""
    kit = SCENES[clip.replay.game.id]
    states = clip.states
    turns = list(clip.turns)
    words = {
        "status": [" · ".join(kit.status(states[t])) for t in turns],
        "moves": [kit.move_words(states[t - 1], states[t]) if t else "Start" for t in turns],
        "first": turns[0],
    }
    if kit.board_words is not None:
        words["board"] = [kit.board_words(states[t]) for t in turns]
    return words


def replay_page(clip) -> str:
    """The whole page for a clip of a replay."""
    scenes = list(clip.scenes())
    game = clip.replay.game
    data = {"frameMs": clip.frame_ms, "speeds": SPEEDS, **turn_words(clip)}
    last = len(scenes) - 1
    board = (
        '<button type="button" id="board" aria-keyshortcuts="b">Board (B)</button>'
        if "board" in data
        else ""
    )
    replacements = {
        "TITLE": html.escape(f"{game.name} · oddsevens replay"),
        "HEADING": html.escape(game.name),
        "STYLE": asset_text("page/player.css"),
        "SCRIPT": asset_text("page/player.js"),
        "SVG": animated_svg(scenes, clip.frame_ms, clip.hold_ms),
        "DATA": json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/"),
        "TURNS": str(last),
        "BOARD": board,
    }
    template = asset_text("page/player.html")
    return re.sub(r"@([A-Z]+)@", lambda found: replacements[found.group(1)], template)
