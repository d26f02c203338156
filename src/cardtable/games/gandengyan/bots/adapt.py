"""What ``hard`` reads of its opponents at a Gan Deng Yan table (issue #24): for each
opponent a posterior over a population of styles (the gauntlet's, ``opponents.py``), from
what the seat's view shows that opponent did, and the style each of them plays in the
search's imagination (``search.rollout_policy``).

A view keeps no history of earlier tricks (only how many plays each seat made this hand
and the cards played, unattributed), but it shows the trick in progress: every play and
pass in it, by whom, and each seat's hand size now. No cards are drawn during a trick, so
the hand a seat held at each of its entries is its size now plus the cards it played
since. Each entry is a trace (``traces``): its context (a lead, an answer, an answer to a
2 or a bomb; holding more than ``BIG`` cards or not) and what the seat did (passed, spent
a 2 or a bomb, or a plain play, a lead by its length). Each style's chance of each
outcome in each context comes from games of that style against medium
(``bench/fit_gandengyan_styles.py``; docs/bots/gandengyan.md, "How hard adapts"), with one
rate exact by definition: cautious never spends a 2 or a bomb while holding more than 5
cards unless the play goes out (and a play that goes out ends the hand, so a view never
shows one). Only the view is read, so what hard believes never depends on a card it has
not seen."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core import population
from cardtable.games.gandengyan.bots.opponents import CAUTIOUS_CARDS

# The population, in this order (the rollouts' style numbers). forgetful plays medium's
# judgement without counting cards: the rollouts never count cards (they judge plays by
# ``rough_win_chance``), so it is imagined exactly as medium is.
NAMES = ("medium", "greedy", "forgetful", "spender", "cautious")
MEDIUM_INDEX = 0
# The styles by their index in ``NAMES``: what a sample carries (``draw_styles``).
INDICES = tuple(range(len(NAMES)))
GREEDY_INDEX = 1
FORGETFUL_INDEX = 2
SPENDER_INDEX = 3
CAUTIOUS_INDEX = 4
PRIOR = (0.4, 0.15, 0.15, 0.15, 0.15)

BIG = CAUTIOUS_CARDS  # more cards than this and cautious keeps its 2s and bombs

# Contexts: what the seat was doing, times whether it held more than BIG cards (+1).
LEAD = 0  # the first play of a trick
ANSWER = 2  # facing a plain play
ANSWER_PREMIUM = 4  # facing a 2 or a bomb (only a bomb beats it)
CONTEXTS = 6
# Outcomes. An answer's length is the target's, so a plain answer is one outcome; a
# plain lead is told by its length (greedy leads its longest set).
PASS = 0
PREMIUM = 1
PLAIN = 2  # an answer; a lead of 1, 2, 3 or 4+ plain cards: PLAIN + length - 1
OUTCOMES = 6

# FITTED[style][context][outcome]: the chance of each outcome in each context, fitted by
# bench/fit_gandengyan_styles.py --games 300 (2 seats, 600 games a style against medium,
# every decision of the style's seat as medium's view shows it; n: the decisions). Rows
# by context (LEAD, LEAD big, ANSWER, ANSWER big, ANSWER_PREMIUM, ANSWER_PREMIUM big);
# columns by outcome (pass, 2 or bomb, plain: an answer, or a lead of 1, 2, 3, 4+ cards).
# A lead is never a pass (GD-11). What tells the styles apart: spender leads a 2 or a
# bomb with a big hand (0.148 of its big leads; medium 0.001), cautious never answers
# with one holding a big hand (medium 0.097), greedy leads long sets from a big hand
# (0.306 of them 4 cards or more; medium 0.112) and answers more often. medium and
# forgetful are alike (and are played alike in the rollouts).
FITTED: dict[str, tuple[tuple[float, ...], ...]] = {
    "medium": (
        (0.0, 0.021, 0.77, 0.083, 0.082, 0.044),  # n=2189
        (0.0, 0.001, 0.719, 0.083, 0.086, 0.112),  # n=1838
        (0.635, 0.203, 0.161, 0.0, 0.0, 0.0),  # n=2462
        (0.605, 0.097, 0.298, 0.0, 0.0, 0.0),  # n=2459
        (0.991, 0.009, 0.0, 0.0, 0.0, 0.0),  # n=443
        (0.979, 0.021, 0.0, 0.0, 0.0, 0.0),  # n=242
    ),
    "greedy": (
        (0.0, 0.022, 0.682, 0.192, 0.086, 0.018),  # n=3107
        (0.0, 0.018, 0.126, 0.277, 0.272, 0.306),  # n=793
        (0.679, 0.139, 0.182, 0.0, 0.0, 0.0),  # n=3495
        (0.549, 0.086, 0.365, 0.0, 0.0, 0.0),  # n=1509
        (1.0, 0.0, 0.0, 0.0, 0.0, 0.0),  # n=520
        (1.0, 0.0, 0.0, 0.0, 0.0, 0.0),  # n=130
    ),
    "forgetful": (
        (0.0, 0.022, 0.76, 0.084, 0.09, 0.044),  # n=2172
        (0.0, 0.001, 0.713, 0.082, 0.09, 0.115),  # n=1803
        (0.632, 0.203, 0.165, 0.0, 0.0, 0.0),  # n=2440
        (0.601, 0.097, 0.302, 0.0, 0.0, 0.0),  # n=2449
        (0.993, 0.007, 0.0, 0.0, 0.0, 0.0),  # n=436
        (0.988, 0.012, 0.0, 0.0, 0.0, 0.0),  # n=246
    ),
    "spender": (
        (0.0, 0.083, 0.683, 0.082, 0.103, 0.049),  # n=1830
        (0.0, 0.148, 0.616, 0.059, 0.077, 0.1),  # n=2360
        (0.77, 0.063, 0.167, 0.0, 0.0, 0.0),  # n=2550
        (0.632, 0.089, 0.279, 0.0, 0.0, 0.0),  # n=3274
        (1.0, 0.0, 0.0, 0.0, 0.0, 0.0),  # n=426
        (1.0, 0.0, 0.0, 0.0, 0.0, 0.0),  # n=315
    ),
    "cautious": (
        (0.0, 0.036, 0.762, 0.077, 0.086, 0.039),  # n=1940
        (0.0, 0.0, 0.724, 0.081, 0.088, 0.107),  # n=1712
        (0.605, 0.231, 0.164, 0.0, 0.0, 0.0),  # n=2177
        (0.676, 0.0, 0.324, 0.0, 0.0, 0.0),  # n=2832
        (1.0, 0.0, 0.0, 0.0, 0.0, 0.0),  # n=398
        (1.0, 0.0, 0.0, 0.0, 0.0, 0.0),  # n=249
    ),
}

# No style is certain never to do a thing: an outcome the fit never saw keeps this chance.
FLOOR = 0.003
# Except what a style's definition rules out: cautious spends no 2 or bomb while it holds
# more than BIG cards (unless it goes out, which no view shows). Not quite 0, so that a
# view no style explains still leaves the prior (``population.normalized``).
NEVER = 1e-6


def _rates(style: str) -> tuple[tuple[float, ...], ...]:
    rows = []
    for context, row in enumerate(FITTED[style]):
        rates = [max(rate, FLOOR) for rate in row]
        if style == "cautious" and context % 2 == 1:
            rates[PREMIUM] = NEVER
        rows.append(tuple(rates))
    return tuple(rows)


RATES = {style: _rates(style) for style in NAMES}


def is_premium(entry: Mapping[str, Any]) -> bool:
    """A shown play of a 2 (or 2s) or a bomb (policy.is_premium, on the view's form)."""
    return entry.get("rank") == "2" or entry.get("kind") in ("bomb", "joker_bomb")


def traces(view: Mapping[str, Any], owner: int) -> list[tuple[int, int]]:
    """``(context, outcome)`` of each entry of seat ``owner`` in the trick in progress."""
    # owner's entries, each with the play it faced (None: it leads)
    entries: list[tuple[Mapping[str, Any] | None, Mapping[str, Any]]] = []
    facing: Mapping[str, Any] | None = None
    # The hand owner held at each entry: its size now plus the cards it played since.
    held = int(view["counts"][owner])
    for entry in view.get("trick") or []:
        played = not entry.get("pass")
        if int(entry["seat"]) == owner:
            entries.append((facing, entry))
            if played:
                held += len(entry["cards"])
        if played:
            facing = entry
    out: list[tuple[int, int]] = []
    for before, entry in entries:
        played = not entry.get("pass")
        big = 1 if held > BIG else 0
        if played:
            held -= len(entry["cards"])
        if before is None:
            if not played:  # a leader holding only jokers passes the lead (GD-14)
                continue
            context = LEAD + big
            plain = PLAIN + min(len(entry["cards"]), 4) - 1
            outcome = PREMIUM if is_premium(entry) else plain
        else:
            context = (ANSWER_PREMIUM if is_premium(before) else ANSWER) + big
            outcome = (PREMIUM if is_premium(entry) else PLAIN) if played else PASS
        out.append((context, outcome))
    return out


def likelihood(style: str, seen: Sequence[tuple[int, int]]) -> float:
    """The chance that an opponent of ``style`` made the moves ``seen``."""
    rates = RATES[style]
    out = 1.0
    for context, outcome in seen:
        out *= rates[context][outcome]
    return out


def posterior(view: Mapping[str, Any], owner: int) -> list[float]:
    """The weights of ``NAMES`` for the player in seat ``owner``, from ``view``."""
    seen = traces(view, owner)
    if not seen:
        return list(PRIOR)
    weights = [prior * likelihood(name, seen) for prior, name in zip(PRIOR, NAMES, strict=True)]
    return population.normalized(weights, PRIOR)


# The population hard imagines, read from a view by ``posterior``: ``read_table(view)``
# gives each opponent's weights, ``likeliest(view, seat)`` the style's name and
# ``draw_styles(beliefs, seat, players, rng)`` one style per seat for a sample.
POPULATION = population.Population(NAMES, INDICES, MEDIUM_INDEX, posterior)
read_table = POPULATION.read_table
likeliest = POPULATION.likeliest
draw_styles = POPULATION.draw_styles
