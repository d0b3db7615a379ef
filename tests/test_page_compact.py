"""The replay page carries its script and style sheet squeezed by rjsmin and rcssmin:
Chromium compiles the script and reads the very same rules from the style sheet. The
page's words, each phrase carried once, read as the game gives them."""

from __future__ import annotations

from pathlib import Path

import pytest
import rcssmin
import rjsmin
import test_page_browser

from viz.export.clip import Clip
from viz.export.engine import export_clip
from viz.export.page import turn_words
from viz.files import load_replay
from viz.resources import asset_text
from viz.scenes import SCENES

RECORDINGS = Path(__file__).resolve().parents[1] / "recordings"

browser = test_page_browser.browser  # one Chromium per module, launched as the page tests do


def page_scripts() -> list[str]:
    """The page's script as pages carry it: without the chart's code, and with it."""
    player = asset_text("page/player.js")
    return [player, player.replace("// @CHART@", asset_text("page/chart.js"))]


def test_the_page_carries_its_script_and_style_sheet_squeezed(tmp_path):
    clip = Clip(load_replay(RECORDINGS / "loops-sample.jsonl"))
    export_clip(clip, {"html": tmp_path / "page.html"})
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    script = rjsmin.jsmin(page_scripts()[0])
    style = rcssmin.cssmin(asset_text("page/player.css"))
    assert script in page and style in page
    assert len(script) < 0.7 * len(page_scripts()[0])
    assert "// " not in script and "/*" not in style


def test_the_squeezed_scripts_hold_nothing_an_html_parser_would_read_as_markup():
    # rjsmin writes "a < !--b" as "a<!--b", which a browser reads as a comment: the
    # page's own script must never give it the chance.
    for source in page_scripts():
        squeezed = rjsmin.jsmin(source)
        assert not any(markup in squeezed.lower() for markup in ("<!--", "-->", "</script"))


@pytest.mark.browser
def test_chromium_compiles_the_squeezed_scripts(browser):
    compiles = "(js) => { try { new Function(js); return ''; } catch (e) { return String(e); } }"
    page = browser.new_page()
    for source in page_scripts():
        assert page.evaluate(compiles, rjsmin.jsmin(source)) == ""
    assert page.evaluate(compiles, "const a = ;") != ""  # a script that does not compile
    page.close()


@pytest.mark.browser
def test_chromium_reads_the_same_rules_from_the_squeezed_style_sheets(browser):
    rules = "(css) => { const sheet = new CSSStyleSheet(); sheet.replaceSync(css); "
    rules += "return [...sheet.cssRules].map((rule) => rule.cssText); }"
    page = browser.new_page()
    for name in ["player.css", "chart.css"]:
        source = asset_text(f"page/{name}")
        read = page.evaluate(rules, source)
        assert len(read) >= 10
        assert page.evaluate(rules, rcssmin.cssmin(source)) == read
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
        # the status without the move's own words, which it repeats
        status = [
            part for part in " · ".join(kit.status(states[t])).split(" · ") if part != moves[k]
        ]
        said = f"Turn {t} of {turns[-1]}: {moves[k]}. {' · '.join(status)}"
        assert page.locator("#replay-status").text_content() == said
    assert errors == []
    page.close()
