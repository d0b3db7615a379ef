"""`--help`, `-h`, `--version` and every command's `--help` are answered from the table
of texts argparse printed beforehand (viz/help_table.py): each answer is what argparse
prints now, at every terminal width, with the same status and standard error, and the
entry point loads neither argparse nor the commands for it. The comparisons run in
fresh processes: this one has registered the tests' own game, which the table leaves
out as an installed program does."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.answers import ON_THE_TABLES_PYTHON
from support.commands import HELPS
from support.processes import fresh_python

from viz import __version__, help_answers
from viz.help_answers import literal_lines, packed, unpacked
from viz.help_table import PYTHON, TEXTS

pytestmark = ON_THE_TABLES_PYTHON

ENV = {"PATH": "/usr/bin:/bin"}  # no $COLUMNS: standard output is a pipe, so 80 columns
ENTRY = [sys.executable, "-m", "viz"]  # as the `oddsevens` command starts
ARGPARSE = [sys.executable, "-c", "import sys; from viz.cli import main; sys.exit(main())"]
REGENERATE = "the table is out of date: python -m viz.help_answers"
WIDTHS = [1, 16, 17, 44, 79, 80, 81, 120, 10_000, 1_000_000]


def _kept(form: tuple[str, ...]) -> tuple[list[int], list[str]]:
    """The table's texts for `form` in the order of their widths, each with the least
    columns at which it is printed."""
    first, last, plain, others = TEXTS[form]
    texts = unpacked(others)
    first_columns = [int(columns) for columns in next(texts).split()]
    pairs = sorted([(first, plain), *zip(first_columns, texts, strict=True)])
    following = [columns for columns, _ in pairs if columns > first]
    assert last == (min(following) - 1 if following else None)
    return [columns for columns, _ in pairs], [text for _, text in pairs]


def test_the_table_answers_every_command_of_the_parsers_and_of_the_tests():
    listed = (
        "import json; from viz.cli import build_parser; from viz.help_answers import help_forms\n"
    )
    listed += "print(json.dumps(list(help_forms(build_parser()))))"
    forms = [["--help"], ["--version"], *json.loads(fresh_python(listed))]
    assert [list(form) for form in TEXTS] == forms
    assert sorted(forms) == sorted(HELPS)


COMPARED = """
import json, os, sys
from viz.help_answers import answer, printed
widths = json.loads(sys.argv[1])
differ = []
for words, extra in json.loads(sys.argv[2]):
    for columns in widths + extra:
        os.environ["COLUMNS"] = str(columns)
        if answer(words) != printed(words, columns):
            differ.append([words, columns])
print(json.dumps(differ))
"""


def test_each_answer_is_what_argparse_prints_at_widths_either_side_of_each_change():
    # at the fixed widths, and at the widest change of each text, one column either
    # side of it and far past it: a help changed since the table was made differs at
    # 80 columns, and the texts past the last change hold for any wider terminal
    forms = []
    for form in TEXTS:
        widest = _kept(form)[0][-1]
        forms.append([list(form), [widest - 1, widest, widest + 1, 3 * widest]])
    differ = json.loads(fresh_python(COMPARED, json.dumps(WIDTHS), json.dumps(forms)))
    assert differ == [], f"{REGENERATE}: {differ[:5]}"


@pytest.mark.slow
def test_the_table_is_what_argparse_prints_now_at_every_width():
    code = "import json; from viz.help_answers import generated\n"
    code += "print(json.dumps([[list(form), kept] for form, kept in generated().items()]))"
    now = {tuple(form): (first, texts) for form, (first, texts) in json.loads(fresh_python(code))}
    assert now == {form: _kept(form) for form in TEXTS}, REGENERATE


def test_the_version_wraps_as_argparse_wraps_it(monkeypatch):
    # "oddsevens 0.2.0": 15 characters in the width of 2 columns less than the terminal
    monkeypatch.setenv("COLUMNS", "17")
    assert help_answers.answer(["--version"]) == f"oddsevens {__version__}\n"
    monkeypatch.setenv("COLUMNS", "16")
    assert help_answers.answer(["--version"]) == f"oddsevens\n{__version__}\n"


def test_each_width_gets_the_text_whose_columns_hold_it(monkeypatch):
    # "a" from 1 column, "b" from 3, "plain" from 5 to 9, "c" from 10 on; the packed ones
    # in any order
    table = {("play", "--help"): (5, 9, "plain", packed([10, 1, 3], ["c", "a", "b"]))}
    monkeypatch.setattr(help_answers, "TEXTS", table)
    shown = {}
    for columns in (1, 2, 3, 4, 5, 9, 10, 11, 500):
        monkeypatch.setenv("COLUMNS", str(columns))
        shown[columns] = help_answers.answer(["play", "-h"])
        assert help_answers.answer(["play", "--help"]) == shown[columns]
    assert shown == {1: "a", 2: "a", 3: "b", 4: "b", 5: "plain", 9: "plain", 10: "c"} | {
        11: "c",
        500: "c",
    }


def test_anything_else_another_python_and_no_stdout_are_left_to_argparse(monkeypatch):
    for argv in ([], ["--verbose", "--help"], ["play", "--help", "x"], ["--vers"], ["-h", "-h"]):
        assert help_answers.answer(argv) is None
    assert help_answers.answer(["play", "--help"]) is not None
    monkeypatch.setattr(sys, "stdout", None)  # started with its standard output closed
    assert help_answers.answer(["play", "--help"]) is None
    monkeypatch.undo()
    monkeypatch.setattr(help_answers, "PYTHON", (PYTHON[0], PYTHON[1] + 1))
    assert help_answers.answer(["play", "--help"]) is None


no_nul = st.text(st.characters(exclude_characters="\0", exclude_categories=["Cs"]), max_size=3000)


@given(st.lists(st.tuples(st.integers(1, 10**6), no_nul), max_size=6))
def test_packed_texts_unpack_as_they_were_across_the_chunks_read(kept):
    # texts of several thousand bytes, characters of up to 4 bytes cut by the chunks
    first_columns, texts = [columns for columns, _ in kept], [text for _, text in kept]
    columns_line = " ".join(map(str, first_columns))
    assert list(unpacked(packed(first_columns, texts))) == [columns_line, *texts]


@given(st.text(min_size=1))
def test_a_text_written_into_the_table_reads_back_as_it_was(text):
    # quotes, backslashes, line ends of every kind, non-ASCII, lines past 80 characters
    assert ast.literal_eval(f"(\n{literal_lines(text)})") == (text,)


@pytest.mark.parametrize("argv", [["--help"], ["record", "load", "-h"], ["--version"]])
@pytest.mark.parametrize("stdout", ["pipe", "closed", "full"])
def test_the_status_and_what_each_stream_gets_are_argparses(argv, stdout):
    def ran(program: list[str]) -> tuple[int, bytes, bytes]:
        if stdout == "pipe":
            done = subprocess.run([*program, *argv], capture_output=True, env=ENV)
            return done.returncode, done.stdout, done.stderr
        if stdout == "full":
            output = open("/dev/full", "wb")  # noqa: SIM115 (closed below, either way)
        else:
            read, write = os.pipe()
            os.close(read)  # nobody reads: the first write is EPIPE
            output = open(write, "wb")  # noqa: SIM115
        with output:
            done = subprocess.run([*program, *argv], stdout=output, stderr=subprocess.PIPE, env=ENV)
        return done.returncode, b"", done.stderr

    assert ran(ENTRY) == ran(ARGPARSE)
    assert ran(ENTRY)[0] == {"pipe": 0, "closed": 141, "full": 2}[stdout]
