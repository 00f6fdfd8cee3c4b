"""Every state and save is JSON that JavaScript reads back exactly (no integer beyond 2**53)."""

from __future__ import annotations

from typing import Any

import pytest

import pyengine
from pyengine.core.match import Match

JS_MAX = 2**53 - 1


def _big_ints(data: Any, path: str = "") -> list[str]:
    if isinstance(data, bool):
        return []
    if isinstance(data, int):
        return [path] if abs(data) > JS_MAX else []
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in _big_ints(v, f"{path}.{k}")]
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in _big_ints(v, f"{path}[{i}]")]
    return []


@pytest.mark.parametrize("game_id", pyengine.games())
def test_saves_hold_only_javascript_safe_numbers(game_id: str) -> None:
    """A save that passed through the page's JSON.parse still loads: no number loses precision."""
    m = Match.new(game_id, seed=2**40 + 7, players=pyengine.load_game(game_id).info.max_players)
    for _ in range(60):
        if m.state.is_terminal():
            break
        seat = min(m.state.to_move())
        m.apply(seat, m.state.legal_actions(seat)[0])
    assert _big_ints(m.to_save()) == []
