"""What differs between operating systems, kept in one place.

Advisory file locks: `fcntl.flock` where the system has it (Linux, macOS, the BSDs),
`msvcrt.locking` on Windows, and on a system with neither no lock at all, which only
loses the protection a lock gives between two runs at once.
"""

from __future__ import annotations

import os
import sys

# Opening a file to read it as bytes, never waiting on a FIFO; and, to look at a file
# without following a symbolic link (flags a system lacks are left out).
READ_NO_WAIT = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
READ_NO_FOLLOW = READ_NO_WAIT | getattr(os, "O_NOFOLLOW", 0)

# Windows locks byte ranges, and a locked range cannot be read by others: the lock is
# taken on one byte far past any recording, so readers of the file are never blocked.
_WINDOWS_LOCK_OFFSET = 1 << 40


def try_lock(fd: int, *, shared: bool = False) -> bool:
    """Take an advisory lock on the open file `fd` without waiting; whether it was taken.

    The lock lasts until `fd` is closed. Windows has no shared locks, so there `shared`
    asks for an exclusive one: two readers at once may each see the file as in use."""
    if sys.platform == "win32":
        import msvcrt

        position = os.lseek(fd, 0, os.SEEK_CUR)
        try:
            os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        finally:
            os.lseek(fd, position, os.SEEK_SET)
        return True
    try:
        import fcntl
    except ImportError:
        return True
    try:
        fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


class WorkerLost(Exception):
    """A worker process ended in the middle of its work: killed by the system (out of
    memory, say) or by someone, not by a fault in the input."""
