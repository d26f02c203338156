"""The terminal's menu of legal actions, in steps when one list would be too long.

A Jack in four-player Cambio allows 120 swaps: listed at once they push the board off a
40-row terminal. Each action gets one or more *paths* of labels (``("Swap two cards",
"seat 0's slot 1")``); the menu shows an action's full phrase when the actions under the
current step fit on one screen, and otherwise the next labels of their paths, so a swap is
chosen card by card. A game without paths gets one flat list, shown a page at a time."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

# Choices on one screen: with the board (about 15 rows for six seats), the log of the
# last moves and the prompt, 20 keep a 40-row terminal's board in view.
LIMIT = 20

Path = tuple[str, ...]
# (legal actions, choices a screen holds) -> (action, path) pairs; an action may have several
Paths = Callable[[Sequence[Any], int], Iterable[tuple[Any, Path]]]


def flat(legal: Sequence[Any], limit: int) -> Iterable[tuple[Any, Path]]:
    """The paths of a game that groups nothing: every action on its own."""
    return ((action, ()) for action in legal)


@dataclass(eq=False)  # a step is one place in one menu, equal only to itself
class Step:
    """A node of the menu: the actions under it (legal order, each once) and its next
    labels."""

    label: str = ""
    parent: Step | None = None
    actions: list[Any] = field(default_factory=list)
    children: dict[str, Step] = field(default_factory=dict)

    def add(self, action: Any, path: Path) -> None:
        if action not in self.actions:
            self.actions.append(action)
        if path:
            child = self.children.setdefault(path[0], Step(path[0], self))
            child.add(action, path[1:])

    def heading(self) -> str:
        """The labels chosen to get here, ``"Swap two cards › seat 0's slot 1"``."""
        labels: list[str] = []
        step: Step | None = self
        while step is not None and step.parent is not None:
            labels.append(step.label)
            step = step.parent
        return " › ".join(reversed(labels))


@dataclass(frozen=True)
class Choice:
    """One line of the menu: a phrase and either the action it plays or the step it opens."""

    text: str
    action: Any = None
    step: Step | None = None


def build(legal: Sequence[Any], paths: Paths) -> Step:
    root = Step()
    for action, path in paths(legal, LIMIT):
        root.add(action, path)
    for action in legal:  # an action a game's paths forgot is still offered
        root.add(action, ())
    return root


def choices(step: Step, describe: Callable[[Any], str]) -> list[Choice]:
    """What to show at ``step``: every action when they fit, else one line per next label
    (a label leading to a single action shows that action)."""
    if len(step.actions) <= LIMIT or not step.children:
        return [Choice(describe(a), action=a) for a in step.actions]
    out: list[Choice] = []
    for child in step.children.values():
        if len(child.actions) == 1:
            out.append(Choice(describe(child.actions[0]), action=child.actions[0]))
        else:
            out.append(Choice(f"{child.label} …", step=child))
    children = step.children.values()
    out.extend(
        Choice(describe(a), action=a)
        for a in step.actions
        if not any(a in child.actions for child in children)
    )
    return out


def page(lines: Sequence[Choice], number: int) -> tuple[int, list[Choice], int]:
    """Page ``number`` (0-based, clamped) of ``lines``, LIMIT a page: the index of its first
    line, its lines, and how many pages there are."""
    pages = max(1, -(-len(lines) // LIMIT))
    start = min(max(number, 0), pages - 1) * LIMIT
    return start, list(lines[start : start + LIMIT]), pages
