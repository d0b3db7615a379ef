"""The replay page: one self-contained HTML file to step through a game in a browser.

It holds the game's animated SVG (the very one `--svg` writes), the words of
every turn, and a small player written by hand in plain JavaScript that
pauses the SVG's animation and seeks it to the turn shown. Nothing is
fetched: no scripts, styles or fonts from anywhere else.
"""

from __future__ import annotations

import html
import json
import math
import re
from typing import TYPE_CHECKING, Any

from viz.export.judged import chart_data
from viz.render.svg import animated_svg
from viz.render.timeline import PLAY_SPEEDS
from viz.resources import asset_text
from viz.scenes import SCENES
from viz.scenes.common import MIN_EXPORT_TEXT
from viz.scenes.shapes import Scene, Text

if TYPE_CHECKING:
    from viz.export.engine import Clip

# Every id of the page's own starts with this, so none can be one of the SVG's.
ID_PREFIX = "replay-"
# The chance chart's place under the board; the script draws it to the size it is given.
CHART = (
    f'<div id="{ID_PREFIX}chart-box"><svg id="{ID_PREFIX}chart" class="eval-chart" '
    'role="group" aria-roledescription="chart"></svg></div>'
)


def turn_words(clip: Clip) -> dict[str, Any]:
    """Each turn's status lines, the move that led to it, and the board read back.

    A phrase said on many turns ("Stage 3 of 49", "player 1 (red) to move", a move's
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
    """The narrowest the page may draw the board, in CSS px: where its smallest text is
    still 9 px. Narrower screens scroll the board sideways inside its box."""
    sizes = [
        round(shape.size)
        for scene in scenes
        for shape in scene.shapes
        if isinstance(shape, Text) and shape.text
    ]
    smallest = max(1, min(sizes, default=round(MIN_EXPORT_TEXT)))
    return math.ceil(scenes[0].width * MIN_EXPORT_TEXT / smallest)


# Squeezing the page's own script and style sheet. Only what is provably the same
# program goes: comments, and blank space that separates nothing. Strings, template
# literals and regular expressions are copied as they are written.

# JavaScript's punctuators, a longer one before any it begins with: "+ +" is not "++".
_JS_PUNCTUATOR = re.compile(
    r">>>=|\.\.\.|===|!==|\*\*=|<<=|>>=|>>>|&&=|\|\|=|\?\?=|=>|==|!=|<=|>=|&&|\|\||\?\?|\?\."
    r"|\+\+|--|[-+*/%&|^]=|\*\*|<<|>>|[-{}()\[\];,<>+*/%&|^!~?:=.@#]"
)
_JS_WORD = re.compile(r"[\w$\\]+")  # names, keywords and numbers (a number's "." apart)
_JS_SPACE = re.compile(r"[\s\ufeff]+")
_JS_STRING = re.compile(r"""(["'])(?:\\[\s\S]|(?!\1)[^\\\n\r])*\1""")
_JS_COMMENT = re.compile(r"//[^\n\r\u2028\u2029]*|/\*[\s\S]*?\*/")
# A "/" after these starts a regular expression, not a division.
_REGEX_AFTER_WORDS = re.compile(
    "return|typeof|instanceof|in|of|new|delete|void|throw|case|do|else|yield|await"
)
_LINE_BREAKS = re.compile("[\n\r\u2028\u2029]")


def _regex_end(source: str, start: int) -> int:
    """Where the regular expression literal that starts at `start` ends, flags and all."""
    at, in_class = start + 1, False
    while at < len(source):
        char = source[at]
        if char == "\\":
            at += 1
        elif char in "\n\r\u2028\u2029":
            break
        elif char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        elif char == "/" and not in_class:
            word = _JS_WORD.match(source, at + 1)
            return word.end() if word else at + 1
        at += 1
    raise ValueError(f"an unterminated regular expression at {start}")


def _template_end(source: str, start: int) -> int:
    """Where the template literal that starts at `start` ends, its ${…} parts and all."""
    at = start + 1
    while at < len(source):
        char = source[at]
        if char == "\\":
            at += 2
        elif char == "`":
            return at + 1
        elif source.startswith("${", at):
            at = _js_tokens(source, at + 2, nested=True)[1]
        else:
            at += 1
    raise ValueError(f"an unterminated template literal at {start}")


def _js_tokens(source: str, at: int = 0, nested: bool = False) -> tuple[list[tuple[str, str]], int]:
    """The tokens of a script from `at` as (kind, text): to its end, or, `nested` in a
    template's ${…}, to the "}" that closes it (and the place after that brace)."""
    tokens: list[tuple[str, str]] = []
    depth = 0
    last = ("", "")  # the last token that is not blank space or a comment
    while at < len(source):
        char = source[at]
        found: re.Match[str] | None
        if (found := _JS_SPACE.match(source, at)) or (found := _JS_COMMENT.match(source, at)):
            kind = "space"
        elif found := _JS_STRING.match(source, at):
            kind = "literal"
        elif found := _JS_WORD.match(source, at):
            kind = "word"
        elif char == "`":
            kind, end = "literal", _template_end(source, at)
        elif char == "/" and (
            last[0] == ""
            or (last[0] == "punct" and last[1] not in {")", "]", "}"})
            or (last[0] == "word" and _REGEX_AFTER_WORDS.fullmatch(last[1]))
        ):
            kind, end = "literal", _regex_end(source, at)
        elif char == "/" and last == ("punct", "}"):
            raise ValueError(f"a '/' after '}}' at {at}: a division or a regular expression?")
        elif found := _JS_PUNCTUATOR.match(source, at):
            kind = "punct"
            if nested and found.group() == "}" and depth == 0:
                return tokens, found.end()
            depth += {"{": 1, "}": -1}.get(found.group(), 0)
        else:
            raise ValueError(f"an unexpected {char!r} at {at}")
        if found is not None:
            end = found.end()
        tokens.append((kind, source[at:end]))
        if kind != "space":
            last = tokens[-1]
        at = end
    if nested:
        raise ValueError("an unterminated ${…} in a template literal")
    return tokens, at


def _js_apart(before: tuple[str, str], after: tuple[str, str]) -> bool:
    """Whether two tokens would read as others if nothing stood between them."""
    left, right = before[1], after[1]
    if _JS_WORD.fullmatch(left[-1]) and _JS_WORD.fullmatch(right[0]):
        return True  # one name, keyword or number (a regular expression's flags too)
    if (before[0] == "word" and left[0].isdigit() and right[0] == ".") or (
        left[-1] == "." and right[0].isdigit()
    ):
        return True  # a number's decimal point
    if (left[-1], right[0]) in {("/", "/"), ("/", "*"), ("<", "!"), ("<", "/"), ("-", ">")}:
        return True  # a comment, or what would end or open one in HTML
    if before[0] == "punct" and after[0] != "word":
        fits = _JS_PUNCTUATOR.match(left + right)
        return fits is None or fits.group() != left  # e.g. "+ +" is not "++"
    return False


def _js_joins(before: tuple[str, str], after: tuple[str, str]) -> bool:
    """Whether a line break between two tokens can go: where no semicolon would ever be
    inserted, so a break there means no more than a space."""
    if before[0] == "punct" and before[1] not in {")", "]", "}", "++", "--"}:
        return True  # an operator, an opening bracket, ";" or "," goes on
    return after[0] == "punct" and after[1] in {")", "]", "}", "."}


def compact_js(source: str) -> str:
    """A script as the page carries it: without comments, and without the blank space
    that separates nothing (a line break stays wherever it could end a statement).

    A "/" reads as a regular expression where an expression may begin, as a division
    after a name, a number, a literal, ")" or "]" (so not `if (a) /x/.test(b)`), and is
    refused after "}"."""
    parts: list[str] = []
    before: tuple[str, str] | None = None
    gap = ""
    for token in _js_tokens(source)[0]:
        if token[0] == "space":
            gap = "\n" if gap == "\n" or _LINE_BREAKS.search(token[1]) else " "
            continue
        if before is not None:
            if gap == "\n" and not _js_joins(before, token):
                parts.append("\n")
            elif gap and _js_apart(before, token):
                parts.append(" ")
        parts.append(token[1])
        before, gap = token, ""
    return "".join(parts)


# A style sheet's tokens: strings, comments, blank space, punctuation, and runs of the rest
# (an escaped character, "\ " or "\;" too, within its run).
_CSS_TOKEN = re.compile(
    r""""(?:\\[\s\S]|[^"\\\n])*"|'(?:\\[\s\S]|[^'\\\n])*'|/\*[\s\S]*?\*/|\s+|[{}();,:>]"""
    r"""|(?:\\[\s\S]|[^"'\s{}();,:>/\\])+|/"""
)
# Blank space after these, or before those, separates nothing. (Not before "(" or ":": in
# "and (" and "a :focus" it does.)
_CSS_BEFORE_NOTHING = set("{};,:>(")
_CSS_AFTER_NOTHING = set("{};,>)")


def compact_css(source: str) -> str:
    """A style sheet as the page carries it: without comments, blank space that separates
    nothing, or the semicolon that ends a block."""
    tokens = [found.group() for found in _CSS_TOKEN.finditer(source)]
    if "".join(tokens) != source or any(
        one == "/" and two.startswith("*") for one, two in zip(tokens, tokens[1:], strict=False)
    ):
        raise ValueError("an unterminated string or comment in a style sheet")
    parts: list[str] = []
    gap = False
    for text in tokens:
        if text.isspace() or text.startswith("/*"):
            gap = True
            continue
        while text == "}" and parts and parts[-1] == ";":
            parts.pop()
        if (
            gap
            and parts
            and parts[-1] not in _CSS_BEFORE_NOTHING
            and text not in _CSS_AFTER_NOTHING
        ):
            parts.append(" ")
        parts.append(text)
        gap = False
    return "".join(parts)


def replay_page(clip: Clip) -> str:
    """The whole page for a clip of a replay."""
    scenes = list(clip.scenes())
    game = clip.replay.game
    data = {"frameMs": clip.frame_ms, "speeds": PLAY_SPEEDS, **turn_words(clip)}
    # An analysed recording's judgements: the chance chart under the board, and glyphs
    # and best moves in the move list. Other pages carry none of it.
    chart = chart_data(clip.replay, clip.turns[0], clip.turns[-1])
    if chart is not None:
        data["chart"] = chart
    svg = animated_svg(scenes, clip.frame_ms, clip.hold_ms)
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
    replacements = {
        "TITLE": html.escape(f"{game.name} · oddsevens replay"),
        "HEADING": html.escape(game.name),
        "STYLE": compact_css(asset_text("page/player.css") + extra_style),
        "SCRIPT": compact_js(script),
        "SVG": svg,
        "DATA": json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/"),
        # Turn numbers are the game's own: the page shows turns FIRST to LAST.
        "FIRST": str(clip.turns[0]),
        "LAST": str(clip.turns[-1]),
        "RATIO": f"{scenes[0].width} / {scenes[0].height}",
        "BOARDMIN": str(narrowest(scenes)),
        "BOARD": board,
        "CHART": CHART if chart is not None else "",
    }
    template = asset_text("page/player.html")
    return re.sub(r"@([A-Z]+)@", lambda found: replacements[found.group(1)], template)
