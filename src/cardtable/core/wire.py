"""Helpers for reading actions from their JSON wire form. Anything malformed raises
``IllegalAction`` with a message that says what is wrong."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from cardtable.core.errors import IllegalAction


def action_type(data: object, known: Collection[str]) -> tuple[str, Mapping[str, Any]]:
    """The action's ``type`` and the dict itself, checked to be one of ``known``."""
    if not isinstance(data, Mapping):
        raise IllegalAction('An action must be a JSON object such as {"type": "draw"}')
    kind = data.get("type")
    if not isinstance(kind, str):
        raise IllegalAction('An action needs a "type" naming what to do')
    if kind not in known:
        raise IllegalAction(f"Unknown action type {kind!r}; this game knows: {', '.join(known)}")
    return kind, data


def only_keys(data: Mapping[str, Any], *allowed: str) -> None:
    extra = sorted(set(data) - {"type", *allowed})
    if extra:
        raise IllegalAction(f"Unexpected field {extra[0]!r} in a {data['type']!r} action")


def integer(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(f"The {data.get('type')!r} action needs {key!r} as a whole number")
    return value


def string(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise IllegalAction(f"The {data.get('type')!r} action needs {key!r} as a text value")
    return value


def pair(data: Mapping[str, Any], key: str) -> tuple[int, int]:
    value = data.get(key)
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise IllegalAction(
            f"The {data.get('type')!r} action needs {key!r} as [seat, slot], two whole numbers"
        )
    return int(value[0]), int(value[1])


def int_list(data: Mapping[str, Any], key: str) -> tuple[int, ...]:
    value = data.get(key)
    if not isinstance(value, list | tuple) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise IllegalAction(f"The {data.get('type')!r} action needs {key!r} as a list of numbers")
    return tuple(int(v) for v in value)


def str_list(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = data.get(key)
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise IllegalAction(f"The {data.get('type')!r} action needs {key!r} as a list of texts")
    return tuple(value)
