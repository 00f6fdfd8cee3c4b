"""Suite-wide: how the parallel run (``python build.py test``, pytest-xdist) shares the tests out among workers.

The browser tests share one page and one served ``dist/`` and run in order, so they go to one worker together with the
build tests (which build the site too). Every other module goes to one worker whole, so its cached games are made
once. The split is made by our own scheduler from each test's id, not by ``xdist_group`` marks: with pytest 9.2,
xdist's ``--dist loadgroup`` silently stopped grouping (pytest-dev/pytest-xdist#1386), and the browser tests, split
over two workers, failed in CI.
"""

from __future__ import annotations

from typing import Any

import pytest

SERIAL = ("tests/browser/", "tests/test_build.py")
"""Test ids that start so run in one worker, in collection order."""


def scope_of(nodeid: str) -> str:
    """Name the unit of work a test belongs to: "serial" for the browser and build tests, else its module's path."""
    path = nodeid.split("::", 1)[0]
    return "serial" if path.startswith(SERIAL) else path


class ModuleScheduler:
    """A pytest-xdist plugin that hands out whole units of work (see ``scope_of``) to the workers."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_xdist_make_scheduler(self, config: pytest.Config, log: Any) -> Any:
        """Make xdist's load-scope scheduler, with our units of work in place of its modules and classes."""
        from xdist.scheduler import LoadScopeScheduling

        class Scheduler(LoadScopeScheduling):
            def _split_scope(self, nodeid: str) -> str:
                return scope_of(nodeid)

        return Scheduler(config, log)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the browser and build tests first (in their own order): they are the longest unit of work, so a parallel
    run starts them at once and the other modules fill the other workers beside them."""
    items.sort(key=lambda item: scope_of(item.nodeid) != "serial")  # a stable sort keeps each side's order


def pytest_configure(config: pytest.Config) -> None:
    """Install the scheduler when pytest-xdist is there (a plain ``pytest`` run needs none)."""
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(ModuleScheduler(), "pyengine-module-scheduler")
