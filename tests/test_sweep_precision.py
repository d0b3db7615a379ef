"""`--precision P`: games added to each cell in rounds of whole chunks until the standard
error of its rate is below P, the same games however the chunks are spread; the runner's
rounds; the cap."""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

import games.autoplay
from games.autoplay import Precision, seeded_chunks, standard_error
from viz.cli import main
from viz.sweeps.runner import Sweep, Workers, run

# --- the rule, worked by hand ------------------------------------------------------------


def test_the_first_round_is_whole_chunks_of_at_least_2000_games():
    assert Precision(0.01).first_round(2000) == 2000  # Load: 1 chunk
    assert Precision(0.01).first_round(500) == 2000  # 4 chunks
    assert Precision(0.01).first_round(10_000) == 10_000  # Odds and Evens: 1 chunk
    assert Precision(0.01).first_round(300) == 2100  # 7 chunks: 6 are 1,800
    assert Precision(0.01, cap=1000).first_round(300) == 900  # never past the cap


def test_a_rate_of_0_or_1_is_done_after_the_first_round():
    assert Precision(0.001).more(2000, 0, 500) == 0
    assert Precision(0.001).more(2000, 2000, 500) == 0


def test_a_round_adds_the_whole_chunks_the_rate_says_are_needed():
    # 1,000 wins in 2,000: rate 0.5, error sqrt(0.25 / 2000) = 0.0112, not below 0.01.
    # Below 0.01 takes more than 0.25 / 0.01² = 2,500 games: 2,501, so 501 more, which
    # is 2 chunks of 500.
    assert Precision(0.01).more(2000, 1000, 500) == 1000
    # At 3,000 the error is sqrt(0.25 / 3000) = 0.0091: done.
    assert Precision(0.01).more(3000, 1500, 500) == 0
    # 400 wins in 2,000: 0.2 * 0.8 / 0.01² = 1,600 < 2,000, the error 0.0089: done.
    assert Precision(0.01).more(2000, 400, 500) == 0


def test_a_round_at_most_doubles_the_games():
    # 0.25 / 0.001² = 250,000 games are needed; the round doubles 2,000 to 4,000.
    assert Precision(0.001).more(2000, 1000, 500) == 2000


def test_the_cap_ends_a_cell_on_a_whole_chunk():
    capped = Precision(0.001, cap=3000)
    assert capped.more(2000, 1000, 500) == 1000  # up to the cap, not the doubling
    assert capped.more(3000, 1500, 500) == 0
    assert capped.short(0.5, 3000, 500)  # its error, 0.0091, not below 0.001
    assert not capped.short(0.0, 3000, 500)  # at the cap, but its error is 0
    assert not capped.short(0.5, 2500, 500)  # another chunk would have fitted
    odd = Precision(0.001, cap=2999)  # 2,999 holds 5 chunks of 500: 2,500 games
    assert odd.more(2000, 1000, 500) == 500
    assert odd.more(2500, 1250, 500) == 0 and odd.short(0.5, 2500, 500)


@given(
    chunks=st.integers(1, 400),
    size=st.sampled_from([1, 7, 500, 10_000]),
    share=st.floats(0, 1),
    error=st.floats(0.0001, 0.5),
    cap_chunks=st.integers(1, 1000),
)
def test_a_round_is_whole_chunks_within_the_cap_and_none_once_the_error_is_below(
    chunks, size, share, error, cap_chunks
):
    trials, cap = chunks * size, max(chunks, cap_chunks) * size
    wins = round(share * trials)
    more = Precision(error, cap).more(trials, wins, size)
    assert more % size == 0 and more <= trials and trials + more <= cap
    below = standard_error(wins / trials, trials) < error
    assert (more == 0) == (below or trials + size > cap)


def test_the_chunks_a_round_adds_are_the_ones_a_count_would_play():
    assert (
        seeded_chunks(1000, 500, 4, "3x3", 6, first=2) == seeded_chunks(2000, 500, 4, "3x3", 6)[2:]
    )


# --- the runner's rounds -----------------------------------------------------------------


def _late_first(number: int, round_size: int) -> int:
    """Chunk `number`, the first of its round finishing last."""
    time.sleep(0.02 * (round_size - number % round_size))
    return number


def _doubling(cell: int, found: list[int]) -> list[tuple[int, int]]:
    """Cell c has c chunks, numbered 0, 1, …, in rounds that double what is in; each
    round must see every chunk before it, in order."""
    assert found == list(range(len(found)))
    size = min(len(found), cell - len(found))
    return [(len(found) + k, size) for k in range(size)]


ROUNDS = Sweep[int, int, list[int]](
    lambda cell: [(0, 1)], _late_first, lambda cell, found: found, str, _doubling
)


@pytest.mark.parametrize("workers", [0, 1, 2])
def test_rounds_come_in_order_however_the_chunks_finish(workers):
    # rounds of 1, 1, 2, 4 chunks for 6, cut to 2 at the end; 1 and 1 for 2
    assert run(ROUNDS, [6, 2, 1], Workers(workers)) == [
        [0, 1, 2, 3, 4, 5],
        [0, 1],
        [0],
    ]


# --- the command line --------------------------------------------------------------------

LOAD = ["sweep", "load", "--json", "--seed", "4"]


def rows(capsys, argv):
    assert main(argv) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_a_cell_player_2_never_wins_stops_after_the_first_round(capsys):
    # 7×7 at Load 5: every-third green never holds (docs/load.md); one chunk of 2,000
    found = rows(
        capsys, [*LOAD, "--rows", "7", "--cols", "7", "--load", "5", "--precision", "0.001"]
    )
    assert found[0]["trials"] == 2000 and found[0]["player2_win_rate"] == 0
    loops = ["sweep", "loops", "--json", "--capacity", "4", "--flips", "0"]
    found = rows(capsys, [*loops, "--precision", "0.001"])  # one chunk of 10,000
    assert found[0]["trials"] == 10_000 and found[0]["first_mover_win_rate"] == 0


def test_precision_rows_are_the_same_for_one_worker_and_two(capsys):
    argv = [*LOAD, "--rows", "3", "--cols", "3", "--load", "3-8", "--precision", "0.006"]
    one = rows(capsys, [*argv, "--workers", "1"])
    assert rows(capsys, [*argv, "--workers", "2"]) == one
    for row in one:
        rate, trials = row["player2_win_rate"], row["trials"]
        assert trials % 2000 == 0 and standard_error(rate, trials) < 0.006
    assert {row["trials"] for row in one} > {2000}  # some cells took more rounds


def test_a_cell_plays_the_games_its_count_would(capsys):
    argv = [*LOAD, "--rows", "3", "--cols", "3", "--load", "6"]
    found = rows(capsys, [*argv, "--precision", "0.005"])[0]
    assert 0.5 < found["player2_win_rate"] < 0.75  # 62 % in docs/load.md
    # the error of a rate near 0.62 falls below 0.005 only past 9,000 games
    assert found["trials"] > 9000
    assert rows(capsys, [*argv, "--trials", str(found["trials"])]) == [found]


def test_the_table_has_each_cells_games(capsys):
    argv = ["sweep", "loops", "--capacity", "4", "--flips", "0-1", "--precision", "0.01"]
    assert main(argv) == 0
    table = capsys.readouterr().out.splitlines()
    assert "below 0.01, at most 1,000,000" in table[0]
    assert table[1].endswith("| perfect play winner | games |")
    assert table[3] == "| 4 | 0 | 0.00\u00a0% | second | 10,000 |"
    assert table[4].endswith(" | 10,000 |")  # 14 %: 10,000 games take it to 0.0035


def test_a_cell_at_the_cap_stops_there_and_says_so_in_one_line(capsys, monkeypatch):
    # the sweep reads the cap as it runs: 2 chunks of 2,000 and change
    monkeypatch.setattr(games.autoplay, "PRECISION_CAP", 5000)
    argv = [*LOAD, "--rows", "3", "--cols", "3", "--load", "5-6", "--precision", "0.005"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    found = [json.loads(line) for line in out.splitlines()]
    # 38 % and 62 % (docs/load.md) need over 9,000 games for 0.005
    assert [row["trials"] for row in found] == [4000, 4000]
    assert err == (
        "oddsevens: sweep load: 2 of 2 cells stopped at 4,000 games, "
        "their standard error not yet below 0.005\n"
    )


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--exact"], "argument --exact: not allowed with argument --precision"),
        (["--trials", "100"], "argument --trials: not allowed with argument --precision"),
    ],
)
@pytest.mark.parametrize("game", ["load", "loops"])
def test_precision_is_refused_beside_a_count_or_exact(capsys, game, extra, says):
    argv = ["sweep", game, "--precision", "0.01", *extra]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err


@pytest.mark.parametrize("value", ["0", "0.00001", "0.6", "nan", "x"])
def test_a_precision_out_of_range_is_one_line(capsys, value):
    assert main(["sweep", "loops", "--precision", value]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--precision" in err
