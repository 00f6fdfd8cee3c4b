"""Adding a game needs only its package and one line: the tiny game (``tests/fixtures/tiny_game``, Take the Last)
is registered by ``registry.add_packages``, the path ``pyengine/__init__.py`` gives the built-in list
(``pyengine.games.GAMES``), and then it is a game like the others: listed, loaded, checked by the conformance
suite, and played to the end through the bridge's JSON ops, bots included.

Each check runs in a fresh interpreter, so that this test process's registry and message tables keep only the
built-in games (other tests compare them with the built site).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from pyengine.bridge import handle
from pyengine.core.registry import add_packages

ROOT = Path(__file__).resolve().parents[1]
GAME = "tiny_game"
REGISTER = "from tests.test_new_game import register; register(); "


def register() -> None:
    """Register the tiny game as one more id of a list of game packages, exactly as the built-in list is."""
    add_packages("tests.fixtures", (GAME,))


def in_fresh_interpreter(code: str) -> subprocess.CompletedProcess[str]:
    """Run Python code in a new interpreter at the repository's root (where the tiny game can be registered)."""
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          check=False)


def call(request: dict[str, Any]) -> dict[str, Any]:
    """Send one request through the bridge's JSON door and return its answer, which must be ok."""
    answer: dict[str, Any] = json.loads(handle(json.dumps(request)))
    assert answer.pop("ok") is True, (request, answer)
    return answer


def play_through_the_bridge() -> None:
    """Play Take the Last through ``bridge.handle`` (where it is registered): listed by ``info``, every decision
    with labelled actions, a prompt and a summary, a log in catalog texts, an outcome; then a save, a position code
    and an all-bot game."""
    assert GAME in [g["id"] for g in call({"op": "info"})["games"]]
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    snap = call({"op": "new_match", "game": GAME, "players": 2, "seed": 1, "seats": seats, "viewer": 0})
    mid = snap["match"]
    taken = []
    while not snap["terminal"]:
        seat = snap["to_move"][0]
        snap = call({"op": "state", "match": mid, "viewer": seat})
        decision = snap["decision"]
        assert decision["prompt_msg"]["id"].startswith("tiny.prompt.") and decision["prompt"]
        assert all(a["msg"]["id"].startswith("tiny.act.") and a["label"].startswith("Take") for a in
                   decision["actions"]), decision["actions"]
        assert snap["view"]["summary"][0]["title"]["id"] == "tiny.summary.pile"
        action = decision["actions"][-1]["a"]  # always the most counters: 2, 2, 2, then the last 1
        taken.append(action)
        snap = call({"op": "submit", "match": mid, "seat": seat, "action": action, "viewer": 0})
    assert taken == ["take n=2", "take n=2", "take n=2", "take n=1"]
    assert snap["outcome"]["winners"] == [1] and snap["outcome"]["scores"] == [0, 1]
    assert [line["id"] for line in snap["log"]] == ["tiny.log.takes_many"] * 3 + ["tiny.log.wins"]
    save = call({"op": "save", "match": mid})["save"]
    assert call({"op": "load", "save": save, "viewer": 0})["outcome"] == snap["outcome"]
    start = call({"op": "new_match", "game": GAME, "players": 2, "seed": 2, "seats": seats, "viewer": 0})
    call({"op": "submit", "match": start["match"], "seat": 0, "action": "take n=1", "viewer": 0})
    code = call({"op": "code", "match": start["match"]})["code"]
    assert call({"op": "new_from_code", "code": code, "viewer": 1})["view"]["pile"] == 6
    for level in ("easy", "normal", "hard", "expert"):
        bots = [{"name": "Bot A", "kind": level}, {"name": "Bot B", "kind": "random"}]
        match = call({"op": "new_match", "game": GAME, "players": 2, "seed": 3, "seats": bots, "viewer": None})
        end = call({"op": "bots", "match": match["match"], "viewer": None})
        assert end["terminal"] and end["outcome"]["winners"], (level, end)


def test_the_registry_lists_no_test_game_in_this_process() -> None:
    """Registering the tiny game is always done in a fresh interpreter: here the registry knows the built-in
    list only."""
    assert GAME not in [g["id"] for g in call({"op": "info"})["games"]]


def test_a_registered_tiny_game_is_listed_and_plays_to_the_end_through_the_bridge() -> None:
    """A new game joins by its package and one id in a list of packages: ``games()``, ``load_game`` and the
    bridge's ops (new_match, state, submit, save, load, code, new_from_code, bots) all serve it."""
    proc = in_fresh_interpreter(
        REGISTER + "import pyengine; from tests.test_new_game import play_through_the_bridge; "
        "assert pyengine.games() == ['ares_expedition', 'beyond_the_sun', 'jump_drive', 'tiny_game'], "
        "pyengine.games(); assert pyengine.load_game('tiny_game').info.name == 'Take the Last'; "
        "play_through_the_bridge(); print('played')")
    assert proc.returncode == 0 and "played" in proc.stdout, proc.stdout + proc.stderr


def test_a_registered_tiny_game_passes_the_conformance_suite() -> None:
    """The conformance suite (tests/conformance/test_api.py) takes in every registered game: each of its checks
    of one game at one player count passes for the tiny game once it is registered."""
    proc = in_fresh_interpreter(
        REGISTER + "import sys, pytest; sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', '-p', 'no:xdist', "
        f"'tests/conformance/test_api.py', '-k', '{GAME} or games_lists or stays_callable']))")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    passed = re.search(r"(\d+) passed", proc.stdout)
    assert passed is not None and int(passed.group(1)) >= 20, proc.stdout
