"""Reading recordings from disk, writing them as play goes on, and atomic writes."""

from __future__ import annotations

import errno
import io
import itertools
import os
import stat
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
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
from viz.system import READ_NO_FOLLOW, READ_NO_WAIT, raise_if_stopped, signals_held, try_lock

MAX_FILE_BYTES = 8 * 1024 * 1024


class ToolError(OSError):
    """An outside program (ffmpeg) failed writing a file: `reason` is its one line,
    `log` everything it said."""

    def __init__(self, reason: str, log: str) -> None:
        super().__init__(errno.EIO, reason)
        self.log = log


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


TEMP_MARK = ".oddsevens-"  # in the name of every temporary output, with the writer's pid


class Outputs:
    """The files one command writes, all or nothing: each is written to a temporary file
    in its target folder, and only when every one is complete are they renamed into
    place. On any failure the temporary files go, the old files stay as they were, and
    the folders this batch made are removed again.

    Each temporary file is locked (`flock`) from its creation until the batch ends, so
    the clean-up of killed runs' temporaries never takes a live one, whatever process
    or PID namespace it comes from."""

    def __init__(self, durable: bool = True) -> None:
        self.durable = durable  # each file synced to disk before it is renamed
        self.pending: list[tuple[Path, Path]] = []
        self.written: list[Path] = []  # once committed, in the order they were claimed
        self.created: list[Path] = []  # folders this batch made, outermost first
        self.claims: list[Path] = []  # the hidden claims on names new_name gave
        self._locks: list[int] = []

    def new_name(self, folder: Path, stem: str, suffix: str) -> Path:
        """A name `stem{suffix}` in `folder` (or `stem-2{suffix}`, …) that nobody else has
        or will get. Nothing appears under it until the batch commits: the name is held by
        a hidden, locked claim beside it, which goes with the batch (or, if the run is
        killed, with the next writer's clean-up). Two writers in the same second get two
        names."""
        with signals_held():  # a file made is a file noted for clean-up
            try:
                self._make_folder(folder)
                remove_stale_temporaries(folder)
                path, claim, handle = claim_free_name(folder, stem, suffix)
            except OSError as error:
                raise FileError(folder / f"{stem}{suffix}", error.strerror or str(error)) from None
            self.claims.append(claim)
            self._locks.append(handle)
            return path

    def claim(self, path: Path | str) -> Path:
        """A temporary path to write `path`'s content to."""
        path = Path(path)
        check_target(path)
        if any(_same_target(path, other) for _, other in self.pending):
            raise FileError(path, "named twice: one command writes each file once")
        with signals_held():  # a file made is a file noted for clean-up
            try:
                self._make_folder(path.parent)
                remove_stale_temporaries(path.parent)
                temp = self._locked_temporary(path)
            except OSError as error:
                raise FileError(path, error.strerror or str(error)) from None
            self.pending.append((temp, path))
        return temp

    def _make_folder(self, folder: Path) -> None:
        missing = []
        while not os.path.lexists(folder) and folder != folder.parent:
            missing.append(folder)
            folder = folder.parent
        for made in reversed(missing):
            try:
                os.mkdir(made)
            except FileExistsError:
                continue  # another writer made it a moment ago: theirs, not ours to remove
            self.created.append(made)

    def _locked_temporary(self, path: Path) -> Path:
        temp, handle = locked_temporary(path)
        self._locks.append(handle)
        return temp

    def write_text(self, path: Path | str, text: str) -> None:
        temp = self.claim(path)
        writing(Path(path), temp, lambda target: target.write_text(text, encoding="utf-8"))

    def write_bytes(self, path: Path | str, data: bytes) -> None:
        temp = self.claim(path)
        writing(Path(path), temp, lambda target: target.write_bytes(data))

    def commit(self) -> list[Path]:
        """Rename every temporary file into place; any failure is one FileError naming
        its target. A file that is replaced keeps its permission bits."""
        default = 0o666 & ~_umask()
        for temp, path in self.pending:
            try:
                check_target(path)
                if self.durable:
                    _sync(temp)
                try:
                    mode = stat.S_IMODE(os.stat(path).st_mode)
                except FileNotFoundError:
                    mode = default
                os.chmod(temp, mode)
            except OSError as error:
                raise FileError(path, error.strerror or str(error)) from None
        for temp, path in self.pending:
            try:
                os.replace(temp, path)
            except OSError as error:
                raise FileError(path, error.strerror or str(error)) from None
        self.written = [path for _, path in self.pending]
        for claim in self.claims:
            with suppress(OSError):
                claim.unlink()
        self.pending, self.claims, self.created = [], [], []  # all theirs now
        self._unlock()
        return self.written

    def discard(self) -> None:
        for temp in [temp for temp, _ in self.pending] + self.claims:
            with suppress(OSError):
                temp.unlink(missing_ok=True)
        self._unlock()
        for folder in reversed(self.created):
            with suppress(OSError):
                folder.rmdir()  # only if still empty
        self.created = []

    def _unlock(self) -> None:
        locks, self._locks = self._locks, []
        for handle in locks:
            os.close(handle)


def locked_temporary(path: Path) -> tuple[Path, int]:
    """A new hidden temporary file beside `path`, and a descriptor holding it locked
    (the lock lasts until the descriptor is closed)."""
    import tempfile  # here, not at the top: reading commands start faster without it

    prefix = f".{path.name}{TEMP_MARK}{os.getpid()}-"
    while True:
        handle, temp = tempfile.mkstemp(dir=path.parent, prefix=prefix, suffix=".part")
        try:
            locked = try_lock(handle)
            mine = os.fstat(handle)
            there = os.stat(temp)
        except OSError:
            locked = False
        if locked and (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino):
            return Path(temp), handle
        os.close(handle)  # taken away before the lock held: make another


def claim_free_name(folder: Path, stem: str, suffix: str) -> tuple[Path, Path, int]:
    """The first of `stem{suffix}`, `stem-2{suffix}`, … in `folder` that is neither a
    file nor claimed by a live writer; with the claim made on it (a hidden file beside
    it, put in place whole and locked, so no clean-up takes it while it is held) and the
    descriptor that holds the lock. The stale claims of killed writers are cleared by
    `remove_stale_temporaries` beforehand."""
    for number in range(1, 10_000):
        path = folder / (f"{stem}{suffix}" if number == 1 else f"{stem}-{number}{suffix}")
        if os.path.lexists(path):
            continue
        claim = folder / f".{path.name}{TEMP_MARK}claim.part"
        temp, handle = locked_temporary(path)
        try:
            os.link(temp, claim)
            claimed = True
        except FileExistsError:
            claimed = False  # a live writer holds it
        except BaseException:
            os.close(handle)
            raise
        finally:
            temp.unlink()
        if claimed and not os.path.lexists(path):  # nobody wrote it before the claim held
            return path, claim, handle
        if claimed:
            claim.unlink()
        os.close(handle)
    raise FileExistsError(errno.EEXIST, "no free name left", str(folder / f"{stem}{suffix}"))


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


def in_use(path: Path) -> bool:
    """Whether some live writer holds `path` open and locked (a window's session)."""
    try:
        handle = os.open(path, READ_NO_FOLLOW)
    except OSError:
        return False
    try:
        return not try_lock(handle, shared=True)
    finally:
        os.close(handle)


def check_target(path: Path) -> None:
    """An output path may be missing or a regular file; anything else is refused, never
    replaced (a device, a FIFO, a socket, a symbolic link, a directory)."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as error:
        raise FileError(path, error.strerror or str(error)) from None
    if stat.S_ISDIR(found.st_mode):
        raise FileError(path, "is a directory")
    if stat.S_ISLNK(found.st_mode):
        raise FileError(path, "is a symbolic link; name the file it points to")
    if not stat.S_ISREG(found.st_mode):
        raise FileError(path, "exists and is not a regular file")


def check_output(path: Path, *, folder: bool = False) -> None:
    """Refuse at once, before any work, an output that could not be written: a file
    that is there must be a regular one (`check_target`), and the folder it goes in
    must be there and take a new file (a missing folder is not made, as `cp` makes
    none). `folder`: `path` is a folder to write into, there and taking files, or to
    be made in one that is."""
    if not folder:
        check_target(path)
        _check_takes_files(path.parent, path)
    elif os.path.isdir(path):
        _check_takes_files(path, path)
    elif os.path.lexists(path):
        raise FileError(path, "is not a folder")
    else:
        _check_takes_files(path.parent, path)


def _check_takes_files(folder: Path, output: Path) -> None:
    """`folder` is a folder that a new file can be made in (one is, and goes again)."""
    try:
        found = os.stat(folder)
    except FileNotFoundError:
        raise FileError(output, f"no such folder: {shown(folder)}") from None
    except OSError as error:
        raise FileError(output, error.strerror or str(error)) from None
    if not stat.S_ISDIR(found.st_mode):
        raise FileError(output, f"{shown(folder)} is not a folder")
    try:
        temp, handle = locked_temporary(folder / output.name)
    except OSError as error:
        raise FileError(output, error.strerror or str(error)) from None
    os.close(handle)
    with suppress(OSError):
        temp.unlink()


def _same_target(one: Path, other: Path) -> bool:
    return os.path.abspath(one) == os.path.abspath(other)


@contextmanager
def outputs(durable: bool = True) -> Iterator[Outputs]:
    batch = Outputs(durable)
    try:
        yield batch
        with signals_held():  # all renamed, or none
            raise_if_stopped()
            batch.commit()
    except BaseException:
        with signals_held():
            batch.discard()
        raise


def writing(path: Path, temp: Path, write: Callable[[Path], object]) -> None:
    """Run `write(temp)`; a failure to write is reported as one line naming `path`.

    An error about some other file (one `write` reads) names that file instead."""
    try:
        write(temp)
    except OSError as error:
        other = error.filename is not None and os.fsdecode(error.filename) != str(temp)
        log = error.log if isinstance(error, ToolError) else ""
        reason = error.strerror or str(error)
        raise FileError(error.filename if other else path, reason, log=log) from None


def remove_stale_temporaries(folder: Path) -> None:
    """Delete the temporary outputs in `folder` that no live run holds: a run keeps a
    lock on each of its temporary files while it lives, so an unlocked one was left by a
    run that was killed. A locked one is never touched, whoever holds it."""
    for temp in folder.glob(f".*{TEMP_MARK}*.part"):
        try:
            handle = os.open(temp, READ_NO_FOLLOW)
        except OSError:
            continue
        try:
            if not try_lock(handle):
                continue  # held by a live run
            held = os.fstat(handle)
            there = os.lstat(temp)
            if stat.S_ISREG(held.st_mode) and (held.st_dev, held.st_ino) == (
                there.st_dev,
                there.st_ino,
            ):
                temp.unlink()
        except OSError:
            pass  # gone already
        finally:
            os.close(handle)


def _sync(path: Path) -> None:
    with open(path, "rb") as written:
        os.fsync(written.fileno())


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def write_atomic(
    path: Path | str, write: Callable[[IO[Any]], object], mode: str = "w", durable: bool = True
) -> Path:
    """Write one file all or nothing; `durable`: on disk before it takes the name (else
    the system writes it out in its own time)."""
    with outputs(durable) as batch:
        temp = batch.claim(path)
        encoding = "utf-8" if "b" not in mode else None

        def fill(target: Path) -> None:
            with open(target, mode, encoding=encoding) as out:
                write(out)

        writing(Path(path), temp, fill)
    return Path(path)


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
            _sync(self.path)
        finally:
            held.close()
