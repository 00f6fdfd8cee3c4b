"""The arena: plays bots against each other to the end and reports outcomes, win rates and their 95 % intervals."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from ..core.api import Outcome, State
from ..core.registry import load_game
from ..core.rng import Rng
from .base import Bot, choose, make_bot


def play(game_id: str, bots: Sequence[Bot], seed: int, options: dict[str, Any] | None = None,
         max_actions: int = 100_000, think: list[list[float]] | None = None) -> tuple[Outcome, State]:
    """Play one game with one bot per seat and return its outcome and final state.

    Each bot sees only its seat's information set (``choose``), and searches its iterations with no time cap (so
    a game is reproducible on any machine). Each bot seat has its own RNG, so one seat's
    thinking never changes another's. ``think``, when given (one list per seat), collects the seconds of each
    seat's decisions that had more than one legal action.

    Raises:
        RuntimeError: the game did not end within max_actions.
    """
    game = load_game(game_id)
    state = game.new_initial_state(seed=seed, players=len(bots), options=options)
    rngs = [Rng((seed ^ 0x5EED) + 7919 * s) for s in range(len(bots))]
    for _ in range(max_actions):
        if state.is_terminal():
            out = state.outcome()
            assert out is not None
            return out, state
        seat = min(state.to_move())
        start = time.perf_counter()
        action = choose(bots[seat], state, seat, rngs[seat], bots[seat].budget.with_seconds(None))
        if think is not None and len(state.legal_actions(seat)) > 1:
            think[seat].append(time.perf_counter() - start)
        state.apply(seat, action)
    raise RuntimeError(f"{game_id} seed {seed}: no end after {max_actions} actions")


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Return the Wilson 95 % interval of a success rate (0, 1 for no trials)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _one_game(job: tuple[str, str, str, int, int, int, dict[str, Any] | None]) -> tuple[Outcome, int, list[float]]:
    """Play one arena game (a top-level function, so worker processes can run it): outcome, bot_a's seat, timings."""
    game_id, bot_a, bot_b, players, g, seed, options = job
    seat_a = g % players
    names = [bot_a if s == seat_a else bot_b for s in range(players)]
    timed: list[list[float]] = [[] for _ in range(players)]
    out, _ = play(game_id, [make_bot(n) for n in names], seed + g, options, think=timed)
    return out, seat_a, timed[seat_a]


def win_rate(game_id: str, bot_a: str, bot_b: str, games: int, players: int = 2, seed: int = 1,
             options: dict[str, Any] | None = None, jobs: int = 1) -> dict[str, Any]:
    """Play bot_a in one seat (rotating) against bot_b in the others; return bot_a's win rate with its interval.

    A shared win counts one half (co-op: a win together counts one). In solitaire bot_b is not used and the rate
    is how often bot_a wins. ``jobs`` > 1 plays games in that many processes (the results do not change).
    """
    work = [(game_id, bot_a, bot_b, players, g, seed, options) for g in range(games)]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_one_game, work))
    else:
        results = [_one_game(w) for w in work]
    wins = 0.0
    shared = 0
    margin = 0.0
    think: list[float] = []
    for out, seat_a, timed in results:
        think += timed
        if seat_a in out.winners:
            together = out.tiebreak == "shared" or players == 1
            wins += 1.0 if together else 1.0 / len(out.winners)
            shared += len(out.winners) > 1
        others = [out.scores[s] for s in range(players) if s != seat_a]
        margin += out.scores[seat_a] - (max(others) if others else 0)
    low, high = wilson(wins, games)
    think.sort()
    return {"game": game_id, "bot": bot_a, "against": bot_b, "players": players, "games": games,
            "wins": wins, "shared_wins": shared, "win_rate": round(wins / games, 4) if games else 0.0,
            "interval95": [round(low, 3), round(high, 3)], "mean_margin": round(margin / games, 2) if games else 0.0,
            "median_move_seconds": round(think[len(think) // 2], 4) if think else 0.0}
