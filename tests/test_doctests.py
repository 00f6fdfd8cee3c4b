"""The examples in the engine's docstrings run and give the output they show (doctest)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["pyengine", "pyengine.core.api", "pyengine.core.match", "pyengine.core.poscode", "pyengine.bridge"]


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests_pass(name: str) -> None:
    """Every doctest in the module passes, and the module has at least one."""
    module = importlib.import_module(name)
    result = doctest.testmod(module, verbose=False, report=True,
                             optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no doctests"
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctests failed in {name}"
