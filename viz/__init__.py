"""Scenes, renderers (pygame, Pillow/GIF, SVG), the windows and the command line."""

__version__ = "0.2.0"  # the one place the version is written

MIN_WINDOW_SIZE = (640, 480)  # the smallest window whose layout the windows promise
DEFAULT_SIZE = 560  # px: exports' default width, where text is at least 9 px
FRAME_MS = 500  # exports' default time a turn is shown on the fixed timeline
PALETTE_NAMES = ("default", "high-contrast")  # every game's palettes, by these names
