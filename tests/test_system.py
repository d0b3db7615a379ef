"""The advisory locks that keep two runs off each other's files (viz.system)."""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import viz.cli as cli
from viz.system import (
    READ_NO_FOLLOW,
    Stopped,
    raise_if_stopped,
    signals_held,
    stops_raised,
    try_lock,
)


def _open(path: Path) -> int:
    return os.open(path, READ_NO_FOLLOW)


def test_an_exclusive_lock_keeps_every_other_lock_out_until_closed(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_text("x")
    holder, other = _open(path), _open(path)
    try:
        assert try_lock(holder)
        assert not try_lock(other)
        assert not try_lock(other, shared=True)
        os.close(holder)
        assert try_lock(other)
    finally:
        os.close(other)


def test_shared_locks_go_together_and_keep_an_exclusive_one_out(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_text("x")
    first, second, writer = _open(path), _open(path), _open(path)
    try:
        assert try_lock(first, shared=True)
        assert try_lock(second, shared=True)
        assert not try_lock(writer)
    finally:
        for fd in (first, second, writer):
            os.close(fd)


def test_opening_to_look_never_follows_a_symbolic_link(tmp_path: Path) -> None:
    (tmp_path / "target").write_text("x")
    (tmp_path / "link").symlink_to(tmp_path / "target")
    with pytest.raises(OSError):
        os.close(_open(tmp_path / "link"))


@pytest.fixture
def heard() -> Iterator[list[str]]:
    """What a SIGTERM handler of the program's own saw, in order with the test's notes."""
    seen: list[str] = []
    previous = signal.signal(signal.SIGTERM, lambda signum, _frame: seen.append("SIGTERM"))
    yield seen
    signal.signal(signal.SIGTERM, previous)


def test_a_signal_in_a_held_block_reaches_its_handler_once_the_block_is_left(heard):
    with signals_held():
        os.kill(os.getpid(), signal.SIGTERM)
        heard.append("block done")
    assert heard == ["block done", "SIGTERM"]


def test_the_check_of_a_held_block_unwinds_it_once_a_signal_came(heard):
    with signals_held() as check:
        check()
        heard.append("before")
        os.kill(os.getpid(), signal.SIGTERM)
        check()
        heard.append("never")
    assert heard == ["before", "SIGTERM"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back


class _StopsInItsDel:
    """Sends this process SIGTERM as it is collected: the handler's exception is raised
    inside `__del__`, where Python reports it as unraisable and drops it."""

    def __del__(self) -> None:
        os.kill(os.getpid(), signal.SIGTERM)
        sum(range(1000))  # the handler runs here, inside __del__


@pytest.fixture
def dropped(monkeypatch) -> list[BaseException]:
    """The exceptions Python drops and hands to `sys.unraisablehook`, in order."""
    seen: list[BaseException] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda dropped: seen.append(dropped.exc_value))
    return seen


def test_a_stop_dropped_inside_a_del_is_raised_again_at_the_next_safe_point(dropped):
    with stops_raised():
        _StopsInItsDel()
        with pytest.raises(Stopped) as stopped:
            raise_if_stopped()
    assert stopped.value.signum == signal.SIGTERM
    assert dropped == []  # not reported as an error: only postponed
    raise_if_stopped()  # forgotten once the block is left


def test_a_dropped_exception_that_is_no_stop_is_still_reported(dropped):
    class Fails:
        def __del__(self) -> None:
            raise ValueError("in __del__")

    with stops_raised():
        Fails()
        raise_if_stopped()
    assert [repr(error) for error in dropped] == ["ValueError('in __del__')"]


def _parser_with(run):
    """The command line with one command, `x`, that calls `run(args)`."""

    def build():
        parser = argparse.ArgumentParser(prog="oddsevens")
        parser.add_subparsers().add_parser("x").set_defaults(run=run, verbose=False)
        return parser

    return build


def _import_broken_by_a_stop(args) -> int:
    """What numpy does when a stop lands inside its import: the stop becomes an
    ImportError with the stop's exception gone."""
    try:
        signal.raise_signal(signal.SIGTERM)
    except Stopped:
        raise ImportError("PyCapsule_Import could not import module 'datetime'") from None
    return 0


def test_a_failure_caused_by_a_stop_ends_as_the_stop(monkeypatch, capsys):
    monkeypatch.setattr(cli, "build_parser", _parser_with(_import_broken_by_a_stop))
    assert cli.main(["x"]) == 128 + signal.SIGTERM
    assert capsys.readouterr().err == ""


def test_a_failure_with_no_stop_behind_it_is_not_hidden(monkeypatch):
    def fails(args) -> int:
        raise ImportError("a real fault")

    monkeypatch.setattr(cli, "build_parser", _parser_with(fails))
    with pytest.raises(ImportError, match="a real fault"):
        cli.main(["x"])


# What a module changes for the whole process when it is imported, run in a fresh one.
IMPORTED = """
import os, signal, sys
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"  # pygame's banner, printed on its import
handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
environment, interval = dict(os.environ), sys.getswitchinterval()
sys.modules["fcntl"] = None  # as on a system without it
import viz, viz.cli, viz.export.engine, viz.library.opening, viz.window.app
changed = [key for key in os.environ.keys() | environment.keys()
           if os.environ.get(key) != environment.get(key)]
handlers_now = {s: signal.getsignal(s) for s in handlers}
print(changed, handlers_now == handlers, sys.getswitchinterval() == interval)
"""


def test_importing_the_product_changes_nothing_of_the_process():
    from support.processes import fresh_python

    assert fresh_python(IMPORTED) == "[] True True\n"


def test_a_waiting_lock_keeps_a_try_out_until_closed(tmp_path: Path) -> None:
    from viz.system import lock_waiting

    path = tmp_path / "f"
    path.touch()
    held, other = _open(path), _open(path)
    try:
        lock_waiting(held)
        assert not try_lock(other)
    finally:
        os.close(held)
    assert try_lock(other)
    os.close(other)


def test_the_switch_interval_is_put_back_after_the_block() -> None:
    from viz.system import switch_interval

    before = sys.getswitchinterval()
    with switch_interval(0.001):
        assert sys.getswitchinterval() == pytest.approx(0.001)
    assert sys.getswitchinterval() == before


# A module whose import a stop interrupts, which turns the interruption into an
# ImportError and passes over it, as `xml.etree.ElementTree` does when its C extension
# fails (the Ctrl-C was lost and a sweep ran on); the handler runs in the loop.
SWALLOWING_IMPORT = """
import os, signal
try:
    os.kill(os.getpid(), signal.SIGTERM)
    sum(range(1000))
    import_done = True
except BaseException:
    import_done = False
"""


def test_a_stop_during_an_import_is_raised_once_the_import_is_done(tmp_path, monkeypatch):
    (tmp_path / "stopped_mid_import.py").write_text(SWALLOWING_IMPORT)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "stopped_mid_import", raising=False)
    looked: list[int] = []
    with stops_raised(), pytest.raises(Stopped) as stopped:
        import stopped_mid_import  # noqa: F401

        assert sys.modules["stopped_mid_import"].import_done
        for look in range(100_000):  # the stop, sent again, comes in this loop
            looked.append(look)
            sum(range(1000))
    assert stopped.value.signum == signal.SIGTERM and len(looked) < 100_000


def test_a_stop_during_an_import_in_a_held_block_waits_for_the_block(tmp_path, monkeypatch):
    (tmp_path / "stopped_mid_import.py").write_text(SWALLOWING_IMPORT)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "stopped_mid_import", raising=False)
    with stops_raised(), pytest.raises(Stopped) as stopped, signals_held() as check:
        import stopped_mid_import  # noqa: F401

        for _ in range(100_000):
            check()  # unwinds the block once the stop, held, came
            sum(range(1000))
        pytest.fail("the stop never came")
    assert sys.modules["stopped_mid_import"].import_done
    assert stopped.value.signum == signal.SIGTERM
