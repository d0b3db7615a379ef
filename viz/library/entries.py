"""What the library knows of a game, read off its recording: who held each seat, how it
ended for you, when it was played; and, once judged, how each seat played."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from games.recording import YOU, Replay, seat_holders
from viz.outcomes import UNFINISHED

MIXED = "mixed"  # a seat whose holder changed during the game


@dataclass(frozen=True)
class SeatJudgement:
    """How one seat played, as `analyze` judged it: moves judged, accuracy (0-100) and
    how many of each glyph, by the glyph's name."""

    seat: int
    moves: int
    accuracy: float
    glyphs: dict[str, int]


@dataclass(frozen=True)
class Entry:
    """A recording as the library lists it. `players` names who held each seat (in seat
    order, from `first_seat`): "you", "person", an automatic player or AI tier by
    name, "mixed", or "" where the recording does not say. `you` are the seats you held;
    `vs` who held the others; `result` how it went for you (won, lost, shared,
    unfinished), None when you held no seat or every seat."""

    hash: str
    path: Path
    source: Path
    source_size: int
    source_mtime_ns: int
    game: str
    rules: dict[str, Any]
    seats: int
    first_seat: int
    players: tuple[str, ...]
    you: tuple[int, ...]
    vs: str
    result: str | None
    winners: tuple[int, ...]
    reason: str
    turns: int
    started: datetime
    ended: datetime


@dataclass(frozen=True)
class LibraryGame(Entry):
    """A game in the library: its entry, its number (`id`, what `library open` takes),
    whether its copy was missing at the last rebuild, and its seats' judgements once
    `judged`."""

    id: int = 0
    missing: bool = False
    judged: bool = False
    judgements: tuple[SeatJudgement, ...] = ()

    def your_accuracy(self) -> float | None:
        """The mean accuracy of your seats, once judged (None before, or if you had none)."""
        mine = [j.accuracy for j in self.judgements if j.seat in self.you and j.moves]
        return sum(mine) / len(mine) if mine else None

    def player(self, seat: int) -> str:
        return self.players[seat - self.first_seat]

    def as_json(self) -> dict[str, Any]:
        """The game as `library --json` prints it: a JSON object of plain values."""
        return {
            "id": self.id,
            "game": self.game,
            "rules": self.rules,
            "players": list(self.players),
            "you": list(self.you),
            "vs": self.vs,
            "result": self.result,
            "winners": list(self.winners),
            "reason": self.reason,
            "turns": self.turns,
            "started": self.started.isoformat(timespec="seconds"),
            "ended": self.ended.isoformat(timespec="seconds"),
            "path": str(self.path),
            "hash": self.hash,
            "source": str(self.source),
            "missing": self.missing,
            "judged": self.judged,
            "seats": [
                {"seat": j.seat, "player": self.player(j.seat), "moves": j.moves}
                | {"accuracy": round(j.accuracy, 1), "glyphs": j.glyphs}
                for j in self.judgements
            ],
        }


def entry(replay: Replay, digest: str, path: Path, source: Path, found: os.stat_result) -> Entry:
    """The entry of `replay`, read from `source` (whose stat is `found`), kept at `path`."""
    game, rules = replay.game, replay.rules
    seats, first = game.seats(rules), game.first_seat
    players = seat_holders(replay.header, seats)
    you = tuple(seat for seat, name in enumerate(players, first) if name == YOU)
    state = replay.final()
    outcome = state.outcome()
    winners = outcome.winners if outcome is not None else ()
    started, ended = played_when(replay, found)
    return Entry(
        hash=digest,
        path=path,
        source=source,
        source_size=found.st_size,
        source_mtime_ns=found.st_mtime_ns,
        game=game.id,
        rules=game.rules_dict(rules),
        seats=seats,
        first_seat=first,
        players=players,
        you=you,
        vs=opponents(players, you, first),
        result=your_result(you, seats, None if outcome is None else winners),
        winners=tuple(winners),
        reason=outcome.reason if outcome is not None else "",
        turns=state.turns,
        started=started,
        ended=ended,
    )


def opponents(players: tuple[str, ...], you: tuple[int, ...], first: int) -> str:
    """Who held the seats that were not yours, each name once, in seat order, joined by
    "+"; "" when you held none of the seats, or all of them."""
    others = [name or "?" for seat, name in enumerate(players, first) if seat not in you]
    if not you or not others:
        return ""
    return "+".join(dict.fromkeys(others))


def your_result(you: tuple[int, ...], seats: int, winners: tuple[int, ...] | None) -> str | None:
    """Won (every winner is yours), shared (you and another seat won), lost, or
    unfinished (`winners` None); None when you held no seat or every seat."""
    if not you or len(you) == seats:
        return None
    if winners is None:
        return UNFINISHED
    mine = set(winners) & set(you)
    if not mine:
        return "lost"
    return "won" if mine == set(winners) else "shared"


def played_when(replay: Replay, found: os.stat_result) -> tuple[datetime, datetime]:
    """When the game began and ended: from the header's `started` (a window's sessions
    carry it) and the last event's time; else the file's last change, which for a
    recording with times is when its last event was written."""
    last_ms = replay.times[-1] if replay.times else 0
    started = header_time(replay.header.get("started"))
    if started is not None:
        return started, started.fromtimestamp(started.timestamp() + last_ms / 1000).astimezone()
    ended = datetime.fromtimestamp(found.st_mtime_ns / 1e9, UTC).astimezone()
    return ended.fromtimestamp(ended.timestamp() - last_ms / 1000).astimezone(), ended


def header_time(text: Any) -> datetime | None:
    """A header's time (ISO 8601 with its offset from UTC), or None if it has none."""
    if not isinstance(text, str):
        return None
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return None
    return when.astimezone() if when.tzinfo is not None else None
