"""`practice --page`: one self-contained HTML file of the puzzles due, to answer offline.

Each puzzle shows its position (a still SVG of the game's scene), asks for the move that
keeps the win, and offers every move the mover has as a button in the game's words. A
right answer says so; a wrong one fades the board into the position after the best move
(no fading where the reader asked for reduced motion), marks the best buttons in words
as well as colour, and gives the judgement's words. Nothing is fetched; the page keeps no
progress (the window does).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

import rcssmin
import rjsmin

from games import KITS, REGISTRY
from games.history import History
from games.practice import Card, Kept, Puzzle
from viz.export.rules_card import rules_card_parts
from viz.practice.puzzles import TITLE, prompt, verdict
from viz.render.svg import static_svg
from viz.resources import asset_text
from viz.scenes import SCENES

PICTURE_SIZE = 480  # px across, as the replay page's board


def picture(puzzle: Puzzle, moves: Sequence[Any], label: str) -> str:
    """A still picture of the position `moves` lead to, its ids left out (a page holds many)."""
    game, kit = REGISTRY[puzzle.game], SCENES[puzzle.game]
    state = History(game.new_state(puzzle.rules), moves).state
    width, height = kit.export_size(puzzle.rules, PICTURE_SIZE)
    svg = re.sub(r' id="[^"]*"', "", static_svg(kit.scene(state, width, height)))
    return f'<div class="picture" role="img" aria-label="{html.escape(label)}">{svg}</div>'


def options(puzzle: Puzzle) -> list[dict[str, Any]]:
    """Every move the mover has, in the game's words, and whether it is a right answer."""
    state = puzzle.position()
    advice = SCENES[puzzle.game].advice
    choices = KITS[puzzle.game].judging.options(state)
    return [{"words": advice(state, move), "right": puzzle.is_right(move)} for move in choices]


def puzzle_section(number: int, total: int, puzzle: Puzzle) -> str:
    game = REGISTRY[puzzle.game]
    heading = f"Puzzle {number} of {total} · {game.name}"
    best = (*puzzle.moves, puzzle.best[0])
    buttons = "".join(
        f'<li><button type="button" data-right="{str(option["right"]).lower()}">'
        f"{html.escape(option['words'])}</button></li>"
        for option in options(puzzle)
    )
    return (
        f'<section class="puzzle" aria-labelledby="puzzle-{number}">'
        f'<h2 id="puzzle-{number}">{html.escape(heading)}</h2>'
        f'<div class="board">{picture(puzzle, puzzle.moves, "The position of the puzzle")}'
        f'<div class="after" hidden>{picture(puzzle, best, "The position after the best move")}'
        "</div></div>"
        f'<p class="prompt">{html.escape(prompt(puzzle))}</p>'
        f'<ul class="answers" aria-label="Your move">{buttons}</ul>'
        f'<p class="verdict" role="status" aria-live="polite" '
        f'data-right="{html.escape(verdict(puzzle, True))}" '
        f'data-wrong="{html.escape(verdict(puzzle, False))}"></p>'
        "</section>"
    )


def practice_page(queue: Sequence[tuple[Kept, Card]], due: bool = True) -> str:
    """The whole page for the puzzles of `queue`, in its order: those due (`due`), or
    kept puzzles practised before they are due."""
    sections = "".join(
        puzzle_section(number, len(queue), kept.puzzle)
        for number, (kept, _) in enumerate(queue, start=1)
    )
    card = rules_card_parts([kept.puzzle.game for kept, _ in queue])
    replacements = {
        "TITLE": html.escape(f"oddsevens practice · {TITLE}"),
        "HEADING": html.escape(TITLE[:1].upper() + TITLE[1:]),
        "COUNT": html.escape(
            f"{len(queue)} puzzle{'s' if len(queue) != 1 else ''} {'due' if due else 'kept'}"
        ),
        "STYLE": rcssmin.cssmin(asset_text("page/practice.css")) + card.style,
        "SCRIPT": rjsmin.jsmin(asset_text("page/practice.js")),
        "PUZZLES": sections,
        "RULES": card.html,
        "RULESSCRIPT": card.script,
    }
    template = asset_text("page/practice.html")
    return re.sub(r"@([A-Z]+)@", lambda found: replacements[found.group(1)], template)
