#!/usr/bin/env python3
"""Print how fast the Ares Expedition table answers in the browser: a click's redraw, a move's answer, a bot move.

usage: python benchmarks/browser_ares.py [--moves 30] [--dist dist]

Serves dist/ on 127.0.0.1, drives Debian's headless Chromium (every other host unresolvable), starts a 2-player
game (you against a greedy bot, ?pace=0) and measures, as median, mean, p90 and max:
  * click to update: selecting a hand card until the payment panel is drawn (no engine call);
  * move to update: Confirm until the next decision is drawn (one engine call plus the redraw);
  * bot move: one `bot` bridge call inside Pyodide, timed in the page, over a whole greedy-vs-greedy game.
It asserts nothing; the target is a median under 0.5 s for each.
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
ares_step, boot, new_game, settle = _driver.ares_step, _driver.boot, _driver.new_game, _driver.settle


def main() -> int:
    """Play one game through the table's controls and time its answers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    args = parser.parse_args()
    clicks: list[float] = []
    moves: list[float] = []
    with app_page(Path(args.dist), boot) as page:
        page.select_option("[data-testid=game-select]", "ares_expedition")
        new_game(page, names=("You", "Bot 2"), kinds=("human", "greedy"), seed=11)
        while len(moves) < args.moves:
            mode = settle(page)
            if mode == "end":
                break
            playable = page.locator("[data-testid=hand] .ares-card[data-playable='1'] .card-hit")
            if mode == "ares-act" and playable.count():
                t0 = time.perf_counter()
                playable.first.click()
                page.wait_for_selector("[data-testid=payment]")
                clicks.append(time.perf_counter() - t0)
                if page.locator("[data-testid=confirm]").is_enabled():
                    t0 = time.perf_counter()
                    page.click("[data-testid=confirm]")
                    settle(page)
                    moves.append(time.perf_counter() - t0)
                    continue
                playable.first.click()
            t0 = time.perf_counter()
            ares_step(page, mode)
            settle(page)
            moves.append(time.perf_counter() - t0)
        bots = bot_move_times(page, "ares_expedition", 2)
    print(f"click to update (select a card, payment drawn): {stats(clicks)}")
    print(f"move to update (Confirm, next decision drawn):  {stats(moves)}")
    print(f"bot move (greedy, one bridge call in Pyodide):  {stats(bots)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
