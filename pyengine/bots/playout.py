"""The game-specific knowledge the search uses, read from each game's ``heuristic`` module: its action scores
(the playout policy and the root's candidate moves) and its position value (rewards at the playout horizon)."""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

from ..core.api import Action, State
from ..core.rng import Rng
from .learned import LearnedEval, learned_eval

Scorer = Callable[[State, int, list[Action]], list[float]]
Evaluator = Callable[[State, int], float]


@dataclass(frozen=True)
class SearchParams:
    """How a game is searched: playout length, how often the policy follows the heuristic, the root's width, the
    value difference (in the game's points) that counts as a clear lead, and Hard's iterations."""

    depth: int = 20
    greedy: float = 0.75
    width: int = 8
    scale: float = 4.0
    hard: int = 200
    """Hard's iterations a decision (Expert: ``EXPERT_FACTOR`` times as many)."""


def _sigmoid(x: float) -> float:
    """Return the logistic function of x (never overflowing)."""
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def distinct(state: State, seat: int, legal: list[Action]) -> list[Action]:
    """Return the legal moves with those described in the same words as an earlier one left out (copies of one card
    are the same move to the player and to the rules' outcome)."""
    seen: set[str] = set()
    out: list[Action] = []
    for a in legal:
        words = state.describe(seat, a)
        if words not in seen:
            seen.add(words)
            out.append(a)
    return out


class GameModel:
    """One game's playout policy, candidate moves, position values and rewards, for the search."""

    def __init__(self, module: ModuleType) -> None:
        self.score: Scorer = module.score_actions
        self.evaluate: Evaluator = module.evaluate
        self.params: SearchParams = getattr(module, "SEARCH", SearchParams())
        self.team: Callable[[State], bool] = getattr(module, "cooperative", lambda s: False)
        self.greedy_cut = int(self.params.greedy * 2**64)
        self.learned: LearnedEval | None = learned_eval(module)

    def root_candidates(self, state: State, seat: int, legal: list[Action]) -> list[Action]:
        """Return the actions the search weighs at the root: the heuristic's best ``width``, best first.

        Moves a player cannot tell apart (the same words: paying with one of two copies of a card) are weighed once,
        as the first of them; a decision whose moves are all alike takes no search.
        """
        if len(legal) == 1:
            return list(legal)
        legal = distinct(state, seat, legal)
        if len(legal) == 1:
            return legal
        scores = self.score(state, seat, legal)
        order = sorted(range(len(legal)), key=lambda i: (-scores[i], str(legal[i])))
        return [legal[i] for i in order[: self.params.width]]

    def policy(self, state: State, seat: int, legal: list[Action], rng: Rng) -> Action:
        """Return the playout's action: the heuristic's best most of the time, else a random one."""
        if len(legal) == 1:
            return legal[0]
        if rng.next_u64() >= self.greedy_cut:
            return rng.choice(legal)
        scores = self.score(state, seat, legal)
        best = max(scores)
        return legal[next(i for i, s in enumerate(scores) if s >= best - 1e-9)]

    def playout(self, state: State, rng: Rng) -> State:
        """Play on from ``state`` (changed in place) with the policy for at most ``depth`` moves; return it."""
        for _ in range(self.params.depth):
            if state.is_terminal():
                break
            movers = sorted(state.to_move())
            for s in movers:
                if state.is_terminal() or s not in state.to_move():
                    continue
                state.apply(s, self.policy(state, s, state.legal_actions(s), rng))
        return state

    def values(self, state: State) -> list[float]:
        """Return each seat's position value (the game's points, now plus what its engine promises)."""
        return [self.evaluate(state, s) for s in range(state.player_count())]

    def rewards(self, state: State, base: list[float], learned: bool = False) -> list[float]:
        """Return each seat's reward in [0, 1]: mostly the win at the end, else the value lead at the horizon.

        ``base`` is the values at the search's root: alone (solitaire) or together (co-op), a seat is measured
        against what the root promised. With ``learned`` (Expert), the horizon's reward is each seat's chance to win
        by the game's learned evaluation (``learned.py``), where it has one for this player count (never in co-op).
        """
        n = state.player_count()
        scale = self.params.scale
        team = n == 1 or self.team(state)
        if state.is_terminal():
            out = state.outcome()
            assert out is not None
            scores = [float(x) for x in out.scores]
            wins = [1.0 if s in out.winners else 0.0 for s in range(n)]
            if team:
                lead = (sum(scores) - sum(base)) / n
                return [0.8 * wins[s] + 0.2 * _sigmoid(lead / scale) for s in range(n)]
            return [0.8 * wins[s] + 0.2 * _sigmoid((scores[s] - max(scores[o] for o in range(n) if o != s)) / scale)
                    for s in range(n)]
        if learned and self.learned is not None and not (n > 1 and team):
            chances = self.learned.chances(state)
            if chances is not None:
                return chances
        vals = self.values(state)
        if team:
            lead = (sum(vals) - sum(base)) / n
            return [_sigmoid(lead / scale)] * n
        return [_sigmoid((vals[s] - max(vals[o] for o in range(n) if o != s)) / scale) for s in range(n)]


_MODELS: dict[str, GameModel] = {}


def heuristic_of(state: State) -> ModuleType:
    """Return the ``heuristic`` module of a state's game: the one in the package that defines its Game class
    (``pyengine.games.<id>.heuristic`` for a built-in game)."""
    package = type(state.game).__module__.rpartition(".")[0]
    return importlib.import_module(f"{package}.heuristic")


def model_for(state: State) -> GameModel:
    """Return the search model of a state's game (from its ``heuristic`` module), built once."""
    gid = state.game.info.id
    model = _MODELS.get(gid)
    if model is None:
        model = _MODELS[gid] = GameModel(heuristic_of(state))
    return model
