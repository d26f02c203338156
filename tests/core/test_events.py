"""``core.events.Event`` is a tuple underneath (docs/engines.md): what callers rely on
still holds, read-only fields, copies and pickles that come back whole, a readable repr."""

from __future__ import annotations

import copy
import pickle

import pytest

from cardtable.core import Event

DRAW = Event("draw", {"seat": 2}, {2: {"card": "7h"}})


def test_fields_and_defaults() -> None:
    assert (DRAW.type, DRAW.data, DRAW.private) == ("draw", {"seat": 2}, {2: {"card": "7h"}})
    plain = Event(type="turn", data={"seat": 0})
    assert plain.private is None
    assert plain == Event("turn", {"seat": 0}, None) and plain != DRAW


def test_fields_are_read_only() -> None:
    with pytest.raises(AttributeError):
        DRAW.type = "play"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        DRAW.extra = 1  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "rebuild", [copy.copy, copy.deepcopy, lambda e: pickle.loads(pickle.dumps(e))]
)
def test_copies_and_pickles_are_whole_events(rebuild: object) -> None:
    again = rebuild(DRAW)  # type: ignore[operator]
    assert type(again) is Event and again == DRAW
    assert again.for_seat(2) == {"type": "draw", "seat": 2, "card": "7h"}


def test_repr_names_the_fields() -> None:
    assert repr(Event("turn", {"seat": 1})) == "Event(type='turn', data={'seat': 1}, private=None)"


def test_match_by_field() -> None:
    match DRAW:
        case Event(kind, {"seat": seat}):
            assert (kind, seat) == ("draw", 2)
        case _:
            pytest.fail("an event matches its fields in order")
