"""MP4 export: H.264 through the ffmpeg that imageio-ffmpeg ships, fed raw frames, its
log kept in a private folder so that a failure is one line (ffmpeg's last error) and
the whole log is there for --verbose."""

from __future__ import annotations

import math
import os
import re
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from viz.files import FileError
from viz.outputs import ToolError
from viz.render.raster import render_stream
from viz.system import signals_held

if TYPE_CHECKING:
    from PIL import Image

    from viz.export.clip import Clip

# Default quality, the slowest and smallest encoding, tuned for flat still pictures.
MP4_OPTIONS = [
    "-f",
    "mp4",
    "-movflags",
    "+faststart",
    "-crf",
    "23",
    "-preset",
    "veryslow",
    "-tune",
    "stillimage",
    # x264's frames in flight bounded, whatever the machine: veryslow looks 60 frames
    # ahead with 16 references and a thread per two-thirds of a core (1.4 GB at 1920 px)
    "-x264-params",
    "rc-lookahead=8:ref=2:bframes=2:threads=2",
]
MAX_MP4_SIZE = 1920  # the widest --size an MP4 is made at: 840 MB at most, measured


def write_mp4(clip: Clip, path: Path) -> None:
    """H.264 in yuv420p through imageio's ffmpeg: each turn shown for its frame time by
    repeating frames at the slowest rate that keeps every duration exact."""
    with _FfmpegLog.kept() as log:
        _encode_mp4(clip, path, log)


def _encode_mp4(clip: Clip, path: Path, log: _FfmpegLog) -> None:
    step, counts = mp4_timing(clip.durations_ms())
    ffmpeg: subprocess.Popen[bytes] | None = None
    try:
        for image, count in zip(render_stream(clip.scenes()), counts, strict=True):
            frame = _even(image.convert("RGB"))
            if ffmpeg is None:
                height, width = frame.shape[:2]
                # held: a stop inside the start would leave ffmpeg running, unknown
                with signals_held():
                    ffmpeg = _started_ffmpeg(path, width, height, 1000 / step, log)
            assert ffmpeg.stdin is not None
            for _ in range(count):
                ffmpeg.stdin.write(frame.tobytes())
        if ffmpeg is not None:
            assert ffmpeg.stdin is not None
            ffmpeg.stdin.close()
            if ffmpeg.wait() != 0:
                raise ToolError(f"ffmpeg failed: {log.last_error()}", log.text())
            if not mp4_has_index(path):  # a video ffmpeg left without its index
                raise ToolError("ffmpeg failed: it left the video unfinished", log.text())
    except Exception as error:
        if ffmpeg is not None:
            _kill(ffmpeg)
        if isinstance(error, FileError | ToolError):
            raise
        reason = log.last_error() or str(error).strip().splitlines()[0]
        raise ToolError(f"ffmpeg failed: {reason}", log.text()) from None
    except BaseException:  # Ctrl-C: ffmpeg is killed, not waited for
        if ffmpeg is not None:
            _kill(ffmpeg)
        raise


def _started_ffmpeg(
    path: Path, width: int, height: int, fps: float, log: _FfmpegLog
) -> subprocess.Popen[bytes]:
    """ffmpeg reading raw RGB frames on its standard input, as H.264 in yuv420p into
    `path`. Its messages go to the log alone (FFREPORT, in its environment), each
    tagged with its level; in its own process group, so a Ctrl-C reaches this process,
    which ends it."""
    from imageio_ffmpeg import get_ffmpeg_exe

    rate = str(Fraction(fps).limit_denominator())
    command = [get_ffmpeg_exe(), "-y", "-f", "rawvideo", "-vcodec", "rawvideo"]
    command += ["-s", f"{width}x{height}", "-pix_fmt", "rgb24", "-r", rate, "-i", "-", "-an"]
    command += ["-vcodec", "libx264", "-pix_fmt", "yuv420p", "-v", "level+quiet"]
    return subprocess.Popen(
        [*command, *MP4_OPTIONS, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "FFREPORT": f"file={log.path}:level=32"},  # its stderr's words
        process_group=0,
    )


def mp4_has_index(path: Path) -> bool:
    """Whether an MP4 file has its index (the `moov` box, written last by ffmpeg when
    it finishes): read box by box from the top, never the whole file."""
    with open(path, "rb") as video:
        while header := video.read(8):
            if len(header) < 8:
                return False
            size, kind = int.from_bytes(header[:4], "big"), header[4:]
            if kind == b"moov":
                return True
            if size == 1:  # a 64-bit size follows
                size = int.from_bytes(video.read(8), "big") - 8
            elif size == 0:  # the last box runs to the end of the file
                return False
            if size < 8:
                return False
            video.seek(size - 8, os.SEEK_CUR)
    return False


MAX_FPS = 60


def mp4_timing(durations: list[int]) -> tuple[int, list[int]]:
    """The video frame's length in whole milliseconds and how many video frames each
    turn gets. Where the greatest common divisor of the durations is a frame of at most
    60 a second, every turn is exact. Otherwise the frame is 1/60 s (17 ms) or, for
    long turns, a twentieth of the shortest, and each turn ends at the video frame
    nearest its true end, so the whole video is within half a frame of the timeline
    and every turn gets at least one frame."""
    step = math.gcd(*durations)
    if step * MAX_FPS >= 1000:
        return step, [duration // step for duration in durations]
    step = max(math.ceil(1000 / MAX_FPS), min(durations) // 20)
    counts, shown, elapsed = [], 0, 0
    for duration in durations:
        elapsed += duration
        end = max(shown + 1, (2 * elapsed + step) // (2 * step))
        counts.append(end - shown)
        shown = end
    return step, counts


class _FfmpegLog:
    """ffmpeg's own log (FFREPORT) in a private temporary folder, so a failure can be
    told in one line, ffmpeg's last error, rather than on standard error, and the whole
    of what ffmpeg would have printed kept for --verbose."""

    LEVEL_TAG = re.compile(r"\[(panic|fatal|error|warning|info)\] ")
    ERROR_TAG = re.compile(r"\[(panic|fatal|error)\] ")

    PREFIX = "oddsevens-ffmpeg-"

    def __init__(self) -> None:
        import os
        import tempfile

        from viz.system import try_lock

        self.remove_stale(Path(tempfile.gettempdir()))
        self.folder = Path(tempfile.mkdtemp(prefix=self.PREFIX))
        self.path = self.folder / "ffmpeg.log"
        # held while this run lives: a folder nobody holds is a killed run's
        self._lock = os.open(self.folder, os.O_RDONLY)
        try_lock(self._lock)

    @classmethod
    @contextmanager
    def kept(cls) -> Iterator[_FfmpegLog]:
        """A scratch folder for the log while the block runs, removed after it however
        it ends: a Ctrl-C or SIGTERM waits until the folder is made and known."""
        log = None
        try:
            with signals_held():
                log = cls()
            yield log
        finally:
            if log is not None:
                log.remove()

    @classmethod
    def remove_stale(cls, scratch: Path) -> None:
        """Remove the scratch folders of runs that were killed (`-9`): no live run
        holds their lock."""
        import os
        import shutil

        from viz.system import try_lock

        for folder in scratch.glob(f"{cls.PREFIX}*"):
            try:
                handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
            except OSError:
                continue  # gone, or not a folder of ours
            try:
                if try_lock(handle) and os.fstat(handle).st_uid == os.getuid():
                    shutil.rmtree(folder, ignore_errors=True)
            finally:
                os.close(handle)

    def _lines(self) -> list[str]:
        try:
            return self.path.read_text(errors="replace").splitlines()
        except OSError:
            return []

    def last_error(self) -> str:
        errors = [line for line in self._lines() if self.ERROR_TAG.search(line)]
        return self.LEVEL_TAG.sub("", errors[-1], count=1).strip() if errors else ""

    def text(self) -> str:
        """The log as ffmpeg's standard error would have read, from its command line on
        (the report's own header names a file that is about to go)."""
        lines = self._lines()
        start = lines.index("Command line:") if "Command line:" in lines else 0
        # a tag may sit mid-line too: the report cuts a long line at 1,024 bytes and
        # goes on with the next message
        return "\n".join(self.LEVEL_TAG.sub("", line) for line in lines[start:])

    def remove(self) -> None:
        import os
        import shutil

        shutil.rmtree(self.folder, ignore_errors=True)
        os.close(self._lock)


def _kill(ffmpeg: subprocess.Popen[bytes]) -> None:
    """Stop ffmpeg at once, without waiting for it to encode what it has."""
    ffmpeg.kill()
    ffmpeg.wait()
    if ffmpeg.stdin is not None:
        with suppress(OSError):
            ffmpeg.stdin.close()


def _even(image: Image.Image) -> Any:
    """Pad to even width and height (yuv420p needs them) with the edge's colour."""
    import numpy as np

    pixels = np.asarray(image)
    height, width = pixels.shape[:2]
    return np.pad(pixels, ((0, height % 2), (0, width % 2), (0, 0)), mode="edge")
