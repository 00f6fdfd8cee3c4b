#!/usr/bin/env python3
"""Print how fast the Ares Expedition table answers in the browser: a click's redraw, a move's answer, a bot move.

usage: python benchmarks/browser_ares.py [--moves 30] [--dist dist]

Serves dist/ on 127.0.0.1, drives Debian's headless Chromium (every other host unresolvable), starts a 2-player
game (you against a greedy bot, ?pace=0) and measures, as medians with min and max:
  * click to update: selecting a hand card until the payment panel is drawn (no engine call);
  * move to update: Confirm until the next decision is drawn (one engine call plus the redraw);
  * bot move: one `bot` bridge call inside Pyodide, timed in the page, over a whole greedy-vs-greedy game.
It asserts nothing; the target is a median under 0.5 s for each.
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
ares_step, boot, new_game, settle = _driver.ares_step, _driver.boot, _driver.new_game, _driver.settle


def main() -> int:
    """Play one game through the table's controls and time its answers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    args = parser.parse_args()
    srv = serve(Path(args.dist))
    url = f"http://127.0.0.1:{srv.server_address[1]}/?pace=0"
    profile = tempfile.mkdtemp(prefix="ares-bench-")
    clicks: list[float] = []
    moves: list[float] = []
    with sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True, args=FLAGS,
                                                    viewport={"width": 1366, "height": 900})
        page = ctx.new_page()
        page.set_default_timeout(60_000)
        boot(page, url)
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
        bots = page.evaluate("""async (n) => {
            const { engine } = await import("./app/engine-client.js");
            const start = await engine.call({op: "new_match", game: "ares_expedition", players: 2, seed: 5,
              seats: [{name: "A", kind: "greedy"}, {name: "B", kind: "greedy"}], viewer: null});
            const out = [];
            for (let i = 0; i < n; i++) {
              const snap = await engine.call({op: "state", match: start.match, viewer: null});
              if (snap.terminal) break;
              const t0 = performance.now();
              await engine.call({op: "bot", match: start.match, seat: snap.to_move[0], viewer: null});
              out.push((performance.now() - t0) / 1000);
            }
            return out;
        }""", 2000)
        ctx.close()
    srv.shutdown()
    shutil.rmtree(profile, ignore_errors=True)
    print(f"click to update (select a card, payment drawn): {stats(clicks)}")
    print(f"move to update (Confirm, next decision drawn):  {stats(moves)}")
    print(f"bot move (greedy, one bridge call in Pyodide):  {stats(bots)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
