"""Information-set Monte Carlo tree search (single observer), for every game through the public API.

Each iteration draws one full state from the seat's information set (a determinization), walks the tree with
UCB over the actions available in that determinization (availability counts, as ISMCTS does), adds one node,
plays on with the game's heuristic policy for a few moves, and backs up each seat's reward. Seats that choose at
the same time are handled by decoupled UCB: at such a node each seat picks from its own statistics, the
searching seat first, and no seat's choice depends on another's in the same round of choices.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from ..core.api import Action, State
from ..core.rng import Rng
from .base import Budget, InfoSet
from .playout import GameModel, model_for

UCB_C = 0.6
"""The exploration constant (rewards lie in [0, 1])."""
EXPERT_FACTOR = 2
"""Expert searches this many times Hard's iterations (and values positions by the learned evaluation)."""
SETTLED_EVERY = 8
"""A search looks this often (in iterations) whether the rest of its budget could still change its choice."""


class Node:
    """One tree node: per (seat, action) visits, reward sum and availability, and the children by joint move."""

    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.children: dict[tuple[tuple[int, Action], ...], Node] = {}
        self.stats: dict[tuple[int, Action], list[float]] = {}  # [visits, reward sum, availability]


@dataclass
class Progress:
    """How far a search has come: iterations done and seconds spent."""

    iterations: int = 0
    seconds: float = 0.0


class Search:
    """A resumable ISMCTS search for one seat's decision (the browser runs it in slices, so it can be cancelled)."""

    def __init__(self, info: InfoSet, rng: Rng, learned: bool = False, include: Action | None = None) -> None:
        """Begin a search (no iteration yet); ``learned``: value playouts' ends by the learned evaluation;
        ``include``: a legal move weighed at the root even when the heuristic would not pick it (a review's played
        move)."""
        self.info = info
        self.learned = learned
        self.seat = info.seat
        self.rng = Rng(rng.next_u64())
        self.root = Node()
        self.progress = Progress()
        first = info.sample(self.rng.next_u64())
        self.model: GameModel = model_for(first)
        self.candidates = self.model.root_candidates(first, self.seat, info.legal)
        if include is not None and include in info.legal and include not in self.candidates:
            self.candidates.append(include)
        self.base = self.model.values(first)

    def settled(self, left: int) -> bool:
        """Return True when ``left`` more iterations cannot change the choice: one candidate, or the most visited
        root action leads the next by more visits than are left (so ``best()`` would return it however they go)."""
        if len(self.candidates) < 2:
            return True
        visits = sorted((self.root.stats.get((self.seat, a), (0.0,))[0] for a in self.candidates), reverse=True)
        return visits[0] - visits[1] > left

    def run(self, iterations: int, deadline: float | None = None, settle: bool = True) -> None:
        """Run up to ``iterations`` more iterations, stopping early at ``deadline`` (a ``time.perf_counter`` time) or,
        with ``settle``, once the rest could not change the choice (``settled``: the move is the one the full run would
        give; a review, which wants the values too, runs on)."""
        start = time.perf_counter()
        for done in range(1, iterations + 1):
            self._iterate()
            self.progress.iterations += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if settle and done % SETTLED_EVERY == 0 and self.settled(iterations - done):
                break
        self.progress.seconds += time.perf_counter() - start

    def best(self) -> Action:
        """Return the searching seat's most visited root action (ties: the better mean, then canonical order)."""
        stats = self.root.stats
        rows = []
        for a in self.candidates:
            v = stats.get((self.seat, a))
            visits, total = (v[0], v[1]) if v else (0.0, 0.0)
            rows.append((-visits, -(total / visits if visits else 0.0), str(a), a))
        rows.sort(key=lambda r: r[:3])
        return rows[0][3]

    def summary(self) -> list[tuple[Action, int, float]]:
        """Return (action, visits, mean reward) for each root candidate, most visited first."""
        out = []
        for a in self.candidates:
            v = self.root.stats.get((self.seat, a))
            out.append((a, int(v[0]) if v else 0, v[1] / v[0] if v and v[0] else 0.0))
        return sorted(out, key=lambda r: (-r[1], str(r[0])))

    # --- one iteration ----------------------------------------------------------------------------------------
    def _iterate(self) -> None:
        rng = self.rng
        state = self.info.sample(rng.next_u64())
        model = self.model
        node = self.root
        path: list[tuple[Node, list[tuple[int, Action]]]] = []
        at_root = True
        while not state.is_terminal():
            movers = sorted(state.to_move())
            if self.seat in movers:
                movers.remove(self.seat)
                movers.insert(0, self.seat)
            joint: list[tuple[int, Action]] = []
            for s in movers:
                legal = self.candidates if at_root and s == self.seat else state.legal_actions(s)
                joint.append((s, self._select(node, state, s, legal)))
            for s, a in joint:
                state.apply(s, a)
            path.append((node, joint))
            key = tuple(joint)
            child = node.children.get(key)
            at_root = False
            if child is None:
                node.children[key] = Node()
                break
            node = child
        rewards = model.rewards(model.playout(state, rng), self.base, self.learned)
        for n, joint in path:
            for s, a in joint:
                st = n.stats[(s, a)]
                st[0] += 1.0
                st[1] += rewards[s]

    def _select(self, node: Node, state: State, seat: int, legal: list[Action]) -> Action:
        """Return a seat's action at a node: an untried one the policy suggests, else the best by UCB."""
        stats = node.stats
        for a in legal:
            st = stats.get((seat, a))
            if st is None:
                stats[(seat, a)] = [0.0, 0.0, 1.0]
            else:
                st[2] += 1.0
        if node is self.root and seat == self.seat:
            for a in legal:  # the few root candidates are each tried once first, best prior first
                if stats[(seat, a)][0] == 0:
                    return a
        else:
            pick = self.model.policy(state, seat, legal, self.rng)
            if stats[(seat, pick)][0] == 0:
                return pick
        best: Action | None = None
        best_u = -1.0
        for a in legal:
            visits, total, avail = stats[(seat, a)]
            if visits == 0:
                continue
            u = total / visits + UCB_C * math.sqrt(math.log(avail) / visits)
            if u > best_u:
                best, best_u = a, u
        assert best is not None
        return best


class ISMCTSBot:
    """Hard and Expert: information-set MCTS with heuristic playouts, within an iteration and time budget.

    Expert also values the playouts' ends by the game's learned evaluation (``learned``: each seat's chance to win),
    where Hard uses the hand-written heuristic's value lead.
    """

    def __init__(self, name: str, budget: Budget, learned: bool = False) -> None:
        self.name = name
        self.budget = budget
        self.learned = learned

    def search(self, info: InfoSet, rng: Rng) -> Search:
        """Return a new search of this bot's kind for an information set."""
        return Search(info, rng, self.learned)

    def iterations(self, search: Search, budget: Budget) -> int:
        """Return the iterations this decision may take: the budget's, or (0) the level's count for the game."""
        if budget.iterations:
            return budget.iterations
        return search.model.params.hard * (EXPERT_FACTOR if self.name.startswith("expert") else 1)

    def choose(self, info: InfoSet, rng: Rng, budget: Budget) -> Action:
        """Search the seat's information set and return the most visited root action."""
        search = self.search(info, rng)
        if len(search.candidates) == 1:
            return search.candidates[0]
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        search.run(self.iterations(search, budget), deadline)
        return search.best()

    def done(self, search: Search, budget: Budget) -> bool:
        """Return True when a search run in slices has its answer: its iterations or time are spent, or the
        iterations left could not change its choice."""
        cap = self.iterations(search, budget)
        left = cap - search.progress.iterations
        return (left <= 0 or search.settled(left)
                or (budget.seconds is not None and search.progress.seconds >= budget.seconds))
