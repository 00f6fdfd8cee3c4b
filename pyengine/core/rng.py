"""The project's own seeded PRNG (SplitMix64), whose whole state is one JSON-able integer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_TWO64 = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
_CACHED_BELOW = 4096
_LIMITS: dict[int, int] = {}
"""randbelow's rejection limits for n up to _CACHED_BELOW, as it meets them (pure arithmetic: the same everywhere)."""


class Rng:
    """A small deterministic generator: same seed, same numbers, on CPython and in Pyodide."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    @classmethod
    def from_state(cls, state: int) -> Rng:
        """Rebuild a generator from a saved state."""
        return cls(state)

    @classmethod
    def from_text(cls, text: str) -> Rng:
        """Rebuild a generator from its JSON text form (16 hex digits).

        The state is kept as text in game states because JavaScript numbers lose integers above 2**53.
        """
        return cls(int(text, 16))

    def to_text(self) -> str:
        """Return the state as 16 hex digits, safe in JSON read by JavaScript."""
        return f"{self.state:016x}"

    def next_u64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Return a uniform integer in [0, n) without modulo bias."""
        limit = _LIMITS.get(n)
        if limit is None:
            if not 0 < n <= _TWO64:
                raise ValueError(f"randbelow needs 0 < n <= 2**64, got {n!r}")
            limit = _TWO64 - (_TWO64 % n)
            if n <= _CACHED_BELOW:
                _LIMITS[n] = limit
        state = self.state
        while True:  # next_u64, inlined: this is the hot path of every shuffle and draw
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                self.state = state
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        """Return one item of a non-empty sequence, uniformly."""
        return items[self.randbelow(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """Return an independent generator seeded from this one."""
        return Rng(self.next_u64())
