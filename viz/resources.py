"""The program's own files (the font, the replay page's parts), read from the installed package."""

from __future__ import annotations

import atexit
import errno
import os
from contextlib import ExitStack
from functools import cache
from importlib import resources
from pathlib import Path

from viz.errors import InstallError

_opened = ExitStack()
atexit.register(_opened.close)


@cache
def asset_path(name: str) -> Path:
    """A real path to the packaged file `viz/assets/NAME`, valid until the program exits."""
    packaged = resources.files("viz").joinpath("assets", *name.split("/"))
    try:
        path = _opened.enter_context(resources.as_file(packaged))
        if not path.is_file():
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))
    except OSError as error:
        raise InstallError(f"viz/assets/{name}", error.strerror or str(error)) from None
    return path


def asset_text(name: str) -> str:
    """The text of the packaged file `viz/assets/NAME`."""
    path = asset_path(name)
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InstallError(f"viz/assets/{name}", str(error)) from None


def font_path() -> Path:
    """DejaVu Sans, the one font every renderer draws with."""
    return asset_path("DejaVuSans.ttf")
