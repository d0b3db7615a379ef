"""What an MP4 holds, read with the ffmpeg that imageio-ffmpeg ships: each stored video
frame's start and length (its packets, not decoded), and each stored frame's picture."""

from __future__ import annotations

import subprocess
from fractions import Fraction
from pathlib import Path

import imageio_ffmpeg
from PIL import Image


def frame_times_ms(path: Path) -> list[tuple[float, float]]:
    """Each stored video frame's start and duration in milliseconds, in showing order."""
    listed = subprocess.run(
        [imageio_ffmpeg.get_ffmpeg_exe(), "-v", "error", "-i", str(path)]
        + ["-map", "0:v", "-c", "copy", "-f", "framecrc", "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    unit = next(Fraction(line.split(":")[1].strip()) for line in listed if line.startswith("#tb 0"))
    packets = [line.split(",") for line in listed if line.startswith("0,")]
    return sorted(
        (float(int(pts) * unit * 1000), float(int(length) * unit * 1000))
        for _, _, pts, length, *_ in packets
    )


def pictures(path: Path) -> list[Image.Image]:
    """Each stored frame decoded once (no frame repeated to a steady rate)."""
    reader = imageio_ffmpeg.read_frames(str(path), output_params=["-fps_mode", "passthrough"])
    meta = next(reader)
    width, height = meta["size"]
    found = [Image.frombytes("RGB", (width, height), frame) for frame in reader]
    reader.close()
    return found
