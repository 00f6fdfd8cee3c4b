"""The load fuzzer: corrupted real states and saves are refused or load playable, and it finds a planted fault."""

from __future__ import annotations

import pytest

import pyengine
from pyengine.core.api import JSON, State
from pyengine.core.dictstate import DictState
from pyengine.core.registry import load_game
from pyengine.core.rng import Rng
from pyengine.loadfuzz import collect_samples, fuzz_load, mutate

GAMES = ["ares_expedition", "beyond_the_sun", "jump_drive"]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_short_load_fuzz_finds_no_problem(game_id: str) -> None:
    """150 seeded corruptions of real states and saves: each load raises an EngineError or gives a playable state
    (invariants hold, the read API and every legal action on a clone raise nothing)."""
    report = fuzz_load(game_id, 150, seed=11, games_per_config=1, save_depth=40)
    assert report.problems == [], "\n".join(report.problems[:5])
    assert report.mutations == 150
    assert sum(report.rejected.values()) + report.accepted == 150
    assert report.rejected["save/invalid_position"] > 50, report.rejected


def test_mutations_depend_only_on_the_seed_and_their_index() -> None:
    """The same seed and mutation index give the same corrupted data (so a problem can be reproduced alone)."""
    samples = collect_samples("beyond_the_sun", 3, 1, save_depth=20)
    again = collect_samples("beyond_the_sun", 3, 1, save_depth=20)
    assert [s.data for s in samples] == [s.data for s in again]
    first = mutate(samples[5], Rng(99))
    second = mutate(again[5], Rng(99))
    assert first == second


def test_a_loader_without_validation_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """With validation taken out of Beyond the Sun's state_from_json, the fuzzer reports raw errors as problems."""
    game = load_game("beyond_the_sun")
    state_type = type(game.new_initial_state(seed=1, players=2))
    assert issubclass(state_type, DictState)

    def raw_load(self: pyengine.Game, data: JSON) -> State:
        """Load without any check (the planted fault)."""
        return state_type(self, state_type.load_data(data))

    monkeypatch.setattr(type(game), "state_from_json", raw_load)
    report = fuzz_load("beyond_the_sun", 60, seed=2, games_per_config=1, save_depth=20, max_problems=5)
    assert report.problems, "a loader that checks nothing must let the fuzzer find problems"
