"""Seeded random games for the per-game tests: every position of one game, from the given start to its end."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

from pyengine.core.api import State
from pyengine.core.rng import Rng

S = TypeVar("S", bound=State)


def random_game(state: S, seed: int, players: int, label: str = "", limit: int = 5000) -> Iterator[S]:
    """Play seeded random legal moves from ``state`` (changed in place), yielding it before every move and at the end.

    The lowest seat to move moves; the moves come from ``Rng(seed * 7919 + players)``.

    Raises:
        AssertionError: the game did not end within ``limit`` moves.
    """
    rng = Rng(seed * 7919 + players)
    for _ in range(limit):
        yield state
        if state.is_terminal():
            return
        seat = min(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError(f"game {players}p seed {seed} {label} did not end")
