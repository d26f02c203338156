"""A seat's game, reviewed (issue 22; docs/review.md): every decision valued from what the
seat knew then, marked by how much it lost against the best action found, and a summary
(accuracy, the costliest decisions, where luck rather than choice decided the result).

Reproducible: decision ``i``'s search draws from ``Random(f"{seed}:{i}")`` and reads only
the seat's view, so the same game, seat, budget and seed give the same review, whatever
the other seats' hidden cards were. Bounded: every rollout counts as a simulation, each
decision gets at most ``Budget.per_decision`` and the whole review at most
``Budget.per_game``."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.core import Game, State
from cardtable.review.judge import Estimate, Judge, Values
from cardtable.review.record import Decision, GameRecord, check, decisions, replay

REVIEW_FORMAT = "cardtable-review/1"
MARKS = ("best", "good", "inaccuracy", "mistake", "blunder")
# The hindsight line's share of a decision's budget (it never changes the marks).
HINDSIGHT_SHARE = 0.25
# A blunder is checked for a puzzle on a deeper search: this many times the samples, and
# kept when the best action beats every other by this many standard errors.
DEEP_FACTOR = 4
DEEP_MARGIN = 2.0
MAX_PUZZLES = 3

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Budget:
    """Simulations (one rollout of one candidate action) per decision and per game."""

    per_decision: int = 400
    per_game: int = 20_000
    hindsight: bool = True


def mark(loss: float, thresholds: tuple[float, float, float, float], is_best: bool) -> str:
    if is_best:
        return MARKS[0]
    for name, bound in zip(MARKS, thresholds, strict=False):
        if loss <= bound:
            return name
    return MARKS[-1]


def allowance(budget: Budget, used: int, left: int) -> int:
    """A decision's share of what the game's budget has left (``left`` decisions to go,
    this one included)."""
    share = (budget.per_game - used) // max(left, 1)
    return max(min(budget.per_decision, share), 0)


def review_game(
    record: GameRecord,
    seat: int,
    budget: Budget | None = None,
    seed: int = 0,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """The review of ``seat``'s game as JSON-ready data (docs/review.md, "The result")."""
    budget = budget or Budget()
    review = Review(record, seat, seed, budget.hindsight)
    entries: list[dict[str, Any]] = []
    used = 0
    total = len(review.found)
    for index in range(total):
        entry = review.judge_one(index, allowance(budget, used, total - index))
        used += entry["cost"]
        entries.append(entry)
        if progress is not None:
            progress(index + 1, total)
    puzzles = []
    for index in review.blunders(entries):
        puzzle, cost = review.puzzle(index, entries[index], budget.per_game - used)
        used += cost
        if puzzle is not None:
            puzzles.append(puzzle)
    return review.assemble(entries, puzzles, budget, used)


class Review:
    """One seat's game, replayed, with its decisions: each piece of a review runs alone
    (the server hands the decisions to its workers one at a time), reproducibly from the
    seed and the decision's number."""

    def __init__(self, record: GameRecord, seat: int, seed: int, hindsight: bool = True) -> None:
        game, states = replay(record)
        check(game, states[-1], seat)
        self.game: Game[Any] = game
        self.states = states
        self.seat, self.seed, self.hindsight = seat, seed, hindsight
        self.judge = Judge(game)
        self.found = list(decisions(game, states, record, seat))

    def judge_one(self, index: int, allowed: int) -> dict[str, Any]:
        """Decision ``index`` valued within ``allowed`` simulations (``cost``: how many it
        took, the hindsight line's included)."""
        decision, judge, seat = self.found[index], self.judge, self.seat
        actions = judge.candidates(decision.view, decision.legal, decision.taken)
        view_part = int(allowed * (1 - HINDSIGHT_SHARE)) if self.hindsight else allowed
        entry: dict[str, Any] = {
            "index": decision.index,
            "step": decision.step,
            "taken": self.describe(decision.taken),
            "legal": len(decision.legal),
            "hindsight": None,
        }
        if view_part < 2 * len(actions):  # too little budget to tell anything: said, not guessed
            return entry | {"mark": None, "simulations": 0, "cost": 0, "candidates": []}
        rng = random.Random(f"{self.seed}:{decision.index}")
        found = judge.race(judge.from_view(decision.view, seat), seat, actions, view_part, rng)
        entry |= self.judged(found)
        entry["cost"] = found.simulations
        hind = (allowed - found.simulations) // len(actions)
        if self.hindsight and hind >= 1:
            rng = random.Random(f"{self.seed}:{decision.index}:hindsight")
            known = judge.values(judge.from_state(decision.state), seat, actions, hind, rng)
            entry["cost"] += known.simulations
            entry["hindsight"] = self.judged(known, marked=False)
        return entry

    def judged(self, found: Values, marked: bool = True) -> dict[str, Any]:
        """A decision's line: the taken action (always candidate 0) against the best."""
        spec = self.judge.spec
        taken, best = found.estimates[0], found.estimates[found.best]
        loss, loss_se = max(found.gap[0], 0.0), found.gap_se[0]
        out: dict[str, Any] = {
            "value": round(taken.mean, 4),
            "value_se": round(taken.se, 4),
            "best": self.estimate(best),
            "loss": round(loss, 4),
            "loss_se": round(loss_se, 4),
            "candidates": [self.estimate(e) for e in found.estimates],
            "simulations": found.simulations,
        }
        if found.field is not None:  # an average seat's value here: the deal's luck
            out["par"] = round(found.field, 4)
        if marked:  # a loss within one standard error of noise is not held against the seat
            out["mark"] = mark(max(loss - loss_se, 0.0), spec.thresholds, found.best == 0)
        return out

    def estimate(self, estimate: Estimate) -> dict[str, Any]:
        return self.describe(estimate.action) | {
            "value": round(estimate.mean, 4),
            "se": round(estimate.se, 4),
        }

    def describe(self, action: Any) -> dict[str, Any]:
        wire = self.game.action_to_json(action)
        return {"action": wire, "text": self.game.describe_action(action)}

    @staticmethod
    def blunders(entries: list[dict[str, Any]]) -> list[int]:
        """The decisions checked for a puzzle: the first ``MAX_PUZZLES`` blunders."""
        return [i for i, e in enumerate(entries) if e.get("mark") == "blunder"][:MAX_PUZZLES]

    def puzzle(
        self, index: int, entry: dict[str, Any], left: int
    ) -> tuple[dict[str, Any] | None, int]:
        """A blunder's puzzle if a deeper search (``DEEP_FACTOR`` times the samples) finds
        its best action clearly best, and what the check cost (0 when it would overspend
        ``left``)."""
        decision, judge = self.found[index], self.judge
        actions = judge.candidates(decision.view, decision.legal, decision.taken)
        samples = DEEP_FACTOR * max(entry["simulations"] // len(actions), 1)
        if samples * len(actions) > left:
            return None, 0  # the game's budget decides: no puzzle rather than overspend
        rng = random.Random(f"{self.seed}:{decision.index}:deep")
        deep = judge.values(
            judge.from_view(decision.view, self.seat), self.seat, actions, samples, rng
        )
        others = [i for i in range(len(actions)) if i != deep.best]
        clear = all(deep.gap[i] > DEEP_MARGIN * deep.gap_se[i] for i in others)
        if deep.best == 0 or not clear:
            return None, deep.simulations
        puzzle = make_puzzle(self.game, decision, self.seat, deep, judge.spec.unit, self.describe)
        return puzzle, deep.simulations

    def assemble(
        self,
        entries: list[dict[str, Any]],
        puzzles: list[dict[str, Any]],
        budget: Budget,
        used: int,
    ) -> dict[str, Any]:
        spec, seat = self.judge.spec, self.seat
        realized = realized_values(self.judge, self.states, self.found, seat)
        horizon = spec.horizon
        stretch = [None if horizon is None else horizon(d.state) for d in self.found]
        outcome = self.states[-1].outcome()
        return {
            "format": REVIEW_FORMAT,
            "game": self.game.name,
            "options": dict(self.game.options),
            "seat": seat,
            "seed": self.seed,
            "budget": {"per_decision": budget.per_decision, "per_game": budget.per_game},
            "unit": spec.unit,
            "higher_is_better": spec.higher_is_better,
            "thresholds": dict(zip(MARKS[:4], spec.thresholds, strict=True)),
            "result": outcome.scores[seat],
            "won": seat in outcome.winners,
            "outcome": outcome.to_json(),
            "simulations": used,
            "decisions": entries,
            "summary": summary(
                entries, realized, stretch, spec.thresholds[3], spec.higher_is_better
            ),
            "puzzles": puzzles,
        }


def make_puzzle(
    game: Game[Any],
    decision: Decision,
    seat: int,
    deep: Values,
    unit: str,
    describe: Callable[[Any], dict[str, Any]],
) -> dict[str, Any]:
    """A puzzle: the seat's view and legal actions, and (kept apart, for the answer) the
    best action with every candidate's value."""
    best = deep.estimates[deep.best]
    others = [i for i in range(len(deep.estimates)) if i != deep.best]
    margin = min(deep.gap[i] for i in others)
    return {
        "game": game.name,
        "options": dict(game.options),
        "seat": seat,
        "step": decision.step,
        "view": dict(decision.view),
        "legal": [describe(a) for a in decision.legal],
        "answer": {
            "best": describe(best.action),
            "taken": describe(decision.taken),
            "unit": unit,
            "margin": round(margin, 4),
            "values": [
                describe(e.action) | {"value": round(e.mean, 4), "se": round(e.se, 4)}
                for e in deep.estimates
            ],
            "simulations": deep.simulations,
        },
    }


def realized_values(
    judge: Judge, states: list[State[Any]], found: list[Decision], seat: int
) -> list[float]:
    """What each decision's stretch of play (to the horizon, or the end) actually gave the
    seat, valued as the review values a rollout's end."""
    horizon = judge.spec.horizon
    out = []
    for decision in found:
        end = states[-1]
        if horizon is not None:
            mark_ = horizon(decision.state)
            for later in states[decision.step :]:
                if later.is_over() or horizon(later) != mark_:
                    end = later
                    break
        out.append(judge.value(decision.state, end, seat))
    return out


def summary(
    judged: list[dict[str, Any]],
    realized: list[float],
    stretch: list[Any],
    blunder: float,
    higher: bool,
) -> dict[str, Any]:
    marked = [e for e in judged if e.get("mark") is not None]
    counts = {name: sum(1 for e in marked if e["mark"] == name) for name in MARKS}
    accuracy = (
        100.0 * sum(max(0.0, 1.0 - e["loss"] / blunder) for e in marked) / len(marked)
        if marked
        else None
    )
    costliest = sorted(marked, key=lambda e: -e["loss"])[:3]
    return {
        "decisions": len(judged),
        "judged": len(marked),
        "accuracy": None if accuracy is None else round(accuracy, 1),
        "marks": counts,
        "costliest": [
            {"index": e["index"], "step": e["step"], "loss": e["loss"], "mark": e["mark"]}
            for e in costliest
            if e["loss"] > 0
        ],
        "luck": luck(judged, realized, stretch, higher),
    }


def luck(
    judged: list[dict[str, Any]], realized: list[float], stretch: list[Any], higher: bool
) -> dict[str, Any]:
    """Luck is what moved the seat's value between its decisions without its choice: from
    the value of the action it took to the value of its best action at its next decision
    in the same stretch (a round, a hand), or to what the stretch actually gave. Choice is
    the value its decisions lost. Whichever moved the result more decided it."""
    sign = 1.0 if higher else -1.0
    moments: list[dict[str, Any]] = []
    marked = [i for i, e in enumerate(judged) if e.get("mark") is not None]
    for position, i in enumerate(marked):
        entry = judged[i]
        if position == 0 or stretch[marked[position - 1]] != stretch[i]:
            moments.append(deal_moment(entry, sign))
        following = marked[position + 1] if position + 1 < len(marked) else None
        if following is not None and stretch[following] == stretch[i]:
            target = judged[following]["best"]["value"]
        else:
            target = realized[i]
        swing = round(sign * (target - entry["value"]), 4)
        moments.append(
            {"kind": "play", "after_index": entry["index"], "step": entry["step"], "swing": swing}
        )
    total = sum(m["swing"] for m in moments)
    cost = sum(judged[i]["loss"] for i in marked)
    deals = [m for m in moments if m["kind"] == "deal"]
    moments.sort(key=lambda m: -abs(m["swing"]))
    return {
        "deals": deals,
        "total": round(total, 4),
        "choice_cost": round(cost, 4),
        "decided_by": "luck" if abs(total) > cost else "choice",
        "moments": moments[:3],
    }


def deal_moment(entry: dict[str, Any], sign: float) -> dict[str, Any]:
    """The deal's luck, up to the seat's first decision of a stretch (a round, a hand; the
    game): the value of its best action there against what an average seat could expect
    from the same position (``par``, every seat's value in the same rollouts, averaged).
    ``step`` is the last action before the decision (0: the deal itself)."""
    swing = round(sign * (entry["best"]["value"] - entry.get("par", entry["best"]["value"])), 4)
    return {
        "kind": "deal",
        "after_index": None,
        "before_index": entry["index"],
        "step": entry["step"] - 1,
        "swing": swing,
    }


def views_only(review: Mapping[str, Any]) -> dict[str, Any]:
    """The review without its hindsight lines (what depends on the seat's view alone)."""
    out = dict(review)
    out["decisions"] = [
        {k: v for k, v in d.items() if k != "hindsight"} for d in review["decisions"]
    ]
    return out
