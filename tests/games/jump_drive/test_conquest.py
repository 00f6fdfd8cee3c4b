"""Seed notes items 4 and 5: conquest by military, colour and Rebel military, Contact Specialist, Alien worlds."""

from __future__ import annotations

from .helpers import inst, play, position, texts


def test_item4_military_world_is_conquered_not_paid() -> None:
    """With military >= defense a military world is conquered for 0 cards; without it there is no way."""
    ibf = inst("imperium_blaster_factory")  # defense 3
    weak = position(hands=[[ibf] + [inst("asteroid_belt", i) for i in range(3)], []],
                    empires=[[inst("space_marines")], []], survey_spent=True)
    assert not any(ibf in t for t in texts(weak, 0))
    strong = position(hands=[[ibf], []], empires=[[inst("drop_ships")], []])
    assert f"place world={ibf}" in texts(strong, 0)
    play(strong, 0, f"place world={ibf}")
    play(strong, 1, "explore")
    assert strong.d.owes[0] == 0 and ibf in strong.d.empires[0]


def test_item4_military_only_against_rebels() -> None:
    """Galactic Imperium's +4 counts against Rebel military worlds only."""
    rebel = inst("rebel_underground")  # Rebel, defense 3
    other = inst("imperium_blaster_factory")  # not Rebel, defense 3
    s = position(hands=[[rebel, other], []], empires=[[inst("galactic_imperium")], []])
    t = texts(s, 0)
    assert f"place world={rebel}" in t
    assert f"place world={other}" not in t


def test_item4_military_and_payment_cannot_be_combined() -> None:
    """Military 2 against defense 3 cannot be topped up with cards: the world is not placeable."""
    ibf = inst("imperium_blaster_factory")
    s = position(hands=[[ibf, inst("comet_zone", 0), inst("comet_zone", 1), inst("gem_world")], []],
                 empires=[[inst("space_marines")], []], survey_spent=True)
    assert all(ibf not in t for t in texts(s, 0))


def test_item5_contact_specialist_pays_defense_minus_one() -> None:
    """Contact Specialist places a non-Alien military world as non-military at defense - 1 cards."""
    rb = inst("rebel_outpost")  # defense 5
    hand = [rb] + [inst("asteroid_belt", i) for i in range(3)] + [inst("gem_world")]
    s = position(hands=[hand, [inst("gem_world", 1)]], empires=[[inst("contact_specialist")], []])
    assert f"place how=contact world={rb}" in texts(s, 0)
    play(s, 0, f"place how=contact world={rb}")
    play(s, 1, "explore")
    assert s.d.owes[0] == 4


def test_item5_alien_worlds_must_be_conquered() -> None:
    """An Alien military world can never be paid for via Contact Specialist."""
    ars = inst("alien_robot_sentry")  # Alien, defense 4
    hand = [ars] + [inst("asteroid_belt", i) for i in range(3)] + [inst("gem_world")]
    s = position(hands=[hand, []], empires=[[inst("contact_specialist")], []])
    assert not any(ars in t for t in texts(s, 0))


def test_item5_contact_discounts_option() -> None:
    """Option contact_discounts (default on) lets world discounts lower a Contact Specialist payment."""
    ibf = inst("imperium_blaster_factory")  # brown, defense 3 -> 2 cards, -1 with Mining Robots
    hand = [ibf, inst("comet_zone"), inst("gem_world")]
    emp = [inst("contact_specialist"), inst("mining_robots")]
    on = position(hands=[list(hand), [inst("gem_world", 1)]], empires=[list(emp), []])
    play(on, 0, f"place how=contact world={ibf}")
    play(on, 1, "explore")
    assert on.d.owes[0] == 1
    off = position(hands=[list(hand), [inst("gem_world", 1)]], empires=[list(emp), []],
                   options={"contact_discounts": False})
    play(off, 0, f"place how=contact world={ibf}")
    play(off, 1, "explore")
    assert off.d.owes[0] == 2


def test_item4_military_only_against_one_colour(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A data-only card with military 'against' blue worlds helps conquer blue military worlds only."""
    import copy

    from pyengine.games.jump_drive import cards, empire

    raw = copy.deepcopy(cards.load_raw())
    template = next(c for c in raw["cards"] if c["id"] == "space_marines")
    raw["cards"].append({**template, "id": "blue_raiders", "name": "Blue Raiders", "copies": 1, "in_deck": False,
                         "icons": {"explore": 0, "military": 0, "chromosome": 0},
                         "military_terms": [{"against": {"color": "blue"}, "amount": 3}],
                         "text": "+3 military against blue worlds."})
    types = cards.parse_cards(raw)
    monkeypatch.setattr(cards, "card_types", lambda: types)
    monkeypatch.setattr(empire, "card_types", lambda: types)
    cards.instance_type.cache_clear()
    empire.military_profile.cache_clear()
    try:
        emp = ["blue_raiders-0"]
        assert empire.military(emp) == 0
        assert empire.military(emp, types["pirate_lair"]) == 3  # blue military world, defense 3
        assert empire.military(emp, types["imperium_blaster_factory"]) == 0  # brown
    finally:
        cards.instance_type.cache_clear()
        empire.military_profile.cache_clear()
