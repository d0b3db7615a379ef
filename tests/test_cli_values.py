"""Every value a command accepts can be written and read back: a seed too long for a
recording's header is refused in one line, and the longest accepted one round-trips."""

from __future__ import annotations

import pytest

from viz.cli import main
from viz.cli.common import SEED_DIGITS
from viz.files import load_replay

TOO_LONG = str(10**3990)


@pytest.mark.parametrize(
    "argv",
    [["record", "load", "-o", "{dir}/a.jsonl"], ["demo", "--out", "{dir}/demo"]],
    ids=["record", "demo"],
)
def test_a_seed_too_long_for_the_header_is_one_line(tmp_path, capsys, argv):
    argv = [arg.format(dir=tmp_path) for arg in argv]
    assert main([*argv, "--seed", TOO_LONG]) == 2
    out, err = capsys.readouterr()
    command = argv[0] + (" load" if argv[0] == "record" else "")
    assert out == "" and err == (
        f"oddsevens: {command}: argument --seed: a seed has at most {SEED_DIGITS} digits"
        " (see --help)\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_the_longest_seed_accepted_is_written_and_read_back(tmp_path, capsys):
    longest = "-" + "9" * SEED_DIGITS
    path = tmp_path / "a.jsonl"
    assert main(["record", "loops", "--seed", longest, "-o", str(path)]) == 0
    assert load_replay(path).seed == int(longest)
