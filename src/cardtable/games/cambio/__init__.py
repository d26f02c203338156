"""Cambio (rules CB-1…CB-36, docs/rules/cambio.md): a memory card game of face-down hands,
card powers and snaps, for 2 to 6 players."""

from cardtable.games.cambio.actions import (
    CALL,
    DISCARD,
    DRAW,
    SKIP,
    Action,
    Call,
    Discard,
    Draw,
    Give,
    Peek,
    Replace,
    Skip,
    Snap,
    Swap,
    swap,
)
from cardtable.games.cambio.cards import card_value, score_hand
from cardtable.games.cambio.game import CambioGame
from cardtable.games.cambio.state import HIDDEN, CambioState

__all__ = [
    "CALL",
    "DISCARD",
    "DRAW",
    "HIDDEN",
    "SKIP",
    "Action",
    "Call",
    "CambioGame",
    "CambioState",
    "Discard",
    "Draw",
    "Give",
    "Peek",
    "Replace",
    "Skip",
    "Snap",
    "Swap",
    "card_value",
    "score_hand",
    "swap",
]
