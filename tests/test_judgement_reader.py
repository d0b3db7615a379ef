"""Whatever the reader accepts of an analysed recording, its judgements can be drawn:
every judgement is checked against the game as it replays, and a bad one is refused in
one line naming its line, like any bad event."""

from __future__ import annotations

import json
import random
import tempfile
import traceback
from pathlib import Path

import pytest
from support.depth import cases
from support.fuzzing import judged_recordings, mutate_judgement, read_back

from viz.cli import main
from viz.export.judged import chart_data, judged_moves, turn_notes
from viz.files import load_replay

FOLDER = Path(tempfile.mkdtemp(prefix="judged-"))


def _draw(path: Path) -> None:
    """Everything an export, the page and --annotate make of the judgements."""
    replay = load_replay(path)
    judged_moves(replay)
    turn_notes(replay)
    chart_data(replay, 0, len(replay.frames()) - 1)


def test_mutated_judgements_are_refused_in_one_line_or_draw():
    """Tracebacks counted over every case, so that one run reports them all."""
    tracebacks, accepted = [], 0
    judged = judged_recordings()  # made when needed: collecting the tests stays quick
    for case in range(cases(full=3000, quick=30)):
        rng = random.Random(case)
        path = FOLDER / "judged.jsonl"
        path.write_bytes(mutate_judgement(judged[case % len(judged)], rng))
        if read_back(path) != "ok":
            continue
        accepted += 1
        try:
            _draw(path)
        except Exception:
            tracebacks.append(traceback.format_exc())
    assert tracebacks == [], f"{len(tracebacks)} tracebacks, the first:\n{tracebacks[0]}"
    assert accepted > 0  # some mutations are harmless: the drawing was exercised


def _lines(game: int) -> list[dict]:
    return [json.loads(line) for line in judged_recordings()[game].decode().splitlines()]


def _write(tmp_path: Path, lines: list[dict]) -> Path:
    path = tmp_path / "judged.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def _first_judged(lines: list[dict]) -> int:
    return next(n for n, line in enumerate(lines) if "judgement" in line)


def test_a_judgement_on_a_deal_is_refused_on_its_line(tmp_path, capsys):
    lines = _lines(2)  # Even Odds: the second line deals
    assert "deal" in lines[1]
    lines[1]["judgement"] = lines[_first_judged(lines)]["judgement"]
    path = _write(tmp_path, lines)
    assert main(["validate", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"oddsevens: {path}:2: a judgement stands on a move a player chose, "
        "not a deal or a setting\n"
    )


@pytest.mark.parametrize("glyph", ["??", "?", "?!", "!"])
def test_an_empty_best_move_list_is_refused_on_its_line(tmp_path, capsys, glyph):
    lines = _lines(0)
    number = _first_judged(lines)
    lines[number]["judgement"] |= {"best": [], "glyph": glyph}
    path = _write(tmp_path, lines)
    assert main(["validate", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"oddsevens: {path}:{number + 1}: a judgement's best is a list of 1 to 64 events\n"
    )


def test_a_best_move_of_the_other_player_is_refused_on_its_line(tmp_path, capsys):
    lines = _lines(0)  # Odds and Evens: player 0 moves first
    number = _first_judged(lines)
    lines[number]["judgement"]["best"] = [{"player": 1, "place": "left"}]
    path = _write(tmp_path, lines)
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"oddsevens: {path}:{number + 1}: a judgement's best move ")
    assert err.count("\n") == 1


def test_an_annotated_line_of_a_20_by_20_board_is_read_back(tmp_path):
    from games import REGISTRY
    from games.analysis import Judgement
    from games.recording import recording_text
    from viz.analysis.moves import judgement_note

    game = REGISTRY["load"]
    rules = game.rules({"rows": 20, "cols": 20})
    state = game.new_state(rules)
    best = tuple(state.legal_moves())  # all 400 cells: a position where any cell does
    assert len(best) == 400
    judgement = Judgement(0, 1, 1, False, 0.5, 0.5, 0.01, best, "", (0.5, 0.5), (0.5, 0.5))
    move = best[0]
    note = judgement_note(judgement, game.event_from_move)
    path = tmp_path / "big.jsonl"
    path.write_text(recording_text(game, rules, 1, [move], None, judgements={0: note}))
    assert len(load_replay(path).judgements[0]["best"]) == 64


def test_a_judgement_written_with_the_old_name_error_is_read_as_se(tmp_path):
    """Issue 46, item 6: the standard error is `se`; recordings that call it `error`
    (written before) read the same."""
    lines = _lines(0)
    number = _first_judged(lines)
    assert "se" in lines[number]["judgement"] and "error" not in lines[number]["judgement"]
    new = load_replay(_write(tmp_path, lines)).judgements
    for line in lines:
        if "judgement" in line:
            line["judgement"]["error"] = line["judgement"].pop("se")
    old_path = tmp_path / "old.jsonl"
    old_path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert load_replay(old_path).judgements == new
