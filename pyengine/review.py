"""Review with Expert: one seat's decisions of a played game, each weighed again by Expert's search.

For every decision the seat made with more than one legal move, Expert searches the seat's information set at that
moment (what the seat knew then, never the other hands), with the move actually played among its candidates. It
reports the move Expert prefers; then, when the played move differs, both moves are played on from the same
sampled deals with the same playout seeds (a paired comparison), and the mean rewards are the seat's estimated
chance to win with Expert's move ("before" the decision) and with the played one ("after"); the difference is
what the move cost. Rewards are mostly the
win, so these read as win chances. The work runs in slices (``step``), so the page shows progress and can cancel.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .bots.base import InfoSet
from .bots.ismcts import EXPERT_FACTOR, Search
from .core.api import JSON, Action, State
from .core.match import Match
from .core.rng import Rng
from .core.text import Text

COSTLIEST = 3
"""How many of the costliest decisions the review names."""
PAIRED_SHARE = 4
"""The paired comparison plays a quarter of the search's iterations for each of the two moves..."""
PAIRED_MIN = 24
"""... and at least this many."""


class Pairing:
    """A paired comparison of two root moves: the same sampled deals and the same playout seeds after each, so the
    difference of their mean rewards is not blurred by the luck of the draws (common random numbers)."""

    def __init__(self, search: Search, best: Action, played: Action, size: int, best_plain: str,
                 best_words: Text | None) -> None:
        self.search = search
        self.best = best
        self.played = played
        self.size = size
        self.best_plain = best_plain
        self.best_words = best_words
        self.done = 0
        self.sums = [0.0, 0.0]
        self.seed = Rng(search.rng.next_u64())

    def run(self, until: float) -> bool:
        """Play pairs until ``until`` (a ``time.perf_counter`` time) or all are played; return True when done."""
        search = self.search
        model = search.model
        seat = search.seat
        while self.done < self.size and time.perf_counter() < until:
            deal = self.seed.next_u64()
            luck = self.seed.next_u64()
            for k, move in enumerate((self.best, self.played)):
                state = search.info.sample(deal)
                state.apply(seat, move)
                ending = model.playout(state, Rng(luck))
                self.sums[k] += model.rewards(ending, search.base, learned=True)[seat]
            self.done += 1
        return self.done >= self.size


@dataclass
class Decision:
    """One decision of the reviewed seat: the move number (1-based, as the replay counts), the move played and its
    words, and (once weighed) Expert's preferred move and the win chances before and after."""

    n: int
    action: str
    words: JSON
    plain: str
    """The played move in plain words (moves with the same words are the same move to the player)."""
    best: str | None = None
    best_words: JSON = None
    before: float | None = None
    after: float | None = None

    def to_json(self) -> JSON:
        """Return the decision as the bridge answers it (chances as whole-number percentages once weighed)."""
        out: dict[str, Any] = {"n": self.n, "move": self.words}
        if self.before is not None and self.after is not None:
            out.update({"best": self.best_words, "same": self.best == self.plain,
                        "before": round(100 * self.before), "after": round(100 * self.after),
                        "cost": round(100 * max(0.0, self.before - self.after))})
        return out


@dataclass
class Review:
    """A review in progress: the decisions, the one being weighed, and its search."""

    match: Match
    seat: int
    iterations: int
    seconds: float | None
    decisions: list[Decision]
    next: int = 0
    search: Search | None = None
    pairing: Pairing | None = None
    position: State | None = field(default=None)
    """The position before the decision being weighed (for the words of Expert's move)."""

    @classmethod
    def start(cls, match: Match, seat: int, iterations: int = 0, seconds: float | None = None) -> Review:
        """List a seat's decisions in a match (moves it made with more than one legal move); weigh none yet.

        ``iterations`` 0 gives Expert's own count in this game; ``seconds`` caps each decision's search.
        """
        state = match.state_at(0)
        decisions: list[Decision] = []
        for n, entry in enumerate(match.log, start=1):
            action = match.game.parse_action(entry.action)
            if entry.seat == seat and len(state.legal_actions(seat)) > 1:
                words = state.describe_text(seat, action)
                decisions.append(Decision(n, str(action), words.to_json() if words is not None else str(action),
                                          state.describe(seat, action)))
            state.apply(entry.seat, action)
        return cls(match, seat, iterations, seconds, decisions)

    @property
    def finished(self) -> bool:
        """Return True once every decision is weighed."""
        return self.next >= len(self.decisions)

    def _begin(self, d: Decision) -> Search:
        """Return a new Expert search of the seat's information set before decision ``d``, the played move included."""
        state = self.position = self.match.state_at(d.n - 1)
        seed = (self.match.seed * 1_000_003 + d.n) & (2**64 - 1)
        info = InfoSet.of(state, self.seat, seed)
        played: Action = self.match.game.parse_action(d.action)
        search = Search(info, Rng(seed ^ 0xE4E4), learned=True, include=played)
        return search

    def _budget(self, search: Search) -> int:
        """Return the iterations a decision gets: the review's, or Expert's own count in this game."""
        return self.iterations or search.model.params.hard * EXPERT_FACTOR

    def step(self, slice_s: float) -> list[Decision]:
        """Weigh decisions for about ``slice_s`` seconds; return those finished in this slice.

        Each decision has two phases: Expert's search (its budget, or its time cap), then, when Expert prefers
        another move, a paired comparison of the two moves (``Pairing``), so the win chances are not the noisy
        means of a few visits.
        """
        done: list[Decision] = []
        until = time.perf_counter() + slice_s
        while not self.finished and time.perf_counter() < until:
            d = self.decisions[self.next]
            if self.search is None:
                self.search = self._begin(d)
            search = self.search
            if self.pairing is None:
                cap = self._budget(search)
                left = cap - search.progress.iterations
                deadline = until
                if self.seconds is not None:
                    deadline = min(deadline, time.perf_counter() + max(0.0, self.seconds - search.progress.seconds))
                if left > 0 and len(search.candidates) > 1:
                    search.run(left, deadline, settle=False)
                out_of_time = self.seconds is not None and search.progress.seconds >= self.seconds
                if not (search.progress.iterations >= cap or out_of_time or len(search.candidates) < 2):
                    continue
                self.pairing = self._pairing(d, search)
            if not self.pairing.run(until):
                continue
            self._weigh(d, self.pairing)
            done.append(d)
            self.next += 1
            self.search = None
            self.pairing = None
        return done

    def _pairing(self, d: Decision, search: Search) -> Pairing:
        """Return the comparison of Expert's preferred move with the played one (nothing to compare when alike)."""
        assert self.position is not None
        best = search.best()
        played: Action = self.match.game.parse_action(d.action)
        alike = self.position.describe(self.seat, best) == d.plain
        size = 0 if alike else max(PAIRED_MIN, self._budget(search) // PAIRED_SHARE)
        return Pairing(search, best, played, size, self.position.describe(self.seat, best),
                       self.position.describe_text(self.seat, best))

    def _weigh(self, d: Decision, pairing: Pairing) -> None:
        """Record Expert's preferred move and the win chances before (with it) and after (with the played move)."""
        d.best = pairing.best_plain
        d.best_words = pairing.best_words.to_json() if pairing.best_words is not None else str(pairing.best)
        if pairing.size == 0:  # the same move in words: the search's own estimate of it
            means = {str(a): mean for a, _, mean in pairing.search.summary()}
            d.before = d.after = means.get(str(pairing.best), 0.0)
            return
        d.before = pairing.sums[0] / pairing.size
        d.after = pairing.sums[1] / pairing.size

    def costliest(self) -> list[Decision]:
        """Return the (at most three) weighed decisions that cost the most, costliest first (none that cost nothing)."""
        weighed = [d for d in self.decisions if d.before is not None and d.after is not None
                   and d.before - d.after > 0.005]
        weighed.sort(key=lambda d: (-(d.before or 0.0) + (d.after or 0.0), d.n))
        return weighed[:COSTLIEST]

    def report(self, fresh: list[Decision]) -> JSON:
        """Return what the page draws after a slice: progress, the decisions finished now, and (at the end) the
        costliest three."""
        out: dict[str, Any] = {"done": self.next, "total": len(self.decisions), "finished": self.finished,
                               "decisions": [d.to_json() for d in fresh]}
        if self.search is not None:
            out["current"] = {"n": self.decisions[self.next].n, "iterations": self.search.progress.iterations,
                              "of": self._budget(self.search)}
        if self.finished:
            out["costliest"] = [d.n for d in self.costliest()]
        return out
