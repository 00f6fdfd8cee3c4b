"""Random playouts through the public API: the engine's speed benchmark (the CLI's and the bridge's ``bench``) and
its cross-interpreter check (the bridge's ``selftest``: CPython and Pyodide must give the same digest).

The browser runs this module, so it imports only the core, never the command line.
"""

from __future__ import annotations

from .core.api import JSON, State
from .core.match import state_digest
from .core.registry import load_game
from .core.rng import Rng


def play_out(state: State, rng: Rng) -> int:
    """Play random legal actions (for the lowest seat to move) until the game ends; return the actions taken."""
    actions = 0
    while not state.is_terminal():
        seat = min(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        actions += 1
    return actions


def random_playouts(game_id: str, games: int, players: int, seed: int) -> int:
    """Play random games to the end through the public API; return the number of actions taken."""
    game = load_game(game_id)
    rng = Rng(seed)
    return sum(play_out(game.new_initial_state(seed=seed + g, players=players), rng) for g in range(games))


def selftest(game_id: str, seed: int, players: int) -> JSON:
    """Play one seeded random game and return the sha256 of its final state (CPython = Pyodide check)."""
    state = load_game(game_id).new_initial_state(seed=seed, players=players)
    actions = play_out(state, Rng(seed))
    return {"game": game_id, "seed": seed, "players": players, "actions": actions,
            "sha256": state_digest(state.to_json())}
