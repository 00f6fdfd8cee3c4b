"""Browser end-to-end fixtures: build dist/ once, serve it on 127.0.0.1, drive headless Debian Chromium.

Every request to a host other than 127.0.0.1 is aborted, and the test that caused it fails.
Set PYENGINE_SKIP_BUILD=1 to reuse an existing dist/ (faster local iterations).
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import socket
import socketserver
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

import pytest

from buildkit.headers import headers_for

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BOOT_TIMEOUT_MS = 120_000


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
    }

    def __init__(self, *args, directory: str | None = None, **kwargs):
        super().__init__(*args, directory=directory or str(DIST), **kwargs)

    def log_message(self, *args):  # keep test output quiet
        pass

    def end_headers(self):
        """Send netlify.toml's headers for the path (its framing and content policies), as the deployed site does."""
        path = urllib.parse.unquote(self.path.split("?", 1)[0].split("#", 1)[0])
        for name, value in headers_for("/index.html" if path == "/" else path).items():
            if name not in ("Cache-Control", "Content-Type"):
                self.send_header(name, value)
        super().end_headers()


class _Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


class StaticServer:
    """dist/ (or another built site) on a fixed 127.0.0.1 port that can be stopped and started again (same origin for
    the SW)."""

    def __init__(self, dist: Path = DIST) -> None:
        self.dist = dist
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.httpd: _Server | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        if self.httpd is None:
            self.httpd = _Server(("127.0.0.1", self.port), functools.partial(Handler, directory=str(self.dist)))
            threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self.httpd is not None:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None


_CLAIMED: set[str] = set()  # the browser groups this worker has claimed


@pytest.fixture(autouse=True)
def _one_worker_per_browser_group(unit_of_work: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Fail loudly if a parallel run shares a browser group out among workers: its tests share one page, in order.

    The first worker to run a test of a group (tests/conftest.py ``BROWSER_GROUPS``) claims the group in a file in the
    run's shared temporary folder; any other worker that runs one of its tests fails.
    """
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    group = unit_of_work
    if not worker or group in _CLAIMED:
        return
    claim = tmp_path_factory.getbasetemp().parent / f"{group}-worker"
    try:
        fd = os.open(claim, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        owner = ""
        for _ in range(50):  # the claiming worker writes its name right after creating the file
            owner = claim.read_text()
            if owner:
                break
            time.sleep(0.1)
        assert owner == worker, (f"the browser tests of {group} run in workers {owner} and {worker}: the suite's "
                                 "scheduler (tests/conftest.py) did not keep them together")
    else:
        with os.fdopen(fd, "w") as out:
            out.write(worker)
    _CLAIMED.add(group)


@pytest.fixture(scope="session")
def dist() -> Path:
    if os.environ.get("PYENGINE_SKIP_BUILD") != "1" or not (DIST / "index.html").exists():
        subprocess.run([sys.executable, "build.py"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    assert (DIST / "index.html").exists(), "python build.py did not produce dist/index.html"
    return DIST


@pytest.fixture(scope="session")
def server(dist):
    srv = StaticServer()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def blocked() -> list[str]:
    return []


@pytest.fixture(scope="session")
def pw():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian chromium is not installed at /usr/bin/chromium")
    driver = sync_api.sync_playwright().start()
    yield driver
    driver.stop()


def _launch(pw, blocked, **options):
    """A persistent Chromium context with its own empty profile; every host but 127.0.0.1 is blocked."""
    profile = tempfile.mkdtemp(prefix="pyengine-e2e-")
    ctx = pw.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, headless=True, args=FLAGS, accept_downloads=True, **options)

    def route(r):
        if urllib.parse.urlsplit(r.request.url).hostname == "127.0.0.1":
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort("blockedbyclient")

    ctx.route("**/*", route)
    return ctx, profile


@pytest.fixture(scope="session")
def context(pw, server, blocked):
    ctx, profile = _launch(pw, blocked, viewport={"width": 1400, "height": 1000})
    yield ctx
    ctx.close()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="session")
def phone(pw, server, blocked):
    """A touch phone at 390x844 (its own profile, so its saves are its own)."""
    ctx, profile = _launch(pw, blocked, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                           device_scale_factor=1)
    pg = ctx.new_page()
    pg.set_default_timeout(30_000)
    yield pg
    ctx.close()
    shutil.rmtree(profile, ignore_errors=True)


class PageState:
    """Console errors and dialogs seen by the shared page."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.dialogs: list[str] = []


@pytest.fixture(scope="session")
def page_state() -> PageState:
    return PageState()


@pytest.fixture(scope="session")
def page(context, page_state):
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    pg.on("pageerror", lambda e: page_state.errors.append(f"pageerror: {e}"))

    def on_dialog(d):
        page_state.dialogs.append(d.message)
        d.dismiss()

    pg.on("dialog", on_dialog)
    return pg


@pytest.fixture(autouse=True)
def _no_foreign_requests(request, blocked):
    before = len(blocked)
    yield
    if "browser" in request.keywords:
        leaked = blocked[before:]
        assert not leaked, f"requests to hosts other than 127.0.0.1 were made (and blocked): {leaked}"


SCREENSHOTS = ROOT / "test-results" / "screenshots"


@pytest.fixture(scope="session")
def shots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed and "page" in item.fixturenames:
        try:
            pg = item.funcargs["page"]
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            pg.screenshot(path=str(SCREENSHOTS / f"FAILED-{item.name}.png"), full_page=True)
            notes = pg.eval_on_selector_all(
                "[data-testid=notices] .notice", "els => els.map(e => e.textContent)"
            )
            report.sections.append(("page notices", "\n".join(notes)))
        except Exception as exc:
            report.sections.append(("screenshot", f"failed: {exc}"))
