"""Seed notes item 6: what may help what within one round."""

from __future__ import annotations

from .helpers import inst, play, position, texts


def test_item6_development_helps_the_world_placed_with_it() -> None:
    """Designer's example: Drop Ships (+3 military) placed with Imperium Blaster Factory conquers it."""
    ds, ibf = inst("drop_ships"), inst("imperium_blaster_factory")
    hand = [ds, ibf] + [inst("asteroid_belt", i) for i in range(3)] + [inst("gem_world")]
    s = position(hands=[hand, [inst("gem_world", 1)]], survey_spent=True)
    assert f"place world={ibf}" not in texts(s, 0)
    assert f"place dev={ds} world={ibf}" in texts(s, 0)
    play(s, 0, f"place dev={ds} world={ibf}")
    play(s, 1, "explore")
    assert s.d.owes[0] == 4 and ibf in s.d.empires[0]


def test_item6_world_does_not_help_the_development_placed_with_it() -> None:
    """Space Symbionts (a world: developments -2) does not discount the development placed with it."""
    sym, cm = inst("space_symbionts"), inst("consumer_markets")
    hand = [sym, cm] + [inst("asteroid_belt", i) for i in range(3)] + [inst("gem_world"), inst("gem_world", 1)]
    s = position(hands=[hand, [inst("comet_zone")]])
    play(s, 0, f"place dev={cm} world={sym}")
    play(s, 1, "explore")
    assert s.d.owes[0] == 2 + 3


def test_item6_a_card_never_helps_its_own_placement() -> None:
    """A military world's own military icon does not count toward its own defense."""
    ibf = inst("imperium_blaster_factory")  # defense 3, itself +1 military
    s = position(hands=[[ibf], []], empires=[[inst("space_marines")], []], survey_spent=True)  # 2 military
    assert all(ibf not in t for t in texts(s, 0))


def test_item6_development_discount_applies_to_world_placed_with_it() -> None:
    """Mining Robots placed this round already discounts the brown world placed with it."""
    mr, cz = inst("mining_robots"), inst("comet_zone")  # comet zone: brown, cost 3
    hand = [mr, cz, inst("gem_world"), inst("gem_world", 1), inst("ancient_races"), inst("asteroid_belt")]
    s = position(hands=[hand, [inst("asteroid_belt", 1)]])
    play(s, 0, f"place dev={mr} world={cz}")
    play(s, 1, "explore")
    assert s.d.owes[0] == 1 + 2
