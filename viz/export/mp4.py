"""MP4 export: H.264 through the ffmpeg that imageio-ffmpeg ships, fed raw frames, its
log kept in a private folder so that a failure is one line (ffmpeg's last error) and
the whole log is there for --verbose."""

from __future__ import annotations

import itertools
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
    # ahead with 16 references and a thread per two-thirds of a core (1.4 GB at 1920 px);
    # no B-frames: one would put the first frame's showing as late as the holds after it
    "-x264-params",
    "rc-lookahead=8:ref=2:bframes=0:threads=2",
]
# A variable frame rate: the frames keep the times the filters give them, in milliseconds.
VARIABLE_RATE = ["-fps_mode", "passthrough", "-enc_time_base:v", "1:1000"]
VARIABLE_RATE += ["-video_track_timescale", "1000"]
MAX_MP4_SIZE = 1920  # the widest --size an MP4 is made at: 840 MB at most, measured


def write_mp4(clip: Clip, path: Path) -> None:
    """H.264 in yuv420p through imageio's ffmpeg, at a variable frame rate: each turn is
    one video frame, shown for its time to the millisecond, so that a long hold costs no
    more than a short one."""
    with _FfmpegLog.kept() as log:
        _encode_mp4(clip, path, log)


def _encode_mp4(clip: Clip, path: Path, log: _FfmpegLog) -> None:
    durations = clip.durations_ms()
    timing = log.folder / "timing.txt"
    timing.write_text(shown_times_filter(durations))
    ffmpeg: subprocess.Popen[bytes] | None = None
    try:
        for image in render_stream(clip.scenes()):
            frame = _even(image.convert("RGB"))
            if ffmpeg is None:
                height, width = frame.shape[:2]
                # held: a stop inside the start would leave ffmpeg running, unknown
                with signals_held():
                    ffmpeg = _started_ffmpeg(path, (width, height), durations[-1], timing, log)
            assert ffmpeg.stdin is not None
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
    path: Path, size: tuple[int, int], last_ms: int, timing: Path, log: _FfmpegLog
) -> subprocess.Popen[bytes]:
    """ffmpeg reading raw RGB frames of `size` on its standard input, as H.264 in yuv420p
    into `path`, each frame at the time the filters in `timing` give it; the last frame
    lasts as long as every raw frame does, `last_ms`. Its messages go to the log alone
    (FFREPORT, in its environment), each tagged with its level; in its own process
    group, so a Ctrl-C reaches this process, which ends it."""
    from imageio_ffmpeg import get_ffmpeg_exe

    rate = str(Fraction(1000, last_ms))
    command = [get_ffmpeg_exe(), "-y", "-f", "rawvideo", "-vcodec", "rawvideo"]
    command += ["-s", "{}x{}".format(*size), "-pix_fmt", "rgb24", "-framerate", rate]
    command += ["-i", "-", "-an", "-/vf", str(timing), *VARIABLE_RATE]
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


def shown_times_filter(durations_ms: list[int]) -> str:
    """ffmpeg's filters that start video frame N when the durations before it have
    passed, in milliseconds: a sum over each run of equal durations (a fixed timeline
    has two), so the expression stays short however long the video."""
    terms, first = [], 0
    for duration, run in itertools.groupby(durations_ms[:-1]):
        count = len(list(run))
        terms.append(f"{duration}*clip(N-{first},0,{count})")
        first += count
    return f"settb=1/1000,setpts='{'+'.join(terms) or '0'}'"


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
