"""Output transactions: every file a command writes goes to a locked temporary file
beside its target and is renamed into place only when all of the command's outputs are
whole (`Outputs`, `outputs`), or alone (`write_atomic`); targets are checked before the
work, and the temporaries of killed runs are cleaned up."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, Any

from viz.errors import FileError, shown
from viz.system import READ_NO_FOLLOW, raise_if_stopped, signals_held, try_lock


class ToolError(OSError):
    """An outside program (ffmpeg) failed writing a file: `reason` is its one line,
    `log` everything it said."""

    def __init__(self, reason: str, log: str) -> None:
        super().__init__(errno.EIO, reason)
        self.log = log


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
                    sync_file(temp)
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


def sync_file(path: Path) -> None:
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
