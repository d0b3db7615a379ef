"""docs/developing.md's "Adding a game", proved: Sums (the package tests/sums, registered by one
line of tests/conftest.py) is recorded, validated, exported to every format, analysed,
swept, kept in the library, made in the demo, played and replayed in its window, with no
change to any file outside its own."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame
import pytest
from PIL import Image
from sums.window import SumsWindow

from games import REGISTRY
from games.base import AnyGame
from viz.cli import main
from viz.export.formats import ANIMATIONS
from viz.files import load_replay
from viz.window import WINDOWS


@pytest.fixture
def sums() -> AnyGame:
    return REGISTRY["sums"]


@pytest.fixture
def recording(sums: AnyGame, tmp_path: Path) -> Path:
    path = tmp_path / "sums.jsonl"
    assert main(["record", "sums", "--cells", "5", "--seed", "3", "-o", str(path)]) == 0
    return path


def test_it_is_recorded_and_validated(recording: Path, capsys: pytest.CaptureFixture[str]):
    capsys.readouterr()
    assert main(["validate", str(recording)]) == 0
    assert f"{recording}: valid sums game, 5 turns" in capsys.readouterr().out
    assert load_replay(recording).final().to_move is None


def test_it_exports_to_every_format(recording: Path, tmp_path: Path):
    out = tmp_path / "out"
    out.mkdir()
    targets = [arg for kind in ANIMATIONS for arg in (f"--{kind}", str(out / f"sums.{kind}"))]
    assert main(["export", str(recording), *targets, "--size", "320"]) == 0
    assert main(["export", str(recording), "--png", str(out / "still.png"), "--turn", "2"]) == 0
    for kind in ANIMATIONS:
        assert (out / f"sums.{kind}").stat().st_size > 0, kind
    with Image.open(out / "sums.gif") as gif:
        assert gif.n_frames == 6  # turn 0 and the five takes
    assert "Player 1 took" in (out / "sums.html").read_text(encoding="utf-8")


def test_it_is_analysed_in_worker_processes_which_know_it_too(
    recording: Path, capsys: pytest.CaptureFixture[str]
):
    """A game registered in this process is registered in its workers as they start."""
    capsys.readouterr()
    assert main(["analyze", str(recording), "--workers", "2"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("Sums: 5 of 5 moves judged")
    assert len(re.findall(r"^\| [1-5] \| Player [01] \| ", printed, re.M)) == 5  # a row a move


def test_it_is_swept_by_its_kits_sweep(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """Player 0 takes a uniformly random half of the cells (the larger, with an odd count)
    and wins on an odd total: with 2 cells by taking the 1 (1/2); with 3, two of 1, 2, 3,
    odd in {1,2} and {2,3} (2/3); with 4, two of 1 to 4, odd in 4 of the 6 pairs (2/3)."""
    capsys.readouterr()
    argv = ["sweep", "sums", "--cells", "2-4", "--trials", "4000", "--workers", "2", "--json"]
    assert main(argv) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(row["cells"], row["trials"]) for row in rows] == [(2, 4000), (3, 4000), (4, 4000)]
    for row, rate in zip(rows, (1 / 2, 2 / 3, 2 / 3), strict=True):
        assert abs(row["player0_win_rate"] - rate) < 0.03, row  # 4 standard errors
    chart = tmp_path / "sums.svg"
    assert main(["sweep", "sums", "--cells", "2-6", "--trials", "500", "--plot", str(chart)]) == 0
    printed = capsys.readouterr()
    assert printed.out.startswith("Player 0's win rate") and printed.out.count("\n| ") == 6
    assert "series-0" in chart.read_text(encoding="utf-8")
    assert main(["sweep", "sums", "--cells", "2-7"]) == 2  # past the rules' limits
    assert "cells" in capsys.readouterr().err


def test_its_sweep_is_in_the_help_with_its_options(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit):
        main(["sweep", "--help"])
    listed = capsys.readouterr().out
    assert re.search(r"^ +sums +Sums: player 0's chances, both seats at random$", listed, re.M)
    with pytest.raises(SystemExit):
        main(["sweep", "sums", "--help"])
    printed = capsys.readouterr().out
    assert "counts of cells, e.g. 2-6 (default)" in printed and "(default 2000)" in printed
    assert "--exact" not in printed and "--by" not in printed  # it offers neither


def test_it_is_kept_listed_and_judged_in_the_library(
    recording: Path, capsys: pytest.CaptureFixture[str]
):
    capsys.readouterr()
    assert main(["library", "add", str(recording)]) == 0
    assert main(["library", "--game", "sums"]) == 0
    listed = capsys.readouterr().out
    assert re.search(r"^\| 1 \| .* \| Sums \| — \| — \| 5 \| — \| odd total \|$", listed, re.M)
    assert main(["library", "analyze"]) == 0
    assert "Judged 1 game" in capsys.readouterr().out


@pytest.mark.slow
def test_the_demo_records_and_draws_it_beside_the_products_games(tmp_path: Path):
    assert main(["demo", "--out", str(tmp_path)]) == 0
    assert load_replay(tmp_path / "sums.jsonl").final().to_move is None
    assert (tmp_path / "sums.gif").stat().st_size > 0
    assert "<svg" in (tmp_path / "sums.svg").read_text(encoding="utf-8")


def test_play_has_a_subcommand_with_its_rules(sums: AnyGame, capsys):
    with pytest.raises(SystemExit):
        main(["play", "sums", "--help"])
    assert "--cells" in capsys.readouterr().out


def test_its_window_plays_by_click_and_replays_a_recording(recording: Path, tmp_path: Path):
    replay = load_replay(recording)
    kit = WINDOWS["sums"]
    assert kit.load() is SumsWindow
    window = kit.open(replay.game, replay.rules, seed=1, out_dir=tmp_path, size=(800, 600))
    try:
        window.frame(16)
        x, y, side = window.shown_layout().cell_box(2)
        pos = (round(x + side / 2), round(y + side / 2))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        window.frame(16)
        assert window.state.owners[2] == 0 and window.state.to_move == 1
    finally:
        window.close()
    window = kit.open(replay.game, replay.rules, script=replay.moves, size=(800, 600))
    try:
        window.frame(16)
        assert window.state.turns == 0 and "Turn 0 of 5" in window.mode.controls()[0].text
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
        window.frame(16)
        assert window.state.snapshot() == replay.final().snapshot()
    finally:
        window.close()


def test_the_games_package_names_no_module_of_viz():
    """import-linter sees imports; an import path written as a string it cannot see."""
    games = Path(__file__).resolve().parents[1] / "games"
    named = [
        f"{path.relative_to(games)}:{number}"
        for path in games.rglob("*.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"""["']viz[.:]""", line)
    ]
    assert named == []


def test_a_listed_kit_that_offers_other_than_its_package_declares_is_refused(monkeypatch):
    """What a game's help says (its offered.py) is what its kit plays: a kit whose tiers
    differ from its declaration does not load."""
    from games.loops.offered import OFFERED
    from games.registry import Kits, Listed

    kits = Kits([Listed("loops", "Odds and Evens", "games.loops:KIT")])
    assert kits.offered("loops") == OFFERED
    monkeypatch.setattr(
        "games.registry.declared_offer", lambda package: OFFERED._replace(opponents=("easy",))
    )
    with pytest.raises(ValueError, match="games.loops:KIT offers .*declared"):
        Kits([Listed("loops", "Odds and Evens", "games.loops:KIT")])["loops"]
