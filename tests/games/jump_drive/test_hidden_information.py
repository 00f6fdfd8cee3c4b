"""Hidden information by construction: a seat's view never holds another seat's hand or hidden choice."""

from __future__ import annotations

import json

from .helpers import GAME, play


def test_view_has_no_other_hand_nor_hidden_plan() -> None:
    """Seat 1's view names none of seat 0's hand cards, and shows seat 0's plan only as 'ready'."""
    s = GAME.new_initial_state(seed=21, players=2)
    play(s, 0, str(s.legal_actions(0)[0]))
    play(s, 1, str(s.legal_actions(1)[0]))
    hand0 = list(s.d.hands[0])  # type: ignore[attr-defined]
    plan = next(a for a in s.legal_actions(0) if a.kind == "place")
    play(s, 0, str(plan))
    text = json.dumps(s.view(1))
    assert all(card not in text for card in hand0)
    assert s.view(1)["players"][0]["hand_count"] == len(hand0)
    assert s.view(1)["players"][0]["status"] == "ready"
    assert "rng" not in text and "deck" in s.view(1) and isinstance(s.view(1)["deck"], int)


def test_private_draw_messages_reach_only_their_seat() -> None:
    """'You drew ...' log lines are visible to the drawing seat only."""
    s = GAME.new_initial_state(seed=3, players=2)
    for seat in (0, 1):
        play(s, seat, str(s.legal_actions(seat)[0]))
    play(s, 0, "explore")
    play(s, 1, "explore")
    private = [m for m in s.messages() if m.template.startswith("You drew")]
    assert private and all(m.visible_to in ((0,), (1,)) for m in private)


def test_resampling_hidden_cards_never_changes_a_view() -> None:
    """view(p) is identical after everything hidden from p is redealt (the leak detector)."""
    s = GAME.new_initial_state(seed=8, players=3)
    for step in range(60):
        if s.is_terminal():
            break
        for p in range(3):
            assert s.resample(p, step * 31 + p).view(p) == s.view(p)
        seat = min(s.to_move())
        s.apply(seat, s.legal_actions(seat)[step % len(s.legal_actions(seat))])
