#!/usr/bin/env python3
"""Print browser load times of the built app against bare Pyodide, engine speed in Pyodide vs CPython.

usage: python benchmarks/browser_load.py [--runs 5] [--games 200] [--dist dist] [--against OTHER_DIST] [--no-bench]
                                       [--languages pl,cs,ja]

Serves dist/ on 127.0.0.1 (plus an in-memory bare-Pyodide page that loads the same vendored runtime),
drives Debian's headless Chromium with every other host unresolvable, and prints:
  * the app's home screen usable (its "shell:ready" mark, before the engine) and its largest contentful paint,
    cold and warm, in English and in each of --languages (?lang=: English's catalog is inline, another language's
    is one fetch, started by boot.js);
  * cold load to engine ready (fresh profile) and warm load (second visit, same profile) for the app and for
    bare Pyodide, as medians over the runs, and the app/bare ratios;
  * the same for loadPyodide inside a plain module worker: the floor for any engine that runs in a worker;
  * playout games/s through the bridge op `bench` inside Pyodide and in CPython (or "n/a"): the first call, and
    the steady speed of the later calls in the same interpreter (the browser tiers hot wasm up meanwhile);
  * the engine wheel size;
  * with --against, another build of the app in the same interleaved runs (how a change is measured: build the
    older commit into another folder, then compare).
It asserts nothing; it prints numbers. The HTTP cache stays on (no request routing), so warm visits are
real second visits; outside hosts are blocked with --host-resolver-rules and counted if ever requested.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import shutil
import socketserver
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
READY_JS = ("['ready', 'error'].includes(document.documentElement.dataset.engine)"
            " || window.__bare_ready === true")
STATE_JS = "document.documentElement.dataset.engine || (window.__bare_ready ? 'ready' : 'none')"
BARE_PAGE = """<!doctype html><meta charset=utf-8><title>bare Pyodide</title><script type=module>
import { loadPyodide } from "./%s";
const py = await loadPyodide({ indexURL: "./%s/" });
py.runPython("1+1"); window.__bare_ready = true;
</script>"""
# The floor for any engine in a worker: loadPyodide inside a plain module worker, no PyScript, no micropip.
BARE_WORKER_PAGE = """<!doctype html><meta charset=utf-8><title>bare Pyodide in a worker</title><script type=module>
const w = new Worker("./__bare_worker__.mjs", { type: "module" });
w.onmessage = () => { window.__bare_ready = true; };
</script>"""
BARE_WORKER_JS = """import { loadPyodide } from "./%s";
const py = await loadPyodide({ indexURL: "./%s/" });
py.runPython("1+1"); postMessage("ready");
"""
# Wait (at most 30 s) for an active service worker, if the page registers one; the bare page does not.
SW_READY_JS = """async () => {
  if (!navigator.serviceWorker || !(await navigator.serviceWorker.getRegistration())) return;
  await Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 30000))]);
}"""
BENCH_JS = """async ([games, calls]) => {
  const { engine } = await import("./app/boot.js");
  await engine.ready;
  const answers = [];
  for (let i = 0; i < calls; i++) answers.push(await engine.call({ op: "bench", game: "jump_drive", games }));
  return answers;
}"""
BENCH_CALLS = 6
"""The bench op is called this many times in one interpreter: the first call runs while the browser is still
compiling Python's hot wasm functions to optimised code (tier-up); the later calls show the steady speed."""


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static handler for dist/ with the right MIME types, plus the in-memory bare page."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".webmanifest": "application/manifest+json"}
    pages: dict[str, tuple[str, bytes]] = {}

    def do_GET(self) -> None:
        """Serve the in-memory comparison pages, everything else from dist/."""
        page = self.pages.get(urllib.parse.urlsplit(self.path).path)
        if page is not None:
            kind, body = page
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        """Stay quiet."""


def stats(values: list[float]) -> str:
    """Median, mean, p90 and max in ms of times in seconds, with the count (the browser benchmarks' one format)."""
    if not values:
        return "n/a"
    ms = sorted(v * 1000 for v in values)
    p90 = ms[min(len(ms) - 1, int(len(ms) * 0.9))]
    return (f"median {statistics.median(ms):7.1f} ms   mean {statistics.fmean(ms):7.1f}   p90 {p90:7.1f}   "
            f"max {max(ms):7.1f}   (n={len(ms)})")


@contextlib.contextmanager
def app_page(dist: Path, boot: Callable[[Page, str], None], query: str = "?pace=0") -> Iterator[Page]:
    """Serve dist/, open the app (at ``query``, by default ?pace=0) in a fresh headless Chromium profile (1366x900),
    boot it with ``boot`` (the browser tests' driver), and clean everything up afterwards."""
    srv = serve(dist)
    profile = tempfile.mkdtemp(prefix="pyengine-bench-")
    try:
        with sync_playwright() as pw:
            ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True, args=FLAGS,
                                                        viewport={"width": 1366, "height": 900})
            page = ctx.new_page()
            page.set_default_timeout(60_000)
            boot(page, f"http://127.0.0.1:{srv.server_address[1]}/{query}")
            yield page
            ctx.close()
    finally:
        srv.shutdown()
        shutil.rmtree(profile, ignore_errors=True)


BOT_MOVES_JS = """async ([game, players, n]) => {
    const { engine } = await import("./app/boot.js");
    const seats = Array.from({length: players}, (_, i) => ({name: `B${i}`, kind: "greedy"}));
    const start = await engine.call({op: "new_match", game, players, seed: 5, seats, viewer: null});
    const out = [];
    for (let i = 0; i < n; i++) {
      const snap = await engine.call({op: "state", match: start.match, viewer: null});
      if (snap.terminal) break;
      const t0 = performance.now();
      await engine.call({op: "bot", match: start.match, seat: snap.to_move[0], viewer: null});
      out.push((performance.now() - t0) / 1000);
    }
    return out;
}"""


def bot_move_times(page: Page, game: str, players: int, limit: int = 3000) -> list[float]:
    """Time, inside the page, each `bot` bridge call (apply a greedy move and answer with the new view) over a
    whole greedy game of ``game`` at ``players`` seats; seconds per call."""
    times: list[float] = page.evaluate(BOT_MOVES_JS, [game, players, limit])
    return times


def serve(dist: Path) -> socketserver.ThreadingTCPServer:
    """Start a threaded static server for dist/ on a free 127.0.0.1 port."""
    mjs = next(iter(sorted(dist.rglob("pyodide.mjs"))))
    rel = mjs.relative_to(dist).as_posix()
    folder = rel.rsplit("/", 1)[0]
    Handler.pages = {
        "/__bare__.html": ("text/html; charset=utf-8", (BARE_PAGE % (rel, folder)).encode()),
        "/__bare_worker__.html": ("text/html; charset=utf-8", BARE_WORKER_PAGE.encode()),
        "/__bare_worker__.mjs": ("text/javascript", (BARE_WORKER_JS % (rel, folder)).encode()),
    }
    httpd = socketserver.ThreadingTCPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(dist)))
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


# The app's own marks, from navigation start: its home screen usable ("shell:ready", before the engine), and the
# largest contentful paint so far (the browser's LCP candidate when the engine is ready).
PAGE_TIMES_JS = """() => new Promise((resolve) => {
  const mark = performance.getEntriesByName("shell:ready")[0];
  const shell = mark ? mark.startTime / 1000 : null;
  let lcp = null;
  try {
    new PerformanceObserver((list) => {
      const all = list.getEntries();
      if (all.length) lcp = all[all.length - 1].startTime / 1000;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  } catch (e) { /* no LCP in this browser */ }
  setTimeout(() => resolve({ shell, lcp }), 200);
})"""


class Load:
    """One page load: seconds to engine-ready from navigation, and (the app only) to its home screen and LCP."""

    def __init__(self, ready: float | None, shell: float | None = None, lcp: float | None = None) -> None:
        self.ready, self.shell, self.lcp = ready, shell, lcp


def load(ctx: BrowserContext, url: str) -> Load:
    """Open url in a new page and time it (ready None on error or timeout)."""
    page = ctx.new_page()
    try:
        t0 = time.perf_counter()
        page.goto(url, wait_until="commit")
        page.wait_for_function(READY_JS, timeout=120_000, polling=50)
        dt = time.perf_counter() - t0
        if page.evaluate(STATE_JS) != "ready":
            return Load(None)
        times: dict[str, float | None] = page.evaluate(PAGE_TIMES_JS)
        # ready is measured from goto; the page's own marks from its navigation start (the same instant, give or
        # take the request's start): both are reported as they are.
        return Load(dt, times.get("shell"), times.get("lcp"))
    except Exception:  # a failed load is reported as None
        return Load(None)
    finally:
        page.close()


def cold_and_warm(pw: Playwright, url: str, outside: list[str]) -> tuple[Load, Load]:
    """Measure a first visit in a fresh profile, then a second visit in the same profile."""
    profile = tempfile.mkdtemp(prefix="bl-")
    ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True, args=FLAGS)
    ctx.on("request", lambda r: outside.append(r.url)
           if urllib.parse.urlsplit(r.url).hostname not in {"127.0.0.1", None} else None)
    try:
        cold = load(ctx, url)
        if cold.ready is not None:  # let the service worker finish precaching before the second visit
            page = ctx.new_page()
            page.goto(url)
            page.wait_for_function(READY_JS, timeout=120_000, polling=100)
            page.evaluate(SW_READY_JS)
            page.wait_for_timeout(1000)
            page.close()
        warm = load(ctx, url)
        return cold, warm
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)


def bench_in_browser(pw: Playwright, url: str, games: int) -> list[float] | None:
    """Run the bridge op `bench` BENCH_CALLS times inside Pyodide; return each call's games/s (None: unsupported)."""
    profile = tempfile.mkdtemp(prefix="bl-bench-")
    ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True, args=FLAGS)
    try:
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_function(READY_JS, timeout=120_000, polling=100)
        answers: list[dict[str, Any]] = page.evaluate(BENCH_JS, [games, BENCH_CALLS])
        return [float(a["games_per_s"]) for a in answers] if all(a.get("ok") for a in answers) else None
    except Exception:
        return None
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)


def bench_in_cpython(games: int) -> list[float] | None:
    """Run the same bridge op `bench` BENCH_CALLS times in this CPython process (None when unsupported)."""
    sys.path.insert(0, str(ROOT))
    try:
        from pyengine.bridge import handle

        request = json.dumps({"op": "bench", "game": "jump_drive", "games": games})
        answers: list[dict[str, Any]] = [json.loads(handle(request)) for _ in range(BENCH_CALLS)]
    except Exception:
        return None
    return [float(a["games_per_s"]) for a in answers] if all(a.get("ok") for a in answers) else None


def steady(speeds: list[float] | None) -> float | None:
    """The steady playout speed: the median of the calls after the first (None when not measured)."""
    return statistics.median(speeds[1:]) if speeds and len(speeds) > 1 else None


def calls_text(speeds: list[float] | None) -> str:
    """Each call's games/s, the first marked, or n/a."""
    if not speeds:
        return "n/a"
    return f"first call {speeds[0]:.1f}, then " + ", ".join(f"{v:.1f}" for v in speeds[1:]) + " games/s"


def med(values: list[float | None]) -> float | None:
    """Median of the successful values, None if there are none."""
    ok = [v for v in values if v is not None]
    return statistics.median(ok) if ok else None


def fmt(value: float | None, unit: str = "s") -> str:
    """Format a number or n/a."""
    return "n/a" if value is None else f"{value:.2f}{unit}"


def ratio(a: float | None, b: float | None) -> str:
    """Format a / b or n/a."""
    return "n/a" if a is None or b is None or b == 0 else f"{a / b:.2f}x"


def main() -> int:
    """Run the measurements and print the report."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--dist", type=Path, default=ROOT / "dist")
    ap.add_argument("--against", type=Path, default=None,
                    help="another build of the app (a dist/ folder, e.g. an older commit's), measured in the same"
                         " interleaved runs")
    ap.add_argument("--no-bench", action="store_true", help="skip the playout speed measurement")
    ap.add_argument("--languages", default="pl,cs,ja",
                    help="the languages whose home screen is measured too (?lang=), besides English; '' for none")
    args = ap.parse_args()
    dist: Path = args.dist.resolve()
    if not (dist / "index.html").is_file():
        print(f"no {dist}/index.html: run `python build.py` first")
        return 1
    httpd = serve(dist)
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    other = serve(args.against.resolve()) if args.against else None
    other_url = f"http://127.0.0.1:{other.server_address[1]}/index.html" if other else None
    alt: dict[str, list[float | None]] = {"cold": [], "warm": []}
    outside: list[str] = []
    app: dict[str, list[float | None]] = {"cold": [], "warm": []}
    shell: dict[str, list[float | None]] = {"cold": [], "warm": []}
    lcp: dict[str, list[float | None]] = {"cold": [], "warm": []}
    bare: dict[str, list[float | None]] = {"cold": [], "warm": []}
    floor: dict[str, list[float | None]] = {"cold": [], "warm": []}
    languages = [code for code in args.languages.split(",") if code]
    per_language: dict[str, dict[str, list[float | None]]] = {code: {"cold": [], "warm": []} for code in languages}
    try:
        with sync_playwright() as pw:
            for i in range(args.runs):  # interleaved, so machine noise hits both alike
                pages = [("app", base + "index.html", app), ("bare", base + "__bare__.html", bare),
                         ("wkr", base + "__bare_worker__.html", floor)]
                if other_url:
                    pages.insert(1, ("othr", other_url, alt))
                for code in languages:  # the home screen in each language: its catalog is fetched, not inline
                    pages.append((code, base + f"index.html?lang={code}", per_language[code]))
                for name, url, out in pages:
                    cold, warm = cold_and_warm(pw, url, outside)
                    out["cold"].append(cold.ready)
                    out["warm"].append(warm.ready)
                    extra = ""
                    if name in per_language:
                        per_language[name]["cold"][-1] = cold.shell
                        per_language[name]["warm"][-1] = warm.shell
                        extra = f"  (home screen usable: cold {fmt(cold.shell)} warm {fmt(warm.shell)})"
                    if name == "app":
                        for kind, one in (("cold", cold), ("warm", warm)):
                            shell[kind].append(one.shell)
                            lcp[kind].append(one.lcp)
                        extra = (f"  (home screen usable: cold {fmt(cold.shell)} warm {fmt(warm.shell)};"
                                 f" LCP cold {fmt(cold.lcp)} warm {fmt(warm.lcp)})")
                    print(f"run {i + 1}/{args.runs} {name:4}: cold {fmt(cold.ready)}  warm {fmt(warm.ready)}{extra}",
                          flush=True)
            in_browser = None if args.no_bench else bench_in_browser(pw, base + "index.html", args.games)
    finally:
        for server in (httpd, other):
            if server is not None:
                server.shutdown()
                server.server_close()
    in_cpython = None if args.no_bench else bench_in_cpython(args.games)
    print()
    print(f"home screen usable (shell ready, before the engine), median of {args.runs} runs:")
    for kind in ("cold", "warm"):
        b = med(bare[kind])
        print(f"  {kind}: shell {fmt(med(shell[kind]))}  (shell / bare engine {ratio(med(shell[kind]), b)})"
              f"  largest contentful paint {fmt(med(lcp[kind]))}")
    for code in languages:
        print(f"  ?lang={code}: shell cold {fmt(med(per_language[code]['cold']))}"
              f"  warm {fmt(med(per_language[code]['warm']))}  (English: cold {fmt(med(shell['cold']))}"
              f"  warm {fmt(med(shell['warm']))})")
    print(f"engine ready, median of {args.runs} runs"
          " (app = PyScript worker + the engine wheel; bare = loadPyodide only):")
    for kind in ("cold", "warm"):
        a, b = med(app[kind]), med(bare[kind])
        print(f"  {kind}: app {fmt(a)}  bare {fmt(b)}  ratio {ratio(a, b)}")
    if other_url:
        print(f"  the other build ({args.against}):")
        for kind in ("cold", "warm"):
            o, a, b = med(alt[kind]), med(app[kind]), med(bare[kind])
            print(f"  {kind}: other {fmt(o)}  ratio to bare {ratio(o, b)}  (app / other {ratio(a, o)})")
    print("  floor for any engine in a worker (loadPyodide in a plain module worker):")
    for kind in ("cold", "warm"):
        w, b = med(floor[kind]), med(bare[kind])
        print(f"  {kind}: worker {fmt(w)}  bare {fmt(b)}  ratio {ratio(w, b)}")
    print(f"  requests to other hosts: {len(outside)}")
    print(f"playout speed, op bench jump_drive x{args.games}, {BENCH_CALLS} calls in one interpreter"
          " (the first runs while the browser still compiles the wasm; steady = median of the later calls):")
    print(f"  Pyodide (browser, via bridge): {calls_text(in_browser)}; steady {fmt(steady(in_browser), ' games/s')}")
    print(f"  CPython {sys.version.split()[0]}: {calls_text(in_cpython)}; steady {fmt(steady(in_cpython), ' games/s')}")
    first_b = in_browser[0] if in_browser else None
    first_c = in_cpython[0] if in_cpython else None
    print(f"  Pyodide/CPython: steady {ratio(steady(in_browser), steady(in_cpython))}"
          f"  (first call {ratio(first_b, first_c)})")
    wheels = sorted((dist / "wheels").rglob("*.whl"))
    for wheel in wheels:
        print(f"engine wheel: {wheel.name} {wheel.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
