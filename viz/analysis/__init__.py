"""Move analysis: `analyze` judging every move of recordings, and `library analyze`
judging your games; the judging itself is games/analysis.py."""
