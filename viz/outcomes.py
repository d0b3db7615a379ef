"""How a game ended for you, in the library's words: here apart from the library, so
that the command line offers them without loading the games."""

RESULTS = ("won", "lost", "shared")
UNFINISHED = "unfinished"
