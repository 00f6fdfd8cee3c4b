#!/usr/bin/env python3
"""Print Lighthouse's mobile performance figures for the app's home screen: LCP, FCP, CLS, TBT and the score.

usage: python benchmarks/lighthouse.py [--runs 3] [--dist dist] [--against OTHER_DIST]

Serves dist/ the way ``python build.py serve`` does (text gzip-compressed, as the host's CDN serves it) on
127.0.0.1, and runs Lighthouse (pinned: LIGHTHOUSE, through npx; its first run downloads it from the npm registry)
with its default mobile settings (simulated slow 4G and a 4x slower CPU) against Debian's Chromium, ``--runs``
times, and prints each run and the medians. With ``--against``, another build is measured in the same interleaved
runs. It asserts nothing; it prints numbers (docs/PERFORMANCE.md).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socketserver
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from buildkit.serve import StaticHandler  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
LIGHTHOUSE = "lighthouse@12.2.3"  # the newest release that runs on Node 20 (13 needs Node 22)
METRICS = (("largestContentfulPaint", "LCP", 1000, "s"), ("firstContentfulPaint", "FCP", 1000, "s"),
           ("cumulativeLayoutShift", "CLS", 1, ""), ("totalBlockingTime", "TBT", 1, "ms"))


class QuietServer(socketserver.ThreadingTCPServer):
    """A threading server that says nothing when the browser drops a connection (Lighthouse does, between runs)."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Ignore a connection the other side reset or closed; report anything else as usual."""
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def serve(dist: Path) -> socketserver.ThreadingTCPServer:
    """Serve dist/ with the build's own handler (gzip for text, buildkit/serve.py) on a free 127.0.0.1 port, in a
    thread."""

    class Handler(StaticHandler):
        def log_message(self, format: str, *args: Any) -> None:
            """Stay quiet."""

    httpd = QuietServer(("127.0.0.1", 0), lambda *a, **k: Handler(*a, directory=str(dist), **k))
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def lighthouse(url: str) -> dict[str, float]:
    """Run Lighthouse once (performance only, mobile defaults) and return its metrics and score."""
    out = Path(tempfile.mkdtemp(prefix="lh-")) / "report.json"
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    cmd = ["npx", "--yes", LIGHTHOUSE, url, "--only-categories=performance", "--output=json",
           f"--output-path={out}", "--quiet", "--chrome-flags=--headless=new --no-sandbox"]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
    if not out.is_file():
        raise SystemExit(f"lighthouse did not run ({done.returncode}): {done.stderr.strip()[-600:]}")
    report: dict[str, Any] = json.loads(out.read_text())
    shutil.rmtree(out.parent, ignore_errors=True)
    metrics = report["audits"]["metrics"]["details"]["items"][0]
    figures = {name: float(metrics[key]) / scale for key, name, scale, _ in METRICS}
    figures["score"] = float(report["categories"]["performance"]["score"] or 0)
    figures["observed LCP"] = float(metrics["observedLargestContentfulPaint"]) / 1000
    return figures


def line(figures: dict[str, float]) -> str:
    """Format one run's (or the medians') figures."""
    bits = [f"{name} {figures[name]:.3f}" if name == "CLS" else
            f"{name} {figures[name]:.0f} ms" if unit == "ms" else f"{name} {figures[name]:.2f} s"
            for _, name, _, unit in METRICS]
    return "  ".join([*bits, f"score {figures['score']:.2f}", f"(observed LCP {figures['observed LCP']:.2f} s)"])


def main(argv: list[str] | None = None) -> int:
    """Measure, print each run and the medians."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--dist", type=Path, default=ROOT / "dist")
    ap.add_argument("--against", type=Path, default=None, help="another build, measured in the same runs")
    args = ap.parse_args(argv)
    if shutil.which("npx") is None:
        print("npx (Node.js) is needed to run Lighthouse", file=sys.stderr)
        return 2
    builds = {"app": args.dist, **({"other": args.against} if args.against else {})}
    servers = {name: serve(path) for name, path in builds.items()}
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in builds}
    try:
        for i in range(args.runs):
            for name, srv in servers.items():
                figures = lighthouse(f"http://127.0.0.1:{srv.server_address[1]}/")
                runs[name].append(figures)
                print(f"run {i + 1}/{args.runs} {name:5}: {line(figures)}", flush=True)
    finally:
        for srv in servers.values():
            srv.shutdown()
    print(f"Lighthouse {LIGHTHOUSE.split('@')[1]}, mobile (simulated slow 4G, 4x CPU), median of {args.runs} runs:")
    for name, done in runs.items():
        median = {key: statistics.median(f[key] for f in done) for key in done[0]}
        print(f"  {name} ({builds[name]}): {line(median)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
