"""The Even Odds table in words: the status lines, the latest move, results and the legend."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.tiles.engine import (
    CHANCE,
    COLORS,
    ROUNDS,
    Choose,
    Deal,
    Play,
    TilesState,
    color_of,
    dispute_result,
    tile_name,
)
from games.words import held, sentence
from viz.scenes.common import LegendItem, legend_lines_needed
from viz.scenes.tiles.palettes import LETTERS, edge_of

STATUS_LINES = 2
MAX_LEGEND_LINES = 2  # past these the legend's last entries go


def seat_label(seat: int, viewer: int | None) -> str:
    return "You" if seat == viewer else f"Seat {seat}"


def settled(state: TilesState) -> bool:
    """Whether the latest move ended a dispute (its tiles now lie as the last dispute)."""
    return isinstance(state.last, Play) and not state.plays and bool(state.last_dispute)


def shown_dispute(state: TilesState) -> list[tuple[int, int]]:
    """The dispute on the felt: the one under way, else the last one settled, which stays
    until the next tile is played; a deal clears the felt (its tiles are in the new
    hands, and a tile is never drawn twice)."""
    if isinstance(state.last, Deal):
        return []
    return state.plays or state.last_dispute


def status_lines(state: TilesState, viewer: int | None) -> list[str]:
    rules = state.rules
    result = state.result()
    facts = f"Round {max(state.round, 1)} of {ROUNDS} · {rules.players} players"
    if state.current is not None:
        facts += f" · follow {COLORS[state.current]}"
    last = state.last
    if last is None or isinstance(last, Deal):
        done = "Tiles dealt" if last else "New game"
    elif isinstance(last, Choose):
        done = f"{seat_label(last.player, viewer)} chose {COLORS[last.color]}"
    elif settled(state):
        done = dispute_text(state, viewer)
    else:
        done = f"{seat_label(last.player, viewer)} played {tile_name(last.tile)}"
    if result is not None:  # the last dispute's result stays beside the game's
        return [totals_text(state, viewer), f"{done} · {outcome_words(state, viewer)}"]
    if state.to_move == CHANCE:
        return [facts, f"{done} · next: the deal"]
    assert state.to_move is not None  # a finished game has a result, shown above
    mover = seat_label(state.to_move, viewer)
    if state.choosing:
        verb = "choose a colour" if state.to_move == viewer else "chooses a colour"
    else:
        verb = "to play"
    return [facts, f"{done} · {mover} {verb}"]


def move_words(before: TilesState, after: TilesState, viewer: int | None = None) -> str:
    """The latest move in words, with the dispute's result when it ended one; the
    `viewer`'s seat is "You"."""
    last = after.last
    assert last is not None  # `after` follows a move
    if isinstance(last, Deal):
        return f"Tiles dealt for round {after.round}"
    if isinstance(last, Choose):
        return f"{seat_label(last.player, viewer)} chose {COLORS[last.color]}"
    words = f"{seat_label(last.player, viewer)} played {tile_name(last.tile)}"
    return f"{words}: {dispute_text(after, viewer)}" if settled(after) else words


def advice(state: TilesState, move: Play | Choose) -> str:
    """A move the side to move may make, as advice: "Play a yellow tile", "Name blue".
    A seat cannot tell its own tiles of a colour apart, so the colour is the advice."""
    if isinstance(move, Choose):
        return f"Name {COLORS[move.color]}"
    colour = COLORS[color_of(move.tile)]
    return f"Play {'an' if colour[0] in 'aeiou' else 'a'} {colour} tile"


def dispute_text(state: TilesState, viewer: int | None) -> str:
    """Who won the dispute just ended, with which tile, the lowest value they take and
    what it does to their total, said so that a newcomer does not read it as good news:
    "You won the dispute with green-9 and take the 6: +6 points (lowest total wins)"."""
    seat, tile, score = dispute_result(state.last_dispute)
    take = "take" if seat == viewer else "takes"
    points = "point" if score == 1 else "points"
    return (
        f"{seat_label(seat, viewer)} won the dispute with {tile_name(tile)} and {take} the "
        f"{score}: {held(f'+{score}', points)} {held('(lowest', 'total', 'wins)')}"
    )


def totals_text(state: TilesState, viewer: int | None) -> str:
    """The final ranking: lowest total first, then the lower last round."""
    totals = state.totals()
    ranked = sorted(range(state.rules.players), key=lambda s: (totals[s], state.scores[-1][s]))
    return "Totals: " + " · ".join(f"{seat_label(s, viewer)} ({totals[s]})" for s in ranked)


def outcome_words(state: TilesState, viewer: int | None = None) -> str:
    """Who won, and how a tie on the lowest total was broken; empty while the game goes
    on. The `viewer`'s seat is "You"."""
    result = state.result()
    return "" if result is None else result_text(state, result, viewer)


def result_text(state: TilesState, result: dict[str, Any], viewer: int | None) -> str:
    """Who won, and how a tie on the lowest total was broken."""
    winners = result["winners"]
    names = sentence(" and ".join(seat_label(s, viewer) for s in winners))
    best = min(result["totals"])
    tied = [s for s, total in enumerate(result["totals"]) if total == best]
    last_round = state.scores[-1][winners[0]]
    if len(winners) > 1:
        return f"{names} share the win: tied on {best}, and on {last_round} in the last round"
    verb = "win" if winners[0] == viewer else "wins"
    if len(tied) > 1:
        return f"{names} {verb}: tied on {best}, lowest last round ({last_round})"
    return f"{names} {verb} with the lowest total, {best}"


def legend_items(
    state: TilesState, dimmed: bool = False, selecting: bool = False
) -> list[LegendItem]:
    """The marks the picture shows; `selecting` when the keyboard's choice is framed."""
    items = [LegendItem("last", "latest tile", "ink", "frame")]
    if selecting:
        items.append(SELECTED)
    if state.current is not None:
        name = COLORS[state.current]
        items.insert(
            0, LegendItem("follow", f"follow {name} ({LETTERS[name]})", name, edge=edge_of(name))
        )
    if dimmed:
        items.append(UNPLAYABLE)
    if shown_dispute(state) and not state.plays:
        items.append(WINNER)
    if state.removed is not None:
        name = COLORS[state.removed]
        items.append(
            LegendItem("removed", f"{name} ({LETTERS[name]}) taken out", name, edge=edge_of(name))
        )
    if state.to_move is None:
        items.append(GAME_WINNER)
    return items


UNPLAYABLE = LegendItem("unplayable", "cannot be played now", "paper", edge="muted")
SELECTED = LegendItem("selected", "your choice (← →)", "ink", "dashed-frame")
WINNER = LegendItem("winner", "won the dispute", "mark", edge="muted")
GAME_WINNER = LegendItem("game-winner", "won the game", "won", edge="ink")
# The longest legend an Even Odds picture can have: its rows are kept in every frame.
# (The dispute's winner is shown only between disputes, when no colour is to be followed
# and no tile is dimmed.)
LONGEST_LEGEND = [
    LegendItem("follow", "follow purple (P)", "purple"),
    LegendItem("last", "latest tile", "ink", "frame"),
    SELECTED,
    UNPLAYABLE,
    LegendItem("removed", "yellow (Y) taken out", "yellow", edge="edge"),
]


@lru_cache(maxsize=64)
def legend_lines(width: int, max_font: float) -> int:
    """Legend rows enough for every entry, MAX_LEGEND_LINES at most."""
    return min(MAX_LEGEND_LINES, legend_lines_needed(LONGEST_LEGEND, width, max_font))
