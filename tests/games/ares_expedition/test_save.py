"""Ares Expedition states as save data: round trips, independent copies and clear refusals of bad files."""

from __future__ import annotations

import json

import pytest

from pyengine.core.errors import SaveFormatError
from pyengine.core.rng import Rng
from pyengine.games.ares_expedition.state import AresState

from .helpers import new


def _midgame() -> AresState:
    """Return a 2-player game after 60 seeded random actions (log, hands and tableaux all non-empty)."""
    s = new(2, seed=4)
    rng = Rng(11)
    for _ in range(60):
        seat = sorted(s.to_move())[0]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[rng.randbelow(len(legal))])
    return s


def test_state_round_trips_through_json_text() -> None:
    """A saved position reloads equal, and the reloaded one has the same view and legal actions."""
    s = _midgame()
    game = s.game
    text = json.dumps(s.to_json())
    back = game.state_from_json(json.loads(text))
    assert back.equals_json(s.to_json())
    for seat in range(2):
        assert back.view(seat) == s.view(seat)
        assert back.legal_actions(seat) == s.legal_actions(seat)


def test_copies_do_not_share_the_log_or_boards() -> None:
    """to_json, clone and state_from_json give copies: changing one never changes the original."""
    s = _midgame()
    before = s.to_json()
    out = s.to_json()
    out["msgs"].append("{}")
    out["p"][0]["hand"].append("x")
    c = s.clone()
    c.d["msgs"].clear()
    c.d["deck"].clear()
    loaded = s.game.state_from_json(before)
    assert isinstance(loaded, AresState)
    loaded.d["msgs"].pop()
    assert s.equals_json(before)
    assert before["msgs"] and len(before["msgs"]) == len(s.d["msgs"])


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(format="beyond_the_sun.state/1"), "not a saved Ares Expedition state"),
    (lambda d: d.pop("deck"), "lacks fields"),
    (lambda d: d.update(msgs=[{"t": "old"}]), "log that is not a list of texts"),
    (lambda d: d.update(msgs="text"), "log that is not a list of texts"),
    (lambda d: d["p"][0].update(mc=object()), "not JSON data"),
])
def test_bad_saves_are_refused_with_a_clear_message(change: object, message: str) -> None:
    """A foreign, incomplete or corrupt state raises SaveFormatError naming the problem."""
    s = _midgame()
    data = s.to_json()
    change(data)  # type: ignore[operator]
    with pytest.raises(SaveFormatError, match=message):
        s.game.state_from_json(data)
