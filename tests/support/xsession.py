"""Run a real window on a virtual X server and use it as a person does, through xdotool.

`XServer` starts Xvfb on a free display. `XWindow` starts one `oddsevens`
command on it, finds its window, moves the real mouse, presses real keys,
takes screenshots with Pillow and reads the live session recording the
window writes, so tests assert on what a person's input did.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from PIL import Image, ImageGrab

SCREEN = (1600, 1200)
TOOLS = ("Xvfb", "xdotool")


def require_tools() -> None:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI must have {', '.join(missing)} (.ci/run installs them)")
        pytest.skip(f"needs {', '.join(missing)}")


def wait_until(check, timeout: float = 5.0, step: float = 0.02):
    """Poll `check` until it returns something true; return that, or None after `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found or time.monotonic() > deadline:
            return found
        time.sleep(step)


class XServer:
    def __init__(self) -> None:
        require_tools()
        # Xvfb takes the first free display itself and writes its number to the pipe once
        # it accepts clients: no race with other servers, such as another test worker's.
        read, write = os.pipe()
        size = f"{SCREEN[0]}x{SCREEN[1]}x24"
        self.log = Path(tempfile.mkdtemp(prefix="xvfb-")) / "xvfb.log"
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write), "-screen", "0", size]
                + ["-nolisten", "tcp", "-noreset"],
                stdout=subprocess.DEVNULL,
                stderr=log,
                pass_fds=(write,),
            )
        os.close(write)
        with os.fdopen(read) as answer:
            ready = select.select([answer], [], [], 10)[0]
            number = answer.readline().strip() if ready else ""
        if not number:
            self.close()
            pytest.fail(f"Xvfb did not start: {self.log.read_text()}")
        self.display = f":{number}"

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(10)


class XWindow:
    """One `oddsevens` window on `server`, with its own state, config and output folders."""

    def __init__(
        self,
        server: XServer,
        folder: Path,
        *args: str,
        program: tuple[str, ...] = (sys.executable, "-m", "viz"),
        env: dict[str, str] | None = None,
        downloads: bool = True,
    ) -> None:
        """`program` is the command to run (the checkout's by default); `env` replaces
        the environment it inherits (the display and folders are set on top of it);
        `downloads`: the command takes --out, the folder G saves to (practice's not)."""
        self.server, self.folder = server, folder
        self.out = folder / "out"
        self.env = {
            **(os.environ if env is None else env),
            "DISPLAY": server.display,
            "SDL_VIDEODRIVER": "x11",
            "SDL_AUDIODRIVER": "dummy",
            "XDG_STATE_HOME": str(folder / "state"),
            "XDG_CONFIG_HOME": str(folder / "config"),
            "XDG_DATA_HOME": str(folder / "data-home"),  # the library, unless $ODDSEVENS_DATA
        }
        self.id: str | None = None
        # Now and then, on a busy machine, a window does not come up: start again,
        # up to three times.
        for _attempt in range(3):
            self.log = (folder / "window.log").open("w")
            self.process = subprocess.Popen(
                [*program, *args, *(["--out", str(self.out)] if downloads else [])],
                env=self.env,
                stdout=self.log,
                stderr=subprocess.STDOUT,
            )
            if self._settled():
                break
            self.process.kill()
            self.process.wait(10)
            self.log.close()
            self.id = None
        if self.id is None:
            pytest.fail(f"no window appeared: {(folder / 'window.log').read_text()}")

    def _settled(self) -> bool:
        """Wait until the window is the one SDL keeps and has drawn; move it to the corner.
        SDL may map a first window and replace it (it does to give a window an OpenGL
        framebuffer, which the windows no longer ask for, unless the environment does),
        so the id is looked up again until it stops changing."""

        def drawn_and_kept() -> bool:
            found = self._find()
            if found != self.id:
                self.id = found
                return False
            return found is not None and self._drawn()

        def settled_or_ended() -> bool:
            return drawn_and_kept() or self.process.poll() is not None

        # A look every 0.1 s: each starts xdotool and grabs the window; looks every 20 ms
        # were more than half of a busy machine's xdotool runs (278 of the four quick
        # window tests', 121 now).
        if not wait_until(settled_or_ended, 20, step=0.1):
            return False
        self.xdotool("windowmove", "--sync", self.id, "0", "0", check=False)
        time.sleep(0.3)  # a few more frames, so the panel has taken its first layout
        named = self.xdotool("getwindowname", self.id, check=False)
        return self.process.poll() is None and named.startswith("oddsevens")

    def _drawn(self) -> bool:
        """Whether the window shows more than one colour (its first frame has drawn)."""
        try:
            colors = self.screenshot().getcolors(maxcolors=2)
        except (RuntimeError, OSError):
            return False
        return colors is None

    def _find(self) -> str | None:
        """The process's mapped window (SDL may make and drop other windows first)."""
        found = self.xdotool("search", "--onlyvisible", "--pid", str(self.process.pid), check=False)
        return found.split()[-1] if found else None

    def xdotool(self, *args: str, check: bool = True) -> str:
        """xdotool's answer; a failure raises, or with check=False answers ""."""
        done = subprocess.run(
            ["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=20
        )
        if done.returncode:
            if check:
                raise RuntimeError(f"xdotool {' '.join(args)}: {done.stderr.strip()}")
            return ""
        return done.stdout.strip()

    # --- input ----------------------------------------------------------------------

    def focus(self) -> None:
        """Give the window the keyboard, so keys go to it as real (XTEST) key presses.
        `xdotool key --window` would send synthetic events, which SDL may drop."""
        self.xdotool("windowfocus", "--sync", self.id)

    def key(self, *keys: str, pause: float = 0.15) -> None:
        for key in keys:
            self.focus()
            self.xdotool("key", key)
            time.sleep(pause)

    def type(self, text: str) -> None:
        self.focus()
        self.xdotool("type", "--delay", "40", text)
        time.sleep(0.15)

    def type_line(self, text: str) -> None:
        """Type `text` and press Enter (xdotool types a newline as a key SDL does not map)."""
        self.type(text)
        self.key("Return")

    def move(self, x: int, y: int) -> None:
        self.xdotool("mousemove", "--window", self.id, str(x), str(y))

    def click(self, x: int, y: int) -> None:
        self.move(x, y)
        time.sleep(0.05)
        self.xdotool("click", "1")
        time.sleep(0.15)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 12) -> None:
        """Press on `start`, move in steps to `end` as a hand does, and let go there."""
        self.move(*start)
        time.sleep(0.05)
        self.xdotool("mousedown", "1")
        time.sleep(0.1)
        for step in range(1, steps + 1):
            self.move(
                round(start[0] + (end[0] - start[0]) * step / steps),
                round(start[1] + (end[1] - start[1]) * step / steps),
            )
            time.sleep(0.03)
        time.sleep(0.1)
        self.xdotool("mouseup", "1")
        time.sleep(0.2)

    def resize(self, width: int, height: int) -> None:
        self.xdotool("windowsize", self.id, str(width), str(height))
        wait_until(lambda: self.size() == (width, height), 5)
        time.sleep(0.4)

    # --- what the window shows and wrote --------------------------------------------

    def geometry(self) -> dict[str, int]:
        text = self.xdotool("getwindowgeometry", "--shell", self.id)
        return {
            key: int(value)
            for key, value in (line.split("=") for line in text.splitlines())
            if key != "SCREEN"
        }

    def size(self) -> tuple[int, int]:
        found = self.geometry()
        return found["WIDTH"], found["HEIGHT"]

    def screenshot(self) -> Image.Image:
        found = self.geometry()
        box = (found["X"], found["Y"], found["X"] + found["WIDTH"], found["Y"] + found["HEIGHT"])
        return ImageGrab.grab(bbox=box, xdisplay=self.server.display).convert("RGB")

    def sessions(self) -> list[Path]:
        folder = self.folder / "state" / "oddsevens" / "sessions"
        return sorted(folder.glob("*.jsonl"), key=lambda path: path.stat().st_mtime_ns)

    def timed_events(self) -> list[dict]:
        """The events of the newest session recording, each with its time (header and
        result left out)."""
        sessions = self.sessions()
        if not sessions:
            return []
        lines = [json.loads(line) for line in sessions[-1].read_text().splitlines() if line]
        return [line for line in lines[1:] if "result" not in line]

    def events(self) -> list[dict]:
        """The events of the newest session recording, without their times."""
        return [
            {key: value for key, value in event.items() if key != "ms"}
            for event in self.timed_events()
        ]

    def times(self) -> list[int]:
        """The time of each event of the newest session recording."""
        return [event["ms"] for event in self.timed_events()]

    def wait_for_events(self, count: int, timeout: float = 3.0) -> list[dict]:
        """Wait until the newest session has at least `count` events; return them."""
        return (
            wait_until(lambda: len(self.events()) >= count and self.events(), timeout)
            or self.events()
        )

    def close(self) -> int:
        if self.process.poll() is None and self.id is not None:
            self.xdotool("windowfocus", "--sync", self.id, "key", "ctrl+q", check=False)
            wait_until(lambda: self.process.poll() is not None, 5)
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        code = self.process.wait(10)
        self.log.close()
        return code
