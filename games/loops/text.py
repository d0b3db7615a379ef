"""Typed move entry and the spoken-style `status` read-back (docs/rules.md 4.3)."""

from __future__ import annotations

from dataclasses import dataclass

from games.loops.engine import LEFT, LOOP_NAMES, RIGHT, LoopsState
from games.words import sentence

SIDE_WORDS = {"left": LEFT, "l": LEFT, "right": RIGHT, "r": RIGHT}
FLIP_WORDS = {"flip", "f"}
HELP = "Type left or right to place, flip left or flip right to flip, or status."
COLOR_NAMES = ("blue", "gold")


@dataclass(frozen=True)
class Command:
    """What a line of typed text asks for: 'place', 'flip', 'status', or 'error'."""

    action: str
    loop: int | None = None
    message: str = ""


def parse_command(text: str) -> Command:
    """Read one line typed into the keyboard box. Never raises."""
    words = text.lower().split()
    if not words:
        return Command("error", message=f"Nothing typed. {HELP}")
    if len(words) == 1 and "status".startswith(words[0]):
        return Command("status")
    if len(words) == 1 and words[0] in SIDE_WORDS:
        return Command("place", SIDE_WORDS[words[0]])
    if len(words) == 2 and words[0] in FLIP_WORDS and words[1] in SIDE_WORDS:
        return Command("flip", SIDE_WORDS[words[1]])
    shown = " ".join(text.split())[:40]
    return Command("error", message=f'I don\'t understand "{shown}". {HELP}')


def _piece(state: LoopsState, loop: int, index: int, names: tuple[str, str]) -> str:
    word = names[state.pieces[loop][index]]
    return f"{word} locked" if state.locked[loop][index] else word


def describe_loop(state: LoopsState, loop: int, names: tuple[str, str]) -> str:
    name = LOOP_NAMES[loop].capitalize()
    pieces = state.pieces[loop]
    capacity = state.rules.capacity
    if not pieces:
        return f"{name} loop: empty, {capacity} slots free, forces 2."
    listed = ", ".join(_piece(state, loop, i, names) for i in range(len(pieces)))
    owner, streak = state.streak(loop)
    assert owner is not None  # the loop holds pieces
    status = state.loop_status(loop)
    if status == "full":
        ending = "full"
    elif status == "jammed":
        ending = "jammed: forces 2 with 1 slot free"
    else:
        ending = f"forces {status}"
    return (
        f"{name} loop, {len(pieces)} of {capacity}: {listed}. Trailing streak: "
        f"{streak} {names[owner]}; {ending}."
    )


def read_back(state: LoopsState, names: tuple[str, str] = COLOR_NAMES) -> str:
    """The whole board in words: loops piece by piece, streaks, counts, flips, whose turn."""
    flips = state.flips_left
    board = [
        describe_loop(state, LEFT, names),
        describe_loop(state, RIGHT, names),
        f"Flips remaining: {names[0]} {flips[0]}, {names[1]} {flips[1]}.",
    ]
    if state.winner is not None:  # the result first: a short box shows it without scrolling
        return " ".join([f"Game over: {names[state.winner]} wins.", *board])
    assert state.to_move is not None  # no winner yet: someone is to move
    return " ".join([*board, f"{sentence(names[state.to_move])} to move."])
