"""The arena: plays bots against each other to the end and reports outcomes and win rates."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.api import Outcome, State
from ..core.registry import load_game
from ..core.rng import Rng
from .base import Bot, Budget, make_bot


def play(game_id: str, bots: Sequence[Bot], seed: int, options: dict[str, Any] | None = None,
         max_actions: int = 100_000) -> tuple[Outcome, State]:
    """Play one game with one bot per seat and return its outcome and final state.

    Raises:
        RuntimeError: the game did not end within max_actions.
    """
    game = load_game(game_id)
    state = game.new_initial_state(seed=seed, players=len(bots), options=options)
    rng = Rng(seed ^ 0x5EED)
    budget = Budget()
    for _ in range(max_actions):
        if state.is_terminal():
            out = state.outcome()
            assert out is not None
            return out, state
        seat = min(state.to_move())
        state.apply(seat, bots[seat].choose(state, seat, rng, budget))
    raise RuntimeError(f"{game_id} seed {seed}: no end after {max_actions} actions")


def win_rate(game_id: str, bot_a: str, bot_b: str, games: int, players: int = 2, seed: int = 1,
             options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play bot_a in one seat (rotating) against bot_b in the others; return bot_a's wins, shared or not."""
    wins = shared = 0
    for g in range(games):
        seat_a = g % players
        names = [bot_a if s == seat_a else bot_b for s in range(players)]
        out, _ = play(game_id, [make_bot(n) for n in names], seed + g, options)
        if seat_a in out.winners:
            wins += 1
            if len(out.winners) > 1:
                shared += 1
    return {"game": game_id, "bot": bot_a, "against": bot_b, "players": players, "games": games,
            "wins": wins, "shared_wins": shared, "win_rate": wins / games if games else 0.0}
