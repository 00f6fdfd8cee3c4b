"""Real-browser tests of dist/: the app boots in headless Chromium, offline after one visit, host-local only.

Builds dist/ when it is missing, serves it on 127.0.0.1 and drives Debian's chromium through Playwright with
every request to another host aborted and recorded.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import socketserver
import threading
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SETTLED = "['ready', 'error'].includes(document.documentElement.dataset.engine)"

pytestmark = pytest.mark.browser
sync_api = pytest.importorskip("playwright.sync_api")


class Quiet(http.server.SimpleHTTPRequestHandler):
    """Static handler with the MIME types Pyodide needs, and no request log."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript"}

    def log_message(self, format: str, *args: Any) -> None:
        """Stay quiet."""


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, socketserver.ThreadingTCPServer]]:
    """Serve dist/ (building it first if needed) on a free 127.0.0.1 port."""
    if not (DIST / "index.html").is_file():
        import subprocess
        import sys

        subprocess.run([sys.executable, str(ROOT / "build.py")], check=True)
    httpd = socketserver.ThreadingTCPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(DIST)))
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/", httpd
    httpd.shutdown()
    httpd.server_close()


def test_boots_then_works_offline(site: tuple[str, socketserver.ThreadingTCPServer],
                                  tmp_path: Path) -> None:
    """The engine answers in a fresh profile, no other host is contacted, and a reload boots offline."""
    base, httpd = site
    outside: list[str] = []

    def route(r: Any) -> None:
        if urllib.parse.urlsplit(r.request.url).hostname == "127.0.0.1":
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort("blockedbyclient")

    with sync_api.sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(str(tmp_path / "profile"), executable_path=CHROMIUM,
                                                    headless=True, args=FLAGS)
        try:
            ctx.route("**/*", route)
            page = ctx.new_page()
            page.goto(base + "index.html", wait_until="commit")
            page.wait_for_function(SETTLED, timeout=150_000, polling=100)
            assert page.evaluate("document.documentElement.dataset.engine") == "ready", \
                page.evaluate("document.getElementById('boot-error')?.textContent")
            info = page.evaluate("""async () => {
                const { engine } = await import("./app/engine-client.js");
                return await engine.call({ op: "info" });
            }""")
            assert info["ok"] is True and info["engine_version"]
            assert page.evaluate("document.getElementById('boot').hidden") is True
            page.evaluate("async () => { await navigator.serviceWorker.ready; }")
            page.wait_for_timeout(1000)
            httpd.shutdown()  # the server is gone: everything must come from the service worker now
            page.reload(wait_until="commit")
            page.wait_for_function(SETTLED, timeout=150_000, polling=100)
            assert page.evaluate("document.documentElement.dataset.engine") == "ready"
        finally:
            ctx.close()
    assert outside == []
