"""Even Odds judged by the seats' standings (docs/analysis.md): a seat playing random
tiles against three Hard seats comes out less accurate than each of them, game after
game, recorded and analysed as a person would with the command line."""

from __future__ import annotations

import json

import pytest

from viz.cli import main


def accuracies(tmp_path, capsys, seed: int) -> dict[int, float]:
    """Each seat's accuracy in `record tiles --by random hard hard hard --seed SEED`."""
    path = tmp_path / f"tiles-{seed}.jsonl"
    by = ["--by", "random", "hard", "hard", "hard"]
    assert main(["record", "tiles", *by, "--seed", str(seed), "-o", str(path)]) == 0
    capsys.readouterr()
    assert main(["analyze", str(path), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    return {row["player"]: row["accuracy"] for row in rows if "turn" not in row}


@pytest.mark.slow
@pytest.mark.parametrize("seed", [5, 6, 7])
def test_a_seat_playing_random_tiles_is_below_each_hard_seat(tmp_path, capsys, seed):
    """Seed 5 deals the random seat tens and nines: it has 8 % of the win before its
    first tile and none after turn 19, so its share of the win had nothing left to lose;
    its standing still has (third or last)."""
    found = accuracies(tmp_path, capsys, seed)
    assert sorted(found) == [0, 1, 2, 3]
    assert all(found[0] < found[hard] for hard in (1, 2, 3)), found
