"""Events: what an action caused, with who may see which part of it.

Every seat (and every spectator) learns that an event happened and sees its public
``data``; the ``private`` part is merged in only for the seats it names. A draw, for
instance, is ``Event("draw", {"seat": 2}, {2: {"card": "7h"}})``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

_set = object.__setattr__


@dataclass(frozen=True, slots=True, init=False)
class Event:
    type: str
    data: Mapping[str, Any]
    private: Mapping[int, Mapping[str, Any]] | None = None

    def __init__(
        self,
        type: str,
        data: Mapping[str, Any],
        private: Mapping[int, Mapping[str, Any]] | None = None,
    ) -> None:
        # Written out rather than generated: a dataclass's generated __init__ stays
        # interpreted in the compiled build (docs/engines.md), and every move makes events.
        if "type" in data:
            raise ValueError(f"event {type!r}: 'type' is reserved, rename the data key")
        _set(self, "type", type)
        _set(self, "data", data)
        _set(self, "private", private)

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The version of this event that ``seat`` may see (``None``: a spectator)."""
        out: dict[str, Any] = {"type": self.type, **self.data}
        if self.private and seat is not None and seat in self.private:
            out.update(self.private[seat])
        return out

    def full(self) -> dict[str, Any]:
        """Everything, every secret included: for finished-game replays and tests only."""
        out: dict[str, Any] = {"type": self.type, **self.data}
        if self.private:
            out["private"] = {str(seat): dict(part) for seat, part in self.private.items()}
        return out
