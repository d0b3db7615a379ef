"""Small helpers for the sentences the games say."""


def sentence(text: str) -> str:
    """The text with its first letter capitalised (and nothing else touched)."""
    return text[:1].upper() + text[1:]
