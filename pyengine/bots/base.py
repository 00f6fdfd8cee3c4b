"""The Bot interface, its search budget, and a factory from bot names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..core.api import Action, State
from ..core.rng import Rng


@dataclass(frozen=True)
class Budget:
    """How much a bot may think: a cap on iterations (heuristic bots ignore it)."""

    iterations: int = 1000


class Bot(Protocol):
    """A player program: it picks one legal action for a seat, seeing only what that seat may see."""

    name: str

    def choose(self, state: State, seat: int, rng: Rng, budget: Budget) -> Action:
        """Return one of ``state.legal_actions(seat)``."""
        ...


BOT_NAMES = ("random", "greedy")


def make_bot(name: str) -> Bot:
    """Return a bot by name.

    Raises:
        ValueError: unknown bot name.
    """
    from .greedy import GreedyBot
    from .random_bot import RandomBot

    if name == "random":
        return RandomBot()
    if name == "greedy":
        return GreedyBot()
    raise ValueError(f"unknown bot {name!r}; known bots: {list(BOT_NAMES)}")
