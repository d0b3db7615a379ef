"""What a client may send, checked before anything else reads it: a JSON object of at
most MAX_MESSAGE bytes, of a known type, with exactly the fields of its type, each of
its kind. docs/protocol.md describes the messages."""

from __future__ import annotations

from typing import Any

from games.recording import RecordingError, strict_json

MAX_MESSAGE = 4096  # bytes of one message or request body

# Each message type's fields and the kinds of their values ("move" is checked by the
# room against the moves offered, so any small object passes here).
FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "hello": {"token": (str,), "seq": (int,)},
    "watch": {"seq": (int,)},
    "move": {"turn": (int,), "move": (dict,)},
    "since": {"seq": (int,)},
    "take-back": {},
    "hint": {},
    "ping": {},
}
REQUIRED = {"hello": {"token"}, "move": {"turn", "move"}, "since": {"seq"}}
MAX_TOKEN = 64  # characters: a token is 22


class BadMessage(ValueError):
    """A message that is not one of the protocol's: the reason, said in one line."""


def parse_message(raw: str | bytes) -> dict[str, Any]:
    """The message a client sent, checked, or BadMessage."""
    if len(raw) > MAX_MESSAGE:
        raise BadMessage(f"a message is at most {MAX_MESSAGE} bytes")
    message = parse_object(raw)
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise BadMessage(f"type must be one of {', '.join(FIELDS)}")
    fields = FIELDS[kind]
    for name, value in message.items():
        if name == "type":
            continue
        if name not in fields:
            raise BadMessage(f"a {kind} message has no field {name[:20]!r}")
        if isinstance(value, bool) or not isinstance(value, fields[name]):
            raise BadMessage(f"{name} has the wrong kind of value")
    missing = REQUIRED.get(kind, set()) - set(message)
    if missing:
        raise BadMessage(f"a {kind} message needs {sorted(missing)[0]}")
    if len(message.get("token", "")) > MAX_TOKEN:
        raise BadMessage("that is no token")
    return message


def parse_object(raw: str | bytes) -> dict[str, Any]:
    """A JSON object read as strictly as a recording's line, or BadMessage."""
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    try:
        value = strict_json(text, 1)
    except RecordingError as error:
        raise BadMessage(error.reason) from None
    if not isinstance(value, dict):
        raise BadMessage("not a JSON object")
    return value
