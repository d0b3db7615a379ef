"""Every move of a game judged: the mover's chance to win before and after it, the best
moves, and a glyph.

Where a game can be solved (Odds and Evens always; Load on boards of at most 12 cells
whose Load never moves) the chances are exact: 1 or 0 with perfect play on every side.
Elsewhere they are Monte Carlo estimates with a standard error: from the position, each
side plays a stated policy to the end (Load: the game's automatic players, random red
against SPEC 3.3's player 2; Even Odds: every seat random, each playout dealing the
mover a hand it could hold, since a seat never sees its own numbers).

Pure: the command line spreads the turns over processes.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from games import REGISTRY
from games.base import AnyGame, State, StateT
from games.history import History
from games.load import LoadState, SetLoad
from games.load.sweep import LoadSolver
from games.loops import LoopsState
from games.loops.solver import solver
from games.tiles import CHANCE, Play, TilesState
from games.tiles.ai import SeatView, random_player
from games.tiles.search import determinized

# Playouts a position where chances are estimated, by game: an Even Odds playout runs to
# the end of three rounds and costs some 40 times a Load one.
DEFAULT_TRIALS = {"load": 96, "tiles": 32}
BLUNDER, MISTAKE, INACCURACY = 0.30, 0.20, 0.10
# Load is solved exactly up to 10 cells: 130,000 positions and a second at 9 cells, but
# over four million positions, a minute or two and gigabytes at 12 (docs/analysis.md).
EXACT_LOAD_CELLS = 10
GLYPH_NAMES = {"??": "blunder", "?": "mistake", "?!": "inaccuracy", "!": "only move"}
SUMMARY = (
    ("?!", "inaccuracy", "inaccuracies"),
    ("?", "mistake", "mistakes"),
    ("??", "blunder", "blunders"),
)


@dataclass(frozen=True)
class Judgement:
    """One turn judged. `index` is the move's place among the recording's moves; `turn`
    its number as "Turn K of N" counts (1 for the first move)."""

    index: int
    turn: int
    player: int
    exact: bool
    before: float  # the mover's chance to win before the move
    after: float  # ... and after it
    error: float  # the standard error of `before - after` (0 when exact)
    best: tuple[Any, ...]  # the best moves (for Even Odds, one tile of each best colour)
    glyph: str
    chances: tuple[float, ...]  # every seat's chance after the move, first seat first
    chances_before: tuple[float, ...]  # ... and before it


def exact_glyph(before: float, after: float, keepers: int, legal: int) -> str:
    """`??` when a won position is thrown away; `!` when the move was the only one of two
    or more that keeps the win."""
    if before == 1 and after == 0:
        return "??"
    if before == 1 and after == 1 and keepers == 1 and legal >= 2:
        return "!"
    return ""


def estimate_glyph(drop: float, error: float) -> str:
    """By how far the mover's chance fell, when the fall is more than twice its error."""
    if drop <= 2 * error:
        return ""
    for limit, glyph in ((BLUNDER, "??"), (MISTAKE, "?"), (INACCURACY, "?!")):
        if drop >= limit:
            return glyph
    return ""


# --- how each game is valued ------------------------------------------------------------


def loops_value(state: LoopsState, player: int) -> float:
    """Odds and Evens, solved: 1 if `player` wins with perfect play, else 0."""
    if state.to_move is None:
        return float(state.winner == player)
    wins = solver(state.rules.capacity).wins(solver(state.rules.capacity).key(state))
    return float(wins == (state.to_move == player))


def load_solver(state: LoadState, moves: Sequence[Any]) -> LoadSolver | None:
    """The exact search for this game, if it has one: a small board, the Load never moved."""
    rules = state.rules
    if rules.rows * rules.cols > EXACT_LOAD_CELLS or any(isinstance(m, SetLoad) for m in moves):
        return None
    return _load_search(rules.rows, rules.cols, rules.load)


@cache
def _load_search(rows: int, cols: int, load: int) -> LoadSolver:
    return LoadSolver(rows, cols, load)


def playout(game: AnyGame, state: State, player: int, rng: random.Random) -> list[float]:
    """One game played out from `state` by the stated policies, as `player` could imagine
    it: each seat's share of the win (1, or 1/k of a win shared by k seats, or 0)."""
    if isinstance(state, TilesState):
        state = determinized(state, SeatView.of(state, player), rng)
        policy: Callable[[Any, random.Random], Any] = _tiles_policy
    else:
        state = state.copy()
        policy = game.auto_move
    while state.to_move is not None:
        state.apply(policy(state, rng))
    return shares(game, state)


def option_playout(
    game: AnyGame, state: State, option: Any, player: int, rng: random.Random
) -> list[float]:
    """One playout of `player` taking `option` now. In Even Odds the hand is dealt again
    first, as the mover imagines it, and a tile of the option's colour is played from
    that hand: which of its tiles it really holds, the mover cannot know."""
    if isinstance(state, TilesState):
        state = determinized(state, SeatView.of(state, player), rng)
        if isinstance(option, Play):
            held = [t for t in state.hands[player] if same_option(Play(player, t), option)]
            option = Play(player, rng.choice(held))
    else:
        state = state.copy()
    state.apply(option)
    return playout(game, state, player, rng)


def _tiles_policy(state: TilesState, rng: random.Random) -> Any:
    return (
        REGISTRY["tiles"].auto_move(state, rng)
        if state.to_move == CHANCE
        else random_player(state, rng)
    )


def seats(game: AnyGame, state: State) -> range:
    return range(game.first_seat, game.first_seat + game.seats(state.rules))


def shares(game: AnyGame, state: State) -> list[float]:
    """Each seat's share of the win of a finished game."""
    result = state.result()
    assert result is not None  # a playout runs to the end
    winners = result.get("winners", [result["winner"]])
    return [1 / len(winners) if seat in winners else 0.0 for seat in seats(game, state)]


def estimate(
    game: AnyGame, state: State, player: int, trials: int, seed: Hashable
) -> tuple[list[float], list[float]]:
    """Each seat's mean share of the win over `trials` playouts as `player` imagines
    them, and the standard error of each mean."""
    rng = random.Random(str(seed))
    found = [playout(game, state, player, rng) for _ in range(trials)]
    means = [sum(column) / trials for column in zip(*found, strict=True)]
    errors = [
        math.sqrt(sum((x - mean) ** 2 for x in column) / max(1, trials - 1) / trials)
        for column, mean in zip(zip(*found, strict=True), means, strict=True)
    ]
    return means, errors


# --- judging ------------------------------------------------------------------------------


def judged_indices(history: History[Any]) -> list[int]:
    """The moves a player chose: turns, but not deals or Load changes."""
    return [
        index
        for index in range(len(history))
        if history.is_turn(index) and history.before(index).to_move not in (None, CHANCE)
    ]


def after(state: StateT, move: Any) -> StateT:
    """The position `move` leaves, `state` itself unchanged."""
    position = state.copy()
    position.apply(move)
    return position


def options(state: State) -> list[Any]:
    """The choices the mover tells apart: in Even Odds a colour to play, not a tile (a seat
    cannot tell its own tiles of one colour apart); elsewhere every legal move."""
    legal = state.legal_moves()
    if isinstance(state, TilesState):
        by_color = {move.tile // 10: move for move in legal if isinstance(move, Play)}
        return list(by_color.values()) + [m for m in legal if not isinstance(m, Play)]
    return legal


def same_option(a: Any, b: Any) -> bool:
    if isinstance(a, Play) and isinstance(b, Play):
        return a.tile // 10 == b.tile // 10
    return bool(a == b)


def judge(
    game: AnyGame, rules: Any, moves: Sequence[Any], index: int, trials: int, seed: int
) -> Judgement:
    """The judgement of move `index` of a game played from its start."""
    history = History(game.new_state(rules), moves[: index + 1])
    state = history.before(index)
    move = moves[index]
    player = state.to_move
    assert player is not None
    choices = options(state)
    value = _exact_value(state, moves)

    mine = player - game.first_seat
    if value is not None:
        values = [value(after(state, choice), player) for choice in choices]
        before, played = max(values), value(history.state, player)
        best = tuple(c for c, v in zip(choices, values, strict=True) if v == before)
        glyph = exact_glyph(before, played, len(best), len(choices))
        chances = tuple(value(history.state, seat) for seat in seats(game, state))
        then = tuple(value(state, seat) for seat in seats(game, state))
        return Judgement(
            index, history.turns, player, True, before, played, 0.0, best, glyph, chances, then
        )
    ahead, ahead_error = estimate(game, state, player, trials, (seed, index, "before"))
    now, now_error = estimate(game, history.state, player, trials, (seed, index, "after"))
    screen = max(8, trials // 8)  # the other options: a coarser look is enough to rank them
    rng = random.Random(str((seed, index, "options")))
    scores = [
        now[mine]
        if same_option(choice, move)
        else sum(option_playout(game, state, choice, player, rng)[mine] for _ in range(screen))
        / screen
        for choice in choices
    ]
    best = tuple(c for c, score in zip(choices, scores, strict=True) if score == max(scores))
    error = math.hypot(ahead_error[mine], now_error[mine])
    # A fall in the mover's chance is the move's fault only if another option did better:
    # a forced move, or the best one, can only reveal bad luck.
    outdone = not any(same_option(choice, move) for choice in best)
    glyph = estimate_glyph(ahead[mine] - now[mine], error) if outdone else ""
    return Judgement(
        index,
        history.turns,
        player,
        False,
        ahead[mine],
        now[mine],
        error,
        best,
        glyph,
        tuple(now),
        tuple(ahead),
    )


def solvable(start: State, moves: Sequence[Any]) -> bool:
    """Whether this game's chances are exact (else they are estimated)."""
    return _exact_value(start, moves) is not None


def _exact_value(state: State, moves: Sequence[Any]) -> Callable[[Any, int], float] | None:
    if isinstance(state, LoopsState):
        return loops_value
    if isinstance(state, LoadState):
        search = load_solver(state, moves)
        if search is not None:
            return lambda position, player: float(search.player2_wins(position) == (player == 2))
    return None


def hint(
    game: AnyGame, state: State, moves: Sequence[Any], budget_s: float, rng: random.Random
) -> tuple[Any, ...]:
    """The best moves for the side to move, as the analysis judges them: exactly where
    the game is solved, else the options that scored best in as many rounds of playouts
    (one an option) as `budget_s` seconds allow, and at least one."""
    player = state.to_move
    assert player is not None  # a hint is for a game that goes on
    choices = options(state)
    value = _exact_value(state, moves)
    if value is not None:
        scores = [value(after(state, choice), player) for choice in choices]
    else:
        mine = player - game.first_seat
        scores = [0.0] * len(choices)
        deadline = time.monotonic() + budget_s
        while True:
            for n, choice in enumerate(choices):
                scores[n] += option_playout(game, state, choice, player, rng)[mine]
            if time.monotonic() >= deadline:
                break
    return tuple(c for c, score in zip(choices, scores, strict=True) if score == max(scores))


def judge_by_id(
    game_id: str, rules: Any, moves: Sequence[Any], index: int, trials: int, seed: int
) -> Judgement:
    """`judge` for a worker process, which is handed the game by its id."""
    return judge(REGISTRY[game_id], rules, moves, index, trials, seed)


def judge_game(
    game: AnyGame, rules: Any, moves: Sequence[Any], seed: int, stop: Callable[[], bool]
) -> list[Judgement]:
    """Every move a player chose, judged in turn with the default trials, in this thread;
    what is judged when `stop()` turns true is what comes back."""
    history = History(game.new_state(rules), moves)
    trials = DEFAULT_TRIALS.get(game.id, 1)
    found = []
    for index in judged_indices(history):
        if stop():
            break
        found.append(judge(game, rules, moves, index, trials, seed))
    return found


def summary(
    judgements: Sequence[Judgement], name: Callable[[int], str] = "Player {}".format
) -> list[str]:
    """A line per player (called `name(player)`): moves judged, and how many of each
    kind of error."""
    lines = []
    for player in sorted({j.player for j in judgements}):
        mine = [j for j in judgements if j.player == player]
        counts = [counted(len(mine), "move", "moves")]
        counts += [
            counted(sum(j.glyph == glyph for j in mine), one, many) for glyph, one, many in SUMMARY
        ]
        lines.append(f"{name(player)}: {', '.join(counts)}")
    return lines


def counted(count: int, one: str, many: str) -> str:
    """ "1 blunder", "2 blunders", "0 blunders"."""
    return f"{count} {one if count == 1 else many}"
