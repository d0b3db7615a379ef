"""Draw docs/library-stats.png, the chart docs/library.md shows of `library stats --plot`: 24 games
of Odds and Evens over seven weeks, "you" (a random player) against easy and medium
in turn, each seat in turn, kept in a library of their own and judged.

Run: python docs/library_chart.py
"""

from __future__ import annotations

import os
import random
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

from games import REGISTRY
from games.autoplay import play
from games.recording import recording_text
from viz.cli import main

OUT = Path(__file__).parent / "library-stats.png"
GAMES = 24
FIRST = datetime(2025, 3, 3, 19, 30).astimezone()


def record(folder: Path, number: int) -> Path:
    game = REGISTRY["loops"]
    rules = game.rules({})
    tier = ("easy", "medium")[number % 2]
    mine = (number // 2) % 2
    players = {mine: game.players["random"], 1 - mine: game.players[tier]}
    state, moves = play(game, rules, random.Random(number), players)
    seats = ["you", tier] if mine == 0 else [tier, "you"]
    started = FIRST + timedelta(days=2 * number, hours=number % 3)
    path = folder / f"game{number:02}.jsonl"
    text = recording_text(
        game, rules, number, moves, state.result(), players=seats, started=started.isoformat()
    )
    path.write_text(text, encoding="utf-8")
    return path


def draw() -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["ODDSEVENS_DATA"] = str(Path(folder) / "data")
        os.environ["XDG_STATE_HOME"] = str(Path(folder) / "state")
        games = Path(folder) / "games"
        games.mkdir()
        for number in range(GAMES):
            record(games, number)
        for command in (["add", str(games)], ["analyze"], ["stats", "--plot", str(OUT)]):
            if main(["library", *command]) != 0:
                raise SystemExit(f"library {command[0]} failed")


if __name__ == "__main__":
    draw()
