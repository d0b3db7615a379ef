"""Mutations of valid recordings, for the fuzz test and `bench/fuzz_recordings.py`.

Each mutation takes the bytes of a valid recording and a random generator and returns
bytes that a person, a crash or an attacker could leave in a file: flipped bytes,
truncations, deep nesting, huge and odd numbers, wrong types, Unicode digits and line
separators, repeated keys, byte-order marks.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Callable

from games import REGISTRY
from games.analysis import Method
from games.autoplay import play
from viz.files import FileError, load_replay, recording_text

ODD_VALUES = [
    True,
    False,
    None,
    0,
    -1,
    2**70,
    -(2**70),
    1.5,
    1e308,
    -0.0,
    "",
    "7",
    "٣",
    "²",
    [],
    {},
    [1],
    {"a": 1},
    "red-10",
    "x" * 300,
]


def _text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")  # bytes that are not UTF-8 survive


def _bytes(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def valid_recordings(seeds: range = range(3)) -> list[bytes]:
    """Automatic games of every game, as recording bytes."""
    found = []
    for game_id, params in (
        ("load", {}),
        ("loops", {}),
        ("tiles", {"players": 3}),
        ("load", {"rows": 3, "cols": 4, "load": 3}),
    ):
        game = REGISTRY[game_id]
        rules = game.rules(params)
        for seed in seeds:
            state, moves = play(game, rules, random.Random(seed))
            text = recording_text(game, rules, seed, moves, state.result())
            found.append(text.encode("utf-8"))
    return found


def flip_bytes(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data))]


def nest(data: bytes, rng: random.Random) -> bytes:
    lines = data.split(b"\n")
    depth = rng.choice((17, 100, 1000, 5000))
    lines[rng.randrange(len(lines))] = b"[" * depth + b"1" + b"]" * depth
    return b"\n".join(lines)


def odd_value(data: bytes, rng: random.Random) -> bytes:
    """Replace one value of one line with a value of another type or an odd number."""
    lines = _text(data).split("\n")
    number = rng.randrange(len(lines))
    try:
        obj = json.loads(lines[number])
    except (ValueError, RecursionError):  # a line an earlier mutation broke or nested
        return data
    if isinstance(obj, dict) and obj:
        key = rng.choice(sorted(obj))
        target = obj[key]
        if isinstance(target, dict) and target and rng.random() < 0.5:
            target[rng.choice(sorted(target))] = rng.choice(ODD_VALUES)
        else:
            obj[key] = rng.choice(ODD_VALUES)
        lines[number] = json.dumps(obj, ensure_ascii=rng.random() < 0.5)
    return _bytes("\n".join(lines))


def unicode_digits(data: bytes, rng: random.Random) -> bytes:
    text = _text(data)
    digits = "²³¹٠١٢٣٤٥٦٧٨٩０１２３"
    return _bytes(
        re.sub(
            r"\d", lambda found: rng.choice(digits) if rng.random() < 0.2 else found.group(), text
        )
    )


def separators(data: bytes, rng: random.Random) -> bytes:
    text = _text(data)
    where = rng.randrange(len(text))
    return _bytes(text[:where] + rng.choice("\u2028\u2029\u0085\r\x0b\x0c\x1c") + text[where:])


def repeat_key(data: bytes, rng: random.Random) -> bytes:
    lines = data.split(b"\n")
    number = rng.randrange(len(lines))
    line = lines[number]
    if line.endswith(b"}") and b":" in line:
        key = line[1 : line.index(b":")]
        lines[number] = line[:-1] + b", " + key + b": 0}"
    return b"\n".join(lines)


def byte_order_mark(data: bytes, rng: random.Random) -> bytes:
    return rng.choice((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")) + data


def blank_lines(data: bytes, rng: random.Random) -> bytes:
    lines = data.split(b"\n")
    lines.insert(rng.randrange(len(lines) + 1), rng.choice((b"", b"  ", b"\t")))
    return b"\n".join(lines)


# Header keys beyond the format's own: the names the writer gives its own parameters,
# and the keys the format gives a meaning to.
HEADER_KEYS = ["result", "path", "moves", "judgements", "times", "batch", "kept", "timed"]
HEADER_KEYS += ["players", "you", "started", "seats", "winners"]


def header_key(data: bytes, rng: random.Random) -> bytes:
    """A key added to the header (or changed there), given an odd value."""
    first, newline, rest = _text(data).partition("\n")
    try:
        header = json.loads(first)
    except (ValueError, RecursionError):  # nested too deep by an earlier mutation
        return data
    if not isinstance(header, dict):
        return data
    header[rng.choice(HEADER_KEYS)] = rng.choice([*ODD_VALUES, ["you"], ["you", "you"]])
    return _bytes(json.dumps(header) + newline + rest)


MUTATIONS: list[Callable[[bytes, random.Random], bytes]] = [
    flip_bytes,
    truncate,
    nest,
    odd_value,
    unicode_digits,
    separators,
    repeat_key,
    byte_order_mark,
    blank_lines,
    header_key,
]


def mutate(data: bytes, rng: random.Random) -> bytes:
    for _ in range(rng.randint(1, 3)):
        if not data:  # truncated to nothing: nothing left to mutate
            break
        data = rng.choice(MUTATIONS)(data, rng)
    return data


def read_back(path) -> str:
    """Load a mutated recording as the command line does: 'ok', or the one-line error.
    Any other exception is a fault of the reader and propagates."""
    try:
        load_replay(path)
    except FileError as error:
        if error.line is None or "\n" in str(error):
            raise AssertionError(f"not a one-line error naming a line: {error}") from None
        return str(error)
    return "ok"


@functools.cache
def judged_recordings() -> list[bytes]:
    """Analysed recordings (as `analyze -o` writes them) of every game, as bytes."""
    from games.recording import parse
    from viz.analysis.moves import analyze, judgement_note
    from viz.files import split_lines
    from viz.sweeps.runner import IN_PROCESS

    found = []
    for game_id, params in (
        ("loops", {}),
        ("load", {"rows": 3, "cols": 3, "load": 3}),
        ("tiles", {"players": 3}),
    ):
        game = REGISTRY[game_id]
        rules = game.rules(params)
        state, moves = play(game, rules, random.Random(5))
        replay = parse(split_lines(recording_text(game, rules, 5, moves, state.result())))
        notes = {
            j.index: judgement_note(j, game.event_from_move)
            for j in analyze(replay, Method(trials=1), seed=0, workers=IN_PROCESS)
        }
        text = recording_text(game, rules, 5, moves, state.result(), judgements=notes)
        found.append(text.encode("utf-8"))
    return found


JUDGEMENT_VALUES = [*ODD_VALUES, float("nan"), float("inf"), 0.5, 1, [[]], ["??"]]


def mutate_judgement(data: bytes, rng: random.Random) -> bytes:
    """One judgement changed: a field given an odd value, its best moves emptied,
    swapped for another line's or another player's, or moved to another line."""
    lines = _text(data).rstrip("\n").split("\n")
    judged = [n for n, line in enumerate(lines) if '"judgement"' in line]
    number = rng.choice(judged)
    event = json.loads(lines[number])
    judgement = event["judgement"]
    how = rng.randrange(5)
    if how == 0:
        judgement[rng.choice(sorted(judgement))] = rng.choice(JUDGEMENT_VALUES)
    elif how == 1:
        judgement["best"] = []
        judgement["glyph"] = rng.choice(("??", "?", "?!", "!"))
    elif how == 2:
        judgement["best"] = json.loads(lines[rng.choice(judged)])["judgement"]["best"]
    elif how == 3:
        for best in judgement["best"]:
            if isinstance(best, dict) and "player" in best:
                best["player"] = rng.choice((0, 1, 2, 3, -1))
    else:
        del event["judgement"]
    lines[number] = json.dumps(event)
    if how == 4:  # the judgement moves to another event (a deal, a Load change, …)
        target = rng.randrange(1, len(lines))
        moved = json.loads(lines[target])
        if "result" not in moved:
            moved["judgement"] = judgement
            lines[target] = json.dumps(moved)
    return _bytes("\n".join(lines) + "\n")
