"""Practice from your own mistakes: the puzzles `library analyze` finds in your games
(or judged recordings named), their Leitner boxes kept in the library, a window to
answer them in and a page of those due (games/practice.py holds the rules of both)."""
