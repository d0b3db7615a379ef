"""Helpers the tests share: depths, processes, X sessions, reference encoders, colour
measures and fuzzing."""
