"""The heuristic bots: Normal (greedy: the action the game's heuristic scores highest) and Easy (a random one of
the reasonable actions)."""

from __future__ import annotations

from collections.abc import Callable

from ..core.api import Action, State
from ..core.rng import Rng
from .base import Budget, InfoSet
from .playout import heuristic_of

Scorer = Callable[[State, int, list[Action]], list[float]]

EASY_SHARE = 0.4
"""Easy picks among roughly this share of the legal actions, the best-scored ones."""


def scorer_for(state: State) -> Scorer:
    """Return the game's action scorer (its ``heuristic`` module's ``score_actions``)."""
    fn: Scorer = heuristic_of(state).score_actions
    return fn


def scored(info: InfoSet, rng: Rng) -> list[tuple[float, Action]]:
    """Return the seat's legal actions with their heuristic scores on one sample of its information set."""
    seen = info.sample(rng.next_u64())
    actions = seen.legal_actions(info.seat)
    return list(zip(scorer_for(seen)(seen, info.seat, actions), actions, strict=True))


class GreedyBot:
    """Normal: takes the legal action that the game's heuristic scores highest (ties broken by its own RNG)."""

    budget = Budget(iterations=0)

    def __init__(self, name: str = "normal") -> None:
        self.name = name

    def choose(self, info: InfoSet, rng: Rng, budget: Budget) -> Action:
        """Return the best-scoring legal action."""
        pairs = scored(info, rng)
        best = max(s for s, _ in pairs)
        top = [a for s, a in pairs if s >= best - 1e-9]
        return top[0] if len(top) == 1 else rng.choice(top)


class EasyBot:
    """Easy: a random choice among the reasonable actions (the best-scored 40 %, at least two when there are)."""

    name = "easy"
    budget = Budget(iterations=0)

    def choose(self, info: InfoSet, rng: Rng, budget: Budget) -> Action:
        """Return a random action among the better-scored ones."""
        pairs = sorted(scored(info, rng), key=lambda p: -p[0])
        keep = max(min(2, len(pairs)), round(len(pairs) * EASY_SHARE))
        return rng.choice([a for _, a in pairs[:keep]])
