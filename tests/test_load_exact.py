"""Load's layered exact search (games/load/exact.py) against the memoized search it
replaced (games/load/reference.py): the same figures on every board that search solved,
the same values and best moves in positions inside games, and positions merged only
where they are alike."""

from __future__ import annotations

import json
import math
import random
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.depth import cases, examples

from games.load import LoadRules, LoadState, Pick
from games.load.codes import GREEN, RED, Frame, Pairs
from games.load.exact import LoadSolver, Table, reaches
from games.load.judging import RANDOM, exact_search, exact_value
from games.load.reference import MemoSearch
from games.load.sweep import solve
from viz.cli import main

# The memoized search's figures for every board of 2 to 12 cells at every Load, found by
# it before the layered search replaced it (a 12-cell board took it minutes a Load).
BEFORE = [
    json.loads(line)
    for line in (Path(__file__).parent / "load_exact_before.jsonl").read_text().splitlines()
]


def _board(figures: dict[str, int | float]) -> object:
    cells = int(figures["rows"]) * int(figures["cols"])
    label = f"{figures['rows']}x{figures['cols']}-load{figures['load']}"
    return pytest.param(figures, id=label, marks=[pytest.mark.slow] if cells > 10 else [])


def test_the_figures_cover_every_board_of_up_to_12_cells_at_every_load():
    boards = {(f["rows"], f["cols"], f["load"]) for f in BEFORE}
    expected = {
        (r, c, load)
        for r in range(1, 13)
        for c in range(1, 13)
        if 2 <= r * c <= 12
        for load in range(3, 9)
    }
    assert boards == expected


@pytest.mark.parametrize("figures", [_board(f) for f in BEFORE])
def test_every_board_the_memoized_search_solved_comes_out_the_same(figures):
    found = solve(figures["rows"], figures["cols"], figures["load"])
    assert found.perfect_play_winner == figures["perfect_play_winner"]
    assert math.isclose(found.player2_chance, figures["player2_chance"], abs_tol=1e-12)


def test_the_two_cells_of_a_pair_are_one_pick_to_red():
    """1x2, one pair: red's first pick (either cell) is one position; green then passes
    or picks the pair (two positions); red's last pick leaves two more. With the start,
    6, where the memoized search holds 11 (its two first picks apart)."""
    assert solve(1, 2, 3).positions == 6
    assert MemoSearch(1, 2, 3).player2_chance(LoadState(LoadRules(1, 2, 3))) == 1.0


def pairs(unpicked, red_left, open_, green_left) -> Pairs:
    return Pairs(
        *(np.array([column], np.int64) for column in (unpicked, red_left, open_, green_left))
    )


def test_uncleared_red_counts_by_its_total_between_open_pairs():
    """1x6: pairs 0, 1, 2. With only pair 2 open, a green pick clears pairs 0 and 1
    together or neither: two uncleared red there are one position wherever they lie;
    in pair 2, beyond the open pair, they are another. With pair 1 open too, pair 0 and
    pair 1 are apart."""
    frame = Frame.of(
        LoadState(LoadRules(1, 6, 3)).board, Pairs.start(LoadState(LoadRules(1, 6, 3)).board)
    )

    def code(red_left, open_):
        return int(frame.encode(pairs([0, 0, 1], red_left, open_, [1, 0, 0]))[0])

    only_2 = [0, 0, 1]
    assert code([2, 0, 0], only_2) == code([1, 1, 0], only_2) == code([0, 2, 0], only_2)
    assert code([1, 0, 1], only_2) != code([1, 1, 0], only_2)
    pairs_1_and_2 = [0, 1, 1]
    assert code([2, 0, 0], pairs_1_and_2) != code([1, 1, 0], pairs_1_and_2)


def played_into(rules: LoadRules, rng: random.Random, picks_left: int) -> LoadState:
    """A position `picks_left` picks before the end of a game of random moves (green's
    drawn from those that hold the stage, where there are any), or the game's end;
    half the time after red's pick there."""
    state = LoadState(rules)
    while state.to_move == 2 or state.to_move == 1 and len(state.red_pool) > picks_left:
        state.apply(random_move(state, rng))
    if state.to_move == 1 and rng.random() < 0.5:
        state.apply(random_move(state, rng))
    return state


def random_move(state: LoadState, rng: random.Random):
    moves = state.legal_moves()
    if state.to_move == 2:
        moves = [move for move in moves if after(state, move).winner != 1] or moves
    return rng.choice(moves)


def after(state: LoadState, move) -> LoadState:
    position = state.copy()
    position.apply(move)
    return position


def green_move_values(reference: MemoSearch, state: LoadState) -> list[float]:
    """Each of green's moves' chance by the reference, the pass first then the pairs."""
    moves = [state.legal_moves()[-1]] + state.legal_moves()[:-1]
    return [reference.player2_chance(after(state, move)) for move in moves]


BOARDS = [(3, 3), (2, 5), (4, 4), (3, 6), (5, 5), (7, 7)]


@settings(max_examples=examples(0.4), derandomize=True)
@given(
    st.sampled_from(BOARDS),
    st.integers(3, 8),
    st.integers(3, 8),
    st.integers(1, 7),
    st.randoms(use_true_random=False),
)
def test_positions_inside_games_have_the_memoized_searchs_values_and_best_moves(
    board, played_at, judged_at, picks, rng
):
    """Played at one Load and judged at another, as a moved slider leaves them; on small
    boards the solver first searches the whole board from its start."""
    rows, cols = board
    state = played_into(LoadRules(rows, cols, played_at), rng, picks)
    if state.to_move is None:
        return
    solver = LoadSolver(rows, cols, judged_at, whole=rows * cols <= 9)
    reference = MemoSearch(rows, cols, judged_at)
    assert solver.player2_wins(state) == reference.player2_wins(state)
    assert math.isclose(
        solver.player2_chance(state), reference.player2_chance(state), abs_tol=1e-12
    )
    if state.to_move == 2:
        values = green_move_values(reference, state)
        chosen = solver.best_green(
            state.red, state.red_cleared, state.green, state.green_cleared, state.blocked
        )
        assert math.isclose(values[chosen + 1], max(values), abs_tol=1e-12)


def test_positions_that_share_a_code_have_the_same_values():
    """Every position of many random games on 2x4 and 3x3, grouped by the code the whole
    board's search gives it: the memoized search values each group's positions alike,
    and groups hold positions the memoized search tells apart."""
    merged = 0
    for rows, cols in ((2, 4), (3, 3)):
        for load in (3, 5):
            rules = LoadRules(rows, cols, load)
            grid = LoadState(rules).board
            reference = MemoSearch(rows, cols, load)
            rng = random.Random(rows * 10 + load)
            states = []
            for _game in range(cases(60, 20)):
                state = LoadState(rules)
                while state.to_move is not None:
                    states.append(state.copy())
                    state.apply(random_move(state, rng))
            codes = Frame.of(grid, Pairs.start(grid)).encode(stacked([Pairs.of(s) for s in states]))
            values: dict[tuple[int, int, int], set[float]] = defaultdict(set)
            positions: dict[tuple[int, int, int], set[tuple[int, ...]]] = defaultdict(set)
            for state, code in zip(states, codes.tolist(), strict=True):
                key = (state.to_move, len(state.red_pool), code)
                values[key].add(reference.player2_chance(state))
                positions[key].add((state.red, state.red_cleared, state.green, state.green_cleared))
            assert all(len(alike) == 1 for alike in values.values())
            merged += sum(len(group) > 1 for group in positions.values())
    assert merged > 50


def stacked(rows: list[Pairs]) -> Pairs:
    return Pairs(
        *(
            np.concatenate([getattr(row, name) for row in rows])
            for name in ("unpicked", "red_left", "open", "green_left")
        )
    )


def test_a_table_finds_its_own_positions_and_no_others():
    """3x3 at Load 3: the start and the position after red's first pick are in the
    table; four uncleared red picks (kept at Load 8) are not: at Load 3 green lost."""
    grid = LoadState(LoadRules(3, 3, 3)).board
    table = Table.solve(grid, 3, Pairs.start(grid), RED)
    start = LoadState(LoadRules(3, 3, 3))
    assert table.values(RED, Pairs.of(start))[0] == table.root_value()
    assert table.values(GREEN, Pairs.of(after(start, Pick(1, 4))))[0] >= 0
    heavy = LoadState(LoadRules(3, 3, 8))
    for cell in range(4):
        heavy.apply(Pick(1, cell))
        heavy.apply(heavy.legal_moves()[-1])  # the pass
    assert table.values(RED, Pairs.of(heavy))[0] == -1


def test_the_options_of_a_judged_position_are_valued_from_one_search():
    """The analysis asks the value of each option's position one by one: searched from
    the position judged, every option's position is in that one table."""
    state = played_into(LoadRules(4, 4, 8), random.Random(0), 8)
    assert state.to_move == 1 and len(state.red_pool) == 8
    exact_search.cache_clear()
    value = exact_value(state, RANDOM)
    assert value is not None
    chances = [value(after(state, move), 1) for move in state.legal_moves()]
    solver = exact_search(4, 4, 8)
    assert len(solver.recent) == 1 and solver.start is None
    reference = MemoSearch(4, 4, 8)
    assert chances == [
        1 - reference.player2_chance(after(state, move)) for move in state.legal_moves()
    ]


def test_a_whole_board_of_4x4_takes_48_bits_and_5x5_is_out_of_reach():
    """4x4: each of 8 pairs has 2 bits of unpicked cells, 2 of uncleared red, 1 open
    and 1 of uncleared green. 5x5: 25 picks, and 25! orders overflow a count."""
    grid = LoadState(LoadRules(4, 4, 8)).board
    assert Frame.of(grid, Pairs.start(grid)).bits == 48
    assert reaches(LoadState(LoadRules(4, 4, 8)))
    assert not reaches(LoadState(LoadRules(5, 5, 8)))


def test_a_position_past_64_bits_is_refused():
    """20x20 with 9 cells left to red and every one of its 200 pairs open: 200 bits of
    open pairs alone."""
    grid = LoadState(LoadRules(20, 20, 8)).board
    unpicked = [2] * 4 + [1] + [0] * 195
    position = pairs(unpicked, [0] * 200, [1] * 200, [0] * 200)
    with pytest.raises(ValueError, match="64-bit"):
        Table.solve(grid, 8, position, RED)


@pytest.mark.slow
def test_sweep_load_exact_solves_a_4x4_board(capsys):
    assert (
        main(["sweep", "load", "--rows", "4", "--cols", "4", "--load", "3", "--exact", "--json"])
        == 0
    )
    found = json.loads(capsys.readouterr().out)
    assert found["perfect_play_winner"] == 1 and 0 < found["player2_chance"] < 0.01
