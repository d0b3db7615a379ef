"""Per-device window settings, kept as JSON in the user's config folder."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from games.base import GameError
from games.recording import strict_json
from viz.files import FileError, read_regular, write_atomic

INPUT_KINDS = ("mouse", "touch")
KEYBOARD_ENTRY_DEFAULTS = {"mouse": True, "touch": False}
MAX_SETTINGS_BYTES = 64 * 1024


def default_path() -> Path:
    from platformdirs import user_config_path

    return user_config_path("oddsevens") / "settings.json"


@dataclass
class Settings:
    """Whether the keyboard box shows, remembered separately for mouse and touch."""

    path: Path
    keyboard_entry: dict[str, bool] = field(default_factory=lambda: dict(KEYBOARD_ENTRY_DEFAULTS))
    problem: str = ""  # why the file could not be used, if it could not

    @classmethod
    def load(cls, path: Path) -> Settings:
        settings = cls(path)
        if not os.path.lexists(path):
            return settings
        try:
            text = read_regular(path, MAX_SETTINGS_BYTES).decode("utf-8")
            stored = strict_json(text, 1)["keyboard_entry"]
            for kind in INPUT_KINDS:
                if kind in stored:
                    if not isinstance(stored[kind], bool):
                        raise ValueError(f"{kind} is not true or false")
                    settings.keyboard_entry[kind] = stored[kind]
        except (FileError, GameError, ValueError, KeyError, TypeError) as error:
            settings = cls(path, problem=f"{path}: unreadable settings ({error}); using defaults")
        return settings

    def set_keyboard_entry(self, kind: str, shown: bool) -> str | None:
        """Remember the choice; return why it could not be saved, if it could not (the old
        file is then as it was, and the choice holds until the window closes)."""
        self.keyboard_entry[kind] = shown
        text = json.dumps({"keyboard_entry": self.keyboard_entry}, indent=2)
        try:
            write_atomic(self.path, lambda out: out.write(text + "\n"))
        except FileError as error:
            return str(error)
        return None
