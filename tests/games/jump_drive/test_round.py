"""Seed notes items 1 and 3: the four choices of a round, payment as a choice, discounts and the Survey Team."""

from __future__ import annotations

import pytest

from pyengine.core.errors import IllegalActionError

from .helpers import inst, pay_all, play, position, texts


def test_item1_development_alone_costs_one_less() -> None:
    """A development placed alone costs 1 fewer card (Consumer Markets, cost 2, pays 1)."""
    cm = inst("consumer_markets")
    s = position(hands=[[cm, inst("comet_zone"), inst("gem_world")], [inst("asteroid_belt")]])
    play(s, 0, f"place dev={cm}")
    play(s, 1, "explore")
    assert s.d.phase == "pay" and s.d.owes[0] == 1
    assert cm in s.d.empires[0]


def test_item1_world_alone_draws_one_card_after_paying() -> None:
    """A world placed alone is paid in full and then its owner draws 1 card, which cannot help pay."""
    gw = inst("gem_world")
    hand = [gw, inst("comet_zone"), inst("asteroid_belt")]
    s = position(hands=[hand, [inst("asteroid_belt", 1)]])
    play(s, 0, f"place world={gw}")
    play(s, 1, "explore")
    assert s.d.owes[0] == 2
    before_draw = list(s.d.hands[0])
    assert len(before_draw) == 2
    pay_all(s, 0)
    pay_all(s, 1)
    # after both finished paying, seat 0 drew exactly 1 card (and income, since the round ended)
    assert any("draws 1 card for placing a world alone" in m[0] for m in s.d.msgs)


def test_item1_development_and_world_pay_full_price_and_draw_nothing() -> None:
    """A development and a world together cost their full prices and draw no card."""
    cm, gw = inst("consumer_markets"), inst("gem_world")
    hand = [cm, gw, inst("comet_zone"), inst("asteroid_belt"), inst("asteroid_belt", 1), inst("ancient_races")]
    s = position(hands=[hand, [inst("asteroid_belt", 2)]])
    play(s, 0, f"place dev={cm} world={gw}")
    play(s, 1, "explore")
    assert s.d.owes[0] == 4
    assert s.d.draw_after[0] == 0


def test_item1_only_one_card_of_each_type_per_round() -> None:
    """No legal action places two developments, or two worlds without a Convoy."""
    devs = [inst("consumer_markets"), inst("space_marines")]
    worlds = [inst("gem_world"), inst("comet_zone")]
    s = position(hands=[devs + worlds + [inst("asteroid_belt")] * 0, []])
    for t in texts(s, 0):
        assert "second=" not in t
        assert t.count("dev=") <= 1 and t.count("world=") <= 1


def test_item1_unaffordable_cards_are_not_legal() -> None:
    """A card whose cost exceeds the other cards in hand cannot be chosen (Terraformed World costs 5)."""
    tw = inst("terraformed_world")
    s = position(hands=[[tw, inst("gem_world")], []])
    assert f"place world={tw}" not in texts(s, 0)
    with pytest.raises(IllegalActionError) as err:
        play(s, 0, f"place world={tw}")
    assert tw in str(err.value)


def test_item3_payment_is_a_choice_of_any_hand_cards() -> None:
    """After the reveal the payer chooses which cards to discard: every hand card is a legal payment."""
    gw = inst("gem_world")
    hand = [gw, inst("comet_zone"), inst("asteroid_belt"), inst("ancient_races")]
    s = position(hands=[hand, [inst("asteroid_belt", 1)]])
    play(s, 0, f"place world={gw}")
    play(s, 1, "explore")
    assert sorted(texts(s, 0)) == sorted(f"pay card={c}" for c in hand[1:])
    play(s, 0, f"pay card={inst('ancient_races')}")
    assert inst("ancient_races") in s.d.discard and s.d.owes[0] == 1


def test_item3_discounts_never_go_below_zero() -> None:
    """Investment Credits on a cost-1 development placed alone still costs 0, never less."""
    s = position(hands=[[inst("genetics_lab")], []], empires=[[inst("investment_credits")], []])
    play(s, 0, f"place dev={inst('genetics_lab')}")
    play(s, 1, "explore")
    assert s.d.owes[0] == 0


def test_item3_survey_team_once_per_game_free_alone() -> None:
    """The Survey Team is placed from the centre once per game; alone it costs 0 (1 - 1)."""
    s = position(hands=[[inst("gem_world")], [inst("comet_zone")]])
    assert "place dev=survey" in texts(s, 0)
    play(s, 0, "place dev=survey")
    play(s, 1, "explore")
    assert s.d.owes[0] == 0 and "survey_team-0" in s.d.empires[0] and s.d.survey_used[0]
    s2 = position(hands=[[inst("gem_world")], []], empires=[["survey_team-0"], []])
    assert "place dev=survey" not in texts(s2, 0)


def test_item3_survey_team_with_a_world_costs_one() -> None:
    """Placed together with a world, the Survey Team costs its full 1 card."""
    gw = inst("gem_world")
    hand = [gw, inst("comet_zone"), inst("asteroid_belt"), inst("ancient_races")]
    s = position(hands=[hand, [inst("asteroid_belt", 1)]])
    play(s, 0, f"place dev=survey world={gw}")
    play(s, 1, "explore")
    assert s.d.owes[0] == 3  # 1 for the Survey Team + 2 for Gem World
