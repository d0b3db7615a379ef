"""Every move of a game judged: the mover's chance to win before and after it, the best
moves, and a glyph.

Written once for every game: how a game is valued comes from its kit's `Judging`
(games/kit.py). Where a game is solved the chances are exact, 1 or 0 with perfect play
on every side; elsewhere they are Monte Carlo estimates with a standard error, each
seat playing the kit's playout policy to the end from the position as the mover could
imagine it. docs/analysis.md says what each game's figures mean.

Pure: the command line spreads the turns over processes.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from games import KITS, REGISTRY
from games.base import AnyGame, State, StateT
from games.history import History
from games.kit import Judging, playout_policy

BLUNDER, MISTAKE, INACCURACY = 0.30, 0.20, 0.10
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


# --- how each game is valued (its kit's Judging) ----------------------------------------


def judging(game: AnyGame) -> Judging:
    return KITS[game.id].judging


def playout(game: AnyGame, state: State, player: int, rng: random.Random) -> list[float]:
    """One game played out from `state` by the stated policies, as `player` could imagine
    it: each seat's share of the win (1, or 1/k of a win shared by k seats, or 0)."""
    return _played_out(game, judging(game).view(state, player, rng), rng)


def _played_out(game: AnyGame, state: State, rng: random.Random) -> list[float]:
    policy = playout_policy(KITS[game.id])
    while state.to_move is not None:
        state.apply(policy(state, rng))
    return shares(game, state)


def option_playout(
    game: AnyGame, state: State, option: Any, player: int, rng: random.Random
) -> list[float]:
    """One playout of `player` taking `option` now, in the position as it imagines it
    (in a game of hidden information, its option made a move of the imagined hand)."""
    hooks = judging(game)
    imagined = hooks.view(state, player, rng)
    imagined.apply(hooks.option_move(imagined, option, player, rng))
    return playout(game, imagined, player, rng)


def seats(game: AnyGame, state: State) -> range:
    return range(game.first_seat, game.first_seat + game.seats(state.rules))


def shares(game: AnyGame, state: State) -> list[float]:
    """Each seat's share of the win of a finished game."""
    outcome = state.outcome()
    assert outcome is not None  # a playout runs to the end
    winners = outcome.winners
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
        if history.is_turn(index) and history.before(index).legal_moves()  # no chance node
    ]


def after(state: StateT, move: Any) -> StateT:
    """The position `move` leaves, `state` itself unchanged."""
    position = state.copy()
    position.apply(move)
    return position


def judge(
    game: AnyGame, rules: Any, moves: Sequence[Any], index: int, trials: int, seed: int
) -> Judgement:
    """The judgement of move `index` of a game played from its start."""
    history = History(game.new_state(rules), moves[: index + 1])
    state = history.before(index)
    move = moves[index]
    player = state.to_move
    assert player is not None
    hooks = judging(game)
    choices = hooks.options(state)
    value = hooks.exact(state, moves)

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
        if hooks.same_option(choice, move)
        else sum(option_playout(game, state, choice, player, rng)[mine] for _ in range(screen))
        / screen
        for choice in choices
    ]
    best = tuple(c for c, score in zip(choices, scores, strict=True) if score == max(scores))
    error = math.hypot(ahead_error[mine], now_error[mine])
    # A fall in the mover's chance is the move's fault only if another option did better:
    # a forced move, or the best one, can only reveal bad luck.
    outdone = not any(hooks.same_option(choice, move) for choice in best)
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


def solvable(game: AnyGame, state: State, moves: Sequence[Any]) -> bool:
    """Whether this game's chances are exact (else they are estimated)."""
    return judging(game).exact(state, moves) is not None


def hint(
    game: AnyGame, state: State, moves: Sequence[Any], budget_s: float, rng: random.Random
) -> tuple[Any, ...]:
    """The best moves for the side to move, as the analysis judges them: exactly where
    the game is solved, else the options that scored best in as many rounds of playouts
    (one an option) as `budget_s` seconds allow, and at least one."""
    player = state.to_move
    assert player is not None  # a hint is for a game that goes on
    hooks = judging(game)
    choices = hooks.options(state)
    value = hooks.exact(state, moves)
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


def default_trials(game: AnyGame) -> int:
    """The playouts a position of `game` gets where its chances are estimated."""
    return judging(game).trials or 1  # a game that is always solved plays none


def judge_game(
    game: AnyGame, rules: Any, moves: Sequence[Any], seed: int, stop: Callable[[], bool]
) -> list[Judgement]:
    """Every move a player chose, judged in turn with the default trials, in this thread;
    what is judged when `stop()` turns true is what comes back."""
    history = History(game.new_state(rules), moves)
    trials = default_trials(game)
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
