"""The greedy bot: scores each legal action with the game's heuristic and takes the best."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..core.api import Action, State
from ..core.rng import Rng
from .base import Budget

Scorer = Callable[[State, int, list[Action]], list[float]]


def scorer_for(state: State) -> Scorer:
    """Return the game's action scorer from ``pyengine.games.<id>.heuristic``."""
    module = importlib.import_module(f"pyengine.games.{state.game.info.id}.heuristic")
    fn: Scorer = module.score_actions
    return fn


class GreedyBot:
    """Takes the legal action that the game's heuristic scores highest (ties broken by its own RNG).

    It never reads hidden state: it scores a resampled copy in which everything the seat cannot see
    has been redealt, so its choice depends only on the seat's view and its own RNG.
    """

    name = "greedy"

    def choose(self, state: State, seat: int, rng: Rng, budget: Budget) -> Action:
        """Return the best-scoring legal action."""
        seen = state.resample(seat, rng.next_u64())
        actions = seen.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        scores = scorer_for(seen)(seen, seat, actions)
        best = max(scores)
        top = [a for a, s in zip(actions, scores, strict=True) if s >= best - 1e-9]
        return top[0] if len(top) == 1 else rng.choice(top)
