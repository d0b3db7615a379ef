"""Many Load games played on at once in numpy arrays, for the sweeps and the analysis's
estimates.

Player 1 picks uniformly at random: each game follows a random order of the cells,
taking the first it has not picked, so games handed the same order (one trial, played
after different options) pick alike wherever their boards allow.
Player 2 plays a `GreenPolicy`. The rules are the engine's (games/load/engine.py),
tested against it game for game.

A board is bit-packed as the engine's masks are, in 64-bit words: bit c of word
c // 64 is cell c, so a 7x7 board is one word a game and a 20x20 board seven. A turn
is then a few operations on a word or so a game, with the masks each pick needs
looked up in tables of the board made once; counting fills is a popcount.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from games.load.codes import Pairs
from games.load.engine import LoadState, board
from games.load.exact import LoadSolver

Flags = npt.NDArray[np.bool_]
Ints = npt.NDArray[np.int64]
Counts = npt.NDArray[np.int16]  # fills: at most 400, and narrow arrays are quick
Words = npt.NDArray[np.uint64]  # bit masks, the last axis their 64-bit words
Choices = Ints
PASS_CHOICE = -1
WORD_BITS = 64
WHOLE_WORD = (1 << WORD_BITS) - 1

RED, RED_LEFT, GREEN_LEFT, GREEN, BLOCKED = range(5)
"""The planes of `Boards.planes`: red's picks, those uncleared, green's uncleared, all of
green's, the cells no new green pair may touch. The two a pick adds to lie side by
side, as do the two counted at the end of a stage."""


def as_words(masks: Sequence[int], words: int) -> Words:
    """Bit masks as rows of 64-bit words, the lowest first."""
    rows = [[mask >> (WORD_BITS * k) & WHOLE_WORD for k in range(words)] for mask in masks]
    return np.array(rows, np.uint64).reshape(len(masks), words)


@dataclass(frozen=True)
class Geometry:
    """A board's masks in words, a row a cell or a pair, made once: each pick then looks
    its masks up. The pair tables end with a row for a pass, which `PASS_CHOICE` (-1)
    looks up: it adds nothing and clears nothing."""

    cells: int
    pairs: int
    size: Counts  # the cells of each pair (1 for a lone final cell)
    cell_bit: Words  # [cell]: the cell
    below_pair_of_cell: Words  # [cell]: the cells below its pair, the green a red pick keeps
    pair_bits: Words  # [pair or pass]: the pair's cells
    pair_blocks: Words  # [pair or pass]: ... and their neighbours
    below_pair: Words  # [pair or pass]: the cells below the pair, the red a green pick keeps
    above_pair: Words  # [pair]: the cells above the pair's last
    first_cell: Ints  # [pair, then none]: the pair's first cell (none: `cells`)
    last_cell: Ints  # [pair]: the pair's last cell
    blocked_by_pair: Choices  # [pair, then none; k]: the pairs a pick of pair blocks, then `pairs`
    pair_blocks_pair: Flags  # [other, pair], each then none: where a pick of pair blocks other
    most_blocked: int  # the most pairs a pick blocks (itself among them)

    @property
    def pair_table(self) -> Words:
        """The pairs' cells without the pass."""
        return self.pair_bits[:-1]


@cache
def geometry(rows: int, cols: int) -> Geometry:
    grid = board(rows, cols)
    words = -(-grid.cells // WORD_BITS)
    every = (1 << grid.cells) - 1
    firsts = range(0, grid.cells, 2)
    lasts = [min(low + 1, grid.cells - 1) for low in firsts]
    blocking = np.array(
        [[bool(blocks & pair) for pair in grid.pair_masks] for blocks in grid.pair_blocks]
    )
    return Geometry(
        grid.cells,
        len(firsts),
        np.array([mask.bit_count() for mask in grid.pair_masks], np.int16),
        as_words([1 << c for c in range(grid.cells)], words),
        as_words([(1 << (c & ~1)) - 1 for c in range(grid.cells)], words),
        as_words([*grid.pair_masks, 0], words),
        as_words([*grid.pair_blocks, 0], words),
        as_words([*((1 << low) - 1 for low in firsts), every], words),
        as_words([every & ~((2 << last) - 1) for last in lasts], words),
        np.array([*firsts, grid.cells], np.int64),
        np.array(lasts, np.int64),
        _padded_rows(np.pad(blocking, ((0, 1), (0, 0))), len(firsts)),
        np.pad(blocking, ((0, 1), (0, 1))),
        int(blocking.sum(axis=1).max()),
    )


def _padded_rows(table: npt.NDArray[np.bool_], pad: int) -> Choices:
    """[row, k]: the columns where each row of `table` is set, the rest `pad`."""
    width = int(table.sum(axis=1).max())
    rows: Choices = np.full((len(table), width), pad, np.int64)
    for row, columns in enumerate(table):
        found = np.flatnonzero(columns)
        rows[row, : len(found)] = found
    return rows


def popcount(words: Words) -> Counts:
    """The bits set in each mask (over the last axis)."""
    counts: Counts = np.bitwise_count(words[..., 0]).astype(np.int16)
    for word in range(1, words.shape[-1]):
        counts += np.bitwise_count(words[..., word])
    return counts


def per_mask(words: Words, table: Words) -> Counts:
    """[game, row of table]: the bits each game's mask shares with each of the table's,
    a word at a time (numpy is slow over a last axis of a word or two)."""
    counts: Counts = np.bitwise_count(words[:, None, 0] & table[:, 0]).astype(np.int16)
    for word in range(1, words.shape[-1]):
        counts += np.bitwise_count(words[:, None, word] & table[:, word])
    return counts


def meets(words: Words, table: Words) -> Flags:
    """[game, row of table]: whether each game's mask shares a bit with each of the
    table's (without counting them)."""
    touching: Flags = (words[:, None, 0] & table[:, 0]) != 0
    for word in range(1, words.shape[-1]):
        touching |= (words[:, None, word] & table[:, word]) != 0
    return touching


@dataclass
class Boards:
    """Games in play, one row each, all at the same stage with the same side to move."""

    shape: Geometry
    load: int
    stage: int
    red_to_move: bool
    planes: Words  # [plane (RED ... BLOCKED), game, word]
    alive: Flags  # not yet lost by player 2
    lost_at: Ints  # the stage a game was lost at (0 while it is not)

    @classmethod
    def of(cls, states: list[LoadState]) -> Boards:
        """The games of engine positions, which must be at one stage, one side to move."""
        first = states[0]
        shape = geometry(first.rules.rows, first.rules.cols)
        words = shape.cell_bit.shape[1]
        planes = [
            as_words([state.red for state in states], words),
            as_words([state.red ^ state.red_cleared for state in states], words),
            as_words([state.green ^ state.green_cleared for state in states], words),
            as_words([state.green for state in states], words),
            as_words([state.blocked for state in states], words),
        ]
        return cls(
            shape,
            first.pending_load,
            first.stage,
            first.to_move == 1,
            np.stack(planes),
            np.array([state.winner != 1 for state in states]),
            np.array([state.stage if state.winner == 1 else 0 for state in states], np.int64),
        )

    def repeated(self, times: int) -> Boards:
        """Each game `times` over, in a row."""
        return self.taken(np.arange(len(self.alive)).repeat(times))

    def taken(self, games: Choices) -> Boards:
        """These games (row numbers), in this order."""
        return Boards(
            self.shape,
            self.load,
            self.stage,
            self.red_to_move,
            self.planes.take(games, axis=1),
            self.alive.take(games),
            self.lost_at.take(games),
        )

    def put(self, games: Choices, played: Boards) -> None:
        """The rows `games` become `played`'s games, which are at its stage."""
        self.stage, self.red_to_move = played.stage, played.red_to_move
        self.planes[:, games] = played.planes
        self.alive[games] = played.alive
        self.lost_at[games] = played.lost_at

    def cells(self, plane: int) -> Flags:
        """[game, cell]: a plane as a boolean a cell."""
        octets = self.planes[plane].astype("<u8", copy=False).view(np.uint8)
        bits = np.unpackbits(octets, axis=1, count=self.shape.cells, bitorder="little")
        flags: Flags = bits.view(np.bool_)
        return flags

    def free_pairs(self) -> Flags:
        """[game, pair]: the pairs player 2 may still pick (neither cell blocked)."""
        blocked = self.cells(BLOCKED)
        free: Flags = ~(blocked[:, self.shape.first_cell[:-1]] | blocked[:, self.shape.last_cell])
        return free

    def counts_below(self, plane: int, unset: bool = False) -> Counts:
        """[game, pair, then the board's end]: the cells below each pair's first that are
        set in a plane (or not set). A pair's masks below, up to or from a pair are runs
        of cells that start and end at pairs, so a count of one is a difference of two of
        these: a game's cells once, not each pair's masks over every word of the board,
        and summed a pair at a time, half as many sums as cells."""
        cells = self.cells(plane)
        flags = (~cells if unset else cells).view(np.uint8)
        by_pair = flags[:, 0::2].copy()  # a lone final cell is a pair of one
        by_pair[:, : flags.shape[1] // 2] += flags[:, 1::2]
        counts: Counts = np.zeros((len(flags), self.shape.pairs + 1), np.int16)
        np.cumsum(by_pair, axis=1, dtype=np.int16, out=counts[:, 1:])
        return counts

    def red_left_by_pairs(self) -> Counts:
        """[game, pair]: the uncleared red a pick of each pair leaves, the red in the
        cells below its first (a pair clears every red from its first cell up)."""
        below: Counts = self.counts_below(RED_LEFT)[:, :-1]
        return below

    def uncleared(self) -> tuple[Counts, Counts]:
        """Each game's uncleared red and green fills."""
        red, green = popcount(self.planes[RED_LEFT : GREEN_LEFT + 1])
        return red, green

    def pairs(self) -> Pairs:
        """The games as the exact search tells positions, pair by pair."""
        table = self.shape.pair_table
        return Pairs(
            per_mask(~self.planes[RED], table).astype(np.int64),
            per_mask(self.planes[RED_LEFT], table).astype(np.int64),
            (~meets(self.planes[BLOCKED], table)).astype(np.int64),
            meets(self.planes[GREEN_LEFT], table).astype(np.int64),
        )


GreenPolicy = Callable[[Boards], Choices]
"""Player 2's choice in each game: a pair's number, or PASS_CHOICE."""


def weighed_green(boards: Boards) -> Choices:
    """Pass while passing holds the stage; else, of the pairs that hold it, the one of
    highest weight (the lowest of equals); else pass, and lose. A pair weighs

        the cells up to its last that red has not picked (each a pick of red's that
        would clear it: a green fill left uncleared counts against green)
        - 4 x the uncleared red it leaves
        - the free pairs it blocks (itself among them)
        + 2 x the cells red has not picked from the first cell of the lowest pair
          still free once it is picked (the red to come that a later pick could
          still clear).

    Measured against the exact search and simpler players in docs/analysis.md."""
    shape, load = boards.shape, boards.load
    red_left, green_left = boards.uncleared()
    choices = np.full(len(red_left), PASS_CHOICE, np.int64)
    picking = np.flatnonzero((red_left > load) | (green_left > load))  # passing would lose
    if not len(picking):
        return choices
    boards = boards.taken(picking)
    free = boards.free_pairs()
    left = boards.red_left_by_pairs()
    holds = free & (left <= load) & (green_left[picking, None] + shape.size <= load)
    unpicked = boards.counts_below(RED, unset=True)
    clearing = unpicked[:, 1:]  # up to each pair's last cell
    # The free pairs each pick blocks, counted from a short list a pair rather than
    # multiplied by the whole [pair, pair] table: multithreaded BLAS spent three times
    # the CPU of the rest on a 10x10 board, more on a busy machine.
    blocked = np.pad(free, ((0, 0), (0, 1)))[:, shape.blocked_by_pair[:-1]]
    blocking = blocked.sum(axis=2, dtype=np.int16)
    games = np.arange(len(free))[:, None]
    reach = unpicked[:, -1:] - unpicked[games, lowest_free_after(free, shape)]
    weight = clearing - 4 * left - blocking + 2 * reach
    weight = np.where(holds, weight, np.iinfo(np.int16).min)
    choices[picking] = np.where(holds.any(axis=1), weight.argmax(axis=1), PASS_CHOICE)
    return choices


def lowest_free_after(free: Flags, shape: Geometry) -> Choices:
    """[game, pair]: the lowest pair still free once that pair is picked (the number of
    pairs where none is). That is each game's lowest free pair, except after a pick of
    one of the few pairs that block it; after those, the first of its lowest free pairs
    (as many as a pick blocks and one more) that the pick does not block."""
    lowest = lowest_free(free, shape.most_blocked + 1)
    games = np.arange(len(free))[:, None]
    found = np.repeat(lowest[:, :1], shape.pairs + 1, axis=1)  # and a column for `pairs`
    pickers = shape.blocked_by_pair[lowest[:, 0]]  # [game, k], padded with `pairs`
    blocks = shape.pair_blocks_pair[lowest[:, None, :], pickers[:, :, None]]
    found[games, pickers] = lowest[games, (~blocks).argmax(axis=2)]  # `pairs` blocks none
    return found[:, :-1]


def lowest_free(free: Flags, count: int) -> Choices:
    """[game, k]: each game's `count` lowest free pairs, in order, then the number of
    pairs where it has fewer: the first free pair, `count` times over, each found then
    taken away (a search for the first set flag stops there; a running count of every
    row does not)."""
    left, games = free.copy(), np.arange(len(free))
    lowest: Choices = np.empty((len(free), count), np.int64)
    for k in range(count):
        first = left.argmax(axis=1)
        lowest[:, k] = np.where(left[games, first], first, free.shape[1])
        left[games, first] = False
    return lowest


def solver_green(solver: LoadSolver) -> GreenPolicy:
    """Player 2's best move by the exact search, game by game (for boards it reaches);
    in a game already lost it passes."""

    def choose(boards: Boards) -> Choices:
        choices = np.full(len(boards.alive), PASS_CHOICE, np.int64)
        on = np.flatnonzero(boards.alive)
        if len(on):
            choices[on] = solver.best_greens(boards.taken(on).pairs())
        return choices

    return choose


def pick_red(boards: Boards, picked: Choices) -> None:
    """Each game's player 1 picks its cell: it clears the green of its pair and above."""
    shape, planes = boards.shape, boards.planes
    planes[RED : RED_LEFT + 1] |= shape.cell_bit.take(picked, axis=0)
    planes[GREEN_LEFT] &= shape.below_pair_of_cell.take(picked, axis=0)
    boards.red_to_move = False


def play_green(boards: Boards, choices: Choices) -> None:
    """Each game's player 2 takes its choice (a pass looks up masks that change
    nothing), clearing the red of its pair and above, and the stage ends."""
    shape, planes = boards.shape, boards.planes
    planes[GREEN_LEFT : GREEN + 1] |= shape.pair_bits.take(choices, axis=0)
    planes[BLOCKED] |= shape.pair_blocks.take(choices, axis=0)
    planes[RED_LEFT] &= shape.below_pair.take(choices, axis=0)
    held = (popcount(planes[RED_LEFT : GREEN_LEFT + 1]) <= boards.load).all(axis=0)
    boards.lost_at[boards.alive & ~held] = boards.stage
    boards.alive &= held
    boards.stage += 1
    boards.red_to_move = True


Keys = npt.NDArray[np.float64]
Draw = Callable[[int, int], Keys]
"""Random keys in [0, 1) for (games, columns): a row a game."""


RedPolicy = Callable[[Boards, int, Choices], Choices]
"""Player 1's s-th pick from here in each game still in play (given as the row numbers
they had when play began)."""


def first_unpicked_red(order: Choices) -> RedPolicy:
    """Player 1 picks the first cell of its trial's row of `order` that it has not
    picked (game g is trial g % len(order)). With a random order of the cells for each
    trial, that is uniformly at random among its unpicked cells, and games of one trial
    played after different options pick alike wherever their boards allow. The order is
    drawn once, not keys for every cell at every pick: red's picks never depend on
    green's, and most playouts end long before the order does."""
    trials, passed = len(order), np.zeros(0, np.int64)  # [game]: cells of its row passed

    def pick(boards: Boards, _picks: int, games: Choices) -> Choices:
        nonlocal passed
        if not len(passed):
            passed = np.zeros(int(games.max()) + 1, np.int64)
        rows = games % trials
        while True:
            chosen: Choices = order[rows, passed[games]]
            held = has_cell(boards.planes[RED], chosen)
            if not held.any():
                break
            passed[games[held]] += 1  # a cell it picked as the option judged
        passed[games] += 1
        return chosen

    return pick


def has_cell(words: Words, cells: Choices) -> Flags:
    """[game]: whether each game's mask holds its cell, read from the one word it lies
    in."""
    word = np.take_along_axis(words, (cells // WORD_BITS)[:, None], axis=1)[:, 0]
    held: Flags = (word >> (cells % WORD_BITS).astype(np.uint64)) & np.uint64(1) != 0
    return held


def ordered_red(order: Choices) -> RedPolicy:
    """Player 1 picks the cells of a game's row of `order` one after the other: with a
    random order for each game, uniformly at random among the cells not yet picked, for
    games that start with no red picked."""

    def pick(_boards: Boards, picks: int, games: Choices) -> Choices:
        chosen: Choices = order[games, picks]
        return chosen

    return pick


def played_out(boards: Boards, red: RedPolicy, green: GreenPolicy) -> Flags:
    """Whether player 2 holds every stage in each game, player 1 playing `red` and player 2
    `green`. A game lost leaves the arrays at once (most games end long before the
    last stage); the games still held are
    played to their end in `boards`, a lost game's row keeps its `lost_at`."""
    live = np.flatnonzero(boards.alive)
    playing, picks = boards.taken(live), 0
    while playing.stage <= playing.shape.cells and len(live):
        if playing.red_to_move:
            pick_red(playing, red(playing, picks, live))
            picks += 1
        play_green(playing, green(playing))
        if not playing.alive.all():
            lost = ~playing.alive
            boards.alive[live[lost]] = False
            boards.lost_at[live[lost]] = playing.lost_at[lost]
            kept = np.flatnonzero(playing.alive)
            live, playing = live[kept], playing.taken(kept)
    boards.put(live, playing)
    alive: Flags = boards.alive
    return alive


def stages_played(boards: Boards) -> Choices:
    """The stage each game ended at, played out: the stage it was lost at, or the last."""
    ended: Choices = np.where(boards.alive, boards.shape.cells, boards.lost_at)
    return ended


def every_third_green(draw: Draw) -> GreenPolicy:
    """The automatic player 2 of docs/rules.md 3.3, as `every_third_stage_green` of policies.py: on
    stages divisible by 3, the free pair of highest key among those wholly below the
    top uncleared red, those with uncleared red above their last cell (keys drawn on
    those stages alone); else, or with none, pass."""

    def choose(boards: Boards) -> Choices:
        shape = boards.shape
        if boards.stage % 3:
            return np.full(len(boards.alive), PASS_CHOICE)
        keys = draw(len(boards.alive), shape.pairs)
        allowed = boards.free_pairs() & meets(boards.planes[RED_LEFT], shape.above_pair)
        keyed = np.where(allowed, keys, -1.0)
        return np.where(allowed.any(axis=1), keyed.argmax(axis=1), PASS_CHOICE)

    return choose


def balanced_green(draw: Draw) -> GreenPolicy:
    """`balanced_green` of policies.py: of passing and every free pair, the move that
    leaves the larger of the uncleared counts smallest, then the two closest, then
    clears the most red; ties to passing, else to the pair of highest key."""

    def choose(boards: Boards) -> Choices:
        shape = boards.shape
        keys = draw(len(boards.alive), shape.pairs)
        red_left, green_left = boards.uncleared()
        after = green_left[:, None] + shape.size
        pair_key = balance(boards.red_left_by_pairs(), after, shape.cells)
        pair_key = np.where(boards.free_pairs(), pair_key, np.iinfo(np.int32).max)
        least = pair_key.min(axis=1)  # the largest int32 where no pair is free: a pass
        tied = pair_key == least[:, None]
        pick = np.where(tied, keys, -1.0).argmax(axis=1)
        return np.where(least < balance(red_left, green_left, shape.cells), pick, PASS_CHOICE)

    return choose


def balance(red: Counts, green: Counts, cells: int) -> npt.NDArray[np.int32]:
    """A move's order for `balanced_green` from the uncleared counts it leaves, the
    lower the better: the larger count, then the smaller one, the higher the better (the
    two closest), then the red (the most cleared)."""
    scale = cells + 3  # above any count: the parts never mix
    larger = np.maximum(red, green)
    key = np.multiply(larger, scale, dtype=np.int32) - np.minimum(red, green)
    key *= scale
    key += red
    return key


GREEN_POLICIES: dict[str, Callable[[Draw], GreenPolicy]] = {
    "every-third-green": every_third_green,
    "balanced-green": balanced_green,
}
"""The automatic players 2 of policies.py, by the names `--by` gives them."""
