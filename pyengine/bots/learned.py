"""The learned evaluation: each seat's chance to win, from a linear model over the game's features.

A game's ``heuristic`` module names its features (``FEATURES``) and computes them (``features(state, seat)``); its
``data/eval_weights.json`` (written by ``python -m pyengine train GAME``, ``pyengine/bots/train.py``) holds the
weights. With several seats the chances are a softmax of each seat's score (a conditional logit: the seat with the
better position by the weights is the likelier winner); alone, the chance is a logistic of the score plus a bias.
Pure Python: the browser runs the very same code, and the wheel gains no dependency.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from ..core.api import State

WEIGHTS_FILE = "eval_weights.json"
"""The weights' file name in a game's ``data`` folder."""

Features = Callable[[State, int], list[float]]


def softmax(scores: Sequence[float]) -> list[float]:
    """Return the softmax of scores (shifted by their maximum, so it never overflows)."""
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def logistic(x: float) -> float:
    """Return the logistic function of x (never overflowing)."""
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def dot(w: Sequence[float], f: Sequence[float]) -> float:
    """Return the dot product of two equally long vectors."""
    return sum(a * b for a, b in zip(w, f, strict=True))


@dataclass(frozen=True)
class WinModel:
    """One fitted model: weights over the features (``solo``: the last weight is the bias)."""

    weights: tuple[float, ...]
    solo: bool

    def chances(self, rows: list[list[float]]) -> list[float]:
        """Return each seat's chance to win from its feature row (alone: one row, the chance to win the game)."""
        if self.solo:
            return [logistic(dot(self.weights[:-1], rows[0]) + self.weights[-1])]
        return softmax([dot(self.weights, r) for r in rows])


class LearnedEval:
    """A game's learned win chances: its feature function and its fitted models (many seats, solitaire)."""

    def __init__(self, features: Features, names: Sequence[str], multi: WinModel | None, solo: WinModel | None) -> None:
        self.features = features
        self.names = tuple(names)
        self.multi = multi
        self.solo = solo

    def model_for(self, players: int) -> WinModel | None:
        """Return the model for a player count (None when none was fitted for it)."""
        return self.solo if players == 1 else self.multi

    def chances(self, state: State) -> list[float] | None:
        """Return each seat's chance to win the game from here, or None when no model covers this player count."""
        n = state.player_count()
        model = self.model_for(n)
        if model is None:
            return None
        return model.chances([self.features(state, s) for s in range(n)])


def read_weights(path: Path) -> dict[str, Any] | None:
    """Return a weights file's content, or None when the game has none."""
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _model(entry: Any, solo: bool, width: int) -> WinModel | None:
    """Return a WinModel from one entry of a weights file (None for a missing one); the width must match."""
    if not isinstance(entry, dict):
        return None
    weights = tuple(float(x) for x in entry["weights"])
    if len(weights) != width + (1 if solo else 0):
        raise ValueError(f"weights for {width} features expected, {len(weights)} found")
    return WinModel(weights, solo)


def learned_eval(heuristic: ModuleType) -> LearnedEval | None:
    """Return the learned evaluation of the game whose ``heuristic`` module is given, or None when it has no
    features or no weights file."""
    names = getattr(heuristic, "FEATURES", None)
    features = getattr(heuristic, "features", None)
    if names is None or features is None or heuristic.__file__ is None:
        return None
    data = read_weights(Path(heuristic.__file__).parent / "data" / WEIGHTS_FILE)
    if data is None:
        return None
    if list(data.get("features", [])) != list(names):
        raise ValueError(f"{heuristic.__name__}: the weights file names other features: {data.get('features')}")
    return LearnedEval(features, names, _model(data.get("multi"), False, len(names)),
                       _model(data.get("solo"), True, len(names)))
