"""The batched Load playouts (games/load/batch.py) against the engine, game for game: the
same order of cells for player 1, player 2's policy written again here over engine
positions, and the same winner in every game, from the start and from positions played
into."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.depth import cases

from games.load import PASS, LoadRules, LoadState, Pick
from games.load.batch import (
    BLOCKED,
    GREEN,
    GREEN_LEFT,
    GREEN_POLICIES,
    RED,
    RED_LEFT,
    Boards,
    first_unpicked_red,
    geometry,
    lowest_free_after,
    ordered_red,
    pick_red,
    played_out,
    solver_green,
    stages_played,
    weighed_green,
)
from games.load.exact import LoadSolver
from games.load.policies import PLAYERS, random_red


def holds(state: LoadState, move) -> bool:
    after = state.copy()
    after.apply(move)
    return after.winner != 1


def weighed_move(state: LoadState):
    """Pass while that holds the stage, else the pair of highest weight that holds it
    (the lowest of equals), else pass: a pair weighs the cells up to its last that red
    has not picked, less 4 times the uncleared red it leaves, less the free pairs
    (itself too) that a pick of it blocks, plus twice the cells red has not picked from
    the first cell of the lowest pair still free once it is picked."""
    if holds(state, PASS):
        return PASS
    board = state.board
    free = state.legal_pairs()
    red_left = state.red & ~state.red_cleared
    unpicked = ((1 << board.cells) - 1) & ~state.red

    def weight(pair: int) -> int:
        last = min(2 * pair + 1, board.cells - 1)
        clearing = (unpicked & (2 << last) - 1).bit_count()
        left = (red_left & ~board.at_or_above[2 * pair]).bit_count()
        still = [other for other in free if not board.pair_blocks[pair] & board.pair_masks[other]]
        reach = (unpicked & board.at_or_above[2 * still[0]]).bit_count() if still else 0
        return clearing - 4 * left - (len(free) - len(still)) + 2 * reach

    ranked = sorted(free, key=lambda pair: (-weight(pair), pair))
    return next((Pick(2, 2 * pair) for pair in ranked if holds(state, Pick(2, 2 * pair))), PASS)


def solver_move(solver: LoadSolver):
    def move(state: LoadState):
        key = (state.red, state.red_cleared, state.green, state.green_cleared, state.blocked)
        pair = solver.best_green(*key)
        return PASS if pair < 0 else Pick(2, 2 * pair)

    return move


def engine_game(start: LoadState, order: np.ndarray, green) -> LoadState:
    """One game on the engine, player 1 picking the first cell of `order` it has not
    picked."""
    state = start.copy()
    while state.to_move is not None:
        if state.to_move == 1:
            state.apply(Pick(1, next(int(c) for c in order if c in state.red_pool)))
        else:
            state.apply(green(state))
    return state


def engine_planes(state: LoadState) -> dict[int, int]:
    """The engine's masks as the batch keeps them, by plane."""
    return {
        RED: state.red,
        RED_LEFT: state.red & ~state.red_cleared,
        GREEN_LEFT: state.green & ~state.green_cleared,
        GREEN: state.green,
        BLOCKED: state.blocked,
    }


def plane_mask(boards: Boards, plane: int, game: int) -> int:
    """One game's plane as an integer mask, its 64-bit words put together."""
    return sum(int(word) << 64 * k for k, word in enumerate(boards.planes[plane, game]))


def same_ends(start: LoadState, orders: np.ndarray, green, batch_green) -> list[bool]:
    """Each game played both ways, player 1 following its row of `orders` (every cell,
    those it picked before the start among them): the same winner, where green held the
    same board at the end, cell for cell, and where it lost the same stage lost."""
    boards = Boards.of([start]).repeated(len(orders))
    held = played_out(boards, first_unpicked_red(orders), batch_green)
    for game, order in enumerate(orders):
        final = engine_game(start, order, green)
        assert held[game] == (final.winner == 2), game
        if held[game]:
            for plane, mask in engine_planes(final).items():
                assert plane_mask(boards, plane, game) == mask, (game, plane)
        else:
            assert boards.lost_at[game] == final.stage, game
    return held.tolist()


def played_into(rules: LoadRules, stages: int, seed: int) -> LoadState:
    """A position `stages` stages into a game of random red and weighed green (or the
    game's end, if it comes first), with red to move."""
    rng = random.Random(seed)
    state = LoadState(rules)
    while state.to_move is not None and state.stage <= stages:
        state.apply(Pick(1, rng.choice(state.red_pool)))
        state.apply(weighed_move(state))
    return state


BOARDS = [(1, 2, 3), (3, 3, 3), (2, 5, 4), (4, 5, 5), (7, 7, 8), (5, 9, 6)]


@pytest.mark.parametrize("rows, cols, load", BOARDS)
def test_batched_games_end_as_the_engines_do(rows, cols, load):
    rules = LoadRules(rows, cols, load)
    games = cases(2000, 200)
    for stages in (0, rows * cols // 3):
        start = played_into(rules, stages, seed=rows * 100 + cols)
        if start.to_move is None:
            continue
        orders = np.random.default_rng(stages).random((games, rules.rows * rules.cols))
        same_ends(start, orders.argsort(axis=1), weighed_move, weighed_green)


def test_a_large_board_plays_out_alike_too():
    """400 cells: more than the engine's bit masks would fit in a numpy integer."""
    rules = LoadRules(20, 20, 8)
    start = LoadState(rules)
    orders = np.random.default_rng(1).random((4, 400)).argsort(axis=1)
    same_ends(start, orders, weighed_move, weighed_green)


def test_the_exact_searchs_player_2_plays_alike_in_a_batch():
    rules = LoadRules(3, 3, 3)
    solver = LoadSolver(3, 3, 3, whole=True)
    start = LoadState(rules)
    games = cases(2000, 100)
    orders = np.random.default_rng(2).random((games, 9)).argsort(axis=1)
    held = same_ends(start, orders, solver_move(solver), solver_green(solver))
    # and it holds as often as the search says it should, against a random red
    chance = solver.player2_chance(start)
    assert abs(np.mean(held) - chance) < 4 * (chance * (1 - chance) / games) ** 0.5


class Scripted:
    """Stands in for random.Random in the engine's own players, answering from one
    game's keys of a stage: `choice` takes the item of highest key, and `random` gives
    each legal pair in turn one minus its key (so the least is the highest key)."""

    def __init__(self, keys: np.ndarray, pairs: list[int] = ()) -> None:
        self.keys = keys
        self.answers = iter([1.0 - keys[j] for j in pairs])

    def choice(self, items):
        return max(items, key=lambda item: self.keys[item])

    def random(self) -> float:
        return next(self.answers)


class Recorded:
    """The batch's draws, kept a stage at a time for the engine games to replay."""

    def __init__(self, seed: int) -> None:
        self.generator = np.random.default_rng(seed)
        self.green: list[np.ndarray] = []

    def green_keys(self, games: int, pairs: int) -> np.ndarray:
        self.green.append(self.generator.random((games, pairs)))
        return self.green[-1]


SWEPT = [(7, 7, 5), (3, 3, 3), (1, 5, 3), (4, 5, 4), (8, 9, 6)]  # 8x9: two words a board
# The stages player 2 draws keys on: every third one, or every one.
DRAWS_ON = {"every-third-green": lambda stage: stage % 3 == 0, "balanced-green": bool}


@pytest.mark.parametrize("green", sorted(GREEN_POLICIES))
@pytest.mark.parametrize("rows, cols, load", SWEPT)
def test_the_sweeps_batched_players_play_as_the_engines_players(green, rows, cols, load):
    """Every game of the batch and its engine twin, the engine's own random red and
    player 2 answered from the batch's keys: the same winner at the same stage (in CI
    12,500 games for each player 2, 2,500 a board)."""
    rules, games = LoadRules(rows, cols, load), cases(2500, 250)
    draws = Recorded(rows * 100 + cols)
    boards = Boards.of([LoadState(rules)]).repeated(games)
    order = np.argsort(draws.generator.random((games, rows * cols)), axis=1)
    held = played_out(boards, ordered_red(order), GREEN_POLICIES[green](draws.green_keys))
    stages = stages_played(boards)
    lost = boards.lost_at
    for game in range(games):
        state = LoadState(rules)
        while state.to_move is not None:
            if state.to_move == 1:  # the first of the game's cells in order not yet picked
                state.apply(random_red(state, Scripted(-order[game].argsort())))
                continue
            keys = np.zeros(rows * cols)  # none drawn: the player needs none
            if DRAWS_ON[green](state.stage):
                # a row a game still in play: lost games leave the arrays
                playing = (lost == 0) | (lost >= state.stage)
                drawn = sum(map(DRAWS_ON[green], range(1, state.stage)))
                keys = draws.green[drawn][np.count_nonzero(playing[:game])]
            state.apply(PLAYERS[green](state, Scripted(keys, state.legal_pairs())))
        assert (held[game], stages[game]) == (state.winner == 2, state.stage), game


def column(table: np.ndarray) -> list[int]:
    """A one-word board's table as integers, a row each."""
    return [int(row[0]) for row in table]


def test_a_boards_tables_worked_by_hand():
    """2x3: cells 0 1 2 over 3 4 5, pairs (0 1), (2 3), (4 5); the pair tables end with
    the pass's row, which adds nothing and keeps every cell."""
    shape = geometry(2, 3)
    assert column(shape.cell_bit) == [1, 2, 4, 8, 16, 32]
    assert column(shape.below_pair_of_cell) == [0, 0, 0b11, 0b11, 0b1111, 0b1111]
    assert column(shape.pair_bits) == [0b11, 0b1100, 0b110000, 0]
    # pair (0 1) touches 2 (right of 1), 3 (below 0) and 4 (below 1)
    assert column(shape.pair_blocks) == [0b11111, 0b111111, 0b111110, 0]
    assert column(shape.below_pair) == [0, 0b11, 0b1111, 0b111111]
    assert column(shape.above_pair) == [0b111100, 0b110000, 0]


def test_cell_64_starts_the_second_word():
    """5x13, 65 cells: two words a board, the lone final cell 64 alone in the second."""
    shape = geometry(5, 13)
    assert shape.cell_bit.shape == (65, 2)
    assert shape.cell_bit[64].tolist() == [0, 1] and shape.cell_bit[63].tolist() == [1 << 63, 0]
    assert shape.pair_bits[32].tolist() == [0, 1]  # the lone pair, cell 64
    assert shape.size[32] == 1 and shape.pairs == 33
    boards = Boards.of([LoadState(LoadRules(5, 13, 5))])
    pick_red(boards, np.array([64]))
    assert boards.cells(RED).nonzero()[1].tolist() == [64]
    assert boards.uncleared()[0].tolist() == [1]


def test_the_counts_below_each_pair_worked_by_hand():
    """3x3: pairs (0, 1), (2, 3), (4, 5), (6, 7) and the lone cell 8. Red on cells 0, 3
    and 8: below each pair's first cell, then on the whole board, 0, 1, 2, 2, 2 and 3
    red cells, and 0, 1, 2, 4, 6 and 6 cells without."""
    boards = Boards.of([LoadState(LoadRules(3, 3, 3))])
    pick_red(boards, np.array([0]))
    pick_red(boards, np.array([3]))
    pick_red(boards, np.array([8]))
    assert boards.counts_below(RED).tolist() == [[0, 1, 2, 2, 2, 3]]
    assert boards.counts_below(RED, unset=True).tolist() == [[0, 1, 2, 4, 6, 6]]


@given(
    shape=st.sampled_from([(1, 2), (3, 3), (2, 5), (4, 5), (7, 7), (3, 9), (20, 20)]),
    seed=st.integers(0, 2**32 - 1),
    share=st.floats(0, 1),
)
def test_the_lowest_pair_free_after_each_pick_is_what_a_search_of_every_pair_finds(
    shape, seed, share
):
    """For weighed green: after a pick of pair p, the lowest pair q still free, one that
    neither p's pick nor an earlier one blocks (the number of pairs where none is)."""
    grid = geometry(*shape)
    rng = np.random.default_rng(seed)
    free = rng.random((5, grid.pairs)) < share
    board = LoadState(LoadRules(*shape, 3)).board
    found = lowest_free_after(free, grid)
    for game, row in enumerate(free):
        for pair in range(grid.pairs):
            still = [
                other
                for other in range(grid.pairs)
                if row[other] and not board.pair_blocks[pair] & board.pair_masks[other]
            ]
            assert found[game, pair] == (still[0] if still else grid.pairs), (game, pair)
