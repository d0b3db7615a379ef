"""What the pictures say: the latest move, legends, dispute results and end-of-game
reasons, each with a hand-worked expectation; the SVG's last-move class."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from types import SimpleNamespace

from support.boards import SEVEN_BY_SEVEN
from test_tiles_rules import dealt, t, tiles

from games.load import PASS, LoadRules, LoadState, Pick, SetLoad
from games.loops import Flip, LoopsRules, LoopsState, Place
from games.loops.engine import LEFT, RIGHT
from games.tiles import Deal, Play
from viz.render.svg import animated_svg
from viz.render.timeline import Timing
from viz.scenes.load import export_size as load_export_size
from viz.scenes.load import load_scene
from viz.scenes.loops import loops_scene
from viz.scenes.shapes import Line
from viz.scenes.tiles import tile_key, tiles_scene, totals_text

SVG = "{http://www.w3.org/2000/svg}"
# A dispute on the five-seat deal of the rules tests: 6 is the highest value, played by
# seats 1 and 3, so seat 3 (the later) wins it and scores the lowest value, 1.
ONE_DISPUTE = [
    Play(seat, t(name))
    for seat, name in (
        (0, "yellow-1"),
        (1, "yellow-6"),
        (2, "green-1"),
        (3, "green-6"),
        (4, "purple-1"),
    )
]


def load_after(*moves, rules=None):
    state = LoadState(rules or LoadRules(**SEVEN_BY_SEVEN))
    for move in moves:
        state.apply(move)
    return state


def scene_of(state, width=560):
    if isinstance(state, LoadState):
        return load_scene(state, *load_export_size(state.rules, width))
    if isinstance(state, LoopsState):
        return loops_scene(state, width, round(width * 0.72))
    return tiles_scene(state, width, round(width * 0.9))


def frames(scene):
    """The cells (Load) each last-move frame surrounds, by their top-left corner."""
    return sorted(shape.points[0] for shape in scene.shapes if shape.key.startswith("last-move"))


def test_load_marks_reds_cell_then_greens_pair_and_says_a_pass_in_words():
    red = scene_of(load_after(Pick(1, 30)))
    box = red.by_key()["red-30"]
    (frame,) = [s for s in red.shapes if s.key.startswith("last-move")]
    xs = [x for x, _ in frame.points]
    assert min(xs) < box.x + 3 and max(xs) > box.x + box.w - 3  # around cell 30 alone
    assert max(xs) < red.by_key()["red-31"].x
    green = scene_of(load_after(Pick(1, 30), Pick(2, 9)))
    (pair,) = [s for s in green.shapes if s.key.startswith("last-move")]
    xs = [x for x, _ in pair.points]
    assert min(xs) < green.by_key()["red-8"].x + 3 and max(xs) > green.by_key()["red-9"].x + 10
    passed = scene_of(load_after(Pick(1, 30), PASS))
    assert frames(passed) == []
    assert passed.by_key()["status-1"].text.startswith("Green passed")


def test_a_pair_that_wraps_is_framed_on_both_rows():
    scene = scene_of(load_after(Pick(1, 40), Pick(2, 7)))  # pair 6+7 wraps on a 7x7 board
    assert len(frames(scene)) == 2


def test_load_end_names_the_colour_the_count_the_load_and_the_stage():
    rules = LoadRules(rows=3, cols=3, load=3)
    state = load_after(*[m for cell in (5, 6, 7, 8) for m in (Pick(1, cell), PASS)], rules=rules)
    rows = [s.text for s in scene_of(state).shapes if s.key.startswith("status-")]
    # the last move's words stay beside the result; long lines wrap, never cut, and never
    # inside "Load 3" or "at stage 4" (no-break spaces)
    assert " ".join(rows[1:]).replace("\u00a0", " ") == (
        "Green passed · Red wins: 4 uncleared red, Load 3, at stage 4"
    )
    assert "Load\u00a03, at\u00a0stage\u00a04" in rows[-1]


def test_load_legend_names_the_colours_and_the_load_with_the_slider():
    keys = scene_of(load_after(Pick(1, 3))).by_key()
    names = ("red", "green", "cleared-red", "cleared-green", "load")
    assert [keys[f"legend-{k}"].text for k in names] == [
        "red",
        "green",
        "cleared red",
        "cleared green",
        "Load 5",
    ]
    assert scene_of(load_after(SetLoad(7))).by_key()["legend-load"].text == "Load 5 · slider 7"


def test_load_legend_names_the_lone_cell_of_an_odd_board_only():
    odd = scene_of(load_after()).by_key()  # 7x7: cell 48 has no pair
    # a slash of its own across the green half, not another dashed frame
    assert odd["legend-lone"].text == "no pair" and isinstance(odd["lone-0"], Line)
    assert odd["lone-0"].stroke == odd["legend-lone-swatch"].stroke == "muted"
    assert not odd["lone-0"].dashed and isinstance(odd["legend-lone-swatch"], Line)
    even = scene_of(load_after(rules=LoadRules(rows=4, cols=4))).by_key()
    assert "legend-lone" not in even and "lone-0" not in even


def test_the_load_legend_keeps_its_places_from_frame_to_frame():
    """Every mark is listed whether the board shows it or not, so nothing jumps; the Load,
    whose words change, comes last and is the first to go where room is short."""
    before, after = scene_of(load_after()).by_key(), scene_of(load_after(Pick(1, 3))).by_key()
    assert "legend-cleared-now" in before
    for key in before:
        if key.startswith("legend-") and not key.startswith("legend-load"):
            assert before[key] == after[key], key
    narrow = load_scene(load_after(), 110, 160).by_key()
    assert "legend-load" not in narrow and "legend-red" in narrow


def test_loops_rings_the_pieces_a_place_put_down_and_the_piece_a_flip_turned():
    state = LoopsState(LoopsRules())
    state.apply(Place(0, LEFT))  # a bare loop forces 2
    rings = [s for s in scene_of(state).shapes if s.key.startswith("last-move")]
    slots = [scene_of(state).by_key()[f"slot-left-{i}"] for i in (0, 1)]
    assert [(r.cx, r.cy) for r in rings] == [(s.cx, s.cy) for s in slots]
    state.apply(Flip(1, LEFT))
    rings = [s for s in scene_of(state).shapes if s.key.startswith("last-move")]
    flipped = scene_of(state).by_key()["slot-left-1"]
    assert [(r.cx, r.cy) for r in rings] == [(flipped.cx, flipped.cy)]


def test_loops_end_says_why_the_loser_has_no_move():
    state = LoopsState(LoopsRules(capacity=3, flips=0))
    state.apply(Place(0, LEFT))  # blue 2 on the left: it forces 2, one slot left: jammed
    state.apply(Place(1, RIGHT))  # gold 2 on the right: jammed too
    assert state.to_move is None and state.winner == 1
    assert (
        scene_of(state).by_key()["status-1"].text
        == "Gold wins: blue cannot move, both loops jammed, no flips left"
    )


def test_loops_legend_explains_colours_and_rings():
    texts = [
        s.text
        for s in scene_of(LoopsState(LoopsRules())).shapes
        if s.key.startswith("legend-") and not s.key.endswith("-swatch")
    ]
    assert texts == ["blue", "gold", "locked", "latest move"]
    window = loops_scene(LoopsState(LoopsRules()), 900, 650, viewer=0)
    assert "legend-threat" in window.by_key() and "legend-marker" in window.by_key()


def test_even_odds_says_who_won_the_dispute_with_what_and_what_they_scored():
    state = dealt()
    for play in ONE_DISPUTE:
        state.apply(play)
    keys = scene_of(state).by_key()
    status = [shape.text for shape in scene_of(state).shapes if shape.key.startswith("status-")]
    assert " ".join(status[1:]).replace("\u00a0", " ") == (
        "Seat 3 won the dispute with green-6 and takes the 1: +1 point (lowest total wins)"
        " · Seat 3 to play"
    )
    assert "score-mark-0" in keys and "score-mark-3" in keys  # round 1 and the total
    last, tile = keys["last-move"], keys[tile_key(t("purple-1"))]  # seat 4's, the last
    assert abs(last.points[0][0] - tile.x) < tile.w / 2


def test_even_odds_legend_shows_the_colour_to_follow_and_the_colour_taken_out():
    state = dealt()
    state.apply(Play(0, t("red-1")))
    keys = scene_of(state).by_key()
    # the colour's letter, as on its tiles: colour is never the only cue
    assert keys["legend-follow"].text == "follow red (R)"
    assert keys["legend-follow-swatch"].fill == "red"
    three = Deal(
        (
            tiles("red", 1, 10) + tiles("yellow", 1, 2),
            tiles("yellow", 3, 10) + tiles("green", 1, 4),
            tiles("green", 5, 10) + tiles("blue", 1, 6),
        ),
        removed=4,
    )
    keys = scene_of(dealt(three)).by_key()
    assert keys["legend-removed"].text == "purple (P) taken out"


def test_even_odds_final_ranking_lists_totals_lowest_first():
    state = SimpleNamespace(
        rules=SimpleNamespace(players=3), scores=[[5, 1, 9], [3, 7, 2]], totals=lambda: [8, 8, 11]
    )
    assert totals_text(state, 1) == "Totals: Seat 0 (8) · You (8) · Seat 2 (11)"


def test_the_svg_marks_the_latest_move_with_a_class():
    scenes = [
        scene_of(load_after(*moves)) for moves in ((), (Pick(1, 30),), (Pick(1, 30), Pick(2, 9)))
    ]
    root = ET.fromstring(animated_svg(scenes, Timing.fixed(len(scenes), 500, 0)))
    marked = [e for e in root.iter() if e.get("class") == "last-move"]
    assert marked and all(e.get("id").startswith("last-move") for e in marked)
    assert all(e.tag == f"{SVG}polyline" for e in marked)


def test_load_cells_are_whole_pixels_and_all_the_same_size():
    from viz.scenes.load import LoadLayout

    for width in range(300, 1300, 37):
        layout = LoadLayout(7, 7, width=width, height=round(width * 0.93), status_lines=5)
        lefts = [layout.cell_box(cell)[0] for cell in range(7)]
        tops = [layout.cell_box(cell * 7)[1] for cell in range(7)]
        steps = {b - a for a, b in zip(lefts, lefts[1:], strict=False)}
        steps |= {b - a for a, b in zip(tops, tops[1:], strict=False)}
        assert steps == {layout.cell} and all(isinstance(v, int) for v in lefts + tops)


def test_the_svg_paints_a_late_highlight_under_the_score_it_marks():
    state = dealt()
    scenes = [scene_of(state)]
    for play in ONE_DISPUTE:
        state.apply(play)
        scenes.append(scene_of(state))
    root = ET.fromstring(animated_svg(scenes, Timing.fixed(len(scenes), 500, 0)))
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert ids.index("score-mark-0") < ids.index("score-3-0")


def test_the_loops_result_agrees_with_you():
    """Whoever wins, the words agree with the name: "You win", "The AI wins"."""
    from viz.scenes.loops import outcome_words

    rng = random.Random(4)
    winners = {}
    while len(winners) < 2:
        state = LoopsState(LoopsRules())
        while state.to_move is not None:
            state.apply(rng.choice(state.legal_moves()))
        winners[state.winner] = state
    assert outcome_words(winners[0], ("you", "the AI")).startswith("You win: the AI cannot move")
    assert outcome_words(winners[1], ("you", "the AI")).startswith("The AI wins: you cannot move")
    assert outcome_words(winners[0]).startswith("Blue wins: gold cannot move")


def test_a_deal_clears_the_felt_so_no_tile_is_drawn_twice():
    """6 players, seed 7: the round's last dispute used to stay on the felt while its tiles
    were already in the new hands."""
    from collections import Counter

    from games import REGISTRY
    from games.autoplay import play
    from games.history import History
    from games.tiles import Deal
    from viz.scenes.shapes import Rect

    game = REGISTRY["tiles"]
    rules = game.rules({"players": 6})
    _, moves = play(game, rules, random.Random(7))
    history = History(game.new_state(rules), moves)
    deals = [i for i, move in enumerate(moves) if isinstance(move, Deal)]
    assert len(deals) == 3
    for index in deals[1:]:
        state = history.before(index + 1)
        assert state.last_dispute  # the engine keeps it: the picture must not
        scene = tiles_scene(state, 980, 720)
        drawn = Counter(
            s.key for s in scene.shapes if isinstance(s, Rect) and s.key.startswith("tile-")
        )
        assert drawn and max(drawn.values()) == 1
        assert not any(s.key.startswith("play-") for s in scene.shapes)  # no seat names
        assert scene.by_key()["dispute"].text == "Dispute"  # an empty felt, not the last


def test_a_red_pick_that_clears_two_green_pairs_names_both():
    """Issue 46, item 2, on 4x4 at Load 8: red 15, green 0+1 (clearing red 15), red 14,
    green 6+7 (clearing red 14); red's 0 is below both pairs, so it clears them both."""
    from viz.scenes.load import move_words, status_lines

    moves = [Pick(1, 15), Pick(2, 0), Pick(1, 14), Pick(2, 6)]
    before = load_after(*moves, rules=LoadRules(rows=4, cols=4, load=8))
    after = load_after(*moves, Pick(1, 0), rules=LoadRules(rows=4, cols=4, load=8))
    assert move_words(before, after) == "Red picked 0, clearing green 0+1 and 6+7"
    assert status_lines(after)[1] == "Red picked 0, clearing green 0+1 and 6+7 · Green to move"
