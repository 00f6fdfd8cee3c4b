"""Write PNGs of the key screens (``python build.py screenshots``) by running tests/browser/screenshots.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .common import DIST, ROOT

SCREENS = ROOT / "docs" / "screens"
"""Where the screenshots go."""


def take_screenshots(dist: Path = DIST, out: Path = SCREENS) -> int:
    """Take every screenshot of the built site in dist/ into out/; return the script's exit status."""
    script = ROOT / "tests" / "browser" / "screenshots.py"
    cmd = [sys.executable, str(script), "--dist", str(dist), "--out", str(out)]
    return subprocess.run(cmd, cwd=ROOT).returncode
