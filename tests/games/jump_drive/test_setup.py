"""Setup: the opening deal of 7 and the simultaneous hidden choice of 5 to keep."""

from __future__ import annotations

import pyengine
from pyengine.core.match import Match

from .helpers import GAME, play, texts


def test_opening_deals_seven_and_keeps_five_by_hidden_simultaneous_choice() -> None:
    """Each seat gets 7 cards; both choose 2 to discard at once; a choice stays hidden until all chose."""
    s = GAME.new_initial_state(seed=11, players=2)
    assert [len(h) for h in s.d.hands] == [7, 7]  # type: ignore[attr-defined]
    assert s.to_move() == frozenset({0, 1})
    assert len(texts(s, 0)) == 21  # C(7, 2)
    first = texts(s, 0)[0]
    play(s, 0, first)
    assert s.to_move() == frozenset({1})
    assert "plan" not in s.view(1)["players"][0] and s.view(1)["players"][0]["status"] == "ready"
    assert s.view(0)["players"][0]["plan"]["discard"] == first.split("=")[1].split(",")
    play(s, 1, texts(s, 1)[0])
    assert [len(h) for h in s.d.hands] == [5, 5] and s.d.phase == "plan"  # type: ignore[attr-defined]


def test_opening_choice_can_be_changed_until_the_last_seat_commits() -> None:
    """Before the other seat commits, a seat may take back its hidden choice (undo) and choose again."""
    m = Match.new("jump_drive", seed=5, players=2)
    a, b = m.state.legal_actions(0)[0], m.state.legal_actions(0)[1]
    m.apply(0, a)
    m.undo(0)
    m.apply(0, b)
    assert m.state.to_move() == frozenset({1})


def test_same_seed_same_game() -> None:
    """Determinism: the same seed and actions give byte-identical JSON."""
    def run() -> str:
        st = pyengine.load_game("jump_drive").new_initial_state(seed=99, players=3)
        for _ in range(40):
            if st.is_terminal():
                break
            seat = min(st.to_move())
            st.apply(seat, st.legal_actions(seat)[-1])
        return str(st)
    assert run() == run()
