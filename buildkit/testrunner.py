"""Run every check on a fresh build (``python build.py test``): ruff, mypy --strict, then the whole pytest suite."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

from .common import ROOT, log

TEST_TOOLS = {"pytest": "pytest", "xdist": "pytest-xdist", "playwright": "playwright", "mypy": "mypy", "ruff": "ruff"}
"""The test tools, by module name and the package that installs it."""
TYPED_PATHS = ["pyengine", "build.py", "buildkit", "benchmarks"]
"""What mypy --strict checks."""


def run_tests(pytest_args: list[str]) -> int:
    """Run every check on a fresh build: ruff, mypy --strict, then the whole pytest suite (browser included)."""
    missing = [pkg for module, pkg in TEST_TOOLS.items() if importlib.util.find_spec(module) is None]
    if missing:
        log(f"installing test tools: {' '.join(missing)}")
        subprocess.run([sys.executable, "-m", "pip", "install", *missing], check=True)
    checks = [
        [sys.executable, "-m", "ruff", "check", "."],
        [sys.executable, "-m", "mypy", *TYPED_PATHS],
    ]
    failed = []
    for cmd in checks:
        log("$ " + " ".join(cmd[2:]))
        if subprocess.run(cmd, cwd=ROOT).returncode != 0:
            failed.append(cmd[2])
    log("static checks passed" if not failed else f"static checks FAILED: {', '.join(failed)}")
    # pytest runs last, so its summary line ("N passed ...") is the last line of the output.
    # Two or more workers: the browser tests (two groups, each in order in one worker, see tests/conftest.py) run
    # side by side, and the rest fills in beside and after them.
    # dist/ was just built, so the browser fixtures serve it as is.
    # -rs lists every skipped test with its reason (a missing optional tool, such as Ray, is said, not hidden).
    args = ["-n", str(min(4, max(2, os.cpu_count() or 2))), "-rs", *pytest_args]
    log("$ pytest " + " ".join(args))
    env = {**os.environ, "PYENGINE_SKIP_BUILD": "1"}
    code = subprocess.run([sys.executable, "-m", "pytest", *args], cwd=ROOT, env=env).returncode
    return 1 if failed or code != 0 else 0
