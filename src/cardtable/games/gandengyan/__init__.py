"""Gan Deng Yan (干瞪眼), the climbing game for 2–6 players with wild jokers.

The rules value is ``GanDengYanGame``; the pure pieces a rules page or a score calculator
may call without a game are re-exported here: the classifier (``classify_cards``,
``readings``), what beats what (``beats``) and the payment formula (``payment``)."""

from .actions import Action, Pass, Play
from .calc import classify_cards, readings
from .game import GanDengYanGame
from .plays import Kind, Rules, beats, bomb_strength, legal_plays
from .scoring import Scoring, hand_payment, is_shut_out, payment
from .state import GanDengYanState

__all__ = [
    "Action",
    "GanDengYanGame",
    "GanDengYanState",
    "Kind",
    "Pass",
    "Play",
    "Rules",
    "Scoring",
    "beats",
    "bomb_strength",
    "classify_cards",
    "hand_payment",
    "is_shut_out",
    "legal_plays",
    "payment",
    "readings",
]
