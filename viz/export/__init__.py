"""Exports of a recording: the engine that turns a clip of a replay into files, the
streaming GIF and APNG writers, and the replay page. No pygame."""
