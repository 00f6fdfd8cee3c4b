#!/usr/bin/env python3
"""Print how long a player waits for the bots in the browser (Pyodide, the engine worker), as the page runs them.

usage: python benchmarks/browser_bots.py [--parts rounds,speed,decisions] [--decisions 12] [--throttle 4]

Serves dist/ on 127.0.0.1 and drives Debian's headless Chromium. Three parts, each printed, none asserted:

- rounds: a real game on the game's own table at the page's normal pace (3-player Jump Drive and 4-player Beyond
  the Sun, you against Hard bots), played by the browser tests' driver, which looks at each decision for
  --human-ms (3 s) before choosing, as a person does; for each of your decisions, the wall time from your Confirm
  (the click) to your next decision on screen: median and 90th percentile. Run once as the page
  is, and once with "?noahead" (bots do not think while you choose) to show what thinking ahead saves.
- speed: a fresh page searches the same Jump Drive decision (Hard, `think` in 120 ms slices as the page does) four
  times: the first search's speed (iterations/s) and the steady speed (the median of the other three), with the
  page's warm-up after boot and without it ("?nowarm"), and again with the browser's CPU slowed down --throttle
  times (a phone-like CPU: a cgroup CPU quota on the browser's processes, as root; Chrome's own CPU throttling does
  not reach the engine's worker), with the warm-up's cost (its wall time in the page's idle time after boot).
- decisions: each game's Hard decisions (Hard against Normal, as the old benchmark): median and p90 wall time,
  iterations a decision and playouts/s.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_load import app_page, stats  # noqa: E402

driver = importlib.import_module("ui_driver")
boot = driver.boot

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

SAME_SEARCH_JS = """async () => {
    const { engine } = await import("./app/boot.js");
    const seats = [{name: "H", kind: "hard"}, {name: "N", kind: "normal"}];
    const start = await engine.call({op: "new_match", game: "jump_drive", players: 2, seed: 9, seats, viewer: null});
    const search = async () => {
      let last = null;
      for (;;) {
        const a = await engine.call({op: "think", match: start.match, seat: 0, viewer: null, slice_ms: 120,
                                     ahead: true});
        if (!a.thinking) break;
        last = a.thinking;
      }
      await engine.call({op: "think_cancel", match: start.match});
      return last ? last.iterations / Math.max(1e-9, last.seconds) : 0;
    };
    const out = [];
    for (let i = 0; i < 4; i++) out.push(await search());
    return out;
}"""

ROUNDS = (("jump_drive", 3), ("beyond_the_sun", 4))
CGROUP = Path("/sys/fs/cgroup/cpu/pyengine-phone")


def throttle_browser(page: Any, rate: float) -> bool:
    """Slow the page's browser processes down ``rate`` times (a cgroup CPU quota of 1/rate of this machine's two
    cores: Chrome's own CPU throttling does not reach the engine's worker); return False where cgroups cannot be
    written (not root)."""
    import subprocess

    try:
        CGROUP.mkdir(exist_ok=True)
        (CGROUP / "cpu.cfs_period_us").write_text("100000")
        (CGROUP / "cpu.cfs_quota_us").write_text(str(int(200000 / rate)))  # this machine's 2 cores, divided
        # the browser app_page started: every process of its profile (pyengine-bench-*)
        pids = subprocess.run(["pgrep", "-f", "pyengine-bench-"], capture_output=True, text=True).stdout.split()
        for pid in pids:
            (CGROUP / "cgroup.procs").write_text(pid)
        return bool(pids)
    except OSError:
        return False


def rounds(dist: Path, game: str, players: int, decisions: int, query: str, human_ms: int) -> list[float]:
    """Play your seat against Hard bots on the game's table, taking ``human_ms`` to look at each decision before
    choosing (as a person does; the bots may think meanwhile); return the seconds from each Confirm to the next
    decision on screen."""
    waits: list[float] = []
    with app_page(dist, boot, query) as page:
        page.set_default_timeout(120_000)
        names = ("You", *[f"Bot {i}" for i in range(1, players)])
        driver.go_home(page)
        page.select_option("[data-testid=game-select]", game)
        driver.new_game(page, names=names, kinds=("human", *["hard"] * (players - 1)), seed=21)
        clicked: float | None = None
        for _ in range(decisions + 1):
            mode = driver.settle(page)
            if clicked is not None:
                waits.append(time.perf_counter() - clicked)
            if mode == "end" or len(waits) >= decisions:
                break
            page.wait_for_timeout(human_ms)
            driver.play_step(page)
            clicked = time.perf_counter()
    return waits


def speed(dist: Path, query: str, throttle: float) -> dict[str, Any]:
    """Search the same Jump Drive decision four times in a fresh page (Hard, 120 ms slices); return the search
    speeds (iterations/s), whether the CPU throttle took, and the warm-up's cost."""
    with app_page(dist, boot, query) as page:
        slowed = throttle_browser(page, throttle) if throttle > 1 else False
        if "nowarm" not in query:
            page.wait_for_function("document.documentElement.dataset.warm === 'done'", timeout=120_000)
        # The player's first search comes a few seconds after boot (the service worker's precaching is done by then,
        # and so is the warm-up when it runs): the same pause with and without it.
        page.wait_for_timeout(int(3000 * max(1.0, throttle)))
        warm = page.evaluate("import('./app/boot.js').then((m) => m.engine.warm || null)")
        rates = page.evaluate(SAME_SEARCH_JS)
    return {"rates": rates, "slowed": slowed, "warm": warm}


def main() -> int:
    """Run the parts asked for and print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--parts", default="rounds,speed", help="rounds, speed and/or decisions")
    parser.add_argument("--decisions", type=int, default=12, help="your decisions timed per game (rounds), or "
                                                                   "Hard's decisions per game (decisions)")
    parser.add_argument("--human-ms", type=int, default=3000, help="how long you look at each decision (rounds)")
    parser.add_argument("--throttle", type=float, default=4.0, help="CPU slow-down for the phone-like speed run")
    parser.add_argument("--games", default="jump_drive,ares_expedition,beyond_the_sun", help="for decisions")
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    args = parser.parse_args()
    dist = Path(args.dist)
    parts = set(args.parts.split(","))
    if "rounds" in parts:
        for game, players in ROUNDS:
            for label, query in (("thinking ahead", ""), ("no thinking ahead", "?noahead")):
                waits = rounds(dist, game, players, args.decisions, query, args.human_ms)
                print(f"{game:15} {players}p vs Hard, Confirm -> your next decision ({label}, you take "
                      f"{args.human_ms} ms a decision): {stats(waits)}")
    if "speed" in parts:
        for throttle in (1.0, args.throttle):
            for label, query in (("warm-up", "?pace=0"), ("no warm-up", "?pace=0&nowarm")):
                s = speed(dist, query, throttle)
                if throttle > 1 and not s["slowed"]:
                    print(f"search speed, CPU x{throttle:g}: no throttle here (cgroups need root); skipped")
                    break
                warm = s["warm"] or {}
                cost = (f"; the warm-up took {warm.get('wall_ms')} ms of idle time after boot ({warm.get('slices')} "
                        f"slices, {warm.get('iterations')} iterations)") if warm else ""
                first, *later = s["rates"]
                steady = statistics.median(later)
                print(f"search speed, CPU x{throttle:g}, {label}: the first search {first:.0f} it/s, the same search "
                      f"again {steady:.0f} it/s (first/steady {first / max(1e-9, steady):.2f}){cost}")
    if "decisions" in parts:
        with app_page(dist, boot) as page:
            for game in args.games.split(","):
                rows = page.evaluate(THINK_JS, [game, "hard", args.decisions])
                if not rows:
                    print(f"{game:16} no searching decision")
                    continue
                secs = [r["seconds"] for r in rows]
                rate = sum(r["iterations"] for r in rows) / max(1e-9, sum(r["searched"] for r in rows))
                print(f"{game:16} hard decision: {stats(secs)}")
                print(f"{'':16} iterations a decision: median {statistics.median(r['iterations'] for r in rows):.0f}; "
                      f"playouts/s in Pyodide: {rate:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
