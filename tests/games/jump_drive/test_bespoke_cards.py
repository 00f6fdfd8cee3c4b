"""The cards whose powers are code, not formula data: one test each (Survey Team is in test_round.py)."""

from __future__ import annotations

from pyengine.games.jump_drive.scoring import war_propaganda

from .helpers import inst, play, position, texts


def test_card_colony_convoy_second_non_military_world_at_two_less() -> None:
    """Colony Convoy: discard it from the empire to place a second non-military world at -2."""
    cc, gw, cz = inst("colony_convoy"), inst("gem_world"), inst("comet_zone")  # costs 2 and 3
    hand = [gw, cz] + [inst("asteroid_belt", i) for i in range(3)]
    s = position(hands=[hand, [inst("ancient_races")]], empires=[[cc], []])
    action = f"place second={cz} world={gw}"
    assert action in texts(s, 0)
    play(s, 0, action)
    play(s, 1, "explore")
    assert s.d.owes[0] == 2 + 1
    assert cc not in s.d.empires[0] and cc in s.d.discard
    assert gw in s.d.empires[0] and cz in s.d.empires[0]
    assert s.d.draw_after[0] == 0  # two worlds are not "one world": no draw (option convoy_world_draw)


def test_card_colony_convoy_not_for_military_worlds() -> None:
    """Colony Convoy's second world must be non-military."""
    cc, gw, rb = inst("colony_convoy"), inst("gem_world"), inst("rebel_underground")
    s = position(hands=[[gw, rb, inst("asteroid_belt"), inst("comet_zone")], []],
                 empires=[[cc, inst("drop_ships")], []])
    seconds = [t for t in texts(s, 0) if "second=" in t]
    assert seconds  # Gem World + Asteroid Belt, etc.
    assert not any(rb in t for t in seconds)


def test_card_military_convoy_second_conquest_with_leftover_military() -> None:
    """Military Convoy: a second military world is conquered with the military left after the first."""
    mc = inst("military_convoy")  # +1 military
    a, b = inst("arboreal_uplift_race"), inst("adaptable_uplift_race")  # defenses 1 and 2
    s = position(hands=[[a, b], [inst("gem_world")]], empires=[[mc, inst("space_marines")], []],
                 survey_spent=True)  # military 3
    t = texts(s, 0)
    assert f"place second={b} world={a}" in t  # 3 - 1 = 2 left for defense 2
    assert f"place second={a} world={b}" in t  # 3 - 2 = 1 left for defense 1
    play(s, 0, f"place second={b} world={a}")
    play(s, 1, "explore")
    assert a in s.d.empires[0] and b in s.d.empires[0] and mc in s.d.empires[0]
    ibf = inst("imperium_blaster_factory")  # defense 3, and +1 military of its own
    other = position(hands=[[a, ibf], []], empires=[[mc, inst("space_marines")], []], survey_spent=True)
    t2 = texts(other, 0)
    assert f"place second={ibf} world={a}" not in t2  # 3 - 1 = 2 < 3
    assert f"place second={a} world={ibf}" in t2  # the first world's own +1 helps the second: 4 - 3 = 1


def test_card_contact_specialist_unlocks_trade_pact_with_military() -> None:
    """Trade Pact needs military 0, or a Contact Specialist in the empire; and only one per empire."""
    tp = inst("trade_pact")
    armed = position(hands=[[tp], []], empires=[[inst("space_marines")], []])
    assert f"place dev={tp}" not in texts(armed, 0)
    contact = position(hands=[[tp], []], empires=[[inst("space_marines"), inst("contact_specialist")], []])
    assert f"place dev={tp}" in texts(contact, 0)
    peaceful = position(hands=[[tp], []])
    assert f"place dev={tp}" in texts(peaceful, 0)
    second = position(hands=[[inst("trade_pact", 1)], []], empires=[[tp], []])
    assert not any("trade_pact" in x for x in texts(second, 0))


def test_card_war_propaganda_moves_to_the_most_military() -> None:
    """War Propaganda moves before scoring to the empire with the most military; a tied holder keeps it."""
    wp = inst("war_propaganda")  # +1 military for its holder
    s = position(players=3, empires=[[wp], [inst("drop_ships")], [inst("space_marines")]])
    war_propaganda(s.d)
    assert wp in s.d.empires[1]
    tied = position(players=2, empires=[[wp, inst("space_marines")], [inst("drop_ships")]])  # 3 against 3
    war_propaganda(tied.d)
    assert wp in tied.d.empires[0]


def test_card_war_propaganda_tie_among_others_goes_clockwise() -> None:
    """Two other empires tied for most: the card goes to the one closest clockwise from its holder."""
    wp = inst("war_propaganda")
    s = position(players=4, empires=[[], [inst("space_marines")], [wp], [inst("space_marines", 1)]])
    war_propaganda(s.d)  # seats 1 and 3 have 2, the holder (seat 2) has 1: seat 3 is next clockwise
    assert wp in s.d.empires[3]


def test_card_galactic_imperium_counts_only_against_rebels() -> None:
    """Galactic Imperium's Rebel bonus is not part of the empire's general military."""
    from pyengine.games.jump_drive.empire import military

    emp = [inst("galactic_imperium")]
    assert military(emp) == 0
    from pyengine.games.jump_drive.cards import instance_type

    assert military(emp, instance_type(inst("rebel_world"))) == 4
