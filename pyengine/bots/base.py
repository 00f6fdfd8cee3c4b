"""The Bot interface: what a bot is given (an information set, never the true state), its budget, and its levels."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ..core.api import JSON, Action, State
from ..core.rng import Rng


@dataclass(frozen=True)
class Budget:
    """How much a bot may think: a cap on search iterations, and optionally on seconds (heuristic bots ignore it).

    With ``seconds`` None the search is reproducible: the same seed and iterations give the same move. Iterations 0
    asks a search bot for its level's count in the game at hand.
    """

    iterations: int = 1000
    seconds: float | None = None

    def with_seconds(self, seconds: float | None) -> Budget:
        """Return the same iteration cap with another time cap."""
        return Budget(self.iterations, seconds)


Sampler = Callable[[int], State]
"""Returns, for a seed, one full state consistent with what a seat knows."""


class InfoSet:
    """What one seat may know when it must choose: its view, its legal actions, and a sampler of full states.

    It never holds the true state. ``InfoSet.of`` keeps one resample of it; every sample is a resample of that
    one, which by the honest-resample property (``tests/conformance/test_hidden_info.py``) depends only on what
    the seat knows and the seed. Samples carry no message log: search never reads it. The view may be given as a
    function: it is then made on first reading (the search bots never read it, so they never pay for it).
    """

    def __init__(self, seat: int, view: JSON | Callable[[], JSON], legal: list[Action], sampler: Sampler) -> None:
        self.seat = seat
        self._view = view
        self.legal = list(legal)
        self._sampler = sampler

    @property
    def view(self) -> JSON:
        """Return the seat's view (what ``state.view(seat)`` gives), made once."""
        if callable(self._view):
            self._view = self._view()
        return self._view

    @classmethod
    def of(cls, state: State, seat: int, seed: int) -> InfoSet:
        """Return the information set of ``seat`` in ``state`` (its view, and a sampler that forgets the state)."""
        known = state.resample(seat, seed)  # the same view as the state's (resample keeps all the seat knows)

        def sampler(s: int) -> State:
            out = known.resample(seat, s)
            out.drop_history()
            return out

        return cls(seat, lambda: known.view(seat), state.legal_actions(seat), sampler)

    def sample(self, seed: int) -> State:
        """Return a full state consistent with what the seat knows, its secrets drawn from ``seed``."""
        return self._sampler(seed)


class Bot(Protocol):
    """A player program: it picks one of its seat's legal actions from the seat's information set alone."""

    name: str
    budget: Budget

    def choose(self, info: InfoSet, rng: Rng, budget: Budget) -> Action:
        """Return one of ``info.legal``."""
        ...


def choose(bot: Bot, state: State, seat: int, rng: Rng, budget: Budget | None = None) -> Action:
    """Let a bot choose for ``seat``, giving it only the seat's information set (never ``state`` itself)."""
    info = InfoSet.of(state, seat, rng.next_u64())
    if len(info.legal) == 1:
        return info.legal[0]
    return bot.choose(info, rng, budget or bot.budget)
