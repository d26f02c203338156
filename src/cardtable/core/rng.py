"""Seeded randomness. A game is reproducible from its seed; the seed never appears in a
view."""

from __future__ import annotations

import _random
import random
import secrets
from collections.abc import Callable, MutableSequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import SupportsLenAndGetItem

T = TypeVar("T")
_ONE = 1  # randrange's default step: the standard library tells "not given" by identity
_seed_twister = _random.Random.seed  # the C seeding alone, as Random.seed ends


class Rng(random.Random):
    """``random.Random`` with the draws a game and a search make most (``randrange(n)``,
    ``choice``, ``shuffle``, ``seed(int)``) written out here, so that they are compiled
    with the engines (docs/engines.md, "Compiled engines"): the standard library's are
    interpreted Python even in the compiled build, and a search makes millions of them.
    Each is the standard library's algorithm on the same Mersenne Twister, so the same
    seed gives the same numbers, shuffles and choices as ``random.Random``, and an
    ``Rng`` goes wherever a ``random.Random`` does (its state moves between the two with
    ``getstate``/``setstate``)."""

    def __init__(self, x: Any = None) -> None:  # Random's own, compiled: a fork per sample
        self.seed(x)
        self.gauss_next = None

    def seed(self, a: Any = None, version: int = 2) -> None:
        if type(a) is int:  # what Random.seed does with an int, without its type dispatch
            _seed_twister(self, a)
            self.gauss_next = None
        else:
            super().seed(a, version)

    def _randbelow(self, n: int) -> int:
        getrandbits = self.getrandbits
        k = n.bit_length()
        r: int = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    def randrange(self, start: int, stop: int | None = None, step: int = _ONE) -> int:
        if stop is None and step is _ONE and type(start) is int and start > 0:
            getrandbits = self.getrandbits
            k = start.bit_length()
            r: int = getrandbits(k)
            while r >= start:
                r = getrandbits(k)
            return r
        return super().randrange(start, stop, step)  # every other case, with its errors

    def choice(self, seq: SupportsLenAndGetItem[T]) -> T:
        n = len(seq)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        getrandbits = self.getrandbits
        k = n.bit_length()
        r: int = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return seq[r]

    def shuffle(self, x: MutableSequence[Any]) -> None:
        _fisher_yates(self.getrandbits, x)


def shuffle(rng: random.Random, items: MutableSequence[Any]) -> None:
    """``rng.shuffle(items)``: the same permutation and the same draws from ``rng``. The
    one shuffle of every game's deals, reshuffles and determinizations. For a
    ``random.Random`` or an ``Rng`` it runs the standard library's loop compiled (the
    standard library's own is interpreted, two calls per card); a generator of any other
    class may draw otherwise, so it is asked to shuffle itself."""
    kind = type(rng)
    if kind is Rng or kind is random.Random:
        _fisher_yates(rng.getrandbits, items)
    else:
        rng.shuffle(items)


def _fisher_yates(draw: Callable[[int], int], items: MutableSequence[Any]) -> None:
    """random.py's ``shuffle`` with ``_randbelow_with_getrandbits`` inlined (CPython 3.11
    to 3.13): for i from the last index down, j below i + 1 from ``bits`` =
    (i + 1).bit_length() fresh bits, drawn again until it is; then swap. C integers when
    compiled (rng.pxd)."""
    bits = len(items).bit_length()
    half = (1 << bits) >> 1  # 2 ** (bits - 1): below it, i + 1 has one bit fewer
    for i in range(len(items) - 1, 0, -1):
        if i + 1 < half:
            bits -= 1
            half >>= 1
        j: int = draw(bits)
        while j > i:
            j = draw(bits)
        items[i], items[j] = items[j], items[i]


def new_seed() -> int:
    """A fresh seed from the operating system, for games started without one."""
    return secrets.randbits(63)


def make_rng(seed: int | None) -> random.Random:
    return Rng(new_seed() if seed is None else seed)


def fork(rng: random.Random) -> random.Random:
    """An independent generator drawn from ``rng``: the parent's stream advances by one
    draw whatever the child does later."""
    return Rng(rng.getrandbits(64))


def fast(rng: random.Random) -> Rng:
    """``rng`` itself if it is an ``Rng``, else an ``Rng`` in the same state (a search
    draws from it and hands its state back with ``settle``)."""
    if isinstance(rng, Rng):
        return rng
    out = Rng.__new__(Rng)
    out.setstate(rng.getstate())
    return out


def settle(rng: random.Random, used: Rng) -> None:
    """Leave ``rng`` where ``used`` (its ``fast`` twin) has got to."""
    if used is not rng:
        rng.setstate(used.getstate())
