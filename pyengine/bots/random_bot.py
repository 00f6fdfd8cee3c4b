"""The random bot: a uniformly random legal action."""

from __future__ import annotations

from ..core.api import Action, State
from ..core.rng import Rng
from .base import Budget


class RandomBot:
    """Picks uniformly among the legal actions (they are public to the seat, so nothing hidden is read)."""

    name = "random"

    def choose(self, state: State, seat: int, rng: Rng, budget: Budget) -> Action:
        """Return a uniformly random legal action."""
        return rng.choice(state.legal_actions(seat))
