"""Training the learned evaluation: self-play games, then a conditional-logit fit of who won, written as data.

``python -m pyengine train GAME`` plays seeded games in which each seat follows the game's heuristic (Normal) with
some random moves mixed in (as the search's own playouts do), keeps the feature rows of every seat at sampled
positions together with who won in the end, and fits weights by Newton's method (L2-regularised). Everything is
seeded and summed in a fixed order, so the same arguments give the same file, byte for byte, on any machine; the
games may be played in worker processes or on a Ray cluster (``pyengine/bots/scale.py``) with the same result.
"""

from __future__ import annotations

import importlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.registry import load_game
from ..core.rng import Rng
from .base import choose
from .greedy import GreedyBot
from .learned import WEIGHTS_FILE, WinModel, softmax
from .scale import run_jobs

RANDOM_SHARE = 0.15
"""How often a self-play seat plays a random legal move instead of Normal's (positions a search meets are varied)."""
KEEP_SHARE = 0.34
"""The share of decisions whose position is kept as a training example (fewer, less alike examples per game)."""
HELD_OUT_EVERY = 5
"""Every fifth game is held out: the fit never sees it, and its log loss is reported."""


@dataclass(frozen=True)
class Example:
    """One kept position: each seat's feature row, and each seat's share of the win (ties share it)."""

    rows: list[list[float]]
    won: list[float]


def selfplay(job: tuple[str, int, int, int]) -> tuple[int, list[list[list[float]]], list[float], float]:
    """Play one seeded self-play game (a top-level function, so worker processes and Ray can run it).

    ``job`` is (game id, game index, players, seed). Returns the game index, the kept positions' feature rows, each
    seat's share of the win, and each seat's heuristic scale (for the baseline's log loss).
    """
    game_id, g, players, seed = job
    game = load_game(game_id)
    heuristic = importlib.import_module(f"{type(game).__module__.rpartition('.')[0]}.heuristic")
    state = game.new_initial_state(seed=seed + g, players=players)
    rng = Rng((seed + g) * 0x9E3779B1 + players)
    bot = GreedyBot()
    kept: list[list[list[float]]] = []
    for _ in range(100_000):
        if state.is_terminal():
            break
        seat = min(state.to_move())
        legal = state.legal_actions(seat)
        if len(legal) > 1 and rng.next_u64() < int(KEEP_SHARE * 2**64):
            kept.append([heuristic.features(state, s) for s in range(players)])
        if len(legal) > 1 and rng.next_u64() < int(RANDOM_SHARE * 2**64):
            action = rng.choice(legal)
        else:
            action = choose(bot, state, seat, rng)
        state.apply(seat, action)
    out = state.outcome()
    if out is None:
        raise RuntimeError(f"{game_id} seed {seed + g}: self-play did not end")
    winners = list(out.winners)
    if players == 1:
        won = [1.0 if winners else 0.0]
    else:
        won = [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
    scale = float(heuristic.SEARCH.scale)
    return g, kept, won, scale


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Return x with a x = b (Gaussian elimination with partial pivoting; a is small and positive definite)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        lead = m[col][col]
        if abs(lead) < 1e-12:
            continue
        for r in range(col + 1, n):
            f = m[r][col] / lead
            if f:
                row, top = m[r], m[col]
                for c in range(col, n + 1):
                    row[c] -= f * top[c]
    x = [0.0] * n
    for col in reversed(range(n)):
        lead = m[col][col]
        s = m[col][n] - sum(m[col][c] * x[c] for c in range(col + 1, n))
        x[col] = s / lead if abs(lead) >= 1e-12 else 0.0
    return x


def _rows(ex: Example, solo: bool) -> tuple[list[list[float]], list[float]]:
    """Return an example's alternatives and outcome shares (alone: the row with a bias 1, against a zero row)."""
    if solo:
        row = [*ex.rows[0], 1.0]
        return [row, [0.0] * len(row)], [ex.won[0], 1.0 - ex.won[0]]
    return ex.rows, ex.won


def fit(examples: Sequence[Example], solo: bool, l2: float = 1.0, steps: int = 25) -> list[float]:
    """Return the weights that best predict who wins (a conditional logit; alone, a logistic with a bias).

    Newton's method on features divided by their spread (so one ``l2`` suits all), weights returned in the
    features' own units. Deterministic: fixed order, no randomness.
    """
    data = [_rows(ex, solo) for ex in examples]
    width = len(data[0][0][0])
    spread = [1.0] * width
    for j in range(width - (1 if solo else 0)):
        vals = [r[j] for rows, _ in data for r in rows[:1 if solo else len(rows)]]
        mean = sum(vals) / len(vals)
        sd = math.sqrt(sum((v - mean) ** 2 for v in vals) / len(vals))
        spread[j] = sd if sd > 1e-9 else 1.0
    scaled = [([[r[j] / spread[j] for j in range(width)] for r in rows], won) for rows, won in data]
    w = [0.0] * width
    for _ in range(steps):
        grad = [l2 * w[j] for j in range(width)]
        hess = [[l2 if i == j else 0.0 for j in range(width)] for i in range(width)]
        for rows, won in scaled:
            p = softmax([sum(a * b for a, b in zip(w, r, strict=True)) for r in rows])
            centre = [sum(p[k] * rows[k][j] for k in range(len(rows))) for j in range(width)]
            for k, r in enumerate(rows):
                diff = p[k] - won[k]
                if diff:
                    for j in range(width):
                        grad[j] += diff * r[j]
                pk = p[k]
                if pk < 1e-12:
                    continue
                c = [r[j] - centre[j] for j in range(width)]
                for i in range(width):
                    ci = pk * c[i]
                    if ci:
                        hi = hess[i]
                        for j in range(width):
                            hi[j] += ci * c[j]
        step = _solve(hess, grad)
        w = [w[j] - step[j] for j in range(width)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return [w[j] / spread[j] for j in range(width)]


def log_loss(examples: Sequence[Example], predict: Any) -> tuple[float, float]:
    """Return the mean log loss of predicted win chances, and how often the likeliest seat is a winner."""
    loss = 0.0
    right = 0.0
    for ex in examples:
        p = predict(ex)
        if len(p) == 1:  # alone: the chance to win against the chance to lose
            y = ex.won[0]
            loss -= y * math.log(max(p[0], 1e-12)) + (1 - y) * math.log(max(1 - p[0], 1e-12))
        for k, y in enumerate(ex.won if len(p) > 1 else []):
            if y:
                loss -= y * math.log(max(p[k], 1e-12))
        if len(p) == 1:
            right += 1.0 if (p[0] >= 0.5) == (ex.won[0] >= 0.5) else 0.0
        else:
            right += 1.0 if ex.won[max(range(len(p)), key=lambda k: p[k])] > 0 else 0.0
    n = max(1, len(examples))
    return round(loss / n, 4), round(right / n, 4)


def _rounded(ws: Sequence[float]) -> list[float]:
    """Return weights rounded to 8 significant digits (the file stays readable; the browser reads the same)."""
    return [float(f"{x:.8g}") for x in ws]


def train(game_id: str, games: int = 400, seed: int = 1, jobs: int = 1, ray: str | None = None,
          solo_games: int | None = None) -> dict[str, Any]:
    """Play the self-play games and fit the models (several seats; alone, when the game has solitaire).

    Returns the weights file's content (see ``write``). ``games`` are spread over the game's multi-player counts;
    ``solo_games`` (default: as many) are solitaire games. ``jobs``/``ray`` say where the games are played; the
    result is the same.
    """
    game = load_game(game_id)
    heuristic = importlib.import_module(f"{type(game).__module__.rpartition('.')[0]}.heuristic")
    counts = [n for n in range(max(2, game.info.min_players), game.info.max_players + 1)]
    work: list[tuple[str, int, int, int]] = [(game_id, g, counts[g % len(counts)], seed) for g in range(games)]
    solo_n = (games if solo_games is None else solo_games) if game.info.min_players == 1 else 0
    work += [(game_id, games + g, 1, seed) for g in range(solo_n)]
    done = sorted(run_jobs(selfplay, work, jobs, ray), key=lambda r: r[0])
    players_of = {w[1]: w[2] for w in work}
    out: dict[str, Any] = {
        "game": game_id, "features": list(heuristic.FEATURES),
        "command": f"python -m pyengine train {game_id} --games {games} --seed {seed}"
                   + (f" --solo-games {solo_games}" if solo_games is not None else ""),
        "selfplay": {"random_share": RANDOM_SHARE, "keep_share": KEEP_SHARE, "held_out_every": HELD_OUT_EVERY},
    }
    for solo in (False, True):
        part = [(g, kept, won, scale) for g, kept, won, scale in done if (players_of[g] == 1) == solo]
        if not part:
            out["solo" if solo else "multi"] = None
            continue
        train_ex: list[Example] = []
        test_ex: list[Example] = []
        scales: list[float] = []
        for g, kept, won, scale in part:
            target = test_ex if g % HELD_OUT_EVERY == HELD_OUT_EVERY - 1 else train_ex
            target += [Example(rows, won) for rows in kept]
            scales.append(scale)
        weights = fit(train_ex, solo)
        model = WinModel(tuple(_rounded(weights)), solo)
        scale = scales[0]

        def baseline(ex: Example, scale: float = scale, solo: bool = solo) -> list[float]:
            if solo:
                return [0.5]
            return softmax([r[0] / scale for r in ex.rows])

        out["solo" if solo else "multi"] = {
            "weights": list(model.weights), "games": len(part), "positions": len(train_ex),
            "held_out_positions": len(test_ex),
            "held_out": dict(zip(("log_loss", "accuracy"), log_loss(test_ex, lambda ex, m=model: m.chances(ex.rows)),
                                 strict=True)),
            "held_out_heuristic": dict(zip(("log_loss", "accuracy"), log_loss(test_ex, baseline), strict=True)),
        }
    return out


def weights_path(game_id: str) -> Path:
    """Return where a game's weights file lives (its package's ``data`` folder)."""
    game = load_game(game_id)
    module = importlib.import_module(type(game).__module__.rpartition(".")[0])
    assert module.__file__ is not None
    return Path(module.__file__).parent / "data" / WEIGHTS_FILE


def write(result: dict[str, Any], path: Path) -> None:
    """Write a training result as the weights file (stable JSON: same result, same bytes)."""
    path.write_text(json.dumps(result, indent=1, sort_keys=True) + "\n", encoding="utf-8")
