"""Helpers of the embed tests: a rules article served on another origin, and the shipped lessons."""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import socketserver
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ui_driver import boot, go_home, new_game

LESSONS = Path(__file__).resolve().parents[2] / "web" / "lessons"
BOOT_MS = 120_000
RIGHT_JS = "document.querySelector('[data-testid=lesson-feedback]').classList.contains('right')"
STATE_JS = "['ready', 'error'].includes(document.documentElement.dataset.embed)"


def lesson(name: str, lang: str | None = "en") -> dict[str, Any]:
    """A shipped lesson's JSON, every text (format 3: one per language) in ``lang`` (None: the file as it is)."""
    from pyengine.lessons import text_fields, text_in

    data: dict[str, Any] = json.loads((LESSONS / f"{name}.json").read_text(encoding="utf-8"))
    if lang is not None:
        for _, holder, key, _ in text_fields(data):
            holder[key] = text_in(holder[key], lang)
    return data


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


@contextlib.contextmanager
def served(folder: Path, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve a folder on a free port of this machine (another origin than the app's); yield its address, with
    ``host`` as the name in it (``localhost`` makes it another site too)."""
    httpd = socketserver.ThreadingTCPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://{host}:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


def app_new_game(page: Any, server: Any, game: str, seed: int) -> None:
    """Start a game in the app on the shared page, booting the app first when the page is elsewhere or left in
    another language (the pseudo-language of an earlier test on this worker): links made there carry no ?lang=."""
    if (not page.url.startswith(server.url) or "lang=" in page.url
            or page.evaluate("document.documentElement.dataset.ui") != "ready"):
        boot(page, server.url)
    go_home(page)
    page.select_option("[data-testid=game-select]", game)
    new_game(page, seed=seed)
