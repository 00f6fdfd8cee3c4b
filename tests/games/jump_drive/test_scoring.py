"""Seed notes item 8: VP and income formulas, 'per' and 'with' terms, and terms on another empire."""

from __future__ import annotations

from pyengine.games.jump_drive.empire import card_income, card_vp, income, military

from .helpers import inst, play, position, texts


def test_item8_per_terms_count_every_duplicate() -> None:
    """Consumer Markets gives +1 VP and +1 income per blue world: two Gem Worlds give 2 and 2."""
    emp = [inst("consumer_markets"), inst("gem_world"), inst("gem_world", 1)]
    assert card_vp(emp[0], emp, None, []) == 2
    assert card_income(emp[0], emp, []) == 2


def test_item8_with_bonus_does_not_grow_with_copies() -> None:
    """Asteroid Belt gets +1 income with Mining Robots, and no more with two Mining Robots."""
    one = [inst("asteroid_belt"), inst("mining_robots")]
    two = [*one, inst("mining_robots", 1)]
    assert card_income(one[0], one, []) == 3
    assert card_income(two[0], two, []) == 3


def test_item8_every_card_scores_every_round_including_new_ones() -> None:
    """A card placed this round scores in this round's scoring."""
    gw = inst("terraformed_world")
    hand = [gw] + [inst("asteroid_belt", i) for i in range(3)] + [inst("gem_world"), inst("gem_world", 1)]
    s = position(hands=[hand, [inst("comet_zone")]])
    play(s, 0, f"place world={gw}")
    play(s, 1, "explore")
    while s.d.phase == "pay":
        for seat in sorted(s.to_move()):
            play(s, seat, str(s.legal_actions(seat)[0]))
    assert s.d.vp[0] == 5


def test_item8_other_empire_term_is_chosen_by_the_owner_in_three_players() -> None:
    """Galactic Federation (+1 VP per development in one other empire) lets its owner pick the empire."""
    gf = inst("galactic_federation")
    s = position(players=3, hands=[[inst("gem_world")], [inst("comet_zone")], [inst("asteroid_belt")]],
                 empires=[[gf], [inst("investment_credits")],
                          [inst("space_marines"), inst("drop_ships"), inst("mining_robots")]])
    for seat in range(3):
        play(s, seat, "explore")
    while s.d.phase == "pay":
        for seat in sorted(s.to_move()):
            play(s, seat, str(s.legal_actions(seat)[0]))
    assert s.d.phase == "score_choice" and s.to_move() == frozenset({0})
    assert texts(s, 0) == [f"score_against card={gf} seat=1", f"score_against card={gf} seat=2"]
    play(s, 0, f"score_against card={gf} seat=2")
    assert s.d.vp[0] == 2 * 1 + 3  # own development (itself) 2 VP, plus 3 developments of seat 2


def test_item8_other_empire_term_is_automatic_with_two_players() -> None:
    """With two players the only other empire is used without asking."""
    gf = inst("galactic_federation")
    s = position(hands=[[inst("gem_world")], [inst("comet_zone")]],
                 empires=[[gf], [inst("investment_credits"), inst("drop_ships")]])
    play(s, 0, "explore")
    play(s, 1, "explore")
    while s.d.phase == "pay":
        for seat in sorted(s.to_move()):
            play(s, seat, str(s.legal_actions(seat)[0]))
    assert s.d.phase != "score_choice"
    assert s.d.vp[0] == 2 + 2


def test_item8_trade_pact_income_needs_another_trade_pact() -> None:
    """Trade Pact's +1 income counts only while another empire also holds a Trade Pact."""
    mine = [inst("trade_pact")]
    assert income(mine, [[inst("gem_world")]]) == 1
    assert income(mine, [[inst("trade_pact", 1)]]) == 2


def test_item8_uplift_mercenaries_adds_military_per_chromosome() -> None:
    """Uplift Mercenaries: +1 military (and +1 income) for each chromosome icon in the empire."""
    emp = [inst("uplift_mercenaries"), inst("lifeforms_inc"), inst("insect_uplift_race")]
    assert military(emp) == 3
    assert card_income(emp[0], emp, []) == 3


def test_item8_survey_hq_counts_every_two_eyes() -> None:
    """Survey HQ: +1 VP per 2 eye icons, rounded down (5 eyes give 2)."""
    emp = [inst("survey_hq"), inst("galactic_salon"), inst("colony_convoy")]  # 2 + 2 + 1 eyes
    assert card_vp(emp[0], emp, None, []) == 2
