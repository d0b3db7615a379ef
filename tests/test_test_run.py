"""The test run itself: it says why it skips, and needs nothing beside the checkout."""

import re
import shlex
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_configured_run_reports_each_skip_with_its_reason():
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]
    assert "-rs" in shlex.split(options["ini_options"]["addopts"])


def test_no_test_reads_a_file_above_the_repository():
    """A path built from the checkout's parent (`ROOT.parent`, or a file's `parents[N]`
    reaching above the checkout from where the file lies) leaves it."""
    leaving = re.compile(r"ROOT\.parent\b|/work/")
    climbing = re.compile(r"parents\[(\d+)\]")
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "tests").rglob("*.py"))
        if path.name != Path(__file__).name
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if leaving.search(line)
        or any(int(n) >= len(path.relative_to(ROOT).parts) for n in climbing.findall(line))
    ]
    assert offenders == []
