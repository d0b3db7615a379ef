"""Practice from your own mistakes: the puzzles of judged recordings, their Leitner boxes
kept in SQLite, a window to answer them in and a page of those due (games/practice.py
holds the rules of both)."""
