"""Suite-wide: how the parallel run (``python build.py test``, pytest-xdist) shares the tests out among workers.

The browser tests share one page and one served ``dist/`` per worker and run in order, so they go to workers in two
fixed groups (``BROWSER_GROUPS``): each group runs whole, in file-name order, in one worker with its own browser,
server and page, and the two groups run side by side. Every other module goes to one worker whole, so its cached
games are made once. The split is made by our own scheduler from each test's id, not by ``xdist_group`` marks: with
pytest 9.2, xdist's ``--dist loadgroup`` silently stopped grouping (pytest-dev/pytest-xdist#1386), and the browser
tests, split over two workers, failed in CI.
"""

from __future__ import annotations

from typing import Any

import pytest

BROWSER_GROUPS = {
    "browser-1": ("tests/browser/test_bots.py", "tests/browser/test_glance.py", "tests/browser/test_play.py",
                  "tests/browser/test_shell.py", "tests/browser/test_languages.py"),
    "browser-2": ("tests/browser/test_ares.py", "tests/browser/test_bts.py", "tests/browser/test_embed.py",
                  "tests/browser/test_embed_lessons.py", "tests/browser/test_embed_storage.py",
                  "tests/browser/test_embed_layout.py",
                  "tests/browser/test_instant_start.py", "tests/browser/test_deploys.py",
                  "tests/browser/test_replay_screen.py", "tests/browser/test_recorder.py",
                  "tests/browser/test_setup_screen.py", "tests/browser/test_review.py"),
}
"""The browser test modules, in two groups of about equal length (each 8-10 minutes on a busy 2-core machine). A
module missing here joins the first group."""


def scope_of(nodeid: str) -> str:
    """Name the unit of work a test belongs to: its browser group (``BROWSER_GROUPS``), else its module's path."""
    path = nodeid.split("::", 1)[0]
    if path.startswith("tests/browser/"):
        return next((group for group, modules in BROWSER_GROUPS.items() if path in modules), "browser-1")
    return path


@pytest.fixture
def unit_of_work(request: pytest.FixtureRequest) -> str:
    """The unit of work (``scope_of``) the requesting test belongs to."""
    return scope_of(request.node.nodeid)


class ModuleScheduler:
    """A pytest-xdist plugin that hands out whole units of work (see ``scope_of``) to the workers."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_xdist_make_scheduler(self, config: pytest.Config, log: Any) -> Any:
        """Make xdist's load-scope scheduler, with our units of work in place of its modules and classes, handed out
        in collection order (browser groups first, see ``pytest_collection_modifyitems``)."""
        from xdist.scheduler import LoadScopeScheduling

        config.option.loadscopereorder = False  # xdist would otherwise order the units by their number of tests

        class Scheduler(LoadScopeScheduling):
            def _split_scope(self, nodeid: str) -> str:
                return scope_of(nodeid)

        return Scheduler(config, log)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the browser groups first, in their order: they are the longest units of work, so a parallel
    run starts them at once, one per worker, and the other modules fill the workers beside and after them."""
    groups = list(BROWSER_GROUPS)

    def key(item: pytest.Item) -> int:
        scope = scope_of(item.nodeid)
        return groups.index(scope) if scope in BROWSER_GROUPS else len(groups)

    items.sort(key=key)  # a stable sort keeps each module's own order


def pytest_configure(config: pytest.Config) -> None:
    """Install the scheduler when pytest-xdist is there (a plain ``pytest`` run needs none)."""
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(ModuleScheduler(), "pyengine-module-scheduler")
