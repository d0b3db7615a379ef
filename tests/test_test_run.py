"""The test run itself: it says why it skips, and needs nothing beside the checkout."""

import re
import shlex
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_configured_run_reports_each_skip_with_its_reason():
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]
    assert "-rs" in shlex.split(options["ini_options"]["addopts"])


def leaves_the_checkout(path: Path, line: str) -> bool:
    """Whether a line builds a path above the checkout: `ROOT.parent`, or a file's
    `parents[k]` that climbs past the repository's root from where the file is."""
    depth = len(path.relative_to(ROOT).parts)  # parents[depth - 1] is the root
    climbs = [int(k) for k in re.findall(r"parents\[(\d+)\]", line)]
    return bool(re.search(r"ROOT\.parent\b", line)) or any(k >= depth for k in climbs)


def test_no_test_reads_a_file_above_the_repository():
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "tests").rglob("*.py"))
        if path.name != Path(__file__).name
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if leaves_the_checkout(path, line)
    ]
    assert offenders == []


def test_a_climb_past_the_root_is_told_from_one_to_it():
    assert leaves_the_checkout(ROOT / "tests" / "x.py", "parents[2]")
    assert not leaves_the_checkout(ROOT / "tests" / "x.py", "parents[1]")
    assert not leaves_the_checkout(ROOT / "tests" / "support" / "x.py", "parents[2]")
    assert leaves_the_checkout(ROOT / "tests" / "x.py", "ROOT.parent / 'shared'")
