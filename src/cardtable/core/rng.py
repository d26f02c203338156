"""Seeded randomness. A game is reproducible from its seed; the seed never appears in a
view."""

from __future__ import annotations

import random
import secrets


def new_seed() -> int:
    """A fresh seed from the operating system, for games started without one."""
    return secrets.randbits(63)


def make_rng(seed: int | None) -> random.Random:
    return random.Random(new_seed() if seed is None else seed)


def fork(rng: random.Random) -> random.Random:
    """An independent generator drawn from ``rng``: the parent's stream advances by one
    draw whatever the child does later."""
    return random.Random(rng.getrandbits(64))
