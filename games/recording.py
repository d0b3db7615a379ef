"""The recording format (JSON Lines), parsed and replayed without trusting it.

This module turns lines of text into a checked replay and moves into lines;
reading and writing files is the caller's business.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games import REGISTRY
from games.base import AnyGame, GameError, State
from games.history import History

FORMAT = "oddsevens-recording"
# A recording is written at the lowest version that holds it: with times (which version 2
# added) at 2, without at 1, as every oddsevens reads it. This reader takes both.
TIMED_VERSION, UNTIMED_VERSION = 2, 1
VERSIONS = (UNTIMED_VERSION, TIMED_VERSION)
MAX_LINE_CHARS = 4_096
MAX_EVENTS = 100_000
MAX_DEPTH = 16  # nesting of arrays and objects in one line
BOM = "\ufeff"
JUDGEMENT = "judgement"  # the key an analysed recording adds to a move's line
TIME = "ms"  # the key of an event's time since the session began, in whole milliseconds
MAX_TIME_MS = 30 * 24 * 3600 * 1000  # thirty days: a session longer is no real one
JUDGEMENT_FIELDS = {"exact", "before", "after", "se", "best", "glyph"}
# The standard error was named "error" before: a recording that says so is read as "se".
OLD_FIELD_NAMES = {"error": "se"}
SURE = "sure"  # a judgement's field since glyphs are settled: false where one is not
PLAYERS = "players"  # the header's list of who held each seat, from the first
YOU = "you"  # a seat of the person at the window
PERSON = "person"  # a seat of a second person at the same window
UNKNOWN = ""  # a seat the header does not name (older recordings, record's default players)
GLYPHS = ("", "!", "?!", "?", "??")
MAX_BEST = 64


class RecordingError(GameError):
    """A recording that cannot be replayed, with the 1-based line of the first fault."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


@dataclass
class Replay:
    """A recording replayed through its game's engine."""

    game: AnyGame
    rules: Any
    header: dict[str, Any]
    moves: list[Any] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    judgements: dict[int, dict[str, Any]] = field(default_factory=dict)  # by move index
    times: list[int] = field(default_factory=list)  # by move index; empty: none recorded

    @property
    def seed(self) -> int | None:
        return self.header.get("seed")

    def start(self) -> State:
        state: State = self.game.new_state(self.rules)
        return state

    def final(self) -> State:
        state = self.start()
        for move in self.moves:
            state.apply(move)
        return state

    def history(self) -> History[State]:
        """The moves with the position after each, and where each turn ends."""
        return History(self.start(), self.moves)

    def frames(self) -> list[State]:
        """The position of each turn: frame k follows k turns, frame 0 is the start."""
        return self.history().frames()

    def turn_times(self) -> list[int]:
        """When the position of each turn first showed, by the recording's clock: 0 for
        the start, then the time of each turn's move; none if the recording has no times."""
        if not self.times:
            return []
        history = self.history()
        return [0, *(self.times[history.turn_length(turn)] for turn in range(history.turns))]


def header_line(
    game: AnyGame,
    rules: Any,
    seed: int | None,
    timed: bool = False,
    *,
    kept: Mapping[str, Any] | None = None,
    **extra: Any,
) -> str:
    """The header of a recording whose events carry times (`timed`) or carry none;
    `kept` and `extra` are its further keys (`kept` a copied recording's, whatever they
    are named, as `header_extras` gives them)."""
    header = {
        "format": FORMAT,
        "version": TIMED_VERSION if timed else UNTIMED_VERSION,
        "game": game.id,
        "rules": game.rules_dict(rules),
        "seed": seed,
        **(kept or {}),
        **extra,
    }
    return json.dumps(header)


def header_extras(header: Mapping[str, Any]) -> dict[str, Any]:
    """A header's keys beyond the format's own (`players`, `seats`): what a copy of the
    recording keeps."""
    own = {"format", "version", "game", "rules", "seed"}
    return {key: value for key, value in header.items() if key not in own}


def event_line(
    game: AnyGame, move: Any, judgement: Mapping[str, Any] | None = None, ms: int | None = None
) -> str:
    event = game.event_from_move(move)
    if judgement is not None:
        event[JUDGEMENT] = dict(judgement)
    if ms is not None:
        event[TIME] = ms
    return json.dumps(event)


def recording_text(
    game: AnyGame,
    rules: Any,
    seed: int | None,
    moves: Sequence[Any],
    result: Mapping[str, Any] | None,
    judgements: Mapping[int, Mapping[str, Any]] | None = None,
    times: Sequence[int] = (),
    *,
    kept: Mapping[str, Any] | None = None,
    **extra: Any,
) -> str:
    """A whole recording; `judgements` (by move index) are an analysis's, carried on
    their moves' lines; `times`, one a move or none, are when each move was played;
    `kept` and `extra` are the header's further keys (see `header_line`)."""
    notes = judgements or {}
    when: list[int | None] = [*times] or [None] * len(moves)
    lines = [header_line(game, rules, seed, timed=bool(times), kept=kept, **extra)]
    lines += [
        event_line(game, move, notes.get(index), when[index]) for index, move in enumerate(moves)
    ]
    if result is not None:
        lines.append(result_line(result))
    return "\n".join(lines) + "\n"


def result_line(result: Mapping[str, Any]) -> str:
    return json.dumps({"result": dict(result)})


def split_lines(text: str) -> list[str]:
    """JSON Lines as the format defines them: split on "\\n" only (a "\\r" before it goes
    too), each line keeping its newline. Characters such as U+2028 stay inside strings."""
    lines = [line + "\n" for line in text.split("\n")]
    lines[-1] = lines[-1][:-1]
    return [line[:-2] + "\n" if line.endswith("\r\n") else line for line in lines if line]


def strict_json(raw: str, number: int) -> Any:
    """One line of JSON, read strictly: bounded nesting, no repeated keys, no NaN."""
    if _depth(raw) > MAX_DEPTH:
        raise RecordingError(number, f"nested deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(raw, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except _Refused as refused:
        raise RecordingError(number, str(refused)) from None
    except ValueError:
        raise RecordingError(number, "not valid JSON") from None


class _Refused(ValueError):
    pass


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [key for key, _ in pairs]
    repeated = sorted({key for key in keys if keys.count(key) > 1})
    if repeated:
        raise _Refused(f"the key {repeated[0]!r} appears twice")
    return dict(pairs)


def _no_constant(name: str) -> Any:
    raise _Refused(f"{name} is not a number JSON allows")


def _depth(raw: str) -> int:
    """The deepest nesting of brackets outside strings."""
    depth = deepest = 0
    in_string = escaped = False
    for char in raw:
        if in_string:
            escaped = not escaped and char == "\\"
            in_string = escaped or char != '"'
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON values, types included: true is not 1, and 23.0 is not 23."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def parse(lines: Iterable[str]) -> Replay:
    """Replay recording lines (each with or without its newline); raise RecordingError."""
    replay: Replay | None = None
    state: State  # the position so far, from the header line on
    ended_by_result = False
    pending: tuple[int, str] | None = None
    for number, raw in enumerate(lines, start=1):
        if pending is not None:
            raise RecordingError(*pending)
        if len(raw.removesuffix("\n")) > MAX_LINE_CHARS:  # the newline ends it, is no part
            raise RecordingError(number, f"line longer than {MAX_LINE_CHARS} characters")
        if number == 1 and raw.startswith(BOM):
            raise RecordingError(1, "starts with a byte-order mark: save it as UTF-8 without one")
        if not raw.strip():
            raise RecordingError(number, "blank line: every line must hold one JSON object")
        try:
            obj = strict_json(raw, number)
        except RecordingError:
            if not raw.endswith("\n") and replay is not None:
                pending = (number, "not valid JSON")
                continue
            raise
        if not isinstance(obj, dict):
            raise RecordingError(number, "a line must be a JSON object")
        if replay is None:
            replay = _read_header(obj, number)
            state = replay.start()
            continue
        if ended_by_result:
            raise RecordingError(number, "nothing may follow the result line")
        if "result" in obj:
            _check_result(obj, state, number)
            ended_by_result = True
            continue
        if len(replay.moves) >= MAX_EVENTS:
            raise RecordingError(number, f"more than {MAX_EVENTS} events")
        if state.to_move is None:
            raise RecordingError(number, "event after the game ended")
        judgement = obj.pop(JUDGEMENT, None)
        if replay.header["version"] == TIMED_VERSION:
            _read_time(replay, obj.pop(TIME, None), number)
        try:
            move = replay.game.move_from_event(state, obj)
            if judgement is not None:
                replay.judgements[len(replay.moves)] = _check_judgement(
                    replay, state, move, judgement
                )
            state.apply(move)
        except GameError as error:
            raise RecordingError(number, str(error)) from None
        replay.moves.append(move)
    if replay is None:
        if pending is not None:
            raise RecordingError(*pending)
        raise RecordingError(1, "empty recording: no header line")
    if pending is not None:
        replay.warnings.append(f"line {pending[0]}: truncated last line ignored")
    return replay


def _read_time(replay: Replay, ms: Any, number: int) -> None:
    """An event's time, checked: every event has one or none does, each a whole number
    of milliseconds from 0 to MAX_TIME_MS, none before the one above it."""
    timed = bool(replay.times) if replay.moves else ms is not None
    if (ms is not None) != timed:
        if ms is None:
            raise RecordingError(number, f"no time ({TIME!r}) where the events above have one")
        raise RecordingError(number, f"a time ({TIME!r}) where the events above have none")
    if ms is None:
        return
    if type(ms) is not int or not 0 <= ms <= MAX_TIME_MS:
        raise RecordingError(
            number, f"a time is a whole number of milliseconds from 0 to {MAX_TIME_MS}, not {ms!r}"
        )
    if replay.times and ms < replay.times[-1]:
        raise RecordingError(
            number, f"time {ms} ms is earlier than the {replay.times[-1]} ms above"
        )
    replay.times.append(ms)


def _check_judgement(replay: Replay, state: State, move: Any, judgement: Any) -> dict[str, Any]:
    """An analysis's judgement on a move's line, checked against the position before the
    move: the move is a turn a player chose (not a deal, nor a change of the Load), the
    fields are in range, and every best move can be played there."""
    if isinstance(judgement, dict):
        judgement = {OLD_FIELD_NAMES.get(key, key): value for key, value in judgement.items()}
    if not isinstance(judgement, dict) or set(judgement) - {SURE} != JUDGEMENT_FIELDS:
        raise GameError(
            f"a judgement holds {', '.join(sorted(JUDGEMENT_FIELDS))} (and {SURE}, if written)"
        )
    if type(judgement["exact"]) is not bool or judgement["glyph"] not in GLYPHS:
        raise GameError("a judgement's exact is true or false, its glyph one of ?? ? ?! ! or none")
    if type(judgement.get(SURE, True)) is not bool:
        raise GameError(f"a judgement's {SURE} is true or false")
    for key in ("before", "after", "se"):
        value = judgement[key]
        if type(value) not in (int, float) or not 0 <= value <= 1:
            raise GameError(f"a judgement's {key} is a number from 0 to 1, not {value!r}")
    best = judgement["best"]
    if not isinstance(best, list) or not 1 <= len(best) <= MAX_BEST:
        raise GameError(f"a judgement's best is a list of 1 to {MAX_BEST} events")
    if _after(state, move).turns <= state.turns or state.to_move not in _chooser(replay):
        raise GameError("a judgement stands on a move a player chose, not a deal or a setting")
    for event in best:
        if not isinstance(event, dict):
            raise GameError("a judgement's best moves are events")
        best_move = replay.game.move_from_event(state, event)
        reason = state.why_illegal(best_move) or _unplayable(state, best_move)
        if reason:
            raise GameError(f"a judgement's best move {event} is not legal: {reason}")
    return judgement


def _chooser(replay: Replay) -> range:
    """The seats that choose their moves (a deal's mover, chance, is none of them)."""
    first = replay.game.first_seat
    return range(first, first + replay.game.seats(replay.rules))


def _unplayable(state: State, move: Any) -> str:
    """Why `move` cannot be played from `state` (the engine's own word), or ""."""
    try:
        _after(state, move)
    except GameError as error:
        return str(error)
    return ""


def _after(state: State, move: Any) -> State:
    """The position `move` leaves; raises GameError if it cannot be played."""
    position: State = state.copy()
    position.apply(move)
    return position


def _read_header(obj: dict[str, Any], number: int) -> Replay:
    if obj.get("format") != FORMAT:
        raise RecordingError(number, f"not an {FORMAT} header (format is {obj.get('format')!r})")
    if not any(same_json(obj.get("version"), version) for version in VERSIONS):
        raise RecordingError(number, f"unsupported version {obj.get('version')!r}")
    name = obj.get("game")
    game = REGISTRY.get(name) if isinstance(name, str) else None
    if game is None:
        raise RecordingError(number, f"unknown game {obj.get('game')!r}")
    params = obj.get("rules", {})
    if not isinstance(params, dict):
        raise RecordingError(number, "rules must be a JSON object")
    seed = obj.get("seed")
    if seed is not None and (type(seed) is not int):
        raise RecordingError(number, f"seed must be a whole number or null, not {seed!r}")
    try:
        rules = game.rules(params)
    except GameError as error:
        raise RecordingError(number, str(error)) from None
    return Replay(game, rules, obj)


def _check_result(obj: dict[str, Any], state: State, number: int) -> None:
    if set(obj) != {"result"}:
        raise RecordingError(number, "the result line holds only 'result'")
    actual = state.result()
    if actual is None:
        raise RecordingError(number, "result line on a game that is not over")
    if not same_json(obj["result"], actual):
        raise RecordingError(number, f"result {obj['result']} disagrees with replay {actual}")


def seat_holders(header: Mapping[str, Any], seats: int) -> tuple[str, ...]:
    """Who held each seat, from the first, as the header's `players` list names them
    (`record --by` may name the first seats only); UNKNOWN where it does not say."""
    named = header.get(PLAYERS)
    names = named if isinstance(named, list) else []
    return tuple(
        names[index] if index < len(names) and isinstance(names[index], str) else UNKNOWN
        for index in range(seats)
    )
