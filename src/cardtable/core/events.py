"""Events: what an action caused, with who may see which part of it.

Every seat (and every spectator) learns that an event happened and sees its public
``data``; the ``private`` part is merged in only for the seats it names. A draw, for
instance, is ``Event("draw", {"seat": 2}, {2: {"card": "7h"}})``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

Private = Mapping[int, Mapping[str, Any]]

if TYPE_CHECKING:
    _Fields = tuple[str, Mapping[str, Any], Private | None]
else:
    _Fields = tuple
    try:  # the C field reader of namedtuple: a field costs an index, not a call
        from collections import _tuplegetter as _field
    except ImportError:  # another Python: the same through a property
        from operator import itemgetter

        def _field(index: int, doc: str) -> property:
            return property(itemgetter(index), doc=doc)


_new = tuple.__new__


class Event(_Fields):
    """An immutable record of ``type``, ``data`` and ``private``.

    A tuple underneath, built by ``tuple.__new__``: every move of every game and search
    makes one or two, and a frozen dataclass's per-field ``object.__setattr__`` cost
    twice as much (docs/engines.md, "The search and core at compiled speed")."""

    __slots__ = ()
    __match_args__ = ("type", "data", "private")

    if TYPE_CHECKING:

        @property
        def type(self) -> str: ...
        @property
        def data(self) -> Mapping[str, Any]: ...
        @property
        def private(self) -> Private | None: ...

    else:
        type = _field(0, "What happened (``draw``, ``play`` …).")
        data = _field(1, "What every seat and spectator sees of it.")
        private = _field(2, "Per seat, what only that seat sees in addition (or None).")

    def __new__(cls, type: str, data: Mapping[str, Any], private: Private | None = None) -> Event:
        if "type" in data:
            raise ValueError(f"event {type!r}: 'type' is reserved, rename the data key")
        return _new(cls, (type, data, private))

    def __getnewargs__(self) -> tuple[str, Mapping[str, Any], Private | None]:
        return (self[0], self[1], self[2])  # copy and pickle rebuild it through __new__

    def __repr__(self) -> str:
        return f"Event(type={self[0]!r}, data={self[1]!r}, private={self[2]!r})"

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The version of this event that ``seat`` may see (``None``: a spectator)."""
        out: dict[str, Any] = {"type": self[0], **self[1]}
        private = self[2]
        if private and seat is not None and seat in private:
            out.update(private[seat])
        return out

    def full(self) -> dict[str, Any]:
        """Everything, every secret included: for finished-game replays and tests only."""
        out: dict[str, Any] = {"type": self[0], **self[1]}
        private = self[2]
        if private:
            out["private"] = {str(seat): dict(part) for seat, part in private.items()}
        return out
