"""The random bot: a uniformly random legal action."""

from __future__ import annotations

from ..core.api import Action
from ..core.rng import Rng
from .base import Budget, InfoSet


class RandomBot:
    """Picks uniformly among the seat's legal actions."""

    name = "random"
    budget = Budget(iterations=0)

    def choose(self, info: InfoSet, rng: Rng, budget: Budget) -> Action:
        """Return a uniformly random legal action."""
        return rng.choice(info.legal)
