"""MP4 export through ffmpeg: its failures are one line naming the file, its log is
shown with --verbose, and an MP4 keeps the GIF's timing."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from support.outputs import cli, listing


@pytest.fixture
def failing_ffmpeg(tmp_path, monkeypatch):
    """ffmpeg handed an option it refuses; its log goes to the folder returned."""
    from viz.export import mp4

    monkeypatch.setattr(mp4, "MP4_OPTIONS", [*mp4.MP4_OPTIONS, "-crf", "bogus"])
    private = tmp_path.parent / f"{tmp_path.name}-tmp"
    private.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private))
    return private


def test_a_failed_mp4_is_one_line_naming_the_file(tmp_path, game, capsys, failing_ffmpeg):
    private = failing_ffmpeg
    capsys.readouterr()
    before = listing(tmp_path)
    code, out, err = cli(capsys, "export", game, "--mp4", tmp_path / "a.mp4")
    assert code == 2 and out == "" and len(err) == 1
    assert err[0].startswith(f"oddsevens: {tmp_path / 'a.mp4'}: ffmpeg failed: ")
    assert listing(tmp_path) == before
    assert listing(private) == []


@pytest.mark.parametrize(
    "argv",
    [["--verbose", "export"], ["export", "--verbose"]],
    ids=["before the command", "after it"],
)
def test_verbose_keeps_ffmpegs_log_below_the_one_line(tmp_path, game, capsys, failing_ffmpeg, argv):
    private = failing_ffmpeg
    capsys.readouterr()
    before = listing(tmp_path)
    mp4 = ["--mp4", tmp_path / "a.mp4", "--size", "417"]  # the narrowest legible
    code, out, quiet = cli(capsys, "export", game, *mp4)
    assert code == 2 and out == "" and len(quiet) == 1
    code, out, err = cli(capsys, *argv, game, *mp4)
    assert code == 2 and out == ""
    assert err[0] == quiet[0] and len(err) > 10  # the same line, then ffmpeg's log
    log = err[1:]
    assert log[0] == "Command line:" and "ffmpeg" in log[1] and "bogus" in log[1]
    assert any('Unable to parse "crf" option value "bogus"' in line for line in log)
    assert quiet[0].endswith(log[-1])  # the one line is the log's last error
    assert not any("[error]" in line or "[info]" in line for line in log)  # ffmpeg's words
    assert all(line.isprintable() for line in err)
    assert listing(tmp_path) == before and listing(private) == []


@pytest.mark.parametrize(
    ("frame_ms", "hold_ms"),
    [(499, 2000), pytest.param(59999, 1, marks=pytest.mark.slow), (500, 2000)],
)
def test_an_mp4_is_a_frame_a_turn_at_most_60_a_second_and_as_long_as_the_gif(
    tmp_path, game, capsys, frame_ms, hold_ms
):
    from PIL import Image
    from support.video import frame_times_ms

    capsys.readouterr()
    before = listing(tmp_path)
    code, _, err = cli(
        capsys,
        "export",
        game,
        "--mp4",
        tmp_path / "a.mp4",
        "--gif",
        tmp_path / "a.gif",
        "--to",
        "3",
        "--frame-ms",
        str(frame_ms),
        "--hold-ms",
        str(hold_ms),
        "--size",
        "417",
    )
    assert code == 0 and err == []
    assert listing(tmp_path) == sorted([*before, "a.gif", "a.mp4"])
    with Image.open(tmp_path / "a.gif") as gif:
        gif_ms = 0
        for index in range(gif.n_frames):
            gif.seek(index)
            gif_ms += gif.info["duration"]
    # turns 0 to 3, each shown frame_ms, the last hold_ms more; the GIF's in centiseconds
    times = frame_times_ms(tmp_path / "a.mp4")
    lengths = [frame_ms] * 3 + [frame_ms + hold_ms]
    assert times == [(sum(lengths[:turn]), length) for turn, length in enumerate(lengths)]
    assert min(length for _, length in times) >= 1000 / 60
    assert abs(sum(lengths) - gif_ms) <= 5


# An ffmpeg that reads every frame, writes the start of a video and never its index,
# and ends well; it notes where its environment told it to write its log.
UNFINISHING = """#!/bin/sh
for target; do :; done
cat > /dev/null
printf '\\000\\000\\000\\030ftypisom' > "$target"
head -c 12 /dev/zero >> "$target"
echo "$FFREPORT" > "{report}"
"""


class Unchanged(dict):
    """An environment this process may read but not change."""

    def __setitem__(self, key, value):
        raise AssertionError(f"the export set {key} in its own environment")

    def __delitem__(self, key):
        raise AssertionError(f"the export removed {key} from its own environment")


def test_an_mp4_ffmpeg_left_unfinished_is_one_line_and_no_file(tmp_path, game, capsys, monkeypatch):
    """A video without its index is refused, however ffmpeg ended; ffmpeg's log is named
    in its own environment, never in this process's."""
    import imageio_ffmpeg

    fake = tmp_path.parent / f"{tmp_path.name}-ffmpeg"
    report = tmp_path.parent / f"{tmp_path.name}-report"
    fake.write_text(UNFINISHING.format(report=report))
    fake.chmod(0o755)
    monkeypatch.setattr(imageio_ffmpeg, "get_ffmpeg_exe", lambda: str(fake))
    capsys.readouterr()
    before = listing(tmp_path)
    target = tmp_path / "a.mp4"
    environment, os.environ = os.environ, Unchanged(os.environ)  # noqa: B003
    try:
        code, out, err = cli(capsys, "export", game, "--mp4", target, "--size", "417")
    finally:
        os.environ = environment  # noqa: B003 (the same object back, not a new environment)
    assert code == 2 and out == ""
    assert err == [f"oddsevens: {target}: ffmpeg failed: it left the video unfinished"]
    assert listing(tmp_path) == before
    log = Path(report.read_text().strip().removeprefix("file=").removesuffix(":level=32"))
    assert log.name == "ffmpeg.log" and log.parent.name.startswith("oddsevens-ffmpeg-")
    assert "FFREPORT" not in os.environ


def test_an_index_is_found_box_by_box(tmp_path):
    from viz.export.mp4 import mp4_has_index

    def box(kind, body=b""):
        return (8 + len(body)).to_bytes(4, "big") + kind + body

    whole, cut = tmp_path / "whole.mp4", tmp_path / "cut.mp4"
    whole.write_bytes(box(b"ftyp", b"isom") + box(b"mdat", bytes(100)) + box(b"moov", bytes(8)))
    cut.write_bytes(box(b"ftyp", b"isom") + box(b"mdat", bytes(100)))
    assert mp4_has_index(whole) and not mp4_has_index(cut)
