"""Determinism: the same seed and actions give byte-identical state JSON, whatever the hash seed."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pyengine
from pyengine.bridge import selftest

SNIPPET = ("import json, pyengine.bridge as b; "
           "print(json.dumps([b.selftest(g, 5, p) for g in __import__('pyengine').games() "
           "for p in range(__import__('pyengine').load_game(g).info.min_players, "
           "__import__('pyengine').load_game(g).info.max_players + 1)]))")


def _run(hashseed: str) -> list[dict[str, object]]:
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    out = subprocess.run([sys.executable, "-c", SNIPPET], capture_output=True, text=True, env=env, check=True,
                         cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    result: list[dict[str, object]] = json.loads(out.stdout)
    return result


def test_same_seed_same_json_across_hash_seeds() -> None:
    """Rules code never depends on set or dict hash order: two interpreters with other hash seeds agree."""
    a, b = _run("0"), _run("4242")
    assert a == b
    counts = [pyengine.load_game(g).info for g in pyengine.games()]
    assert len(a) == sum(i.max_players - i.min_players + 1 for i in counts)


def test_selftest_is_repeatable_in_process() -> None:
    """The selftest digest (also computed inside Pyodide by the browser check) is stable in one process."""
    assert selftest("jump_drive", 9, 2) == selftest("jump_drive", 9, 2)


def test_games_function_survives_importing_game_subpackages() -> None:
    """``pyengine.games()`` stays the registry function after ``pyengine.games.<id>`` modules are imported."""
    import importlib

    for gid in pyengine.games():
        importlib.import_module(f"pyengine.games.{gid}.rules")
    assert callable(pyengine.games) and "jump_drive" in pyengine.games()
