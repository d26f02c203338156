"""Tutorial scenarios (docs/learn.md): what a game package's ``learn.py`` declares and the
server's learn pages replay through the real engine (``cardtable.server.learn``). A
scenario is a game's options, a seed and a stacked deck, a prelude of moves that sets the
position up, and a script: the moves the reader is guided to and the moves the other seats
make. Plain data, so a game declares its lessons without importing the server."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Text = dict[str, str]  # {"en": ..., "zh": ...}
R = 0  # the reader always sits in seat 0
B = 1  # the bot


@dataclass(frozen=True)
class Step:
    """One scripted move. ``seat`` R (the reader): what the reader is guided to do
    (``note`` says what to do and why, ``wrong`` answers a different click); another seat:
    a scripted move of that seat (``note`` explains it)."""

    seat: int
    action: dict[str, Any]
    note: Text = field(default_factory=dict)
    wrong: Text = field(default_factory=dict)


@dataclass(frozen=True)
class Scenario:
    id: str
    kind: str  # "example" or "tutorial"
    title: Text
    intro: Text
    options: dict[str, Any]
    deck: list[Any]
    steps: list[Step]
    end: Text
    seed: int = 1
    prelude: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    strict: bool = True  # a move off the script is explained, not played


def T(en: str, zh: str) -> Text:
    return {"en": en, "zh": zh}


def me(action: dict[str, Any], en: str, zh: str, wen: str = "", wzh: str = "") -> Step:
    """A move the reader is guided to (``wen``/``wzh`` answer a different click)."""
    return Step(R, action, T(en, zh), T(wen or en, wzh or zh))


def bot(action: dict[str, Any], en: str = "", zh: str = "") -> Step:
    """A scripted move of the bot's seat."""
    return Step(B, action, T(en, zh) if en else {})
