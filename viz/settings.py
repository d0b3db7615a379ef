"""Per-device window settings, kept as JSON in the user's config folder."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from viz.files import write_atomic

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
        if not path.exists():
            return settings
        try:
            if path.stat().st_size > MAX_SETTINGS_BYTES:
                raise ValueError("too large")
            stored = json.loads(path.read_text(encoding="utf-8"))["keyboard_entry"]
            for kind in INPUT_KINDS:
                if kind in stored:
                    if not isinstance(stored[kind], bool):
                        raise ValueError(f"{kind} is not true or false")
                    settings.keyboard_entry[kind] = stored[kind]
        except (OSError, ValueError, KeyError, TypeError) as error:
            settings = cls(path, problem=f"{path}: unreadable settings ({error}); using defaults")
        return settings

    def set_keyboard_entry(self, kind: str, shown: bool) -> None:
        self.keyboard_entry[kind] = shown
        text = json.dumps({"keyboard_entry": self.keyboard_entry}, indent=2)
        write_atomic(self.path, lambda out: out.write(text + "\n"))
