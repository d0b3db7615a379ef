"""Issue 46, item 6: the annotated Even Odds page's chance chart draws one line a seat,
each named at its end (it drew one zigzag line across the movers)."""

from __future__ import annotations

import pytest

from viz.cli import main


def judged_dispute(folder):
    """Even Odds' first dispute of the sample, each of its four plays judged by hand
    (the move played the best, no glyph): seat s's chance after its move is 0.1 * (s + 1)."""
    import json
    from pathlib import Path

    sample = Path(__file__).resolve().parents[1] / "recordings" / "tiles-sample.jsonl"
    lines = [json.loads(line) for line in sample.read_text().splitlines()[:6]]
    for line in lines[2:6]:
        after = 0.1 * (line["player"] + 1)
        best = {key: line[key] for key in ("player", "tile")}
        line["judgement"] = {
            "exact": False,
            "before": 0.5,
            "after": after,
            "se": 0.01,
            "best": [best],
            "glyph": "",
        }
    path = folder / "judged-dispute.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def test_the_even_odds_chart_data_has_a_line_a_seat(tmp_path):
    from viz.export.judged import chart_data
    from viz.files import load_replay

    replay = load_replay(judged_dispute(tmp_path))
    chart = chart_data(replay, 0, len(replay.frames()) - 1)
    assert chart is not None
    assert [line["seat"] for line in chart["lines"]] == [0, 1, 2, 3]
    assert [(p["seat"], round(p["value"], 2)) for p in chart["points"]] == [
        (0, 0.1),
        (1, 0.2),
        (2, 0.3),
        (3, 0.4),
    ]


@pytest.mark.browser
def test_the_even_odds_page_draws_one_line_a_seat_named_at_its_end(chromium, tmp_path):
    page_path = tmp_path / "judged.html"
    assert main(["export", str(judged_dispute(tmp_path)), "--html", str(page_path)]) == 0
    context = chromium.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    try:
        page.goto(page_path.as_uri())
        drawn = page.eval_on_selector_all(
            "#replay-chart polyline",
            "ls => ls.map(l => [l.dataset.seatLine, l.getAttribute('points').split(' ').length])",
        )
        assert drawn == [["Seat 0", 1], ["Seat 1", 1], ["Seat 2", 1], ["Seat 3", 1]]
        names = page.eval_on_selector_all(
            "#replay-chart .line-name", "ts => ts.map(t => t.textContent)"
        )
        assert names == ["Seat 0", "Seat 1", "Seat 2", "Seat 3"]
    finally:
        context.close()
