"""Every move of a game judged: the mover's chance to win with its best move and with the
move it made, the best moves and a glyph (each player's accuracy: games/accuracy.py).

Written once for every game: how a game is valued comes from its kit's `Judging`
(games/kit.py), and what its chances mean from the reading chosen (`Method.versus`).
Where the rest of the game is solved the chances are exact; elsewhere every option is
played out on the same random draws, trials added in rounds until the standard error
of the chance the move lost is at most `Method.target`, the move is decided, or the
trials reach their cap. docs/analysis.md states the meaning, thresholds and formulas.

Pure: the command line spreads the turns over processes.
"""

from __future__ import annotations

import math
import random
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from games import KITS, REGISTRY
from games.base import AnyGame, State, StateT
from games.history import History
from games.kit import ExactValue, Judging

if TYPE_CHECKING:
    from games.kit import Shares

BLUNDER, MISTAKE, INACCURACY = 0.30, 0.20, 0.10
TARGET_ERROR = 0.03  # the standard error of the chance a move lost, where estimated
FIRST_ROUND = 64  # trials of each option before the first look at the errors
UNSURE = "*"  # after a glyph whose class the playouts left unsettled at their cap


@dataclass(frozen=True)
class Judgement:
    """One turn judged. `index` is the move's place among the recording's moves; `turn`
    its number as "Turn K of N" counts (1 for the first move)."""

    index: int
    turn: int
    player: int
    exact: bool
    before: float  # the mover's chance to win with its best move
    after: float  # ... and with the move it made
    error: float  # the standard error of `before - after` (0 when exact)
    best: tuple[Any, ...]  # the best moves (for Even Odds, one tile of each best colour)
    glyph: str
    chances: tuple[float, ...]  # every seat's chance after the move, first seat first
    chances_before: tuple[float, ...]  # ... and after the best move
    trials: int = 0  # the playouts of each option still in the race at its end (0: exact)
    sure: bool = True  # the glyph's class is settled (False: the milder one, at the cap)


@dataclass(frozen=True)
class Method:
    """How the chances are found: the reading (`versus`, "" for the game's default),
    estimated even where exact figures exist (`estimate`, to check the estimator),
    at most `trials` playouts an option (None: the game's default cap)."""

    versus: str = ""
    estimate: bool = False
    trials: int | None = None
    target: float = TARGET_ERROR


# --- how each game is valued (its kit's Judging) ----------------------------------------


def judging(game: AnyGame) -> Judging:
    return KITS[game.id].judging


def reading(game: AnyGame, method: Method) -> str:
    """The reading's name: the one asked for, else the game's first."""
    readings = judging(game).readings
    if not method.versus:
        return next(iter(readings))
    if method.versus not in readings:
        raise ValueError(f"{game.name} is judged versus {' or '.join(readings)}")
    return method.versus


def meaning(game: AnyGame, method: Method) -> str:
    return judging(game).readings[reading(game, method)].meaning


def exact_value(game: AnyGame, state: State, method: Method) -> ExactValue | None:
    """The solved value of the rest of the game from `state`, where it is solved and
    wanted."""
    hooks, name = judging(game), reading(game, method)
    value = hooks.exact(state, name)
    return None if method.estimate and hooks.readings[name].estimated else value


def cap(game: AnyGame, method: Method) -> int:
    """Playouts an option gets at most, where chances are estimated."""
    return method.trials or judging(game).trials or 1


def chance_name(seats: int) -> str:
    """What a chance is a chance of, in a few words: with two seats, to win; with more,
    to finish ahead of another seat (Even Odds' standing, docs/analysis.md)."""
    return "chance to win" if seats == 2 else "chance to finish ahead of another seat"


def seats(game: AnyGame, state: State) -> range:
    return range(game.first_seat, game.first_seat + game.seats(state.rules))


def shares(game: AnyGame, state: State) -> list[float]:
    """Each seat's share of the win of a finished game: 1, 1/k of a win shared by k
    seats, or 0."""
    outcome = state.outcome()
    assert outcome is not None  # a playout runs to the end
    return outcome.shares(seats(game, state))


def sample(
    game: AnyGame, state: State, options: Sequence[Any], seat: int, trials: range, seed: int
) -> Shares:
    """Each seat's share in playouts of every option, [option, trial, seat]: the kit's
    own sampler where it has one, else one game at a time."""
    hooks = judging(game)
    if hooks.sample is not None:
        return hooks.sample(state, options, seat, trials, seed)
    return np.array(
        [
            [option_playout(game, state, option, trial_rng(seed, t)) for t in trials]
            for option in options
        ]
    )


def trial_rng(seed: int, trial: int) -> random.Random:
    """The draws of one trial: the same for every option it follows."""
    return random.Random(zlib.crc32(f"{seed}/{trial}".encode()))


def option_playout(game: AnyGame, state: State, option: Any, rng: random.Random) -> list[float]:
    """One game played to its end by the game's automatic players after `option`."""
    position = after(state, option)
    while position.to_move is not None:
        position.apply(game.auto_move(position, rng))
    return shares(game, position)


# --- the race between a position's options ------------------------------------------------


class Trials:
    """Each option's playouts so far, [trial, seat]; trial t of every option was played
    on the same draws, so two options are compared trial by trial."""

    def __init__(self, mine: int) -> None:
        self.mine = mine  # the mover's column
        self.found: dict[int, Shares] = {}

    def add(self, options: Sequence[int], found: Shares) -> None:
        for row, option in enumerate(options):
            known = self.found.get(option)
            self.found[option] = (
                found[row] if known is None else np.concatenate([known, found[row]])
            )

    def chances(self, option: int) -> tuple[float, ...]:
        """Each seat's mean share after `option`."""
        return tuple(float(x) for x in self.found[option].mean(axis=0))

    def gap(self, a: int, b: int) -> tuple[float, float]:
        """The mover's mean of a - b over the trials both ran, and its standard error."""
        n = min(len(self.found[a]), len(self.found[b]))
        difference = self.found[a][:n, self.mine] - self.found[b][:n, self.mine]
        spread = float(difference.std(ddof=1)) if n > 1 else 0.0
        return float(difference.mean()), spread / math.sqrt(n)

    def spread(self, option: int) -> float:
        """The standard error of the mover's mean share after `option`."""
        shares = self.found[option][:, self.mine]
        return float(shares.std(ddof=1)) / math.sqrt(len(shares)) if len(shares) > 1 else 0.0

    def leader(self, live: Sequence[int], played: int) -> int:
        """The live option of highest mean (the played one among equals)."""
        return max(live, key=lambda i: (self.found[i][:, self.mine].mean(), i == played))

    def worse(self, leader: int, option: int, spread: float) -> bool:
        """Whether `option` falls below the leader by more than `spread` errors."""
        mean, error = self.gap(leader, option)
        return mean > spread * error if error else mean > 0


@dataclass(frozen=True)
class Race:
    leader: int
    best: tuple[int, ...]  # the options not clearly worse than the leader
    error: float  # the standard error of the leader's chance - the played option's
    trials: Trials
    run: int  # the trials of each option still in the race at its end


SETTLED = 3.0  # errors either side of a fall that must hold no glyph threshold
DOUBT_CAP = 4  # times the cap of playouts, for the options of a glyph in doubt
DROPPED, TIED = 2.5, 2.0  # errors below the leader: out of the race; still among the best


def race(
    game: AnyGame,
    state: State,
    options: Sequence[Any],
    played: int,
    method: Method,
    seed: int,
    time_up: Callable[[], bool] = lambda: False,
) -> Race:
    """Every option played out on the same draws in rounds of doubling size, the clearly
    worse dropped, until the standard error of leader - played (where the played option
    leads, of every rival's gap to it) is at most the target or the live options came
    out alike on every draw, the standard error of the leader's own chance is at most
    the target too, and the played move's glyph class is settled (`fall_class`); or
    until the trials reach their cap (`DOUBT_CAP` times it where only the class is in
    doubt) or the time is up. Without the leader's own error,
    a race whose rivals all drop after the first round would report a chance resting on
    that round alone. Once the errors are on target and only the class is in doubt,
    the playouts go to the options that make the fall: the played one and those not
    clearly below the leader, which may yet lead (a leader chosen on fewer playouts is
    as often the one that read high: on the shared Load game at turn 12, one seed in
    five kept a pair 0.04 below the best, and its fall was measured from that)."""
    seat = state.to_move
    assert seat is not None  # a position with a move to choose
    trials = Trials(seat - game.first_seat)
    limit = cap(game, method)
    live, done, size = list(range(len(options))), 0, min(FIRST_ROUND, limit)
    while True:
        batch = sample(
            game, state, [options[i] for i in live], seat, range(done, done + size), seed
        )
        trials.add(live, batch)
        done += size
        leader = trials.leader(live, played)
        live = [i for i in live if i == played or not trials.worse(leader, i, DROPPED)]
        rivals = [i for i in live if i != played] if leader == played else [leader]
        error = max((trials.gap(i, played)[1] for i in rivals), default=0.0)
        alike = all(trials.gap(leader, i) == (0.0, 0.0) for i in live)
        on_target = (error <= method.target or alike) and trials.spread(leader) <= method.target
        drop = trials.gap(leader, played)[0] if leader != played else 0.0
        sure = fall_class(drop, error)[1]
        doubt = on_target and not sure
        reach = limit * DOUBT_CAP if doubt else limit
        if (on_target and sure) or done >= reach or time_up():
            break
        if doubt:  # the played option and those that may yet lead
            live = [i for i in live if i == played or not trials.worse(leader, i, TIED)]
        size = min(done, reach - done)
    best = tuple(i for i in live if not trials.worse(leader, i, TIED))
    return Race(leader, best, error, trials, done)


# --- judging ------------------------------------------------------------------------------


def judged_indices(game: AnyGame, history: History[Any], method: Method = Method()) -> list[int]:
    """The moves a player chose (turns, not deals or Load changes), of those a reading
    that only the exact search gives can judge."""
    indices = [
        index
        for index in range(len(history))
        if history.is_turn(index) and history.before(index).legal_moves()  # no chance node
    ]
    if judging(game).readings[reading(game, method)].estimated:
        return indices
    return [i for i in indices if exact_value(game, history.before(i), method) is not None]


def after(state: StateT, move: Any) -> StateT:
    """The position `move` leaves, `state` itself unchanged."""
    position = state.copy()
    position.apply(move)
    return position


def lost_at_once(game: AnyGame, state: State, move: Any) -> bool:
    """Whether `move` ends the game and the mover is not among its winners."""
    outcome = after(state, move).outcome()
    return outcome is not None and state.to_move not in outcome.winners


def fall_class(drop: float, error: float) -> tuple[str, bool]:
    """The glyph class (`??`, `?`, `?!` or none) of an estimated fall, and whether it is
    settled: settled when its interval of `SETTLED` errors either side holds no
    threshold, and the class is always that of the interval's low end, the milder one
    where a threshold lies within. So a move another seed reads an error or so higher
    or lower keeps its glyph while both intervals hold the threshold, and one whose
    interval lies clear below it gets that same class as sure."""
    low, high = drop - SETTLED * error, drop + SETTLED * error
    milder = glyph_of(low, 0.0, only=False) if low > 0 else ""
    return milder, milder == glyph_of(high, 0.0, only=False)


def marked(glyph: str, sure: bool) -> str:
    """A glyph as shown, `UNSURE` after it where its class is not settled (alone where
    the milder class is none)."""
    return glyph if sure else glyph + UNSURE


def glyph_of(drop: float, error: float, only: bool) -> str:
    """`??`, `?` or `?!` by how far the mover's chance fell, when the fall is more than
    twice its error; `!` for the only move that is no blunder."""
    if only:
        return "!"
    if drop <= 2 * error:
        return ""
    for limit, glyph in ((BLUNDER, "??"), (MISTAKE, "?"), (INACCURACY, "?!")):
        if drop >= limit:
            return glyph
    return ""


@dataclass(frozen=True)
class Options:
    """A position's options judged for the side to move: the best (exact: those of the
    top value; estimated: those not clearly worse than the race's leader), never a move
    lost on the spot while another is not; the exact values where solved, else the race."""

    best: tuple[int, ...]
    losing: tuple[int, ...]  # the options that lose on the spot
    value: ExactValue | None
    values: tuple[float, ...]  # each option's exact value to the mover (empty: estimated)
    race: Race | None


def best_options(
    game: AnyGame,
    state: State,
    choices: Sequence[Any],
    method: Method,
    seed: int,
    played: int = 0,
    time_up: Callable[[], bool] = lambda: False,
) -> Options:
    """The best of `choices` for the side to move, as the analysis and H name them."""
    player = state.to_move
    assert player is not None  # a position with a move to choose
    value = exact_value(game, state, method)
    found: Race | None = None
    values: tuple[float, ...] = ()
    if value is not None:
        values = tuple(value(after(state, choice), player) for choice in choices)
        best = tuple(i for i, v in enumerate(values) if v == max(values))
    else:
        found = race(game, state, choices, played, method, seed, time_up)
        best = found.best
    losing = tuple(i for i, choice in enumerate(choices) if lost_at_once(game, state, choice))
    if len(losing) < len(choices):  # a move lost on the spot is never among the best
        best = tuple(i for i in best if i not in losing) or best
    return Options(best, losing, value, values, found)


def judge(
    game: AnyGame, rules: Any, moves: Sequence[Any], index: int, method: Method, seed: int
) -> Judgement:
    """The judgement of move `index` of a game played from its start."""
    history = History(game.new_state(rules), moves[: index + 1])
    state = history.before(index)
    move = moves[index]
    player = state.to_move
    assert player is not None
    choices = judging(game).options(state)
    played = next(i for i, c in enumerate(choices) if judging(game).same_option(c, move))
    found = best_options(game, state, choices, method, _seed(seed, index), played)
    best, values, value = found.best, found.values, found.value
    if value is not None:
        chances = _vector(game, value, history.state)
        then = _vector(game, value, after(state, choices[best[0]]))
        error, trials = 0.0, 0
    else:
        assert found.race is not None  # estimated: by a race
        error, trials = found.race.error, found.race.run
        chances = found.race.trials.chances(played)
        then = found.race.trials.chances(found.race.leader)
    losing = found.losing
    mine = player - game.first_seat
    before, now = then[mine], chances[mine]
    others_blunder = [v for i, v in enumerate(values) if i != played]
    only = (
        bool(others_blunder)
        and best == (played,)
        and all(before - v >= BLUNDER for v in others_blunder)
    )
    glyph, sure = glyph_of(before - now, error, only), True
    if value is None:
        glyph, sure = fall_class(before - now, error)
    if played in losing and len(losing) < len(choices):
        glyph, sure = "??", True  # it lost on the spot where another move would not have
    return Judgement(
        index,
        history.turns,
        player,
        value is not None,
        before,
        now,
        error,
        tuple(choices[i] for i in best),
        glyph,
        chances,
        then,
        trials,
        sure,
    )


def _vector(game: AnyGame, value: ExactValue, state: State) -> tuple[float, ...]:
    """Every seat's solved value of a position."""
    return tuple(value(state, seat) for seat in seats(game, state))


def _seed(seed: int, index: int) -> int:
    return zlib.crc32(f"{seed}/{index}".encode())


def judge_by_id(
    game_id: str,
    rules: Any,
    moves: Sequence[Any],
    indices: Sequence[int],
    method: Method,
    seed: int,
) -> list[Judgement]:
    """`judge` of the moves `indices`, for a worker process, which is handed the game by
    its id."""
    game = REGISTRY[game_id]
    return [judge(game, rules, moves, index, method, seed) for index in indices]


def judge_game(
    game: AnyGame, rules: Any, moves: Sequence[Any], seed: int, stop: Callable[[], bool]
) -> list[Judgement]:
    """Every move a player chose, judged in turn by the default method, in this thread;
    what is judged when `stop()` turns true is what comes back."""
    history = History(game.new_state(rules), moves)
    found = []
    for index in judged_indices(game, history):
        if stop():
            break
        found.append(judge(game, rules, moves, index, Method(), seed))
    return found


# --- hints -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """The best moves for the side to move, of how many it has, and the chance they
    keep; `settled` when every move keeps that same chance; `exact` where the chances are
    the exact search's, not playouts'."""

    best: tuple[Any, ...]
    options: int
    chance: float
    settled: bool
    exact: bool = True


def hint(game: AnyGame, state: State, time_up: Callable[[], bool], seed: int = 0) -> Hint:
    """The best moves for the side to move as the analysis judges them: exactly where the
    rest of the game is solved, else by a race of playouts cut short by `time_up`."""
    player = state.to_move
    assert player is not None  # a hint is for a game that goes on
    choices = judging(game).options(state)
    found = best_options(game, state, choices, Method(target=0.0), seed, time_up=time_up)
    if found.race is None:
        chance = max(found.values[i] for i in found.best)
    else:
        mine = player - game.first_seat
        chance = max(found.race.trials.chances(i)[mine] for i in found.best)
    best = tuple(choices[i] for i in found.best)
    return Hint(best, len(choices), chance, len(best) == len(choices), found.race is None)


HINT_BUDGET_S = 0.15  # H's thinking time where the game is not solved


def hint_in_time(game: AnyGame, state: State, seed: int) -> Hint:
    """The hint for `state`, its playouts cut short after HINT_BUDGET_S: a window's H,
    and a seat's hint at the server."""
    deadline = time.monotonic() + HINT_BUDGET_S
    return hint(game, state, lambda: time.monotonic() >= deadline, seed)
