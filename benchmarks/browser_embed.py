#!/usr/bin/env python3
"""Print what embeds cost a host page: poster times, engine boots and memory with six examples, lesson check times.

usage: python benchmarks/browser_embed.py [--dist dist] [--runs 3]

Serves dist/ on one 127.0.0.1 port and a host page on another (another origin), drives Debian's headless Chromium
and prints:
  * poster: ms from the host page's navigation start until each example above the fold shows its poster
    (the frame's <html data-embed="poster">), with no engine work;
  * six examples (two per game, made by embed.js): engines booted and the whole browser's memory (PSS summed
    over Chromium's processes, from /proc) after the page loads and the reader scrolls through all six, then after
    the reader starts one example, then all six (with the time each later one takes to be ready); and a page whose
    six examples may start in view
    (data-boot="view": one at a time, at most two by themselves);
  * lesson checks: ms from a click to the feedback on screen, for a wrong try (refused) and Show me (played).
It asserts nothing; it prints numbers.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import os
import shutil
import socketserver
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Frame, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from browser_load import CHROMIUM, FLAGS, stats

from buildkit.serve import StaticHandler

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = [
    ("jump_drive", "jump-drive-explore"), ("jump_drive", "jump-drive-together"),
    ("ares_expedition", "ares-steel"), ("ares_expedition", "ares-phase-bonus"),
    ("beyond_the_sun", "bts-pawn"), ("beyond_the_sun", "bts-research"),
]


class Quiet(http.server.SimpleHTTPRequestHandler):
    """A static handler that does not log."""

    def log_message(self, format: str, *args: Any) -> None:
        """Stay quiet."""


def serve(folder: Path, handler: Any) -> socketserver.ThreadingTCPServer:
    """Serve a folder on a free 127.0.0.1 port in a thread."""
    httpd = socketserver.ThreadingTCPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def host_page(app: str, boot: str) -> str:
    """A host page with the six examples, spaced as in a blog post."""
    items = "\n".join(
        f'<h2>Example {i + 1}</h2><p>{"Some text of the post. " * 30}</p>'
        f'<div data-star-table data-game="{g}" data-lesson="{lesson}" data-boot="{boot}"></div>'
        for i, (g, lesson) in enumerate(EXAMPLES))
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body><main>'
            f'<h1>A rules post</h1>{items}</main><script src="{app}/embed.js" async></script></body></html>')


def browser_pss_mb(profile: str) -> float:
    """Return the summed PSS (MB) of every Chromium process started with this profile, and their children."""
    procs: dict[int, tuple[int, str]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmd = f.read().decode(errors="replace")
        except OSError:
            continue
        procs[int(entry)] = (ppid, cmd)
    roots = {pid for pid, (_, cmd) in procs.items() if profile in cmd and "--type=" not in cmd}
    members = set(roots)
    changed = True
    while changed:
        changed = False
        for pid, (ppid, _) in procs.items():
            if ppid in members and pid not in members:
                members.add(pid)
                changed = True
    total = 0
    for pid in members:
        with contextlib.suppress(OSError), open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
    return total / 1024


def embed_frames(page: Page) -> list[Frame]:
    """The example frames of the host page, in page order."""
    frames = []
    for handle in page.query_selector_all("[data-star-table] iframe"):
        frame = handle.content_frame()
        if frame is not None:
            frames.append(frame)
    return frames


def engines(page: Page) -> int:
    """How many engines the page's examples booted: the distinct engine ids of the ready examples (one shared worker
    serves them all where the browser allows it; see ARCHITECTURE.md, "Embeds")."""
    ids = {f.evaluate("document.documentElement.dataset.engineId || ''") for f in embed_frames(page)
           if f.evaluate("document.documentElement.dataset.engine") == "ready"}
    return len(ids)


def started(page: Page) -> int:
    """How many examples the reader (or data-boot) has started."""
    return sum(1 for f in embed_frames(page) if f.evaluate("document.documentElement.dataset.engine") != "idle")


def scroll_through(page: Page) -> None:
    """Scroll the host page to the bottom slowly, so every example's frame is made, then back to the top."""
    height = page.evaluate("document.body.scrollHeight")
    for y in range(0, height, 500):
        page.evaluate(f"window.scrollTo(0, {y})")
        time.sleep(0.15)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_function("document.querySelectorAll('[data-star-table] iframe').length === 6", timeout=30_000,
                           polling=200)
    for frame in embed_frames(page):
        frame.wait_for_function("['poster', 'ready'].includes(document.documentElement.dataset.embed)", timeout=30_000,
                                polling=200)


def start_example(frame: Frame) -> float:
    """Press an example's Try it and return seconds until it is interactive."""
    t0 = time.perf_counter()
    frame.evaluate("document.querySelector('[data-testid=try-it]').click()")
    # Interval polling: a frame out of view gets no animation frames.
    frame.wait_for_function("document.documentElement.dataset.embed === 'ready'", timeout=120_000, polling=50)
    return time.perf_counter() - t0


POSTER_JS = """() => [...document.querySelectorAll('[data-star-table]')].map((d) => d.dataset.posterAt
    ? Number(d.dataset.posterAt) : null)"""
WATCH_JS = """() => {
  if (window !== window.top) return;
  document.addEventListener('DOMContentLoaded', () => {
    for (const d of document.querySelectorAll('[data-star-table]')) {
      new MutationObserver(() => { if (d.dataset.state === 'poster' && !d.dataset.posterAt)
        d.dataset.posterAt = String(performance.now()); }).observe(d, {attributes: true});
    }
  });
}"""

CHECK_JS = """async ([kind]) => {
  const fb = () => document.querySelector('[data-testid=lesson-feedback]');
  const t0 = performance.now();
  if (kind === 'show') document.querySelector('[data-testid=lesson-show]').click();
  else document.querySelector('[data-testid=confirm]').click();
  const want = kind === 'show' ? 'right' : 'wrong';
  while (!fb().classList.contains(want)) await new Promise((r) => requestAnimationFrame(r));
  return (performance.now() - t0) / 1000;
}"""


@contextlib.contextmanager
def browser(profile: str) -> Iterator[Any]:
    """A persistent headless Chromium context on a fresh profile."""
    with sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True, args=FLAGS,
                                                    viewport={"width": 1366, "height": 900})
        try:
            yield ctx
        finally:
            ctx.close()


def note(text: str) -> None:
    """Print a progress line to stderr (the figures go to stdout at the end)."""
    print(f"[embed bench] {text}", file=sys.stderr, flush=True)


def run_once(app: str, host: str, boot: str, report: dict[str, list[float]]) -> None:
    """Load the six-example page once on a fresh profile and record the figures."""
    note(f"host page, data-boot={boot}")
    profile = tempfile.mkdtemp(prefix="pyengine-embed-bench-")
    try:
        with browser(profile) as ctx:
            page = ctx.new_page()
            page.add_init_script(f"({WATCH_JS})()")
            page.goto(f"{host}index-{boot}.html", wait_until="commit")
            page.wait_for_function("document.querySelector('[data-star-table][data-state=poster]')", timeout=30_000)
            time.sleep(1.0)
            report["poster_s"] += [t / 1000 for t in page.evaluate(POSTER_JS) if t is not None]
            note("posters drawn; scrolling through the six examples")
            scroll_through(page)
            time.sleep(2.0 if boot == "touch" else 0)
            if boot == "view":  # every example was in view once: the first two boot, one after the other
                time.sleep(3.0)
                for frame in embed_frames(page):
                    if frame.evaluate("document.documentElement.dataset.engine") != "idle":
                        frame.wait_for_function("['ready', 'error'].includes(document.documentElement.dataset.embed)",
                                                timeout=120_000, polling=200)
                time.sleep(1.0)
                report["view_engines"].append(engines(page))
                report["view_mb"].append(browser_pss_mb(profile))
                return
            report["load_engines"].append(engines(page))
            report["load_mb"].append(browser_pss_mb(profile))
            frames = embed_frames(page)
            note("starting example 1")
            report["boot_s"].append(start_example(frames[0]))
            time.sleep(1.0)
            report["one_engines"].append(engines(page))
            report["one_mb"].append(browser_pss_mb(profile))
            note("lesson checks")
            for _ in range(3):
                frame = frames[0]
                for i in range(frame.locator("[data-testid^=hand-card-]").count()):
                    frame.locator("[data-testid^=hand-card-]").nth(i).click()
                    if frame.is_enabled("[data-testid=confirm]"):
                        break
                report["wrong_s"].append(frame.evaluate(CHECK_JS, ["wrong"]))
                report["show_s"].append(frame.evaluate(CHECK_JS, ["show"]))
                frame.click("[data-testid=lesson-retry]")
                frame.wait_for_selector("[data-testid=lesson-show]")
            for n in range(1, 6):
                note(f"starting example {n + 1}")
                report["next_s"].append(start_example(frames[n]))
            time.sleep(1.0)
            report["six_started"].append(started(page))
            report["six_engines"].append(engines(page))
            report["six_mb"].append(browser_pss_mb(profile))
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def main() -> int:
    """Serve, run, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    dist = Path(args.dist)

    class AppHandler(StaticHandler):
        def log_message(self, format: str, *a: Any) -> None:
            """Stay quiet."""

    app_srv = serve(dist, AppHandler)
    app = f"http://127.0.0.1:{app_srv.server_address[1]}"
    folder = Path(tempfile.mkdtemp(prefix="pyengine-host-"))
    for boot in ("touch", "view"):
        (folder / f"index-{boot}.html").write_text(host_page(app, boot))
    host_srv = serve(folder, Quiet)
    host = f"http://127.0.0.1:{host_srv.server_address[1]}/"
    report: dict[str, list[float]] = {k: [] for k in (
        "poster_s", "load_engines", "load_mb", "boot_s", "one_engines", "one_mb", "six_started", "six_engines",
        "six_mb", "next_s", "wrong_s", "show_s", "view_engines", "view_mb")}
    try:
        for _ in range(args.runs):
            run_once(app, host, "touch", report)
        run_once(app, host, "view", report)
    finally:
        app_srv.shutdown()
        host_srv.shutdown()
        shutil.rmtree(folder, ignore_errors=True)

    def mb(key: str) -> str:
        values = report[key]
        return f"{min(values):.0f}-{max(values):.0f} MB" if values else "n/a"

    def count(key: str) -> str:
        return "/".join(str(int(v)) for v in report[key]) or "n/a"

    print(f"poster after host navigation start  {stats(report['poster_s'])}")
    print(f"six examples, loaded and scrolled   engines {count('load_engines'):>7}   browser memory {mb('load_mb')}")
    print(f"  after the reader starts one       engines {count('one_engines'):>7}   browser memory {mb('one_mb')}")
    print(f"  after the reader starts all six   engines {count('six_engines'):>7}   browser memory {mb('six_mb')}"
          f"   (examples started {count('six_started')})")
    print(f"  data-boot=view, scrolled past all engines {count('view_engines'):>7}   browser memory {mb('view_mb')}")
    print(f"example start (Try it to ready)     {stats(report['boot_s'])}")
    print(f"  2nd-6th example, engine running   {stats(report['next_s'])}")
    print(f"lesson check, wrong try (refused)   {stats(report['wrong_s'])}")
    print(f"lesson check, Show me (played)      {stats(report['show_s'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
