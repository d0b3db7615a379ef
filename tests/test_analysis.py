"""Every move judged: exact judgements against a separate brute force over the engine,
estimates against a plain simulation, each glyph rule at its boundary, and the command."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import pytest
from support.depth import cases

from games import KITS, REGISTRY
from games.analysis import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    Judgement,
    estimate,
    estimate_glyph,
    exact_glyph,
    hint,
    judge,
    judged_indices,
    summary,
)
from games.autoplay import play
from games.history import History
from games.tiles import Play
from games.tiles.ai import SeatView
from viz.cli import main
from viz.files import load_replay, recording_text

ROOT = Path(__file__).resolve().parents[1]


# --- the glyph rules at their boundaries -------------------------------------------------


def test_exact_glyphs():
    assert exact_glyph(1, 0, keepers=3, legal=5) == "??"  # a won position thrown away
    assert exact_glyph(1, 1, keepers=1, legal=2) == "!"  # the only one of two that keeps it
    assert exact_glyph(1, 1, keepers=1, legal=1) == ""  # a forced move is no feat
    assert exact_glyph(1, 1, keepers=2, legal=4) == ""
    assert exact_glyph(0, 0, keepers=4, legal=4) == ""  # lost whatever one does


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
def test_estimate_glyphs_by_the_drop(drop, glyph):
    assert estimate_glyph(drop, error=0.01) == glyph


def test_an_estimate_glyph_needs_a_drop_of_more_than_twice_its_error():
    assert estimate_glyph(0.4, error=0.2) == ""  # 0.4 is not more than 2 x 0.2
    assert estimate_glyph(0.4, error=0.199) == "??"


# --- exact judgements against brute force ------------------------------------------------


def brute_value(game, rules):
    """The mover-independent value by plain minimax over the engine, every position
    once: whether `player` wins from `state` with perfect play on both sides."""

    @cache
    def wins(snapshot, player):
        state = positions[snapshot]
        if state.to_move is None:
            return state.result()["winner"] == player
        outcomes = []
        for move in state.legal_moves():
            after = state.copy()
            after.apply(move)
            positions.setdefault(after.snapshot(), after)
            outcomes.append(wins(after.snapshot(), player))
        return any(outcomes) if state.to_move == player else all(outcomes)

    positions = {}

    def value(state, player):
        positions.setdefault(state.snapshot(), state)
        return float(wins(state.snapshot(), player))

    return value


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


CASES = [
    ("loops", {"capacity": 4, "flips": 1}, 1),
    ("loops", {"capacity": 5, "flips": 2}, 2),
    pytest.param(  # player 1 wins with perfect play; the brute force takes seconds
        "load", {"rows": 3, "cols": 3, "load": 3}, 3, marks=pytest.mark.slow
    ),
    ("load", {"rows": 2, "cols": 4, "load": 3}, 4),  # player 1 wins
    ("load", {"rows": 1, "cols": 5, "load": 3}, 5),  # player 2 wins
]


@pytest.mark.parametrize("game_id, params, seed", CASES)
def test_exact_judgements_match_a_brute_force(game_id, params, seed):
    game, rules, moves = random_recording(game_id, params, seed)
    value = brute_value(game, rules)
    history = History(game.new_state(rules), moves)
    indices = judged_indices(history)
    assert indices
    for index in indices:
        found = judge(game, rules, moves, index, trials=1, seed=0)
        state = history.before(index)
        mover = state.to_move
        outcomes = {}
        for move in state.legal_moves():
            after = state.copy()
            after.apply(move)
            outcomes[move] = value(after, mover)
        assert found.exact
        assert found.before == max(outcomes.values())
        assert found.after == outcomes[moves[index]]
        assert set(found.best) == {m for m, v in outcomes.items() if v == found.before}
        keepers = sum(v == 1 for v in outcomes.values())
        assert found.glyph == exact_glyph(found.before, found.after, keepers, len(outcomes))
        assert found.turn == history.turn_of(index + 1)


# --- estimates ---------------------------------------------------------------------------


def test_an_estimate_agrees_with_a_plain_simulation():
    """Player 2's chance on a 4x4 board (too large to solve) from a position a few turns in,
    by the analysis and by playing the game's automatic players to the end many times."""
    game = REGISTRY["load"]
    rules = game.rules({"rows": 4, "cols": 4, "load": 3})
    _, moves = play(game, rules, random.Random(7))
    state = History(game.new_state(rules), moves[:4]).state
    means, errors = estimate(game, state, 2, trials=400, seed=1)
    rng, wins, games = random.Random(99), 0, 4000
    for _ in range(games):
        position = state.copy()
        while position.to_move is not None:
            position.apply(game.auto_move(position, rng))
        wins += position.winner == 2
    plain = wins / games
    assert abs(means[1] - plain) <= 4 * errors[1] + 4 * (plain * (1 - plain) / games) ** 0.5
    assert abs(means[0] + means[1] - 1) < 1e-9  # one of the two wins every playout


def another_hand_the_mover_could_hold(state):
    """The position with one of the mover's tiles swapped for another of its colour that
    the mover cannot see anywhere: to the mover, the same position."""
    mover = state.to_move
    view = SeatView.of(state, mover)
    for tile in state.hands[mover]:
        color, value = tile // 10, tile % 10 + 1
        held = {t % 10 + 1 for t in state.hands[mover] if t // 10 == color}
        others = [v for v in view.possible_values(color) if v not in held]
        if others:
            twin = state.copy()
            hand = twin.hands[mover]
            hand[hand.index(tile)] = color * 10 + others[0] - 1
            assert value not in others
            return twin
    return None


def test_even_odds_estimates_and_hints_use_only_what_the_mover_sees():
    """A hand the mover cannot tell from its own gives the same chances and the same
    hint, playout for playout."""
    replay = load_replay(ROOT / "recordings" / "tiles-sample.jsonl")
    history = replay.history()
    checked = 0
    for index in judged_indices(history)[: cases(40, 10)]:  # 40 positions in CI, 10 locally
        state = history.before(index)
        twin = another_hand_the_mover_could_hold(state)
        if twin is None:
            continue
        mover = state.to_move
        assert estimate(replay.game, twin, mover, 20, 3) == estimate(
            replay.game, state, mover, 20, 3
        )
        picks = [
            {
                move.tile // 10 if isinstance(move, Play) else move
                for move in hint(replay.game, position, [], 0.0, random.Random(5))
            }
            for position in (state, twin)
        ]
        assert picks[0] == picks[1]
        checked += 1
    assert checked >= 5


# --- the command -------------------------------------------------------------------------


@pytest.fixture
def small_load(tmp_path):
    game, rules, moves = random_recording("load", {"rows": 3, "cols": 3, "load": 3}, 3)
    state = History(game.new_state(rules), moves).state
    path = tmp_path / "small.jsonl"
    path.write_text(recording_text(game, rules, 3, moves, state.result()))
    return path


def test_json_has_one_object_a_judged_turn(small_load, capsys):
    assert main(["analyze", str(small_load), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    keys = {"turn", "player", "event", "exact", "before", "after", "error", "best", "glyph"}
    assert all(set(row) == keys for row in rows)
    assert [row["turn"] for row in rows] == list(range(1, len(rows) + 1))
    assert all(row["exact"] and row["before"] in (0, 1) for row in rows)
    assert rows[0]["player"] == 1 and rows[0]["before"] == 1.0  # player 1 wins this board


def test_the_table_ends_with_a_summary_per_player(small_load, capsys):
    assert main(["analyze", str(small_load)]) == 0
    out = capsys.readouterr().out
    assert "| turn | player | move | before | after | glyph | best |" in out
    assert "Player 1:" in out and "Player 2:" in out and "blunders" in out


def test_the_summary_counts_each_players_moves_and_errors_in_words():
    def judged(player: int, glyph: str) -> Judgement:
        return Judgement(0, 1, player, True, 1.0, 0.0, 0.0, (), glyph, (), ())

    judgements = [judged(1, "??"), judged(1, "?!"), judged(1, "?!"), judged(2, "")]
    assert summary(judgements) == [
        "Player 1: 3 moves, 2 inaccuracies, 0 mistakes, 1 blunder",
        "Player 2: 1 move, 0 inaccuracies, 0 mistakes, 0 blunders",
    ]
    assert summary([judged(0, "?")], "Seat {}".format) == [
        "Seat 0: 1 move, 0 inaccuracies, 1 mistake, 0 blunders"
    ]


def test_an_annotated_recording_reads_back_with_its_judgements(small_load, tmp_path, capsys):
    annotated = tmp_path / "annotated.jsonl"
    chart = tmp_path / "chart.svg"
    assert main(["analyze", str(small_load), "-o", str(annotated), "--plot", str(chart)]) == 0
    replay = load_replay(annotated)
    assert replay.moves == load_replay(small_load).moves
    assert len(replay.judgements) == len(judged_indices(replay.history()))
    first = replay.judgements[0]
    assert first["exact"] is True and first["glyph"] in ("", "!", "??")
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


def test_an_estimated_move_among_the_best_gets_no_glyph():
    """In Even Odds a forced colour, or the best one, can lose chances only to luck."""
    replay = load_replay(ROOT / "recordings" / "tiles-sample.jsonl")
    history = replay.history()
    for index in judged_indices(history)[30:45]:
        found = judge(replay.game, replay.rules, replay.moves, index, trials=8, seed=2)
        played = replay.moves[index]
        if any(KITS["tiles"].judging.same_option(best, played) for best in found.best):
            assert found.glyph == ""


def test_load_is_exact_up_to_ten_cells_and_estimated_beyond():
    from games.analysis import solvable

    game = REGISTRY["load"]
    for rows, cols, exact in ((2, 5, True), (2, 6, False), (3, 4, False), (7, 7, False)):
        state = game.new_state(game.rules({"rows": rows, "cols": cols, "load": 3}))
        assert solvable(game, state, []) is exact
    small = game.new_state(game.rules({"rows": 2, "cols": 5, "load": 3}))
    from games.load import SetLoad

    assert not solvable(game, small, [SetLoad(4)])  # a Load that moves is not what was solved
