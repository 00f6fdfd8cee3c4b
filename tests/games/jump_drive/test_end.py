"""Seed notes items 2, 9 and 10: the end at 50 VP, tie-breaks, income order, hand limit and reshuffles."""

from __future__ import annotations

from pyengine.core.rng import Rng
from pyengine.games.jump_drive.basics import draw
from pyengine.games.jump_drive.cards import deck_instances
from pyengine.games.jump_drive.scoring import income_order

from .helpers import inst, play, position


def _finish_round(s) -> None:  # type: ignore[no-untyped-def]
    while s.d.phase in ("pay", "hand_limit", "score_choice"):
        for seat in sorted(s.to_move()):
            play(s, seat, str(s.legal_actions(seat)[0]))


def test_item9_game_ends_at_fifty_without_income() -> None:
    """Once anyone has 50+ VP after scoring, the game ends at once: nobody takes income."""
    s = position(hands=[[inst("gem_world")], [inst("comet_zone")]], vp=[48, 10],
                 empires=[[inst("terraformed_world")], [inst("comet_zone", 1)]])
    hand_before = len(s.d.hands[1])
    play(s, 0, "explore")
    play(s, 1, "place dev=survey")
    _finish_round(s)
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None and out.winners == [0] and out.tiebreak == "vp"
    assert len(s.d.hands[1]) == hand_before  # no income drawn


def test_item9_tie_break_cards_in_hand_then_income_then_shared() -> None:
    """Ties at the end go to most cards in hand, then most income, then the tied players share."""
    s = position(hands=[[inst("gem_world")], [inst("comet_zone"), inst("asteroid_belt")]], vp=[50, 50])
    s.d.over, s.d.phase = True, "over"
    out = s.outcome()
    assert out is not None and out.winners == [1] and out.tiebreak == "cards_in_hand"
    s2 = position(hands=[[inst("gem_world")], [inst("comet_zone")]], vp=[55, 55],
                  empires=[[inst("comet_zone", 1)], [inst("gem_world", 1)]])  # income 3 against 2
    s2.d.over, s2.d.phase = True, "over"
    out2 = s2.outcome()
    assert out2 is not None and out2.winners == [0] and out2.tiebreak == "income"
    s3 = position(hands=[[inst("gem_world")], [inst("comet_zone")]], vp=[60, 60])
    s3.d.over, s3.d.phase = True, "over"
    out3 = s3.outcome()
    assert out3 is not None and out3.winners == [0, 1] and out3.tiebreak == "shared"


def test_item2_income_then_hand_limit_of_ten() -> None:
    """Income is drawn first, then anyone above 10 cards discards down to 10."""
    hand = [inst("asteroid_belt", i) for i in range(3)] + [inst("gem_world"), inst("gem_world", 1)] + [
        inst("galactic_trendsetters", i) for i in range(5)]
    s = position(hands=[hand, [inst("ancient_races")]], empires=[[inst("comet_zone")], []])  # income 3
    play(s, 0, "place dev=survey")  # +1 income: 4 cards of income on 10 in hand
    play(s, 1, "explore")
    while s.d.phase == "pay":
        for seat in sorted(s.to_move()):
            play(s, seat, str(s.legal_actions(seat)[0]))
    assert s.d.phase == "hand_limit"
    assert len(s.d.hands[0]) == 14 and s.d.owes[0] == 4 and s.d.owe_reason[0] == "hand_limit"
    _finish_round(s)
    assert len(s.d.hands[0]) == 10 and s.d.round == 2


def test_item10_income_order_most_vp_first_then_clockwise() -> None:
    """Income goes first to the most VP, then clockwise; a VP tie starts closest clockwise of the dealer."""
    s = position(players=4, vp=[10, 20, 30, 5])
    assert income_order(s.d) == [2, 3, 0, 1]
    t = position(players=4, vp=[30, 10, 10, 30])
    assert income_order(t.d) == [3, 0, 1, 2]  # seat 3 is closer clockwise to the dealer (seat 0) than seat 0
    u = position(players=3, vp=[7, 7, 7])
    assert income_order(u.d) == [1, 2, 0]


def test_item10_empty_deck_reshuffles_the_discard_pile() -> None:
    """Drawing from an empty deck shuffles the discard pile into a new deck."""
    s = position(hands=[[], []])
    s.d.deck = [inst("gem_world")]
    s.d.discard = [inst("comet_zone"), inst("comet_zone", 1)]
    s.d.hands[1] = [c for c in deck_instances() if c not in s.d.deck + s.d.discard]
    rng = Rng(1)
    got = draw(s.d, rng, 0, 3)
    assert len(got) == 3 and s.d.discard == [] and s.d.deck == []
    assert sorted(got) == sorted([inst("gem_world"), inst("comet_zone"), inst("comet_zone", 1)])
    assert any("shuffled into a new deck" in m[0] for m in s.d.msgs)
    assert draw(s.d, rng, 0, 1) == []  # both piles empty: the draw is lost
