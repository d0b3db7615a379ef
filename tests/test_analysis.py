"""Every move judged: exact figures against searches written here (an expectimax for
Load's default reading, a minimax for perfect play), estimates against the same within
0.05 + 2 standard errors, each glyph and accuracy rule at its boundary, and the command."""

from __future__ import annotations

import json
import math
import random
import re
from functools import cache
from pathlib import Path

import pytest
from support.depth import cases

from games import REGISTRY
from games.accuracy import GLYPH_NAMES, move_accuracy, player_summaries, summary
from games.analysis import (
    BLUNDER,
    DOUBT_CAP,
    INACCURACY,
    MISTAKE,
    TARGET_ERROR,
    Judgement,
    Method,
    fall_class,
    glyph_of,
    hint,
    judge,
    judged_indices,
    judging,
    marked,
    sample,
)
from games.history import History
from games.load import PASS, Pick, SetLoad
from games.load.judging import reached
from games.tiles import Play
from games.tiles.ai import SeatView
from games.tiles.judging import sample as tiles_sample
from viz.analysis.moves import as_json, chance_chart, table
from viz.cli import main
from viz.files import load_replay, recording_text
from viz.scenes.common import text_width
from viz.scenes.shapes import Text

ROOT = Path(__file__).resolve().parents[1]

# --- the glyph rules at their boundaries -------------------------------------------------


@pytest.mark.parametrize(
    "drop, glyph",
    [
        (BLUNDER, "??"),
        (BLUNDER - 0.001, "?"),
        (MISTAKE, "?"),
        (MISTAKE - 0.001, "?!"),
        (INACCURACY, "?!"),
        (INACCURACY - 0.001, ""),
        (-0.5, ""),
    ],
)
def test_glyphs_by_the_fall_in_chance(drop, glyph):
    assert glyph_of(drop, error=0.01, only=False) == glyph


def test_a_glyph_needs_a_fall_of_more_than_twice_its_error():
    assert glyph_of(0.4, error=0.2, only=False) == ""  # 0.4 is not more than 0.4
    assert glyph_of(0.4, error=0.199, only=False) == "??"


def test_the_only_move_that_is_no_blunder_is_marked():
    assert glyph_of(0.0, error=0, only=True) == "!"


# --- accuracy at hand-worked points ------------------------------------------------------


def test_accuracy_follows_the_stated_formula():
    assert move_accuracy(0.5, 0.5, 0) == pytest.approx(99.9999)  # 103.1668 - 3.1669
    assert move_accuracy(0.4, 0.5, 0) == pytest.approx(99.9999)  # a gain loses nothing
    assert move_accuracy(0.6, 0.5, 0) == pytest.approx(63.5826, abs=1e-3)  # e^-0.4354
    assert move_accuracy(1.0, 0.0, 0) == 0  # 103.1668 e^-4.354 - 3.1669 < 0: clamped


def test_a_fall_whose_interval_holds_a_threshold_is_unsure_and_given_the_milder_class():
    # 0.15 +- 3 x 0.03 spans 0.06 to 0.24, over the thresholds 0.10 and 0.20; its low
    # end, 0.06, is no glyph: no glyph, unsure.
    assert fall_class(0.15, 0.03) == ("", False)
    # 0.25 +- 3 x 0.01 lies within the mistakes (0.20 to 0.30): settled.
    assert fall_class(0.25, 0.01) == ("?", True)
    # 0.32 +- 0.03 spans 0.29 to 0.35, over 0.30: unsure, the mistake below it (its
    # point estimate and the fall less twice its error, 0.30, are a blunder's).
    assert fall_class(0.32, 0.01) == ("?", False)
    assert fall_class(0.315, 0.01) == ("?", False)
    # 0.335 +- 0.03 spans 0.305 to 0.365, all blunders: settled.
    assert fall_class(0.335, 0.01) == ("??", True)
    assert fall_class(0.05, 0.03) == ("", False)  # within twice its error: no glyph
    assert fall_class(0.02, 0.005) == ("", True)
    assert [marked("?", False), marked("", False), marked("??", True)] == ["?*", "*", "??"]


def test_an_exactly_known_fall_keeps_its_exact_class():
    for drop, glyph in [(0.1, "?!"), (0.2, "?"), (0.3, "??"), (0.0999, ""), (1.0, "??")]:
        assert fall_class(drop, 0.0) == (glyph, True)
        assert glyph_of(drop, 0.0, only=False) == glyph


def test_a_fall_within_twice_its_error_costs_no_accuracy():
    assert move_accuracy(0.6, 0.5, 0.05) == pytest.approx(99.9999)
    assert move_accuracy(0.6, 0.5, 0.049) == pytest.approx(63.5826, abs=1e-3)


def test_the_summary_counts_moves_accuracy_and_errors_in_words():
    def judged(player: int, glyph: str, after: float) -> Judgement:
        return Judgement(0, 1, player, True, 1.0, after, 0.0, (), glyph, (), ())

    judgements = [judged(1, "??", 0.0), judged(1, "", 1.0), judged(2, "?!", 0.9)]
    judgements += [judged(3, "", 1.0)]
    assert summary(judgements, {1: "Red", 2: "Green", 3: "Blue"}.__getitem__) == [
        "Red: 2 moves, accuracy 50\u00a0% (thirds 0 · 100 · –), 1 blunder",
        "Green: 1 move, accuracy 64\u00a0% (thirds 64 · – · –), 1 inaccuracy",
        "Blue: 1 move, accuracy 100\u00a0% (thirds 100 · – · –), no errors",
    ]


def test_each_third_of_a_players_moves_has_its_accuracy_and_only_moves_are_counted():
    """A hand-counted game: Red's seven moves fall in thirds of 3, 2 and 2; Green's
    four in 2, 1 and 1. A move losing 30 points scores 103.1668 e^(-1.3062) - 3.1669
    = 24.77, one losing 10 points 63.58, one losing nothing 100 (99.9999)."""

    def judged(player: int, before: float, after: float, glyph: str = "") -> Judgement:
        return Judgement(0, 1, player, True, before, after, 0.0, (), glyph, (), ())

    red = [(1, 1), (1, 0.7), (0.5, 0.5), (0.5, 0.5), (0.8, 0.7), (0.4, 0.4), (0.9, 0.6)]
    green = [(0.5, 0.5), (0.3, 0.3), (1, 1), (0.6, 0.5)]
    glyphs = {1: "??", 4: "?!", 6: "??"}
    judgements = [judged(1, b, a, glyphs.get(k, "")) for k, (b, a) in enumerate(red)]
    judgements += [judged(2, b, a, "!" if k == 2 else "") for k, (b, a) in enumerate(green)]
    found = {row.player: row for row in player_summaries(judgements)}
    assert found[1].by_third == pytest.approx(
        ((100 + 24.77 + 100) / 3, (100 + 63.58) / 2, (100 + 24.77) / 2), abs=0.01
    )
    assert found[2].by_third == pytest.approx((100, 100, 63.58), abs=0.01)
    assert found[1].as_json()["accuracy_by_third"] == [74.9, 81.8, 62.4]
    assert found[2].as_json()["only_moves"] == 1
    assert summary(judgements, {1: "Red", 2: "Green"}.__getitem__) == [
        "Red: 7 moves, accuracy 73\u00a0% (thirds 75 · 82 · 62), 1 inaccuracy, 2 blunders",
        "Green: 4 moves, accuracy 91\u00a0% (thirds 100 · 100 · 64), no errors, 1 only move",
    ]


# --- searches written here, to check the product's against -------------------------------


def expectimax(game):
    """Player 2's chance from a Load position against a player 1 picking uniformly at
    random, player 2 taking its best move: plain recursion over the engine."""

    @cache
    def chance(snapshot):
        state = positions[snapshot]
        if state.to_move is None:
            return float(state.winner == 2)
        values = [chance(_seen(after)) for after in _children(state)]
        return max(values) if state.to_move == 2 else sum(values) / len(values)

    positions = {}

    def _seen(state):
        positions.setdefault(state.snapshot(), state)
        return state.snapshot()

    def value(state, player):
        p2 = chance(_seen(state))
        return p2 if player == 2 else 1 - p2

    return value


def minimax(game):
    """Whether `player` wins a position with perfect play on both sides."""

    @cache
    def wins(snapshot, player):
        state = positions[snapshot]
        if state.to_move is None:
            return player in state.outcome().winners
        outcomes = [wins(_seen(after), player) for after in _children(state)]
        return any(outcomes) if state.to_move == player else all(outcomes)

    positions = {}

    def _seen(state):
        positions.setdefault(state.snapshot(), state)
        return state.snapshot()

    return lambda state, player: float(wins(_seen(state), player))


def _children(state):
    for move in state.legal_moves():
        after = state.copy()
        after.apply(move)
        yield after


def random_recording(game_id, params, seed):
    game = REGISTRY[game_id]
    rules = game.rules(params)
    rng = random.Random(seed)
    state = game.new_state(rules)
    moves = []
    while state.to_move is not None:
        move = rng.choice(state.legal_moves())
        state.apply(move)
        moves.append(move)
    return game, rules, moves


def truths(game, rules, moves, index, value):
    """The mover's value after each legal move at `index`, and the move played."""
    state = History(game.new_state(rules), moves[:index]).state
    return {
        move: value(after, state.to_move)
        for move, after in zip(state.legal_moves(), _children(state), strict=True)
    }, state


EXACT_CASES = [
    ("loops", {"capacity": 4, "flips": 1}, 1, "", minimax),
    ("loops", {"capacity": 5, "flips": 2}, 2, "", minimax),
    pytest.param(
        "load", {"rows": 3, "cols": 3, "load": 3}, 3, "", expectimax, marks=pytest.mark.slow
    ),
    ("load", {"rows": 2, "cols": 4, "load": 3}, 4, "", expectimax),
    ("load", {"rows": 2, "cols": 4, "load": 3}, 4, "perfect", minimax),
    ("load", {"rows": 1, "cols": 5, "load": 3}, 5, "perfect", minimax),
]


@pytest.mark.parametrize("game_id, params, seed, versus, search", EXACT_CASES)
def test_exact_judgements_equal_a_search_written_here(game_id, params, seed, versus, search):
    game, rules, moves = random_recording(game_id, params, seed)
    value = search(game)
    method = Method(versus=versus)
    indices = judged_indices(game, History(game.new_state(rules), moves), method)
    assert indices
    for index in indices:
        found = judge(game, rules, moves, index, method, seed=0)
        outcomes, state = truths(game, rules, moves, index, value)
        played = _played(outcomes, moves[index])
        assert found.exact
        assert found.before == pytest.approx(max(outcomes.values()))
        assert found.after == pytest.approx(played)
        assert {_key(m) for m in found.best} == {
            _key(m) for m, v in outcomes.items() if v == pytest.approx(found.before)
        }


def _played(outcomes, move):
    """The value of the move played (green names its pair by either cell)."""
    return next(v for m, v in outcomes.items() if _key(m) == _key(move))


def _key(move):
    return ("pair", move.cell >> 1) if isinstance(move, Pick) and move.player == 2 else move


@pytest.mark.parametrize(
    "params, seed",
    [
        pytest.param({"rows": 3, "cols": 3, "load": 3}, 3, marks=pytest.mark.slow),
        ({"rows": 2, "cols": 4, "load": 3}, 4),
    ],
)
def test_estimates_land_near_the_exact_chance_on_every_judged_move(params, seed):
    """`--estimate` on boards the exact search solves: within 0.05 + 2 standard errors of
    the expectimax above, before and after, on every move."""
    game, rules, moves = random_recording("load", params, seed)
    value = expectimax(game)
    method = Method(estimate=True)
    for index in judged_indices(game, History(game.new_state(rules), moves)):
        found = judge(game, rules, moves, index, method, seed=0)
        outcomes, state = truths(game, rules, moves, index, value)
        truth_after = _played(outcomes, moves[index])
        assert not found.exact and found.trials > 0
        assert_near(found, max(outcomes.values()), truth_after, index)


def assert_near(found, before, after, index):
    """An estimate's before and after within 0.05 + 2 standard errors of the truth (the
    error of a mean of the estimate's trials, each won or lost)."""
    for estimate, truth in ((found.before, before), (found.after, after)):
        error = math.sqrt(truth * (1 - truth) / found.trials)
        assert abs(estimate - truth) <= 0.05 + 2 * error, (index, estimate, truth)


@pytest.mark.parametrize("load, seed", [(7, 9), pytest.param(5, 3, marks=pytest.mark.slow)])
def test_estimates_on_a_board_too_large_to_solve_whole_agree_with_its_solved_ending(load, seed):
    """4x4 (16 cells): from its last 12 picks the exact search reaches the rest, and
    there green's playouts take its moves too, so `--estimate` lands within 0.05 + 2
    standard errors of the exact figures (at Load 7, seed 9, with green playing
    `weighed_green` there, the eighth move's 0.64 read 0.48)."""
    game, rules, moves = random_recording("load", {"rows": 4, "cols": 4, "load": load}, seed)
    history = History(game.new_state(rules), moves)
    compared = 0
    for index in judged_indices(game, history):
        exact = judge(game, rules, moves, index, Method(), seed=0)
        if not exact.exact:
            continue
        found = judge(game, rules, moves, index, Method(estimate=True), seed=0)
        assert_near(found, exact.before, exact.after, index)
        compared += any(0.05 < chance < 0.95 for chance in (exact.before, exact.after))
    assert compared  # a move whose chance is neither near 0 nor near 1


@pytest.mark.slow  # 20 races of up to 4,096 playouts an option
def test_a_glyph_settled_by_sampling_is_the_same_from_every_seed():
    """3x3 at Load 3, red's first pick of seed 1's game: exactly, red's chance falls by
    0.143, an inaccuracy; estimated, the fall is near enough 0.10 that its interval at
    the error target holds the threshold, and the race samples on to settle it."""
    game, rules, moves = random_recording("load", {"rows": 3, "cols": 3, "load": 3}, 1)
    exact = judge(game, rules, moves, 0, Method(), seed=0)
    assert exact.glyph == "?!" and exact.before - exact.after == pytest.approx(0.143, abs=1e-3)
    found = [judge(game, rules, moves, 0, Method(estimate=True), seed) for seed in range(20)]
    assert {j.glyph for j in found} == {"?!"}
    # some races settle at the cap of a race on target; the others sample on past it
    assert max(j.trials for j in found) > 1024


@pytest.mark.slow  # five races of up to 4,096 playouts of several options
def test_a_glyph_in_doubt_samples_every_option_that_may_yet_lead():
    """The shared 98-turn Load game, turn 12: two of green's pairs lead by a few points
    (0.28 and 0.26), and the move played falls by about 0.11, in doubt at 0.10 + twice
    its error. Were the leader of the first few hundred playouts alone sampled on, seed
    4 would keep the lesser pair (a fall of 0.063 over 4,096 playouts, where the others
    read 0.11 or 0.12); with every option still within reach of the lead sampled on,
    each seed's fall lies within three of its errors of every other's."""
    replay = load_replay(Path(__file__).parent / "load-7x7-full-49-stages.jsonl")
    game, rules, moves = replay.game, replay.rules, list(replay.moves)
    index = next(
        i for i in range(len(moves)) if History(game.new_state(rules), moves[: i + 1]).turns == 12
    )
    found = [judge(game, rules, moves, index, Method(), seed) for seed in range(1, 6)]
    falls = [j.before - j.after for j in found]
    error = max(j.error for j in found)
    assert 0 < error < 0.01 and max(falls) - min(falls) <= 3 * error, falls


def test_an_estimate_stops_at_the_error_target_or_the_cap():
    game, rules, moves = random_recording("load", {"rows": 4, "cols": 4, "load": 4}, 8)
    history = History(game.new_state(rules), moves)
    for index in judged_indices(game, history)[:6]:
        found = judge(game, rules, moves, index, Method(trials=512), seed=1)
        assert found.error <= TARGET_ERROR or found.trials >= 512
        assert found.trials <= 512 * DOUBT_CAP  # the cap, or where a glyph was in doubt its


def test_an_estimate_samples_on_until_the_leaders_own_chance_meets_the_target():
    """3x3 at Load 3, green's passes at turns 2 and 4: passing is so clearly best that
    every pair drops out of the race after its first 64 playouts, leaving a fall of 0 ±
    0; the chance itself (exact: 0.609 and 0.629) must still be found to within the
    target, not read off those 64 playouts (0.703 at turn 4)."""
    game = REGISTRY["load"]
    rules = game.rules({"rows": 3, "cols": 3, "load": 3})
    moves = [Pick(1, 3), PASS, Pick(1, 5), PASS]
    value = expectimax(game)
    for index in (1, 3):
        found = judge(game, rules, moves, index, Method(estimate=True), seed=0)
        outcomes, _ = truths(game, rules, moves, index, value)
        assert (found.error, found.glyph) == (0.0, "")  # the pass leads on every draw
        assert math.sqrt(found.before * (1 - found.before) / found.trials) <= TARGET_ERROR
        assert abs(found.before - max(outcomes.values())) <= 0.05 + 2 * TARGET_ERROR


# --- glyphs that cannot miss ---------------------------------------------------------------


def losing_pass():
    """Red 7 uncleared, the slider moved to Load 6, a pair (0+1) that would clear every
    red available, and green passes: over the Load at once."""
    game = REGISTRY["load"]
    rules = game.rules({"rows": 7, "cols": 7, "load": 7})
    moves = []
    for cell in range(42, 49):
        moves += [Pick(1, cell), PASS]
    moves[-1:] = [SetLoad(6), PASS]
    return game, rules, moves


@pytest.mark.parametrize("trials", [1, 64])
def test_a_pass_that_loses_on_the_spot_is_a_blunder_whatever_the_sampling(trials):
    game, rules, moves = losing_pass()
    history = History(game.new_state(rules), moves)
    assert history.state.winner == 1 and history.state.uncleared_red() == 7
    found = judge(game, rules, moves, len(moves) - 1, Method(trials=trials), seed=0)
    assert found.glyph == "??" and found.after == 0
    assert all(isinstance(move, Pick) for move in found.best)  # a pair, not the pass


def test_h_names_the_moves_the_analysis_names_and_never_the_losing_pass():
    """At the losing pass's position H and the judgement name the same best moves: the
    pairs that hold, not the pass (estimated here: the board is 7x7); and on every
    judged move of a small Load game, solved, the same moves."""
    game, rules, moves = losing_pass()
    state = History(game.new_state(rules), moves[:-1]).state
    found = judge(game, rules, moves, len(moves) - 1, Method(), seed=0)
    hinted = hint(game, state, lambda: True)
    assert PASS not in hinted.best and set(hinted.best) <= set(state.legal_moves())
    assert set(found.best) <= set(hinted.best) or set(hinted.best) <= set(found.best)
    game, rules, small = random_recording("load", {"rows": 3, "cols": 3, "load": 3}, 5)
    history = History(game.new_state(rules), small)
    for index in judged_indices(game, history):
        judged = judge(game, rules, small, index, Method(), seed=0)
        assert judged.exact
        assert hint(game, history.before(index), lambda: True).best == judged.best


def test_h_names_every_option_not_clearly_worse_than_the_leader():
    """Even Odds' first lead, one round of 64 playouts an option: H names each colour whose
    mean share is within twice the standard error of its trial-by-trial difference from
    the leader's, as the analysis's best moves are named, not the leader alone."""
    game = REGISTRY["tiles"]
    state = load_replay(ROOT / "recordings" / "tiles-sample.jsonl").history().before(1)
    mover = state.to_move
    choices = judging(game).options(state)
    shares = sample(game, state, choices, mover, range(64), 0)[:, :, mover]
    leader = int(shares.mean(axis=1).argmax())

    def clearly_worse(option: int) -> bool:
        gap = shares[leader] - shares[option]
        error = gap.std(ddof=1) / math.sqrt(len(gap))
        return gap.mean() > 2 * error if error else gap.mean() > 0

    expected = {choices[i] for i in range(len(choices)) if not clearly_worse(i)}
    assert len(expected) > 1
    assert set(hint(game, state, lambda: True, seed=0).best) == expected


def test_a_move_lost_on_the_spot_is_no_blunder_when_every_move_loses():
    """1x6, Load 3. Green's pair 0+1 cleared red 4; red 0 then cleared that pair; red
    2, 3 and 1 followed: four red uncleared. Pair 2+3 touches 0+1, and 4+5 clears only
    red at 4 or above (none uncleared): green is over the Load whatever it plays."""
    game = REGISTRY["load"]
    rules = game.rules({"rows": 1, "cols": 6, "load": 3})
    moves = [Pick(1, 4), Pick(2, 0), Pick(1, 2), PASS, Pick(1, 0), PASS, Pick(1, 3), PASS]
    moves += [Pick(1, 1), PASS]
    state = History(game.new_state(rules), moves[:-1]).state
    assert state.legal_moves() == [Pick(2, 4), PASS]
    found = judge(game, rules, moves, len(moves) - 1, Method(), seed=0)
    assert History(game.new_state(rules), moves).state.winner == 1
    assert found.exact and found.before == found.after == 0 and found.glyph == ""


# --- reach of the exact search -------------------------------------------------------------


def holding_to_stage_40():
    """7x7, Load 8: red picks from cell 48 down, green passes while that holds the stage
    and else takes the lowest pair that does. Green holds 39 stages and loses the 40th:
    the positions of a long game, to the end."""
    game = REGISTRY["load"]
    state = game.new_state(game.rules({"rows": 7, "cols": 7, "load": 8}))
    positions = [state.copy()]
    for cell in reversed(range(49)):
        state.apply(Pick(1, cell))
        positions.append(state.copy())
        holding = [m for m in state.legal_moves()[::-1] if _holds(state, m)]
        state.apply(holding[0] if PASS in holding else (holding[-1] if holding else PASS))
        if state.to_move is None:
            return positions
        positions.append(state.copy())
    raise AssertionError("green was to lose by stage 40")


def _holds(state, move):
    after = state.copy()
    after.apply(move)
    return after.winner != 1


def test_load_is_exact_on_boards_of_up_to_14_cells_and_in_the_last_twelve_picks():
    game = REGISTRY["load"]
    for rows, cols, exact in ((2, 7, True), (3, 5, False), (7, 7, False)):
        state = game.new_state(game.rules({"rows": rows, "cols": cols, "load": 3}))
        assert reached(state) is exact
    around = [p for p in holding_to_stage_40() if len(p.red_pool) in (13, 12)]
    assert [len(p.red_pool) for p in around] == [13, 13, 12, 12]
    assert [reached(p) for p in around] == [False, False, True, True]


# --- Even Odds: only what the mover sees ---------------------------------------------------


def another_hand_the_mover_could_hold(state):
    """The position with one of the mover's tiles swapped for another of its colour that
    the mover cannot see anywhere: to the mover, the same position."""
    mover = state.to_move
    view = SeatView.of(state, mover)
    for tile in state.hands[mover]:
        color = tile // 10
        held = {t % 10 + 1 for t in state.hands[mover] if t // 10 == color}
        others = [v for v in view.possible_values(color) if v not in held]
        if others:
            twin = state.copy()
            hand = twin.hands[mover]
            hand[hand.index(tile)] = color * 10 + others[0] - 1
            return twin
    return None


def test_even_odds_estimates_and_hints_use_only_what_the_mover_sees():
    """A hand the mover cannot tell from its own gives the same playouts and the same
    hint, trial for trial."""
    replay = load_replay(ROOT / "recordings" / "tiles-sample.jsonl")
    history = replay.history()
    game = replay.game
    checked, wanted = 0, cases(full=12, quick=3)
    for index in judged_indices(game, history)[:12]:
        if checked == wanted:
            break
        state = history.before(index)
        twin = another_hand_the_mover_could_hold(state)
        if twin is None:
            continue
        mover = state.to_move
        options = [m for m in state.legal_moves()][:1]
        colour = [
            Play(mover, next(t for t in twin.hands[mover] if t // 10 == m.tile // 10))
            for m in options
        ]
        assert (
            tiles_sample(twin, colour, mover, range(6), 3)
            == tiles_sample(state, options, mover, range(6), 3)
        ).all()
        picks = [
            {m.tile // 10 if isinstance(m, Play) else m for m in hint(game, p, lambda: True).best}
            for p in (state, twin)
        ]
        assert picks[0] == picks[1]
        checked += 1
    assert checked >= 3


# --- the command -------------------------------------------------------------------------


@pytest.fixture
def small_load(tmp_path):
    game, rules, moves = random_recording("load", {"rows": 3, "cols": 3, "load": 3}, 3)
    state = History(game.new_state(rules), moves).state
    path = tmp_path / "small.jsonl"
    path.write_text(recording_text(game, rules, 3, moves, state.result()))
    return path


def test_json_has_an_object_a_judged_turn_then_one_a_player(small_load, capsys):
    assert main(["analyze", str(small_load), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    turns, players = rows[:-2], rows[-2:]
    keys = {"turn", "player", "event", "exact", "before", "after", "se", "best", "glyph"}
    keys.add("sure")
    assert all(set(row) == keys for row in turns)
    assert [row["turn"] for row in turns] == list(range(1, len(turns) + 1))
    assert [p["player"] for p in players] == [1, 2]
    for found in players:
        assert set(found) == {
            "player",
            "moves",
            "accuracy",
            "accuracy_by_third",
            "blunders",
            "mistakes",
            "inaccuracies",
            "only_moves",
        }
        mine = [row for row in turns if row["player"] == found["player"]]
        assert found["moves"] == len(mine)
        assert found["blunders"] == sum(row["glyph"] == "??" for row in mine)
        assert 0 <= found["accuracy"] <= 100


def test_the_table_states_its_meaning_and_ends_with_each_players_accuracy(small_load, capsys):
    assert main(["analyze", str(small_load)]) == 0
    out = capsys.readouterr().out
    assert "a chance is player 2's chance to hold every stage against a player 1" in out
    assert "| turn | player | move | before | after | glyph | best |" in out
    assert "\nRed: " in out and "\nGreen: " in out and "accuracy" in out
    # every chance held to its unit, as all the program's text is: "84\u00a0%"
    assert re.findall(r"\d%", out) == [] and re.findall(r"\d\u00a0%", out)


def test_versus_perfect_reads_perfect_play_and_an_unknown_reading_is_one_line(small_load, capsys):
    assert main(["analyze", str(small_load), "--versus", "perfect", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert all(row["before"] in (0, 1) for row in rows if "turn" in row)
    assert main(["analyze", str(small_load), "--versus", "hard"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "random or perfect" in err


def test_an_annotated_recording_reads_back_with_its_judgements(small_load, tmp_path, capsys):
    annotated = tmp_path / "annotated.jsonl"
    chart = tmp_path / "chart.svg"
    assert main(["analyze", str(small_load), "-o", str(annotated), "--plot", str(chart)]) == 0
    replay = load_replay(annotated)
    assert replay.moves == load_replay(small_load).moves
    assert len(replay.judgements) == len(judged_indices(replay.game, replay.history()))
    assert replay.judgements[0]["exact"] is True
    assert "<circle" in chart.read_text() or all(not j["glyph"] for j in replay.judgements.values())


def test_a_judgement_with_an_illegal_best_move_is_refused(small_load, tmp_path, capsys):
    annotated = tmp_path / "annotated.jsonl"
    assert main(["analyze", str(small_load), "-o", str(annotated)]) == 0
    lines = annotated.read_text().splitlines()
    event = json.loads(lines[2])  # player 2's first move
    event["judgement"]["best"] = [{"player": 2, "cell": 99}]
    lines[2] = json.dumps(event)
    annotated.write_text("\n".join(lines) + "\n")
    capsys.readouterr()
    assert main(["validate", str(annotated)]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"oddsevens: {annotated}:3: ") and "not legal" in error


def test_the_chart_writes_each_glyph_beside_its_dot_and_names_them_in_its_legend(small_load):
    from viz.analysis.moves import chance_chart

    replay = load_replay(small_load)
    judgements = [
        judge(replay.game, replay.rules, replay.moves, i, Method(), 0)
        for i in judged_indices(replay.game, replay.history())
    ]
    scene = chance_chart(replay, judgements)
    keys = scene.by_key()
    glyphs = [j for j in judgements if j.glyph]
    assert glyphs
    for j in glyphs:
        assert keys[f"mark-{j.turn}-glyph"].text == j.glyph
    legend = [s for s in scene.shapes if isinstance(s, Text) and s.key.startswith("legend-mark-")]
    assert {f"{j.glyph} {GLYPH_NAMES[j.glyph]}" for j in glyphs} <= {s.text for s in legend}
    assert all(s.x + text_width(s.text, s.size) <= scene.width for s in legend)  # none cut


def test_an_unsure_glyph_is_marked_in_the_table_the_json_and_the_chart(small_load):
    replay = load_replay(small_load)
    history = replay.history()
    first, second = judged_indices(replay.game, history)[:2]
    a, b = (tuple(history.before(i).legal_moves()[:1]) for i in (first, second))
    judged = [
        Judgement(first, 1, 1, False, 0.6, 0.45, 0.01, a, "?!", (0.45,), (0.6,), 4096, False),
        Judgement(second, 2, 2, False, 0.5, 0.42, 0.02, b, "", (0.58,), (0.5,), 4096, False),
    ]
    rows = table(replay, judged, Method()).splitlines()
    assert rows[3].split(" | ")[5] == "?!*" and rows[4].split(" | ")[5] == "*"
    assert rows[6].startswith("2 moves marked *: the fall's interval")
    assert [as_json(replay, j)["sure"] for j in judged] == [False, False]
    labels = [s.text for s in chance_chart(replay, judged).shapes if s.key.endswith("-glyph")]
    assert labels == ["?!*"]
