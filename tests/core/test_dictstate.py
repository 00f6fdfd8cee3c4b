"""DictState, the shared base of the dict-held games: caching, copies, JSON comparison and checked loading."""

from __future__ import annotations

from typing import Any

import pytest

import pyengine
from pyengine.core.api import JSON, Action, Outcome
from pyengine.core.dictstate import Data, DictState
from pyengine.core.errors import IllegalActionError, SaveFormatError

CALLS: dict[str, int] = {"to_move": 0, "legal": 0}


def _to_move(d: Data) -> list[int]:
    CALLS["to_move"] += 1
    return [] if d["left"] <= 0 else [d["turn"]]


def _legal(d: Data, seat: int) -> list[Action]:
    CALLS["legal"] += 1
    return [Action.make("take", n=str(n)) for n in (1, 2) if n <= d["left"]] if seat == d["turn"] else []


def _apply(d: Data, seat: int, action: Action) -> None:
    d["left"] -= int(action.get("n") or 0)
    d["log"].append(f"{seat}:{action.get('n')}")
    d["turn"] = 1 - seat


class Countdown(DictState):
    """A toy two-seat game: take 1 or 2 from a pile in turn (enough to exercise the base)."""

    FORMAT = "countdown.state/1"
    KEYS = ("left", "turn", "log", "epoch")
    TITLE = "Countdown"
    rules_to_move = staticmethod(_to_move)
    rules_legal = staticmethod(_legal)
    rules_apply = staticmethod(_apply)

    def is_terminal(self) -> bool:
        return int(self.d["left"]) <= 0

    def outcome(self) -> Outcome | None:
        return None

    def view(self, seat: int | None) -> JSON:
        return {"left": self.d["left"]}

    def resample(self, seat: int, seed: int) -> Countdown:
        return self.clone()


def fresh(**data: Any) -> Countdown:
    """Return a Countdown position (a real game object stands in; the toy never parses text)."""
    d: Data = {"left": 5, "turn": 0, "log": [], "epoch": 0, **data}
    return Countdown(pyengine.load_game("jump_drive"), d)


def test_movers_and_legal_actions_are_computed_once_per_position() -> None:
    """The rules functions run once per position; applying an action forgets the cache."""
    s = fresh()
    CALLS.update(to_move=0, legal=0)
    for _ in range(3):
        assert s.to_move() == frozenset({0})
        assert s.legal_actions(0) == [Action.make("take", n="1"), Action.make("take", n="2")]
    assert CALLS == {"to_move": 1, "legal": 1}
    s.apply(0, Action.make("take", n="2"))
    assert s.to_move() == frozenset({1}) and s.d["left"] == 3
    assert CALLS == {"to_move": 2, "legal": 1}


def test_legal_actions_returns_a_copy_of_the_cache() -> None:
    """Changing the returned list does not change what is legal."""
    s = fresh(left=1)
    s.legal_actions(0).clear()
    assert s.is_legal(0, Action.make("take", n="1"))
    with pytest.raises(IllegalActionError):
        s.apply(0, Action.make("take", n="2"))


def test_to_json_clone_and_equals_json() -> None:
    """to_json adds the format; clones and loaded copies never share data; equals_json compares field by field."""
    s = fresh()
    data = s.to_json()
    assert data == {"left": 5, "turn": 0, "log": [], "epoch": 0, "format": "countdown.state/1"}
    c = s.clone()
    c.apply(0, Action.make("take", n="1"))
    assert s.equals_json(data) and not c.equals_json(data)
    assert not s.equals_json({**data, "extra": 1}) and not s.equals_json({**data, "format": "x"})
    loaded = Countdown(s.game, Countdown.load_data(data))
    loaded.d["log"].append("x")
    assert data["log"] == [] and s.epoch() == 0


@pytest.mark.parametrize(("data", "message"), [
    ([1, 2], "not a saved Countdown state"),
    ({"format": "other/1"}, "not a saved Countdown state"),
    ({"format": "countdown.state/1", "left": 1}, "lacks fields"),
    ({"format": "countdown.state/1", "left": 1, "turn": 0, "log": [object()], "epoch": 0}, "not JSON data"),
])
def test_load_data_refuses_bad_saves(data: Any, message: str) -> None:
    """A foreign, incomplete or non-JSON save raises SaveFormatError naming the problem."""
    with pytest.raises(SaveFormatError, match=message):
        Countdown.load_data(data)
