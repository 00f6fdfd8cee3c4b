"""Print typical position-code sizes: every game and player count, at the start, a quarter, half, three quarters
and the end of a seeded greedy game, with and without the message log, and the time to decode one.

Run: ``python benchmarks/code_sizes.py [--seeds 3]``. The issue's aim: a mid-game 2-player Jump Drive code under 600
characters (the "50%" column of jump_drive 2p).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pyengine.bots import choose, make_bot
from pyengine.core.api import State
from pyengine.core.registry import games, load_game
from pyengine.core.rng import Rng

FRACTIONS = (0.0, 0.25, 0.5, 0.75, 1.0)


def greedy_line(game_id: str, players: int, seed: int) -> list[State]:
    """Return every position of one seeded greedy game, start to end."""
    state = load_game(game_id).new_initial_state(seed=seed, players=players)
    bot, rng = make_bot("greedy"), Rng(seed)
    line = [state.clone()]
    while not state.is_terminal() and len(line) < 3000:
        seat = min(state.to_move())
        state.apply(seat, choose(bot, state, seat, rng))
        line.append(state.clone())
    return line


def main() -> int:
    """Print one line per game and player count: median code length at each point of the game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    head = "  ".join(f"{int(f * 100):>4}%" for f in FRACTIONS)
    print(f"{'game':<16} {'p':>1}  {head}   with log at 50%   decode ms")
    for game_id in games():
        game = load_game(game_id)
        for players in range(game.info.min_players, game.info.max_players + 1):
            sizes: list[list[int]] = [[] for _ in FRACTIONS]
            full: list[int] = []
            decode: list[float] = []
            for seed in range(1, args.seeds + 1):
                line = greedy_line(game_id, players, seed)
                for i, f in enumerate(FRACTIONS):
                    state = line[min(len(line) - 1, int(f * (len(line) - 1)))]
                    code = state.position_code()
                    sizes[i].append(len(code))
                    if f == 0.5:
                        full.append(len(state.position_code(history=True)))
                        t0 = time.perf_counter()
                        game.state_from_code(code)
                        decode.append((time.perf_counter() - t0) * 1000)
            cells = "  ".join(f"{int(statistics.median(s)):>5}" for s in sizes)
            with_log, ms = int(statistics.median(full)), statistics.median(decode)
            print(f"{game_id:<16} {players:>1}  {cells}   {with_log:>15}   {ms:9.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
