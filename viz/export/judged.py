"""An analysed recording's judgements (`oddsevens analyze -o`) in words: for the replay
page's chance chart and move list, and for the status lines of `export --annotate`.

A judgement carries the mover's chance before and after the move and the best moves as
events; the words come from the game's own `move_words`, on the position before the move
and after the move (or after a best move).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.analysis import GLYPH_NAMES
from games.base import State
from games.recording import Replay
from viz.scenes import SCENES

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
    best: tuple[str, ...]  # the best moves in words

    @property
    def name(self) -> str:
        return GLYPH_NAMES.get(self.glyph, "")

    @property
    def chance(self) -> str:
        """ "chance 100 % to 0 %", with the standard error of an estimate."""
        error = "" if self.exact else f" ± {percent(self.error)}"
        return f"chance {percent(self.before)} to {percent(self.after)}{error}"

    def best_words(self) -> str:
        """The best moves, at most three named: "A", "A or B", "A, B, C or 2 more"."""
        named = list(self.best[:BEST_NAMED])
        more = len(self.best) - len(named)
        if more:
            named.append(f"{more} more")
        return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} or {named[-1]}"

    def label(self) -> str:
        """The chart point's accessible name: "Turn 12, red picked 31, blunder, chance
        100 % to 0 %"."""
        name = f", {self.name}" if self.glyph else ""
        return f"Turn {self.turn}, {self.played[:1].lower()}{self.played[1:]}{name}, {self.chance}"

    def note(self) -> str:
        """The status line of `export --annotate`, worded per glyph."""
        if self.glyph == "??" and self.exact:
            kept = (
                f"{self.best[0]} was the only winning move"
                if len(self.best) == 1
                else f"{self.best_words()} would have kept it"
            )
            return f"?? {self.played} throws the win: {kept}"
        if self.glyph in MISTAKES:
            return (
                f"{self.glyph} {self.name.capitalize()}: {self.played}, {self.chance}; "
                f"{self.best_words()} kept more"
            )
        if self.glyph == "!":
            return f"! {self.played}: the only move that keeps the win"
        return f"{self.played}: {self.chance}"


def percent(value: float) -> str:
    return f"{round(value * 100)} %"


def judged_moves(replay: Replay) -> list[Judged]:
    """Every judged move of the recording, in order."""
    if not replay.judgements:
        return []
    kit = SCENES[replay.game.id]
    history = replay.history()
    found = []
    for index, judgement in sorted(replay.judgements.items()):
        state = history.before(index)
        assert state.to_move is not None  # the reader judged a move here
        best = [replay.game.move_from_event(state, event) for event in judgement["best"]]
        found.append(
            Judged(
                index,
                history.turn_of(index + 1),
                state.to_move,
                judgement["exact"],
                judgement["before"],
                judgement["after"],
                judgement["error"],
                judgement["glyph"],
                kit.move_words(state, history.before(index + 1)),
                tuple(_move_only(kit.move_words(state, _after(state, move))) for move in best),
            )
        )
    return found


def _move_only(words: str) -> str:
    """A best move's words without what followed it (an Even Odds dispute's winner):
    the tiles not yet played were not the mover's to see."""
    return words.split(": ")[0]


def _after(state: State, move: Any) -> State:
    position: State = state.copy()
    position.apply(move)
    return position


def turn_notes(replay: Replay) -> dict[int, str]:
    """The annotation of each turn that follows a judged move, by turn."""
    return {judged.turn: judged.note() for judged in judged_moves(replay)}


def chart_data(replay: Replay, first: int, last: int) -> dict[str, Any] | None:
    """The replay page's chance chart for turns `first` to `last`, or None without
    judgements: in a two-player game the first seat's chance after each judged move
    (the mover's, or the rest of it), from the position before the first one; with more
    seats the mover's chance after each judged move, the fair share dashed."""
    shown = [j for j in judged_moves(replay) if first <= j.turn <= last]
    if not shown:
        return None
    game = replay.game
    seats = game.seats(replay.rules)
    word = "Player" if game.first_seat else "Seat"
    points = []
    for j in shown:
        mistake = j.glyph in MISTAKES
        value = j.after if seats > 2 or j.player == game.first_seat else 1 - j.after
        points.append(
            {
                "turn": j.turn,
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
        f"{word} {game.first_seat}'s chance to win"
        if seats == 2
        else "The mover's chance to win after each move"
    )
    return {"title": title, "fair": 1 / seats, "start": start, "points": points}
