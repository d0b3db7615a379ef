"""Load's analysis: the exact search against brute force, Monte Carlo against exact
probabilities, the balanced player 2 within the rules, and the sweep command's output."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.depth import examples

from games.load import PASS, LoadRules, LoadState
from games.load.policies import balanced_green
from games.load.sweep import brute_force, play_chunk, solve
from viz.cli import main

# Brute force on six cells takes seconds a board, on five most of one: the six-cell boards
# and the 1x5 run with the slow tests (the 5x1 always runs).
SMALL_BOARDS = [
    pytest.param(r, c, marks=pytest.mark.slow) if r * c == 6 or (r, c) == (1, 5) else (r, c)
    for r in range(1, 7)
    for c in range(1, 7)
    if r * c <= 6
]


@pytest.mark.parametrize("rows, cols", SMALL_BOARDS)
def test_the_exact_search_agrees_with_brute_force_on_boards_of_up_to_6_cells(rows, cols):
    for load in range(3, 9):
        exact = solve(rows, cols, load)
        winner, chance = brute_force(rows, cols, load)
        assert exact.perfect_play_winner == winner
        assert math.isclose(exact.player2_chance, chance, abs_tol=1e-12)


def test_the_exact_search_finds_player_1_winning_the_3x3_board_at_load_3():
    exact = solve(3, 3, 3)  # red can keep four cells out of green's reach
    assert exact.perfect_play_winner == 1 and 0.5 < exact.player2_chance < 0.8


def policy_chance(state: LoadState, known: dict | None = None) -> float:
    """Player 2's exact winning chance when player 1 picks uniformly at random and
    player 2 follows docs/rules.md 3.3 (on stages divisible by 3, a uniformly random legal pair
    wholly below the highest uncleared red; otherwise a pass): every branch weighed,
    each position once (`known` holds the chances found so far)."""
    if state.to_move is None:
        return float(state.winner == 2)
    known = {} if known is None else known
    if state.snapshot() in known:
        return known[state.snapshot()]
    if state.to_move == 1:
        moves = state.legal_moves()
    else:
        uncleared = state.red ^ state.red_cleared
        pairs = state.legal_pairs(below=uncleared.bit_length() - 1) if uncleared else []
        moves = (
            [state.board.green_picks[2 * p] for p in pairs]
            if state.stage % 3 == 0 and pairs
            else [PASS]
        )
    total = 0.0
    for move in moves:
        after = state.copy()
        after.apply(move)
        total += policy_chance(after, known)
    known[state.snapshot()] = total / len(moves)
    return known[state.snapshot()]


@pytest.mark.parametrize("rows, cols, load", [(2, 3, 3), (1, 7, 3), (3, 3, 3)])
def test_monte_carlo_agrees_with_the_exact_probability_within_4_standard_errors(rows, cols, load):
    exact = policy_chance(LoadState(LoadRules(rows, cols, load)))
    games = 4000
    wins, _ = play_chunk(rows, cols, load, games, 11, "random-red", "every-third-green")
    error = math.sqrt(max(exact * (1 - exact), 1e-4) / games)
    assert abs(wins / games - exact) <= 4 * error, (wins / games, exact)


@settings(max_examples=examples(2), derandomize=True)
@given(st.integers(1, 8), st.integers(1, 8), st.integers(3, 8), st.randoms(use_true_random=False))
def test_the_balanced_player_2_only_plays_legal_moves(rows, cols, load, rng):
    state = LoadState(LoadRules(rows, cols, load))
    while state.to_move is not None:
        if state.to_move == 1:
            move = state.board.red_picks[rng.choice(state.red_pool)]
        else:
            move = balanced_green(state, rng)
            assert move in state.legal_moves()
        state.apply(move)


def test_sweep_load_json_has_one_object_a_line_with_the_keys_and_ranges(capsys):
    assert (
        main(
            [
                "sweep",
                "load",
                "--rows",
                "2-3",
                "--cols",
                "3",
                "--load",
                "3-4",
                "--trials",
                "200",
                "--workers",
                "1",
                "--json",
            ]
        )
        == 0
    )
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 4
    for line in map(json.loads, lines):
        assert set(line) == {"rows", "cols", "load", "trials", "player2_win_rate", "mean_stages"}
        assert 0 <= line["player2_win_rate"] <= 1 and line["trials"] == 200
        assert 1 <= line["mean_stages"] <= line["rows"] * line["cols"]


def test_sweep_load_is_the_same_for_any_number_of_workers(capsys):
    outputs = []
    for workers in ("1", "2"):
        assert (
            main(
                [
                    "sweep",
                    "load",
                    "--rows",
                    "3",
                    "--cols",
                    "3-4",
                    "--load",
                    "3",
                    "--trials",
                    "1200",
                    "--workers",
                    workers,
                    "--json",
                ]
            )
            == 0
        )
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]


def test_sweep_load_exact_and_a_chart(tmp_path, capsys):
    assert (
        main(["sweep", "load", "--rows", "1-2", "--cols", "3", "--load", "3", "--exact", "--json"])
        == 0
    )
    found = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(f["rows"], f["cols"], f["perfect_play_winner"]) for f in found] == [
        (1, 3, 2),
        (2, 3, 2),
    ]
    chart = tmp_path / "heat.svg"
    assert (
        main(
            [
                "sweep",
                "load",
                "--rows",
                "3-4",
                "--cols",
                "3-4",
                "--load",
                "3-4",
                "--trials",
                "100",
                "--plot",
                str(chart),
            ]
        )
        == 0
    )
    assert chart.read_text().count("<rect") >= 8
    assert (
        main(
            [
                "sweep",
                "load",
                "--rows",
                "3-5",
                "--square",
                "--load",
                "3",
                "--trials",
                "100",
                "--by",
                "random-red",
                "balanced-green",
                "--plot",
                str(tmp_path / "sq.png"),
            ]
        )
        == 0
    )
    assert (tmp_path / "sq.png").stat().st_size > 0


def test_sweep_load_refuses_wrong_players_and_big_exact_boards(capsys):
    assert main(["sweep", "load", "--by", "balanced-green", "random-red"]) == 2
    assert "balanced-green cannot play seat 1 (it plays seat 2)" in capsys.readouterr().err
    assert main(["sweep", "load", "--rows", "4", "--cols", "5", "--exact"]) == 2
    assert "at most 18 cells" in capsys.readouterr().err
