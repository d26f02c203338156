"""Variant options: each game declares its options with defaults; a table's options are
validated once into a plain dict that the rules consult (a variant is a value, not a
subclass)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.errors import InvalidOptions

OptionValue = bool | int | str

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Option:
    """One table option. Either ``choices`` (a closed list) or an integer range
    ``low``..``high``, or a bool when the default is a bool."""

    name: str
    default: OptionValue
    doc: str
    choices: tuple[OptionValue, ...] = ()
    low: int | None = None
    high: int | None = None

    @property
    def kind(self) -> str:
        if self.choices:
            return "choice"
        if isinstance(self.default, bool):
            return "bool"
        return "int"

    def values(self) -> list[OptionValue]:
        """Every allowed value (for forms, docs and exhaustive tests); a wide integer range
        is represented by its ends and the default."""
        if self.choices:
            return list(self.choices)
        if self.kind == "bool":
            return [False, True]
        assert self.low is not None and self.high is not None
        if self.high - self.low <= 8:
            return list(range(self.low, self.high + 1))
        return sorted({self.low, int(self.default), self.high})

    def allowed(self) -> str:
        if self.choices:
            return ", ".join(_show(c) for c in self.choices)
        if self.kind == "bool":
            return "true, false"
        if self.low == self.high:
            return f"only {self.low}"
        return f"a whole number from {self.low} to {self.high}"

    def validate(self, value: object) -> OptionValue:
        """The value in canonical form, or ``InvalidOptions`` naming the option and what it
        accepts. Strings from the command line or a form are converted."""
        converted = self._convert(value)
        if converted is None:
            # A number typed on a command line reads best as typed: players=9, not '9'.
            shown = value if isinstance(value, str) and self.kind != "choice" else _show(value)
            raise InvalidOptions(
                f"Option {self.name!r} cannot be {shown}: allowed values are {self.allowed()}"
            )
        return converted

    def _convert(self, value: object) -> OptionValue | None:
        if self.choices:
            return _match_choice(value, self.choices)
        if self.kind == "bool":
            return _as_bool(value)
        number = _as_int(value)
        if number is None:
            return None
        if (self.low is not None and number < self.low) or (
            self.high is not None and number > self.high
        ):
            return None
        return number

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "default": self.default, "doc": self.doc}
        out["kind"] = self.kind
        if self.choices:
            out["choices"] = list(self.choices)
        if self.kind == "int":
            out["low"], out["high"] = self.low, self.high
        return out


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


def _as_bool(value: object) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
        return value.lower() in _TRUE
    return None


def _as_int(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            return None
    return None


def _match_choice(value: object, choices: Sequence[OptionValue]) -> OptionValue | None:
    for choice in choices:
        if isinstance(choice, bool) or isinstance(value, bool):
            if isinstance(choice, bool) and _as_bool(value) is choice:
                return choice
        elif isinstance(choice, int):
            if _as_int(value) == choice:
                return choice
        elif isinstance(value, str) and value == choice:
            return choice
    return None


def resolve(
    game: str, declared: Iterable[Option], given: Mapping[str, object]
) -> dict[str, OptionValue]:
    """Defaults overlaid with ``given``; unknown names and bad values raise
    ``InvalidOptions``."""
    table = {option.name: option for option in declared}
    unknown = sorted(set(given) - set(table))
    if unknown:
        raise InvalidOptions(
            f"{game} has no option {unknown[0]!r}; its options are: {', '.join(table)}"
        )
    resolved = {name: option.default for name, option in table.items()}
    for name, value in given.items():
        resolved[name] = table[name].validate(value)
    return resolved


def parse_assignments(pairs: Iterable[str]) -> dict[str, str]:
    """``["snap=anytime", "players=3"]`` from a command line into a dict of strings."""
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise InvalidOptions(f"Options are written NAME=VALUE, got {pair!r}")
        out[name.strip()] = value.strip()
    return out
