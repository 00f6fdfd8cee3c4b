#!/usr/bin/env python3
"""Print how fast the Beyond the Sun table answers in the browser: a click's redraw, a move's answer, a bot move.

usage: python benchmarks/browser_bts.py [--moves 30] [--players 4] [--dist dist]

Serves dist/ on 127.0.0.1, drives Debian's headless Chromium (every other host unresolvable), starts a game (you
against greedy bots, ?pace=0) and measures, as median, mean, p90 and max:
  * click to update: a click on a legal pawn space until it is drawn selected (no engine call);
  * move to update: Confirm until the next decision is drawn (one engine call plus the redraw);
  * bot move: one `bot` bridge call inside Pyodide, timed in the page, over a whole greedy game at --players seats
    (the call applies the bot's action and answers with the new view, as the page uses it).
It asserts nothing; the targets are a median under 0.5 s for the first two and under 1 s for a bot move at 4 players.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_load import app_page, bot_move_times, stats  # noqa: E402

# The browser tests' driver (tests/browser/ui_driver.py) plays the table as a player would.
_driver = importlib.import_module("ui_driver")
bts_step, boot, new_game, settle = _driver.bts_step, _driver.boot, _driver.new_game, _driver.settle


def main() -> int:
    """Play part of a game through the table's controls, then a whole bot game, and time the answers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    args = parser.parse_args()
    clicks: list[float] = []
    moves: list[float] = []
    with app_page(Path(args.dist), boot) as page:
        page.select_option("[data-testid=game-select]", "beyond_the_sun")
        names = ("You", *(f"Bot {i + 2}" for i in range(args.players - 1)))
        new_game(page, names=names, kinds=("human", *("greedy",) * (args.players - 1)), seed=11)
        while len(moves) < args.moves:
            mode = settle(page)
            if mode == "end":
                break
            legal = page.locator("[data-testid=action-board] .space.legal .space-hit")
            if mode == "bts-act" and legal.count():
                t0 = time.perf_counter()
                legal.first.click()
                page.wait_for_selector("[data-testid=action-board] .space.selected")
                clicks.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                page.click("[data-testid=confirm]")
                settle(page)
                moves.append(time.perf_counter() - t0)
                continue
            t0 = time.perf_counter()
            bts_step(page, mode)
            settle(page)
            moves.append(time.perf_counter() - t0)
        bots = bot_move_times(page, "beyond_the_sun", args.players)
    print(f"click to update (a pawn space, drawn selected): {stats(clicks)}")
    print(f"move to update (Confirm, next decision drawn):  {stats(moves)}")
    print(f"bot move at {args.players} players (greedy, one bridge call in Pyodide): {stats(bots)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
