#!/usr/bin/env python3
"""Print how fast the Beyond the Sun table answers in the browser: a click's redraw, a move's answer, a bot move.

usage: python benchmarks/browser_bts.py [--moves 30] [--players 4] [--dist dist]

Serves dist/ on 127.0.0.1, drives Debian's headless Chromium (every other host unresolvable), starts a game (you
against greedy bots, ?pace=0) and measures, as medians with min and max:
  * click to update: a click on a legal pawn space until it is drawn selected (no engine call);
  * move to update: Confirm until the next decision is drawn (one engine call plus the redraw);
  * bot move: one `bot` bridge call inside Pyodide, timed in the page, over a whole greedy game at --players seats
    (the call applies the bot's action and answers with the new view, as the page uses it).
It asserts nothing; the targets are a median under 0.5 s for the first two and under 1 s for a bot move at 4 players.
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_load import CHROMIUM, FLAGS, serve, stats  # noqa: E402

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
    srv = serve(Path(args.dist))
    url = f"http://127.0.0.1:{srv.server_address[1]}/?pace=0"
    profile = tempfile.mkdtemp(prefix="bts-bench-")
    clicks: list[float] = []
    moves: list[float] = []
    with sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True, args=FLAGS,
                                                    viewport={"width": 1366, "height": 900})
        page = ctx.new_page()
        page.set_default_timeout(60_000)
        boot(page, url)
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
        bots = page.evaluate("""async ([n, players]) => {
            const { engine } = await import("./app/engine-client.js");
            const seats = Array.from({length: players}, (_, i) => ({name: `B${i}`, kind: "greedy"}));
            const start = await engine.call({op: "new_match", game: "beyond_the_sun", players, seed: 5, seats,
                                             viewer: null});
            const out = [];
            for (let i = 0; i < n; i++) {
              const snap = await engine.call({op: "state", match: start.match, viewer: null});
              if (snap.terminal) break;
              const t0 = performance.now();
              await engine.call({op: "bot", match: start.match, seat: snap.to_move[0], viewer: null});
              out.push((performance.now() - t0) / 1000);
            }
            return out;
        }""", [3000, args.players])
        ctx.close()
    srv.shutdown()
    shutil.rmtree(profile, ignore_errors=True)
    print(f"click to update (a pawn space, drawn selected): {stats(clicks)}")
    print(f"move to update (Confirm, next decision drawn):  {stats(moves)}")
    print(f"bot move at {args.players} players (greedy, one bridge call in Pyodide): {stats(bots)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
