"""Renderers of scenes into pictures: Pillow rasters (GIF, PNG, video frames) and SVG,
and the timeline every animation shares. No pygame: windows draw with their own."""
