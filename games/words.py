"""Small helpers for the sentences the games say.

A number and its unit are held together by a no-break space (U+00A0), so that no line
breaker (the scenes', a browser's, a Markdown viewer's) parts "6" from "%" or "±" from
"6": every text that says a percentage or an error composes it here."""

NO_BREAK = "\u00a0"


def sentence(text: str) -> str:
    """The text with its first letter capitalised (and nothing else touched)."""
    return text[:1].upper() + text[1:]


def with_unit(number: object, unit: str) -> str:
    """ "417 px", "84 %": the number held to its unit."""
    return f"{number}{NO_BREAK}{unit}"


def percent(fraction: float, places: int = 0) -> str:
    """A fraction in per cent, whole or to `places` decimals: "84 %", "0.25 %". Every
    percentage the program writes is written here, so all read alike."""
    return with_unit(f"{fraction * 100:.{places}f}", "%")


def give_or_take(amount: str) -> str:
    """An error as "± 6 %", the sign held to the amount."""
    return f"±{NO_BREAK}{amount}"


def held(*words: str) -> str:
    """Words no line breaker parts ("at stage 19"), joined by no-break spaces."""
    return NO_BREAK.join(words)


def listed(items: list[str]) -> str:
    """ "12+13", "12+13 and 14+15", "3, 7 and 9": a list as a sentence says it."""
    return " and ".join([", ".join(items[:-1]), items[-1]] if len(items) > 1 else items)
