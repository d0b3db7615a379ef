"""Reading recordings from disk, writing them as play goes on, and atomic writes."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from games.base import AnyGame
from games.recording import (
    RecordingError,
    Replay,
    event_line,
    header_line,
    parse,
    result_line,
    split_lines,
)

MAX_FILE_BYTES = 8 * 1024 * 1024


class FileError(Exception):
    """A problem with a named file, printed as one line `path:line: reason`."""

    def __init__(self, path: Path | str, reason: str, line: int | None = None) -> None:
        where = f"{path}:{line}" if line is not None else str(path)
        super().__init__(f"{where}: {reason}")
        self.line = line
        self.reason = reason


def read_regular(path: Path | str, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; anything else is a FileError.
    A FIFO or device is refused without waiting on it, and no more than `limit` + 1
    bytes are ever read, whatever the file's size claims."""
    path = Path(path)
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise FileError(path, error.strerror or str(error)) from None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise FileError(path, "not a regular file")
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
    return b"".join(chunks)


def load_replay(path: Path | str) -> Replay:
    """Read and replay a recording; raise FileError naming the file and line."""
    path = Path(path)
    try:
        text = read_regular(path, MAX_FILE_BYTES).decode("utf-8")
    except UnicodeDecodeError as error:
        line = error.object[: error.start].count(b"\n") + 1
        raise FileError(path, "not UTF-8 text", line) from None
    try:
        return parse(split_lines(text))
    except RecordingError as error:
        raise FileError(path, error.reason, error.line) from None


TEMP_MARK = ".oddsevens-"  # in the name of every temporary output, with the writer's pid


class Outputs:
    """The files one command writes, all or nothing: each is written to a temporary file
    in its target folder, and only when every one is complete are they renamed into
    place. On any failure the temporary files go and the old files stay as they were."""

    def __init__(self) -> None:
        self.pending: list[tuple[Path, Path]] = []
        self.written: list[Path] = []  # once committed, in the order they were claimed

    def claim(self, path: Path | str) -> Path:
        """A temporary path to write `path`'s content to."""
        import tempfile  # here, not at the top: reading commands start faster without it

        path = Path(path)
        if path.is_dir():
            raise FileError(path, "is a directory")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            remove_stale_temporaries(path.parent)
            handle, temp = tempfile.mkstemp(
                dir=path.parent, prefix=f".{path.name}{TEMP_MARK}{os.getpid()}-", suffix=".part"
            )
        except OSError as error:
            raise FileError(path, error.strerror or str(error)) from None
        os.close(handle)
        self.pending.append((Path(temp), path))
        return Path(temp)

    def write_text(self, path: Path | str, text: str) -> None:
        temp = self.claim(path)
        writing(Path(path), temp, lambda target: target.write_text(text, encoding="utf-8"))

    def commit(self) -> list[Path]:
        try:
            for temp, _ in self.pending:
                _sync(temp)
                os.chmod(temp, 0o666 & ~_umask())
            for temp, path in self.pending:
                os.replace(temp, path)
        except OSError as error:
            raise FileError(path, error.strerror or str(error)) from None
        self.written = [path for _, path in self.pending]
        return self.written

    def discard(self) -> None:
        for temp, _ in self.pending:
            temp.unlink(missing_ok=True)


@contextmanager
def outputs() -> Iterator[Outputs]:
    batch = Outputs()
    try:
        yield batch
        batch.commit()
    except BaseException:
        batch.discard()
        raise


def writing(path: Path, temp: Path, write: Callable[[Path], object]) -> None:
    """Run `write(temp)`; a failure to write is reported as one line naming `path`.

    An error about some other file (one `write` reads) names that file instead."""
    try:
        write(temp)
    except OSError as error:
        other = error.filename is not None and os.fsdecode(error.filename) != str(temp)
        raise FileError(error.filename if other else path, error.strerror or str(error)) from None


def remove_stale_temporaries(folder: Path) -> None:
    """Delete temporary outputs left in `folder` by runs that were killed."""
    for temp in folder.glob(f".*{TEMP_MARK}*.part"):
        pid = temp.name.rsplit(TEMP_MARK, 1)[1].split("-", 1)[0]
        if pid.isdecimal() and not _running(int(pid)):
            temp.unlink(missing_ok=True)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _sync(path: Path) -> None:
    with open(path, "rb") as written:
        os.fsync(written.fileno())


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def write_atomic(path: Path | str, write: Callable[[IO[Any]], object], mode: str = "w") -> Path:
    """Write one file all or nothing."""
    with outputs() as batch:
        temp = batch.claim(path)
        encoding = "utf-8" if "b" not in mode else None

        def fill(target: Path) -> None:
            with open(target, mode, encoding=encoding) as out:
                write(out)

        writing(Path(path), temp, fill)
    return Path(path)


def recording_text(
    game: AnyGame,
    rules: Any,
    seed: int | None,
    moves: list[Any],
    result: dict[str, Any] | None,
    **extra: Any,
) -> str:
    lines = [header_line(game, rules, seed, **extra)]
    lines += [event_line(game, move) for move in moves]
    if result is not None:
        lines.append(result_line(result))
    return "\n".join(lines) + "\n"


def write_recording(
    batch: Outputs,
    path: Path,
    game: AnyGame,
    rules: Any,
    seed: int | None,
    moves: list[Any],
    result: dict[str, Any] | None,
    **extra: Any,
) -> Replay:
    """Add a recording to `batch`; return the replay it reads back as (parsed as any
    reader parses it, so what is exported is what was written)."""
    text = recording_text(game, rules, seed, moves, result, **extra)
    batch.write_text(path, text)
    return parse(split_lines(text))


class RecordingWriter:
    """Appends one event a line and flushes it, so a crash loses at most one event."""

    def __init__(
        self, path: Path | str, game: AnyGame, rules: Any, seed: int | None, **extra: Any
    ) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.game = game
        self._header = header_line(game, rules, seed, **extra)
        self._out = self.path.open("w", encoding="utf-8")
        self._write(self._header)

    def rewrite(self, moves: list[Any]) -> None:
        """Replace the file with the header and `moves` (after an undo), then go on appending."""
        self._out.close()
        lines = [self._header, *(event_line(self.game, move) for move in moves)]
        write_atomic(self.path, lambda out: out.write("\n".join(lines) + "\n"))
        self._out = self.path.open("a", encoding="utf-8")

    def _write(self, line: str) -> None:
        self._out.write(line + "\n")
        self._out.flush()

    def event(self, move: Any) -> None:
        self._write(event_line(self.game, move))

    def result(self, result: dict[str, Any]) -> None:
        self._write(result_line(result))

    def close(self) -> None:
        """Close the file, flushed to disk: a finished session survives a power cut."""
        try:
            self._out.flush()
            os.fsync(self._out.fileno())
        finally:
            self._out.close()
