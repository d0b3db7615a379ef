"""An analysed recording's judgements (`oddsevens analyze -o`) in words: for the replay
page's chance chart and move list, and for the status lines of `export --annotate`.

A judgement carries the mover's chance with its best move and with the move it made,
and the best moves as events; the move made is told by the game's own `move_words`, the
best moves as its `advice` ("Pick red 7"), and the players by its `seat_name`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.accuracy import GLYPH_NAMES, mean_accuracy
from games.analysis import Hint, chance_name, judging
from games.base import AnyGame
from games.recording import Replay
from games.words import give_or_take, percent, with_unit
from viz.scenes import SCENES

FIGURES = ("exact", "before", "after", "se", "glyph")  # a judgement's, by name
MISTAKES = ("??", "?", "?!")
BEST_NAMED = 3  # best moves named in words; the rest are counted


@dataclass(frozen=True)
class Judged:
    """One judged move, in words. `turn` is the turn its position is shown at."""

    index: int
    turn: int
    player: int
    exact: bool
    before: float  # the mover's chance before the move ...
    after: float  # ... and after it
    error: float
    glyph: str
    played: str  # the move in words
    best: tuple[str, ...]  # the best moves as advice
    options: int  # the moves the mover could tell apart

    @property
    def name(self) -> str:
        return GLYPH_NAMES.get(self.glyph, "")

    @property
    def chance(self) -> str:
        """ "chance 100 % to 0 %", with the standard error of an estimate (each number
        held to its unit, see games/words.py)."""
        error = "" if self.exact else f" {give_or_take(percent(self.error))}"
        return f"chance {percent(self.before)} to {percent(self.after)}{error}"

    def best_words(self) -> str:
        return best_words(self.best, self.options)

    def label(self) -> str:
        """The chart point's accessible name: "Turn 12, red picked 31, blunder, chance
        100 % to 0 %"."""
        name = f", {self.name}" if self.glyph else ""
        return f"Turn {self.turn}, {self.played[:1].lower()}{self.played[1:]}{name}, {self.chance}"

    def note(self) -> str:
        """The status line of `export --annotate`, worded per glyph."""
        if self.glyph in MISTAKES:
            return (
                f"{self.glyph} {self.name.capitalize()}: {self.played}, {self.chance}; "
                f"best: {self.best_words()}"
            )
        if self.glyph == "!":
            return f"! {self.played}: the only move that is no blunder, {self.chance}"
        return f"{self.played}: {self.chance}"


def best_words(best: Sequence[str], options: int) -> str:
    """Best moves as advice: "A", "A or B", "A, B or C", else "any of 12 moves, such as
    A" ("any of the 12 moves" when every move the mover has is as good)."""
    if len(best) > BEST_NAMED:
        every = "the " if len(best) == options else ""
        return f"any of {every}{len(best)} moves, such as {best[0]}"
    return best[0] if len(best) == 1 else f"{', '.join(best[:-1])} or {best[-1]}"


def hint_text(found: Hint, words: Callable[[Any], str]) -> str:
    """A hint in words: the best moves as the exports name them, and the chance they
    keep, or that the position is lost or won whatever is played."""
    if found.settled and found.chance in (0.0, 1.0):
        ending = "won" if found.chance else "lost"
        playouts = "" if found.exact else " in every playout"  # an estimate says no more
        return f"{ending}{playouts} whatever you play"
    named = best_words([words(move) for move in found.best], found.options)
    return f"{named} ({percent(found.chance)} chance)"


def judged_moves(replay: Replay) -> list[Judged]:
    """Every judged move of the recording, in order."""
    if not replay.judgements:
        return []
    history = replay.history()
    found = []
    for index, judgement in sorted(replay.judgements.items()):
        state = history.before(index)
        assert state.to_move is not None  # the reader judged a move here
        best = [replay.game.move_from_event(state, event) for event in judgement["best"]]
        after = history.before(index + 1)
        turn = history.turn_of(index + 1)
        found.append(judged_move(replay.game, index, turn, state, after, judgement, best))
    return found


def judged_move(
    game: AnyGame,
    index: int,
    turn: int,
    state: Any,
    after: Any,
    figures: Mapping[str, Any],
    best: Sequence[Any],
) -> Judged:
    """The move `index` (shown at `turn`) from `state` to `after`, in the game's words:
    `figures` its judgement's (`exact`, `before`, `after`, `error`, `glyph`), `best` the
    best moves there."""
    kit = SCENES[game.id]
    return Judged(
        index,
        turn,
        state.to_move,
        figures["exact"],
        figures["before"],
        figures["after"],
        figures["se"],
        figures["glyph"],
        kit.move_words(state, after),
        tuple(kit.advice(state, move) for move in best),
        len(judging(game).options(state)),
    )


def accuracy_words(replay: Replay) -> str:
    """ "Accuracy: Red 84 %, Green 62 %" (docs/analysis.md has the formula), or "" for
    a recording without judgements."""
    found = judged_moves(replay)
    if not found:
        return ""
    name = SCENES[replay.game.id].seat_name
    players = sorted({j.player for j in found})
    shares = [
        mean_accuracy([(j.before, j.after, j.error) for j in found if j.player == p])
        for p in players
    ]
    return "Accuracy: " + ", ".join(
        f"{name(p)} {with_unit(round(a), '%')}" for p, a in zip(players, shares, strict=True)
    )


def turn_notes(replay: Replay) -> dict[int, str]:
    """The annotation of each turn that follows a judged move, by turn; the last turn
    also says each player's accuracy."""
    notes = {judged.turn: judged.note() for judged in judged_moves(replay)}
    accuracy = accuracy_words(replay)
    if accuracy:
        last = replay.history().turns
        notes[last] = f"{notes[last]} · {accuracy}" if last in notes else accuracy
    return notes


def chart_data(replay: Replay, first: int, last: int) -> dict[str, Any] | None:
    """The replay page's chance chart for turns `first` to `last`, or None without
    judgements: in a two-player game the first seat's chance after each judged move
    (the mover's, or the rest of it), from the position before the first one; with more
    seats each seat's chance after each of its judged moves, a line a seat (`lines`, each
    named at its end); 50 %, fair at any table, dashed."""
    shown = [j for j in judged_moves(replay) if first <= j.turn <= last]
    if not shown:
        return None
    game = replay.game
    seats = game.seats(replay.rules)
    name = SCENES[game.id].seat_name
    points = []
    for j in shown:
        mistake = j.glyph in MISTAKES
        value = j.after if seats > 2 or j.player == game.first_seat else 1 - j.after
        points.append(
            {
                "turn": j.turn,
                "seat": j.player,
                "value": value,
                "glyph": j.glyph,
                "name": j.name,
                "label": j.label(),
                "chance": j.chance,
                "best": j.best_words() if mistake else "",
            }
        )
    start = None
    opening = shown[0]
    if seats == 2 and opening.turn - 1 >= first:
        mine = opening.player == game.first_seat
        start = {"turn": opening.turn - 1, "value": opening.before if mine else 1 - opening.before}
    title = (
        f"{name(game.first_seat)}'s {chance_name(seats)}"
        if seats == 2
        else f"Each seat's {chance_name(seats)} after its moves"
    )
    movers = sorted({j.player for j in shown})
    lines = [{"seat": seat, "name": name(seat)} for seat in movers] if seats > 2 else None
    return {
        "title": title,
        "lines": lines,
        "fair": 0.5,
        "start": start,
        "points": points,
        "accuracy": accuracy_words(replay),
    }
