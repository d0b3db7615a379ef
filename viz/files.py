"""Recordings on disk: reading them (bounded, never waiting on a FIFO, the first bad
line named), finding them in folders, and writing them whole or as play goes on,
through the output transactions of viz/outputs.py."""

from __future__ import annotations

import io
import itertools
import os
import stat
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from games.base import AnyGame
from games.recording import (
    MAX_LINE_CHARS,
    RecordingError,
    Replay,
    event_line,
    header_line,
    parse,
    recording_text,
    result_line,
    split_lines,
)
from viz.errors import FileError as FileError
from viz.errors import shown as shown
from viz.outputs import Outputs, sync_file, write_atomic
from viz.system import READ_NO_WAIT, try_lock

MAX_FILE_BYTES = 8 * 1024 * 1024


_NOT_FILES = (
    (stat.S_ISDIR, "is a folder"),
    (stat.S_ISFIFO, "is a FIFO, not a regular file"),
    (stat.S_ISSOCK, "is a socket, not a regular file"),
    (stat.S_ISCHR, "is a device, not a regular file"),
    (stat.S_ISBLK, "is a device, not a regular file"),
)


def _open_regular(path: Path) -> int:
    """A descriptor open for reading on the regular file `path`; anything else (a folder,
    a FIFO, a device, a socket) is a FileError saying what it is, without waiting on it."""
    try:
        found = os.stat(path)
    except OSError as error:
        raise FileError(path, error.strerror or str(error)) from None
    for test, what in _NOT_FILES:
        if test(found.st_mode):
            raise FileError(path, what)
    try:
        handle = os.open(path, READ_NO_WAIT)
    except OSError as error:
        raise FileError(path, error.strerror or str(error)) from None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):  # changed since it was looked at
            raise FileError(path, "not a regular file")
    except BaseException:
        os.close(handle)
        raise
    return handle


def read_regular(path: Path | str, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; anything else is a FileError.
    A FIFO or device is refused without waiting on it, and no more than `limit` + 1
    bytes are ever read, whatever the file's size claims."""
    return read_regular_found(path, limit)[0]


def read_regular_found(path: Path | str, limit: int) -> tuple[bytes, os.stat_result]:
    """`read_regular`, with the file's status as it was opened, before a byte was read:
    a file replaced or written to meanwhile then looks changed since, never the bytes
    read unchanged."""
    path = Path(path)
    handle = _open_regular(path)
    try:
        found = os.fstat(handle)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(handle, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise FileError(path, error.strerror or str(error)) from None
    finally:
        os.close(handle)
    if size > limit:
        raise FileError(path, f"larger than {limit} bytes", 1)
    return b"".join(chunks), found


def load_replay(path: Path | str) -> Replay:
    """Read and replay a recording, line by line; raise FileError naming the file and line.

    The file is never held whole: each line is read (at most a line's limit of bytes),
    decoded and replayed before the next, so a bad line is refused as soon as it is read
    and memory grows only with the game, not with the file."""
    path = Path(path)
    handle = _open_regular(path)
    with os.fdopen(handle, "rb") as stream:
        try:
            found = os.fstat(handle)
        except OSError as error:
            raise FileError(path, error.strerror or str(error)) from None
        if found.st_size > MAX_FILE_BYTES:
            raise FileError(path, f"larger than {MAX_FILE_BYTES} bytes", 1)
        return _replayed(path, stream)


def replay_bytes(path: Path | str, data: bytes) -> Replay:
    """Replay a recording's bytes, read already (named `path` in errors), as
    `load_replay` reads the file."""
    if len(data) > MAX_FILE_BYTES:
        raise FileError(path, f"larger than {MAX_FILE_BYTES} bytes", 1)
    return _replayed(Path(path), io.BytesIO(data))


def _replayed(path: Path, stream: IO[bytes]) -> Replay:
    try:
        return parse(_lines(path, stream))
    except RecordingError as error:
        raise FileError(path, error.reason, error.line) from None
    except OSError as error:
        raise FileError(path, error.strerror or str(error)) from None


RECORDING_SUFFIX = ".jsonl"
NO_RECORDINGS = f"no recordings (*{RECORDING_SUFFIX}) in it or below"


def recordings_named(paths: list[Path]) -> tuple[list[tuple[Path, Path]], list[FileError]]:
    """Each recording the command line names, with the name its copy takes in an output
    folder: a file as given (named by its own name), or every *.jsonl in a folder and
    the folders below it, by path (named by its path below that folder; symbolic links
    to folders are not followed); a recording met twice, the first time. A folder that
    cannot be read, or holds no recording, is a FileError; a file is only read later."""
    found: dict[Path, Path] = {}
    errors: list[FileError] = []
    for path in paths:
        if not path.is_dir():
            found.setdefault(path, Path(path.name))
            continue
        before = len(errors)
        inside = _recordings_under(path, errors)
        if not inside and len(errors) == before:
            errors.append(FileError(path, f"is a folder with {NO_RECORDINGS}"))
        for recording in inside:
            found.setdefault(recording, recording.relative_to(path))
    return list(found.items()), errors


def _recordings_under(folder: Path, errors: list[FileError]) -> list[Path]:
    """The *.jsonl files in `folder` and below, folder by folder in name order."""
    found = []

    def unreadable(error: OSError) -> None:
        errors.append(FileError(error.filename or folder, error.strerror or str(error)))

    for top, folders, names in os.walk(folder, onerror=unreadable):
        folders.sort()
        found += [Path(top, name) for name in sorted(names) if name.endswith(RECORDING_SUFFIX)]
    return found


def _lines(path: Path, stream: IO[bytes]) -> Iterator[str]:
    """The recording's lines as `split_lines` makes them, read one at a time. A line
    over the limit is cut just past it (the reader refuses it by its length); bytes past
    MAX_FILE_BYTES, whatever the size said, are refused at their line."""
    longest = 4 * MAX_LINE_CHARS + 2  # UTF-8 takes at most 4 bytes a character, "\r\n"
    total = 0
    for number in itertools.count(1):
        raw = stream.readline(longest + 1)
        if not raw:
            return
        total += len(raw)
        if total > MAX_FILE_BYTES:
            raise FileError(path, f"larger than {MAX_FILE_BYTES} bytes", number)
        if len(raw) > longest:
            yield "x" * (MAX_LINE_CHARS + 1)  # the reader says the line is too long
            return
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise FileError(path, "not UTF-8 text", number) from None
        yield line[:-2] + "\n" if line.endswith("\r\n") else line


def recordings_in(folder: Path) -> list[Path]:
    """The recordings in `folder` (regular files, not links), oldest first; none when
    the folder cannot be read. Another process may delete or replace a file at any
    moment: such a file is passed by."""
    found = []
    try:
        for path in folder.glob(f"*{RECORDING_SUFFIX}"):
            try:
                info = path.lstat()
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode):
                found.append((info.st_mtime_ns, path.name, path))
    except OSError:
        return []
    return [path for *_, path in sorted(found)]


def write_recording(
    batch: Outputs,
    path: Path,
    game: AnyGame,
    rules: Any,
    seed: int | None,
    moves: list[Any],
    result: dict[str, Any] | None,
    *,
    judgements: Mapping[int, Mapping[str, Any]] | None = None,
    times: Sequence[int] = (),
    kept: Mapping[str, Any] | None = None,
    **extra: Any,
) -> Replay:
    """Add a recording to `batch`; return the replay it reads back as (parsed as any
    reader parses it, so what is exported is what was written). The header's further
    keys are `kept` (a copied recording's, whatever they are named) and `extra`."""
    text = recording_text(game, rules, seed, moves, result, judgements, times, kept=kept, **extra)
    batch.write_text(path, text)
    return parse(split_lines(text))


class RecordingWriter:
    """A recording kept on disk as it is played: after each event the whole file is
    written anew beside it and renamed over it, so the file under its name always reads
    whole; a kill, or a disk that fills, leaves the last whole version (and the failure
    is raised).

    The file is held open and locked (`flock`, shared with nobody) while it is written,
    so that a pruning of the sessions folder by another window passes it by."""

    def __init__(
        self, path: Path | str, game: AnyGame, rules: Any, seed: int | None, **extra: Any
    ) -> None:
        self.path = Path(path)
        self.game, self._about = game, (rules, seed, extra)
        self._lines = [header_line(game, rules, seed, timed=True, **extra)]
        self._held: IO[bytes] | None = None

    def rewrite(self, moves: list[Any], times: list[int], **extra: Any) -> None:
        """Replace the file with the header and `moves` played at `times` (after an undo);
        `extra` changes keys of the header. If the new file cannot be written, the old one
        stays and this raises."""
        rules, seed, before = self._about
        self._about = (rules, seed, before | extra)
        header = header_line(self.game, rules, seed, timed=True, **(before | extra))
        events = (event_line(self.game, move, ms=ms) for move, ms in zip(moves, times, strict=True))
        self._publish([header, *events])

    def event(self, move: Any, ms: int) -> None:
        """`move`, played `ms` milliseconds after the session began."""
        self._publish([*self._lines, event_line(self.game, move, ms=ms)])

    def result(self, result: dict[str, Any]) -> None:
        self._publish([*self._lines, result_line(result)])

    def _publish(self, lines: list[str]) -> None:
        text = "\n".join(lines) + "\n"
        write_atomic(self.path, lambda out: out.write(text), durable=False)
        self._lines = lines
        held, self._held = self._held, self.path.open("rb")
        try_lock(self._held.fileno())  # a courtesy to other windows' pruning, not a need
        if held is not None:
            held.close()

    def close(self) -> None:
        """Let the file go, on disk: a finished session survives a power cut."""
        held, self._held = self._held, None
        if held is None:
            return
        try:
            sync_file(self.path)
        finally:
            held.close()
