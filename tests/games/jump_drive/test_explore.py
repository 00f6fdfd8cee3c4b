"""Seed notes item 7: Explore draws 2 + E and discards E from the whole hand (E = empire eyes + 3)."""

from __future__ import annotations

from .helpers import inst, play, position, texts


def test_item7_explore_draws_two_plus_eyes_then_discards_eyes() -> None:
    """With 2 eyes in the empire, E = 5: draw 7 cards, then discard 5, for a net gain of 2."""
    old = [inst("gem_world"), inst("comet_zone")]
    s = position(hands=[list(old), [inst("asteroid_belt")]], empires=[[inst("galactic_salon")], []])  # 2 eyes
    view = s.view(0)
    assert view["explore_preview"] == {"draw": 7, "discard": 5}
    play(s, 0, "explore")
    play(s, 1, "explore")
    assert len(s.d.hands[0]) == 2 + 7 and s.d.owes[0] == 5 and s.d.owe_reason[0] == "explore"


def test_item7_explore_discards_may_be_old_or_new_cards() -> None:
    """The E discards are chosen from the whole hand: the old cards are legal choices too."""
    old = [inst("gem_world"), inst("comet_zone")]
    s = position(hands=[list(old), [inst("asteroid_belt")]])
    play(s, 0, "explore")
    play(s, 1, "explore")
    legal = texts(s, 0)
    for c in old:
        assert f"pay card={c}" in legal
    new = [c for c in s.d.hands[0] if c not in old]
    assert len(new) == 5 and all(f"pay card={c}" in legal for c in new)
    play(s, 0, f"pay card={old[0]}")
    assert old[0] in s.d.discard


def test_item7_explorer_still_scores_and_takes_income() -> None:
    """An explorer scores VP and takes income as usual in that round."""
    s = position(hands=[[inst("gem_world")], [inst("asteroid_belt")]],
                 empires=[[inst("terraformed_world")], []])  # 5 VP, 1 income
    play(s, 0, "explore")
    play(s, 1, "explore")
    while s.d.phase == "pay":
        for seat in sorted(s.to_move()):
            play(s, seat, str(s.legal_actions(seat)[0]))
    assert s.d.vp[0] == 5
    assert s.d.round == 2
