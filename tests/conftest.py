"""Suite-wide collection: groups for the parallel run (``python build.py test`` runs pytest-xdist with ``--dist
loadgroup``).

The browser tests share one page and one served ``dist/`` and run in order, so they are one group, with the build
tests (which build the site too). Every other module is a group of its own, so its cached games are made once.
"""

from __future__ import annotations

from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
SERIAL = {"browser", "test_build.py"}
"""Top-level test folders and files that run together in one worker, in collection order."""


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each test with its xdist group: "serial" for the browser and build tests, else its module's path."""
    for item in items:
        rel = item.path.resolve().relative_to(TESTS)
        group = "serial" if rel.parts[0] in SERIAL else rel.as_posix()
        item.add_marker(pytest.mark.xdist_group(group))
