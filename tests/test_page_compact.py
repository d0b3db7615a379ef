"""The replay page's squeezed script and style sheet are the same program as their sources:
the script reads the same tokens and runs the same in Node, the style sheet gives
Chromium the very same rules. The page's words, each phrase carried once, read as the
game gives them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import test_page_browser

from viz.export.engine import Clip, export_clip
from viz.export.page import _js_tokens, compact_css, compact_js, turn_words
from viz.files import load_replay
from viz.resources import asset_text
from viz.scenes import SCENES

RECORDINGS = Path(__file__).resolve().parents[1] / "recordings"

# Where tokens would run together or a line break ends a statement.
TRICKY = r"""
// comments go, and blank space that separates nothing
let a = 5, b = 2
const c = a - -b
const d = a + +b
let e = a
++b
const f = 1 .toString() + 2..toString()
const g = /ab+c\/ [/]/gi.test("xabbbc/ /") ? "yes" : "no"
const h = a / b / 2
const o = {x: 1,
  y: [1, 2,
    3]}
const t = `a ${ {p: 1}.p + `${ "}" }` } b ${a - -b}`
function r() {
  return /* a comment */ a
}
function nothing() {
  return
    a
}
const arrow = (x) =>
  x * 2
let i = 0
i++
i--
const j = typeof a === "number" && a in {5: 1} ? .5 : 0
const k = a < !--b
  ? 1 : 2
if (a) { b = 3 } else { b = 4 }
const w = r()
;[1, 2].forEach((n) => { i += n })
const s = "a  //  b" + 'c /* d */'
console.log(JSON.stringify([a, b, c, d, e, f, g, h, o, t, r(), nothing(), arrow(3), i, j, k, w, s]))
"""

browser = test_page_browser.browser  # one Chromium per module, launched as the page tests do


def page_scripts() -> list[str]:
    """The page's script as pages carry it: without the chart's code, and with it."""
    player = asset_text("page/player.js")
    return [player, player.replace("// @CHART@", asset_text("page/chart.js"))]


def solid(source: str) -> list[tuple[str, str]]:
    return [token for token in _js_tokens(source)[0] if token[0] != "space"]


def test_the_squeezed_script_reads_the_same_tokens():
    for source in [*page_scripts(), TRICKY]:
        squeezed = compact_js(source)
        assert solid(squeezed) == solid(source)
        assert len(squeezed) < len(source) * 0.8


def test_tokens_that_would_run_together_keep_a_space_and_strings_stay_whole():
    squeezed = compact_js(TRICKY)
    for kept in ["a- -b", "a+ +b", "1 .toString()", "a< !--b", "typeof a", "a in{"]:
        assert kept in squeezed
    assert "/ab+c\\/ [/]/gi" in squeezed and "\"a  //  b\"+'c /* d */'" in squeezed
    assert '`a ${ {p: 1}.p + `${ "}" }` } b ${a - -b}`' in squeezed
    assert "return\na" in squeezed  # a line break that ends a statement stays
    assert "comment" not in squeezed.replace("'c /* d */'", "")


def test_a_slash_after_a_brace_is_refused_rather_than_guessed():
    with pytest.raises(ValueError, match="division or a regular expression"):
        compact_js("if (a) {}\n/x/.test(b)")
    with pytest.raises(ValueError, match="unterminated"):
        compact_js("const s = `a ${b")


def node() -> str:
    found = shutil.which("node") or shutil.which("nodejs")
    if found is None:
        pytest.skip("no Node.js on this machine")
    return found


def test_node_parses_the_squeezed_page_script_and_runs_tricky_code_the_same(tmp_path):
    executable = node()
    for k, source in enumerate(page_scripts()):
        script = tmp_path / f"page-{k}.js"
        script.write_text(compact_js(source))
        subprocess.run([executable, "--check", str(script)], check=True)
    outputs = []
    for name, source in [("tricky.js", TRICKY), ("squeezed.js", compact_js(TRICKY))]:
        (tmp_path / name).write_text(source)
        ran = subprocess.run([executable, str(tmp_path / name)], capture_output=True, text=True)
        assert ran.returncode == 0, ran.stderr
        outputs.append(ran.stdout)
    assert outputs[0] == outputs[1] != ""


def test_the_squeezed_style_sheet_drops_comments_space_and_last_semicolons():
    assert compact_css("a  b ,\n c > d { x : 1px  2px ; y:calc(1px + 2px) ; }\n") == (
        "a b,c>d{x :1px 2px;y:calc(1px + 2px)}"  # before ":" a space may be a selector's
    )
    assert compact_css('@media (a) and (b){a :focus{content:"; }"/* c */;}}') == (
        '@media (a) and (b){a :focus{content:"; }"}}'
    )
    assert compact_css(".a\\  {x:1}\n.b\\; c {y:2}") == ".a\\ {x:1}.b\\; c{y:2}"  # escaped
    with pytest.raises(ValueError, match="unterminated"):
        compact_css('a{content:"x}')
    with pytest.raises(ValueError, match="unterminated"):
        compact_css("a{x:1}/* b")


@pytest.mark.browser
def test_chromium_reads_the_same_rules_from_the_squeezed_style_sheets(browser):
    rules = "(css) => { const sheet = new CSSStyleSheet(); sheet.replaceSync(css); "
    rules += "return [...sheet.cssRules].map((rule) => rule.cssText); }"
    page = browser.new_page()
    for name in ["player.css", "chart.css"]:
        source = asset_text(f"page/{name}")
        read = page.evaluate(rules, source)
        assert len(read) >= 10
        assert page.evaluate(rules, compact_css(source)) == read
    page.close()


def test_the_words_carry_each_phrase_once():
    clip = Clip(load_replay(RECORDINGS / "load-sample.jsonl"))
    words = turn_words(clip)
    assert len(words["phrases"]) == len(set(words["phrases"]))
    assert len(words["status"]) == len(words["moves"]) == len(clip.turns)


@pytest.mark.browser
def test_the_page_says_every_turns_words_as_the_game_gives_them(browser, tmp_path):
    clip = Clip(load_replay(RECORDINGS / "load-sample.jsonl"))
    kit, states, turns = SCENES[clip.replay.game.id], clip.states, list(clip.turns)
    export_clip(clip, {"html": tmp_path / "page.html"})
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto((tmp_path / "page.html").as_uri())
    moves = ["Start"] + [kit.move_words(states[t - 1], states[t]) for t in turns[1:]]
    assert page.locator("#replay-moves button").all_text_contents() == moves
    for k, t in enumerate(turns):
        if k:
            page.keyboard.press("ArrowRight")
        said = f"Turn {t} of {turns[-1]}: {moves[k]}. {' · '.join(kit.status(states[t]))}"
        assert page.locator("#replay-status").text_content() == said
    assert errors == []
    page.close()
