"""Per-device window settings, kept as JSON in the user's config folder."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.base import GameError
from games.recording import strict_json
from viz import PALETTE_NAMES
from viz.files import FileError, read_regular
from viz.outputs import write_atomic

INPUT_KINDS = ("mouse", "touch")
KEYBOARD_ENTRY_DEFAULTS = {"mouse": True, "touch": False}
MOTIONS = ("on", "reduced")  # reduced: changes snap into place, nothing moves
MAX_SETTINGS_BYTES = 64 * 1024


def default_path() -> Path:
    from platformdirs import user_config_path

    return user_config_path("oddsevens") / "settings.json"


@dataclass
class Settings:
    """Whether the keyboard box shows (remembered separately for mouse and touch), motion
    on or reduced, the colours, and each game's rules last chosen for its window (the
    board and the Load of Load's). A file without a setting leaves its default."""

    path: Path
    keyboard_entry: dict[str, bool] = field(default_factory=lambda: dict(KEYBOARD_ENTRY_DEFAULTS))
    motion: str = MOTIONS[0]
    palette: str = PALETTE_NAMES[0]
    rules: dict[str, dict[str, int]] = field(default_factory=dict)  # by game id
    problem: str = ""  # why the file could not be used, if it could not
    kept_away: bool = False  # a file there could not be read: it is left as it is

    @classmethod
    def load(cls, path: Path) -> Settings:
        settings = cls(path)
        if not os.path.lexists(path):
            return settings
        try:
            data = read_regular(path, MAX_SETTINGS_BYTES)
        except FileError as error:  # not ours to replace: what it holds is unknown
            problem = f"{error}: unreadable settings, left as they are; using defaults"
            return cls(path, problem=problem, kept_away=True)
        try:
            settings.read(strict_json(data.decode("utf-8"), 1))
        except (GameError, ValueError, KeyError, TypeError) as error:
            settings = cls(path, problem=f"{path}: unreadable settings ({error}); using defaults")
        return settings

    def read(self, stored: Any) -> None:
        if not isinstance(stored, dict):
            raise ValueError("not a JSON object")
        entry = stored.get("keyboard_entry", {})
        if not isinstance(entry, dict):
            raise ValueError("keyboard_entry is not an object")
        for kind in INPUT_KINDS:
            if kind in entry:
                if not isinstance(entry[kind], bool):
                    raise ValueError(f"{kind} is not true or false")
                self.keyboard_entry[kind] = entry[kind]
        self.motion = _choice(stored, "motion", MOTIONS, self.motion)
        self.palette = _choice(stored, "palette", PALETTE_NAMES, self.palette)
        self.rules = _games_rules(stored.get("rules", {}))

    def set_keyboard_entry(self, kind: str, shown: bool) -> str | None:
        """Remember the choice; return why it could not be saved, if it could not (the old
        file is then as it was, and the choice holds until the window closes)."""
        self.keyboard_entry[kind] = shown
        return self.save()

    def set_motion(self, motion: str) -> str | None:
        self.motion = motion
        return self.save()

    def set_palette(self, palette: str) -> str | None:
        self.palette = palette
        return self.save()

    def set_rules(self, game_id: str, rules: dict[str, int]) -> str | None:
        """Remember the rules a game's window was last given (as `set_keyboard_entry`)."""
        self.rules[game_id] = dict(rules)
        return self.save()

    def save(self) -> str | None:
        """Write the settings; why they could not be, if they could not. A file that could
        not be read is never written over (what was said of it at opening stands)."""
        if self.kept_away:
            return None
        stored = {"keyboard_entry": self.keyboard_entry, "motion": self.motion}
        text = json.dumps(stored | {"palette": self.palette, "rules": self.rules}, indent=2)
        try:
            write_atomic(self.path, lambda out: out.write(text + "\n"))
        except FileError as error:
            return str(error)
        return None


def _choice(stored: dict[str, Any], name: str, choices: tuple[str, ...], default: str) -> str:
    value = stored.get(name, default)
    if value not in choices:
        raise ValueError(f"{name} is {value!r}, not one of {', '.join(choices)}")
    return str(value)


def _games_rules(stored: Any) -> dict[str, dict[str, int]]:
    """Each game's remembered rules: an object of objects of whole numbers."""
    if not isinstance(stored, dict) or not all(
        isinstance(rules, dict)
        and all(type(value) is int and abs(value) < 10**6 for value in rules.values())
        for rules in stored.values()
    ):
        raise ValueError("rules is not an object of each game's whole-number rules")
    return {game: dict(rules) for game, rules in stored.items()}
