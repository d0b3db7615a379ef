"""Work a window runs beside its frame loop: a download being written, a finished game
being judged, a finished game's recording being kept in the library. The window goes on
drawing and answering keys however long it takes."""

from __future__ import annotations

import queue
import sys
import threading
import time
import traceback
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Generic, TypeVar, cast

from games.analysis import Hint, Judgement, hint_in_time
from games.base import Game
from games.history import History
from viz.export.engine import export_replay
from viz.files import FileError, shown, write_recording
from viz.outputs import outputs
from viz.window.thinking import Thinking, judged
from viz.window.waiting import wake_the_window

THINKING = "Thinking of a hint…"

T = TypeVar("T")


class Job(Generic[T]):
    """`work(stopping)` runs on a thread of its own; long work checks `stopping()` and
    returns early once `stop()` is called. A fault of ours is printed and becomes
    `failed(error)`, to be said in the window rather than lost with the thread. Once the
    outcome is there, `finished()` is called on the job's thread (to wake the window)."""

    def __init__(
        self,
        name: str,
        work: Callable[[Callable[[], bool]], T],
        failed: Callable[[str], T],
        finished: Callable[[], None] = lambda: None,
    ) -> None:
        self.outcome: T | None = None
        self.reported = False  # the window has said how it ended
        self._stopping = threading.Event()
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work, failed, finished), name=name)
        self._thread.start()

    def _run(
        self,
        work: Callable[[Callable[[], bool]], T],
        failed: Callable[[str], T],
        finished: Callable[[], None],
    ) -> None:
        try:
            self.outcome = work(self._stopping.is_set)
        except Exception as error:
            traceback.print_exc()
            self.outcome = failed(f"{type(error).__name__}: {error}")
        self._done.set()
        finished()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def stop(self) -> None:
        self._stopping.set()

    def wait(self) -> T:
        """The outcome, once the work is over."""
        self._thread.join()
        return cast(T, self.outcome)  # _run set it, whatever happened


Saved = tuple[str, list[Path]]  # what a download says once done, and the files it wrote
KEPT = ("started", "players")  # what a download copies of a recording's header


def kept_header(header: Mapping[str, Any]) -> dict[str, Any]:
    """What a download of a recording copies of its header: when the game started and
    who held each seat."""
    return {key: header[key] for key in KEPT if key in header}


def save_play(
    game: Game[Any],
    rules: Any,
    seed: int,
    moves: list[Any],
    times: list[int],
    result: Any,
    out_dir: Path,
    formats: tuple[str, ...],
    header: Mapping[str, Any] | None = None,
) -> Saved:
    """Write a game's recording (with the time of each move, if known, and `header`'s
    further keys: the session's `started` and `players`) and its animations; the
    message to show and the files."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    turns = History(game.new_state(rules), moves).turns
    try:
        with outputs() as batch:
            name = f"{game.id}-{stamp}-turn{turns}"
            recording = batch.new_name(out_dir, name, ".jsonl")
            stem = recording.with_suffix("")
            replay = write_recording(
                batch, recording, game, rules, seed, moves, result, times=times, kept=header
            )
            targets = {kind: stem.with_suffix(f".{kind}") for kind in formats}
            export_replay(replay, targets, batch=batch)
    except (FileError, OSError, ValueError, RuntimeError) as error:
        return f"Nothing saved: {shown(str(error))}", []
    kinds = ", ".join(f".{kind}" for kind in formats)
    return f"Saved {stem.name}.jsonl, {kinds} in {out_dir}", batch.written


def _not_saved(fault: str) -> Saved:
    return f"Nothing saved: {fault}", []


Keep = Callable[[Path], str | None]  # the library's hook: what to say if it could not keep


class WindowJobs:
    """A window's downloads, the judging of the games it ends, and the keeping of their
    recordings; `summary` makes the banner's lines of a judged game, `said` shows a
    message."""

    def __init__(
        self,
        judgements: Mapping[int, Mapping[str, Any]],
        summary: Callable[[list[Judgement]], list[str]],
        said: Callable[[str], None],
    ) -> None:
        self.saving: Job[Saved] | None = None  # the latest download, written off this thread
        self.thinking = Thinking()  # the worker process hints and judging run in
        self.hinting: Job[Hint | None] | None = None  # the latest hint asked for
        self.hint_at: tuple[int, int] | None = None  # the position it is for
        self.judging: Job[list[Judgement]] | None = None  # the ended game's moves being judged
        self.judged_at: tuple[int, int] | None = None  # the position judged, or being judged
        self.verdict: list[str] = []  # the judged game's summary, a line per player
        self.recorded = dict(judgements)  # a replayed recording's own, by move index
        self.judgements = dict(judgements)  # the glyphs shown: those, or the window's own
        self.summary, self.said = summary, said
        # One recording kept at a time, in the order handed: opening the library (with
        # SQLite's check), copying and hashing the file is a pause the frame loop
        # should not take.
        self._keeping = ThreadPoolExecutor(max_workers=1, thread_name_prefix="keeping")
        self._not_kept: queue.SimpleQueue[str] = queue.SimpleQueue()

    def keeper(self, keep: Keep) -> Keep:
        """`keep` run beside the frame loop: the hook to hand the session, which returns
        at once; what `keep` says comes back through `report_kept`."""

        def hand(path: Path) -> None:
            self._keeping.submit(self._keep, keep, path)

        return hand

    def _keep(self, keep: Keep, path: Path) -> None:
        try:
            problem = keep(path)
        except Exception as error:  # a fault of ours: printed, and said in the window
            traceback.print_exc()
            problem = f"Not kept in your games: {type(error).__name__}: {error}"
        if problem:
            self._not_kept.put(problem)
            wake_the_window()

    def kept(self) -> None:
        """Wait until every recording handed so far is kept (or could not be)."""
        self._keeping.submit(lambda: None).result()

    def report_kept(self) -> None:
        """Say what keeping a recording said, if anything."""
        while not self._not_kept.empty():
            self.said(self._not_kept.get())

    def save(self, work: Callable[[], Saved]) -> str:
        """Start a download; what to say now."""
        if self.saving is not None and not self.saving.done:
            return "Still saving the last download"
        self.saving = Job("saving", lambda _stopping: work(), _not_saved, wake_the_window)
        return "Saving…"

    def report_saving(self) -> None:
        """Once a download is written, say so (once)."""
        saving = self.saving
        if saving is None or not saving.done or saving.reported:
            return
        saving.reported = True
        message, written = saving.wait()
        if written:
            print("Saved " + ", ".join(str(path) for path in written), flush=True)
        self.said(message)

    def hint(self, position: tuple[int, int], state: Callable[[], tuple[Any, ...]]) -> str:
        """Think of a hint for `position` beside the window, from the arguments of
        `hint_in_time` that `state()` gives (asked for only when the thinking starts);
        what to say now. One hint is thought of at a time: asked again for the same
        position, it goes on; a hint for a position the game has left is dropped."""
        if self.hinting is not None and not self.hinting.done and self.hint_at == position:
            return THINKING
        self._drop(self.hinting)
        work = self.thinking.ask(hint_in_time, *state(), dropped=None)
        self.hinting = Job("hinting", work, lambda fault: None, wake_the_window)
        self.hint_at = position
        return THINKING

    def hint_found(self, position: tuple[int, int]) -> Hint | None:
        """The hint thought of for `position`, once (none for a position left behind)."""
        hinting = self.hinting
        if hinting is None or not hinting.done or hinting.reported:
            return None
        hinting.reported = True
        found = hinting.wait()
        return found if self.hint_at == position else None

    def judge(
        self,
        position: tuple[int, int] | None,
        work: Callable[[], tuple[Any, ...]],
    ) -> bool:
        """Judge the game ended at `position` beside the window (None: no game is over, and
        a judging under way stops) from the arguments of `judged` that `work()` gives,
        asked for only when a judging starts; True when a judging has just come in."""
        if self.judged_at != position:
            self._drop(self.judging)
            self.judging, self.judged_at, self.verdict = None, position, []
            if position is not None:
                self._drop(self.hinting)  # for a position before the end
                none: list[Judgement] = []
                thought = self.thinking.ask(judged, *work(), dropped=none)
                self.judging = Job("judging", thought, lambda fault: [], wake_the_window)
        judging = self.judging
        if judging is None or not judging.done or judging.reported:
            return False
        judging.reported = True
        found = judging.wait()
        self.judgements = {j.index: {"glyph": j.glyph, "sure": j.sure} for j in found}
        self.verdict = self.summary(found)
        return True

    def _drop(self, thought: Job[Any] | None) -> None:
        """Stop a hint or a judging, ending its worker if it is still at it: one of the
        two is thought of at a time."""
        if thought is not None and not thought.done:
            thought.stop()
            self.thinking.end()

    def new_game(self) -> None:
        """A new game shows none of the last one's glyphs (a recording's own stay)."""
        self.judgements = dict(self.recorded)

    def sum_up_recorded(self, mover: Callable[[int], int | None]) -> None:
        """A replay of an analysed recording: the banner sums up the judgements it carries
        (`mover(index)` is who made move `index`)."""
        judged = [
            Judgement(
                index,
                0,
                player,
                note["exact"],
                note["before"],
                note["after"],
                note["se"],
                (),
                note["glyph"],
                (),
                (),
            )
            for index, note in sorted(self.judgements.items())
            if (player := mover(index)) is not None
        ]
        self.verdict = self.summary(judged) if judged else []

    def verdict_shown(self) -> list[str]:
        judging = self.judging is not None and not self.judging.reported
        return ["Judging the moves…"] if judging else self.verdict

    def close(self) -> None:
        """Thinking is dropped at once; a download or a game being kept is seen through."""
        for thought in (self.judging, self.hinting):
            self._drop(thought)
            if thought is not None:
                thought.wait()
        self.thinking.end()
        if self.saving is not None:
            self.saving.wait()  # a download asked for is never cut short
        self._keeping.shutdown(wait=True)  # nor a game being kept
        while not self._not_kept.empty():  # the window is gone: said where it was started
            print(self._not_kept.get(), file=sys.stderr, flush=True)
