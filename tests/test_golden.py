"""Golden playthroughs: each game's sample (its kit's `sample`) is what `record --seed`
writes today, byte for byte, so a change to a rules engine or an automatic player that alters play
shows up here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games import KITS
from viz.cli import main

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = [ROOT / kit.sample for kit in KITS.values()]


@pytest.mark.parametrize("sample", SAMPLES, ids=[path.stem for path in SAMPLES])
def test_a_sample_is_reproduced_by_its_record_command(sample: Path, tmp_path: Path) -> None:
    header = json.loads(sample.read_text(encoding="utf-8").partition("\n")[0])
    rules = [arg for key, value in header["rules"].items() for arg in (f"--{key}", str(value))]
    players = ["--by", *header["players"]] if "players" in header else []
    out = tmp_path / sample.name
    command = ["record", header["game"], *rules, "--seed", str(header["seed"]), *players]
    assert main([*command, "-o", str(out)]) == 0
    assert out.read_bytes() == sample.read_bytes()


def test_every_game_has_a_sample_of_its_own() -> None:
    games = [json.loads(path.read_text().partition("\n")[0])["game"] for path in SAMPLES]
    assert games == list(KITS)
