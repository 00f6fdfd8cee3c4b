"""The card pool is data: every record loads through the schema, and the pool matches the known counts."""

from __future__ import annotations

import copy

import pytest

from pyengine.core.errors import CardDataError
from pyengine.games.jump_drive.cards import card_types, deck_instances, load_raw, parse_cards


def test_every_card_record_loads_through_the_schema() -> None:
    """All 72 records (71 deck card types and the Survey Team) pass the schema check."""
    types = parse_cards(load_raw())
    assert len(types) == 72
    assert all(ct.text for ct in types.values() if ct.powers or ct.vp_terms or ct.income_terms or ct.discounts)


def test_deck_has_112_cards_52_developments_60_worlds() -> None:
    """The deck holds 112 cards: 52 developments and 60 worlds, 21 military (5 Rebel, 4 Alien)."""
    deck = deck_instances()
    types = card_types()
    kinds = [types[c.rsplit("-", 1)[0]] for c in deck]
    assert len(deck) == 112
    assert sum(1 for k in kinds if not k.is_world) == 52
    assert sum(1 for k in kinds if k.is_world) == 60
    assert sum(1 for k in kinds if k.military_world) == 21
    assert sum(1 for k in kinds if k.military_world and k.rebel) == 5
    assert sum(1 for k in kinds if k.military_world and k.alien) == 4
    assert not types["survey_team"].in_deck


@pytest.mark.parametrize("breakage,fragment", [
    (lambda c: c.update(type="planet"), "type must be"),
    (lambda c: c.update(icons={"explore": 1}), "icons"),
    (lambda c: c.update(vp_terms=[{"amount": 1, "per": {"icon": "laser"}}]), "unknown icon"),
    (lambda c: c.update(powers=["teleport"]), "unknown power"),
    (lambda c: c.update(vp=-1), "vp"),
])
def test_schema_failures_name_the_card(breakage, fragment) -> None:  # type: ignore[no-untyped-def]
    """A broken record raises CardDataError naming the card and the problem."""
    raw = copy.deepcopy(load_raw())
    card = next(c for c in raw["cards"] if c["id"] == "gem_world")
    breakage(card)
    with pytest.raises(CardDataError) as err:
        parse_cards(raw)
    assert "gem_world" in str(err.value) and fragment in str(err.value)
    assert err.value.code == "data/invalid"


def test_a_real_card_replaces_a_record_without_code() -> None:
    """Editing one record's numbers changes the game: Gem World's VP goes from 0 to 3 in data only."""
    raw = copy.deepcopy(load_raw())
    next(c for c in raw["cards"] if c["id"] == "gem_world")["vp"] = 3
    assert parse_cards(raw)["gem_world"].vp == 3
