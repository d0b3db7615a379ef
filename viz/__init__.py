"""Scenes, renderers (pygame, Pillow/GIF, SVG), the windows and the command line."""
