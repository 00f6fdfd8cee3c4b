"""Serve dist/ on 127.0.0.1 as the host serves it: netlify.toml's headers, text gzip-compressed, connections kept
open (``python build.py serve``; the benchmarks serve with the same handler)."""

from __future__ import annotations

import contextlib
import gzip
import http.server
import socketserver
import sys
from collections.abc import Callable
from pathlib import Path

from .common import DIST
from .headers import headers_for

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/x-python",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".css": "text/css",
    ".html": "text/html",
}
"""The Content-Type the local server sends for each file suffix (the base class guesses the others)."""

COMPRESSED_TYPES = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".py", ".txt"}
"""What ``serve`` sends gzip-compressed: the text types a CDN (Netlify's included) compresses; not the wasm, the
zipped standard library or the wheel."""


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Serve dist/ with the right MIME types; the base class answers If-Modified-Since with 304."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    # Keep-alive, as any real host (Netlify speaks HTTP/2): the base class's HTTP/1.0 opens a connection a request.
    protocol_version = "HTTP/1.1"

    def end_headers(self) -> None:
        """Add netlify.toml's headers for the path, and Cache-Control: no-cache so the browser always revalidates
        (the SW does offline caching)."""
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        for name, value in headers_for("/index.html" if path == "/" else path).items():
            if name not in ("Cache-Control", "Content-Type"):  # set below / by the base class from MIME_TYPES
                self.send_header(name, value)
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Log one line per request to stderr."""
        sys.stderr.write(f"[serve] {format % args}\n")

    def do_GET(self) -> None:
        """Serve a text file gzip-compressed when the browser accepts it, as the host's CDN does; else as is."""
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?", 1)[0].split("#", 1)[0].endswith("/"):
                super().do_GET()  # the base class redirects to the folder's address with its "/"
                return
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        revalidating = self.headers.get("If-Modified-Since")  # the base class answers it (304)
        if not (accepts and path.suffix in COMPRESSED_TYPES and path.is_file()) or revalidating:
            super().do_GET()
            return
        body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.end_headers()
        self.wfile.write(body)


def serve(port: int, dist: Path = DIST) -> None:
    """Serve dist/ on http://127.0.0.1:port/ until interrupted (text gzip-compressed, as a CDN serves it)."""
    handler: Callable[..., StaticHandler] = lambda *a, **k: StaticHandler(*a, directory=str(dist), **k)  # noqa: E731
    socketserver.ThreadingTCPServer.allow_reuse_address = True
    with socketserver.ThreadingTCPServer(("127.0.0.1", port), handler) as httpd:
        httpd.daemon_threads = True
        print(f"serving {dist} at http://127.0.0.1:{httpd.server_address[1]}/ (Ctrl-C to stop)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            httpd.serve_forever()
