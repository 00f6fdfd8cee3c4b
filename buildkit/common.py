"""Share what every build module needs: the project's paths, the build's error, progress lines and hashes."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
NODE_MODULES = ROOT / "node_modules"

SKIP_NAMES = {"__pycache__", ".DS_Store"}
"""Files and folders never copied from the source tree (caches, desktop litter)."""

DEFAULT_EPOCH = 1704067200
"""Fixed timestamp for every zip entry we write (2024-01-01T00:00:00Z), unless SOURCE_DATE_EPOCH is set."""


class BuildError(Exception):
    """A build input is missing or does not match its pinned hash."""


def log(msg: str) -> None:
    """Print one progress line of the build."""
    print(f"[build] {msg}", flush=True)


def sha256_bytes(data: bytes) -> str:
    """Return the hex sha256 of some bytes."""
    return hashlib.sha256(data).hexdigest()


def check_hash(what: str, actual: str, expected: str) -> None:
    """Fail the build with a clear message when a pinned hash does not match."""
    if actual != expected:
        raise BuildError(
            f"hash mismatch for {what}:\n  expected {expected}\n  actual   {actual}\n"
            "The pinned input changed. If the upgrade is intended, update the hash recorded in buildkit/pins.py."
        )


def source_epoch() -> int:
    """Return the timestamp used for zip entries (SOURCE_DATE_EPOCH or a fixed default)."""
    return int(os.environ.get("SOURCE_DATE_EPOCH", DEFAULT_EPOCH))


def shown(path: Path) -> str:
    """Return a path for messages: relative to the project root when inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
