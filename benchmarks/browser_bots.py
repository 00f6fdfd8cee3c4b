#!/usr/bin/env python3
"""Print how long the Hard bot thinks in the browser (Pyodide, in the engine worker), per game, as the page runs it.

usage: python benchmarks/browser_bots.py [--decisions 20] [--level hard] [--games jump_drive,ares_expedition,...]

Serves dist/ on 127.0.0.1 and drives Debian's headless Chromium. For each game it starts a 2-player match (Hard in
seat 0, Normal in seat 1, viewer none) and plays it the way the page does: `think` calls of 120 ms slices until the
Hard seat has moved, `bot` calls for the Normal seat. Printed per game: the wall time of each Hard decision that
had a choice to make (median, mean, p90, max), its search iterations, and the iterations (playouts) per second in
Pyodide. The target: a Hard decision's median at most 1 s. It asserts nothing.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_load import app_page, stats  # noqa: E402

boot = importlib.import_module("ui_driver").boot

THINK_JS = """async ([game, level, n]) => {
    const { engine } = await import("./app/boot.js");
    const seats = [{name: "H", kind: level}, {name: "N", kind: "normal"}];
    const start = await engine.call({op: "new_match", game, players: 2, seed: 9, seats, viewer: null});
    const out = [];
    let snap = start;
    while (!snap.terminal && out.length < n) {
      const seat = snap.to_move[0];
      if (seat !== 0) { snap = await engine.call({op: "bot", match: start.match, seat, viewer: null}); continue; }
      const t0 = performance.now();
      let last = null;
      for (;;) {
        const a = await engine.call({op: "think", match: start.match, seat, viewer: null, slice_ms: 120});
        if (a.thinking) { last = a.thinking; continue; }
        snap = a;
        break;
      }
      if (last) out.push({seconds: (performance.now() - t0) / 1000, iterations: last.iterations,
                          searched: last.seconds});
    }
    return out;
}"""


def main() -> int:
    """Time the level's decisions in every game and print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--decisions", type=int, default=20, help="searching decisions timed per game")
    parser.add_argument("--level", default="hard", choices=["hard", "expert"])
    parser.add_argument("--games", default="jump_drive,ares_expedition,beyond_the_sun")
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    args = parser.parse_args()
    with app_page(Path(args.dist), boot) as page:
        for game in args.games.split(","):
            rows = page.evaluate(THINK_JS, [game, args.level, args.decisions])
            if not rows:
                print(f"{game:16} no searching decision")
                continue
            secs = [r["seconds"] for r in rows]
            rate = sum(r["iterations"] for r in rows) / max(1e-9, sum(r["searched"] for r in rows))
            print(f"{game:16} {args.level} decision: {stats(secs)}")
            print(f"{'':16} iterations a decision: median {statistics.median(r['iterations'] for r in rows):.0f}; "
                  f"playouts/s in Pyodide: {rate:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
