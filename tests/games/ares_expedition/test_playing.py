"""Playing project cards: phases by colour, costs and every discount, payment choices, requirements, resources
and triggers (SEED-NOTES.md items 3, 4 and 6; rules.md sections 6 and 9)."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import IllegalActionError
from pyengine.games.ares_expedition.cards import corporations
from pyengine.games.ares_expedition.scoring import card_vp
from pyengine.games.ares_expedition.state import AresState

from .helpers import answer_all, bare, give, in_phase, labels, new, pl, table, touch

# Ocean tiles whose reward holds no plants (board.json): 2 = 4 M€, 4 = 1 M€ + 1 card, 5 = 1 card, 7 = 1 card.
PLANTLESS_TILES = (7, 5, 4, 2)


def pos(phase: int, *, chooser: int | None = None, mc: int = 100, heat: int = 0, plants: int = 0,
        corp: str | None = None, params: dict[str, int] | None = None, **options: Any) -> AresState:
    """Two players with empty boards; seat 0 (acting first) has the given stocks and corporation, in a phase."""
    s = new(2, **options)
    bare(s, 1)
    p = bare(s, 0, mc=mc, heat=heat, plants=plants)
    p["corp"] = corp
    if params:
        s.d["params"].update(params)
    in_phase(s, phase, chooser)
    return s


def plays_of(s: AresState, cid: str, seat: int = 0) -> list[str]:
    """Return the legal play actions of one card (with and without payment effects)."""
    return [a for a in labels(s, seat) if a == f"play card={cid}" or a.startswith(f"play card={cid} ")]


def can_play(s: AresState, cid: str, seat: int = 0) -> bool:
    """Return True if some legal action plays this card."""
    return bool(plays_of(s, cid, seat))


def paid(s: AresState, cid: str, *, use: str | None = None, seat: int = 0) -> int:
    """Give a card, play it (answering any question with the first answer) and return the M€ it cost."""
    give(s, seat, cid)
    before = pl(s, seat)["mc"]
    s.apply(seat, f"play card={cid}" + (f" use={use}" if use else ""))
    answer_all(s)
    return int(before - pl(s, seat)["mc"])


def plantless_oceans(s: AresState) -> None:
    """Put the ocean tiles without plant rewards on top of the pile (the pile is popped from its end)."""
    pile = s.d["ocean_pile"]
    s.d["ocean_pile"] = [t for t in pile if t not in PLANTLESS_TILES] + [t for t in PLANTLESS_TILES if t in pile]


# --- which phase plays which colour ------------------------------------------------------------------------------

def test_green_cards_only_in_development() -> None:
    """Rule: green cards are played in phase I, blue and red cards are not."""
    s = pos(1)
    give(s, 0, "lichen", "research-outpost", "lava-flows")
    assert can_play(s, "lichen")
    assert not can_play(s, "research-outpost")
    assert not can_play(s, "lava-flows")
    hand = list(pl(s, 0)["hand"])
    with pytest.raises(IllegalActionError):
        s.apply(0, "play card=lava-flows")
    assert pl(s, 0)["hand"] == hand and pl(s, 0)["mc"] == 100 and pl(s, 0)["table"] == []


def test_blue_and_red_cards_only_in_construction() -> None:
    """Rule: blue and red cards are played in phase II, green cards are not."""
    s = pos(2)
    give(s, 0, "lichen", "research-outpost", "lava-flows")
    assert can_play(s, "research-outpost")
    assert can_play(s, "lava-flows")
    assert not can_play(s, "lichen")
    with pytest.raises(IllegalActionError):
        s.apply(0, "play card=lichen")
    assert "lichen" in pl(s, 0)["hand"]


@pytest.mark.parametrize("phase", [3, 4, 5])
def test_no_project_plays_outside_phases_one_and_two(phase: int) -> None:
    """Rule: no project card of any colour is played in phases III, IV or V."""
    s = pos(phase)
    give(s, 0, "lichen", "research-outpost", "lava-flows")
    assert not [a for a in labels(s, 0) if a.startswith("play ")]


def test_construction_allows_one_card_without_the_bonus() -> None:
    """Rule: in phase II a player who did not choose it plays at most one blue or red card."""
    s = pos(2)
    give(s, 0, "research-outpost", "lava-flows")
    s.apply(0, "play card=research-outpost")
    assert not can_play(s, "lava-flows")


def test_construction_chooser_may_play_a_second_card() -> None:
    """Rule: the phase II chooser may play one extra blue or red card."""
    s = pos(2, chooser=0)
    give(s, 0, "research-outpost", "lava-flows", "media-group")
    s.apply(0, "play card=research-outpost")
    assert can_play(s, "lava-flows")
    s.apply(0, "play card=lava-flows")
    assert not can_play(s, "media-group")
    assert pl(s, 0)["table"] == ["research-outpost", "lava-flows"]


def test_construction_chooser_may_draw_instead_of_a_second_card() -> None:
    """Rule: the phase II chooser may draw 1 card instead of playing the extra card."""
    s = pos(2, chooser=0)
    give(s, 0, "research-outpost", "lava-flows")
    assert "bonus_draw" in labels(s, 0)
    s.apply(0, "bonus_draw")
    assert len(pl(s, 0)["hand"]) == 3
    s.apply(0, "play card=research-outpost")
    assert not can_play(s, "lava-flows")


# --- costs and discounts -----------------------------------------------------------------------------------------

def test_printed_cost_is_paid_without_discounts() -> None:
    """Rule: a card costs its printed price in M€ when no discount applies (Coal Imports, 13)."""
    s = pos(1)
    assert paid(s, "coal-imports") == 13
    assert pl(s, 0)["table"] == ["coal-imports"]
    assert pl(s, 0)["prod"]["heat"] == 3


def test_unaffordable_card_is_not_legal() -> None:
    """Rule: a card can only be played if its cost can be paid."""
    s = pos(1, mc=12)
    give(s, 0, "coal-imports")
    assert not can_play(s, "coal-imports")
    pl(s, 0)["mc"] = 13
    touch(s)
    assert can_play(s, "coal-imports")


def test_development_chooser_pays_three_less() -> None:
    """Rule: the phase I chooser pays 3 M€ less for the green card played in that phase."""
    assert paid(pos(1, chooser=0), "coal-imports") == 10
    assert paid(pos(1, chooser=None), "coal-imports") == 13
    assert paid(pos(1, chooser=1), "coal-imports") == 13


def test_energy_subsidies_draws_a_card_for_a_power_card() -> None:
    """Card: Energy Subsidies draws a card when a power-tag card is played."""
    s = pos(1)
    table(s, 0, "energy-subsidies")
    paid(s, "giant-space-mirror")
    assert len(pl(s, 0)["hand"]) == 1


# Each row: the card (in the tableau) or corporation giving a discount, the phase, the card played and its price.
DISCOUNTS = [
    pytest.param("earth-catapult", 2, "media-group", 9, id="earth-catapult: every card 2 less (11 -> 9)"),
    pytest.param("earth-catapult", 1, "coal-imports", 11, id="earth-catapult: green too (13 -> 11)"),
    pytest.param("research-outpost", 2, "media-group", 10, id="research-outpost: every card 1 less (11 -> 10)"),
    pytest.param("media-group", 2, "lava-flows", 12, id="media-group: event cards 5 less (17 -> 12)"),
    pytest.param("media-group", 2, "research-outpost", 6, id="media-group: not other cards (6)"),
    pytest.param("energy-subsidies", 1, "giant-space-mirror", 9, id="energy-subsidies: power cards 4 less (13 -> 9)"),
    pytest.param("energy-subsidies", 1, "coal-imports", 13, id="energy-subsidies: not other cards (13)"),
    pytest.param("interplanetary-conference", 1, "blueprints", 14, id="interplanetary-conference: Earth 3 less (17)"),
    pytest.param("interplanetary-conference", 1, "ganymede-shipyard", 14,
                 id="interplanetary-conference: Jovian 3 less (17)"),
    pytest.param("interplanetary-conference", 1, "coal-imports", 13, id="interplanetary-conference: not others"),
    pytest.param("credicor", 1, "tectonic-stress-power", 16, id="credicor: printed 20 or more, 4 less (20 -> 16)"),
    pytest.param("credicor", 1, "industrial-farming", 19, id="credicor: printed 19 stays 19"),
    pytest.param("teractor", 1, "blueprints", 14, id="teractor: Earth cards 3 less (17 -> 14)"),
    pytest.param("teractor", 1, "coal-imports", 13, id="teractor: not other cards (13)"),
    pytest.param("thorgate", 1, "giant-space-mirror", 10, id="thorgate: power cards 3 less (13 -> 10)"),
    pytest.param("thorgate", 1, "coal-imports", 13, id="thorgate: not other cards (13)"),
    pytest.param("interplanetary-cinematics", 2, "lava-flows", 15, id="interplanetary-cinematics: events 2 less"),
    pytest.param("interplanetary-cinematics", 2, "media-group", 11, id="interplanetary-cinematics: not others"),
]


@pytest.mark.parametrize(("source", "phase", "played", "price"), DISCOUNTS)
def test_discount_cards_and_corporations(source: str, phase: int, played: str, price: int) -> None:
    """Cards: each discount (a tableau card or a corporation) changes exactly the prices its text names."""
    corp = source if source in corporations() else None
    s = pos(phase, corp=corp)
    if corp is None:
        table(s, 0, source)
    assert paid(s, played) == price


def test_credicor_reads_the_printed_cost_not_the_discounted_one() -> None:
    """Card: CrediCor's threshold uses the printed cost (a 20 card with 1 steel still gets the 4 off)."""
    s = pos(1, corp="credicor")
    pl(s, 0)["steel"] = 1
    touch(s)
    assert paid(s, "tectonic-stress-power") == 20 - 2 - 4


def test_interplanetary_cinematics_starts_with_one_steel() -> None:
    """Card: Interplanetary Cinematics starts with 46 M€ and 1 steel."""
    s = new(2, corps=["interplanetary-cinematics", "credicor"])
    assert pl(s, 0)["mc"] == 46
    assert pl(s, 0)["steel"] == 1


def test_work_crews_makes_the_next_card_eleven_cheaper() -> None:
    """Card: Work Crews gives an extra blue/red play, and the next card costs 11 less (only the next one)."""
    s = pos(2, chooser=0)
    assert paid(s, "work-crews") == 5
    assert paid(s, "lava-flows") == 17 - 11
    assert paid(s, "media-group") == 11  # the chooser's bonus play: full price again
    give(s, 0, "research-outpost")
    assert not can_play(s, "research-outpost")


def test_work_crews_extra_play_without_the_bonus() -> None:
    """Card: Work Crews lets a non-chooser play one more blue or red card in phase II."""
    s = pos(2)
    paid(s, "work-crews")
    give(s, 0, "lava-flows")
    assert can_play(s, "lava-flows")


def test_discounts_add_up() -> None:
    """Rule: discounts stack (Lava Flows 17 - Earth Catapult 2 - Research Outpost 1 - Media Group 5 - IC 2 = 7)."""
    s = pos(2, corp="interplanetary-cinematics")
    table(s, 0, "earth-catapult", "research-outpost", "media-group")
    assert paid(s, "lava-flows") == 7


def test_cost_never_below_zero() -> None:
    """Rule: a card never costs less than 0 M€; extra discount is lost (Special Design 3 with 7 off)."""
    s = pos(2)
    table(s, 0, "earth-catapult", "media-group")
    assert paid(s, "special-design") == 0
    assert pl(s, 0)["mc"] == 100


# --- steel, titanium, Advanced Alloys, PhoboLog ------------------------------------------------------------------

def test_steel_makes_building_cards_two_cheaper() -> None:
    """Rule: each steel makes a building-tag card 2 M€ cheaper, and steel is not spent."""
    s = pos(1)
    pl(s, 0)["steel"] = 2
    touch(s)
    assert paid(s, "coal-imports") == 13 - 4
    assert pl(s, 0)["steel"] == 2


def test_steel_does_not_discount_cards_without_building_tag() -> None:
    """Rule: steel does not reduce cards without a building tag (Giant Space Mirror: space, power)."""
    s = pos(1)
    pl(s, 0)["steel"] = 2
    touch(s)
    assert paid(s, "giant-space-mirror") == 13


def test_titanium_makes_space_cards_three_cheaper() -> None:
    """Rule: each titanium makes a space-tag card 3 M€ cheaper, and titanium is not spent."""
    s = pos(1)
    pl(s, 0)["titanium"] = 2
    touch(s)
    assert paid(s, "giant-space-mirror") == 13 - 6
    assert pl(s, 0)["titanium"] == 2
    s = pos(1)
    pl(s, 0)["titanium"] = 2
    touch(s)
    assert paid(s, "coal-imports") == 13


def test_building_and_space_card_gets_both_metal_discounts() -> None:
    """Rule: a card with building and space tags is cheaper by both steel and titanium (Callisto 20 - 2 - 3)."""
    s = pos(1)
    pl(s, 0).update(steel=1, titanium=1)
    touch(s)
    assert paid(s, "callisto-penal-mines") == 15


def test_advanced_alloys_makes_steel_and_titanium_worth_one_more() -> None:
    """Card: Advanced Alloys makes each steel worth 3 and each titanium worth 4."""
    s = pos(1)
    table(s, 0, "advanced-alloys")
    pl(s, 0)["steel"] = 2
    touch(s)
    assert paid(s, "coal-imports") == 13 - 6
    s = pos(1)
    table(s, 0, "advanced-alloys")
    pl(s, 0)["titanium"] = 2
    touch(s)
    assert paid(s, "giant-space-mirror") == 13 - 8


def test_phobolog_makes_titanium_worth_one_more() -> None:
    """Card: PhoboLog makes each titanium worth 4 (steel stays 2)."""
    s = pos(1, corp="phobolog")
    pl(s, 0)["titanium"] = 2
    touch(s)
    assert paid(s, "giant-space-mirror") == 13 - 8
    s = pos(1, corp="phobolog")
    pl(s, 0)["steel"] = 2
    touch(s)
    assert paid(s, "coal-imports") == 13 - 4


def test_phobolog_and_advanced_alloys_add_up() -> None:
    """Card: PhoboLog with Advanced Alloys makes each titanium worth 5."""
    s = pos(1, corp="phobolog")
    table(s, 0, "advanced-alloys")
    pl(s, 0)["titanium"] = 2
    touch(s)
    assert paid(s, "giant-space-mirror") == 13 - 10


# --- Helion, Restructured Resources, Anaerobic Microorganisms --------------------------------------------------

def test_helion_pays_with_heat() -> None:
    """Card: Helion may pay M€ costs with heat, 1 heat per M€ (choosing how much heat to use)."""
    s = pos(1, mc=5, heat=10, corp="helion")
    give(s, 0, "coal-imports")
    assert can_play(s, "coal-imports")
    s.apply(0, "play card=coal-imports")
    assert labels(s, 0) == ["pay heat=8", "pay heat=9", "pay heat=10"]
    s.apply(0, "pay heat=9")
    assert (pl(s, 0)["mc"], pl(s, 0)["heat"]) == (1, 1)
    assert pl(s, 0)["table"] == ["coal-imports"]


def test_heat_does_not_pay_without_helion() -> None:
    """Rule: without Helion, heat cannot pay for cards."""
    s = pos(1, mc=5, heat=10)
    give(s, 0, "coal-imports")
    assert not can_play(s, "coal-imports")


def test_restructured_resources_spends_a_plant_for_five_off() -> None:
    """Card: Restructured Resources: spend 1 plant to make the card 5 M€ cheaper (a payment choice)."""
    s = pos(1, plants=1)
    table(s, 0, "restructured-resources")
    give(s, 0, "coal-imports")
    assert plays_of(s, "coal-imports") == ["play card=coal-imports",
                                           "play card=coal-imports use=restructured-resources"]
    s.apply(0, "play card=coal-imports use=restructured-resources")
    assert pl(s, 0)["mc"] == 100 - 8
    assert pl(s, 0)["plants"] == 0


def test_restructured_resources_needs_a_plant() -> None:
    """Card: Restructured Resources cannot be used without a plant."""
    s = pos(1, plants=0)
    table(s, 0, "restructured-resources")
    give(s, 0, "coal-imports")
    assert plays_of(s, "coal-imports") == ["play card=coal-imports"]


def test_restructured_resources_can_make_a_card_affordable() -> None:
    """Card: Restructured Resources counts toward affordability (8 M€ and 1 plant play a 13 card)."""
    s = pos(1, mc=8, plants=1)
    table(s, 0, "restructured-resources")
    give(s, 0, "coal-imports")
    assert plays_of(s, "coal-imports") == ["play card=coal-imports use=restructured-resources"]


def test_anaerobic_microorganisms_removes_two_microbes_for_ten_off() -> None:
    """Card: Anaerobic Microorganisms: remove 2 microbes from it to make a card 10 M€ cheaper."""
    s = pos(1)
    table(s, 0, "anaerobic-microorganisms", res=3)
    give(s, 0, "coal-imports")
    assert "play card=coal-imports use=anaerobic-microorganisms" in plays_of(s, "coal-imports")
    s.apply(0, "play card=coal-imports use=anaerobic-microorganisms")
    assert pl(s, 0)["mc"] == 100 - 3
    assert pl(s, 0)["res"]["anaerobic-microorganisms"] == 1


def test_anaerobic_microorganisms_needs_two_microbes() -> None:
    """Card: Anaerobic Microorganisms cannot be used with fewer than 2 microbes on it."""
    s = pos(1)
    table(s, 0, "anaerobic-microorganisms", res=1)
    give(s, 0, "coal-imports")
    assert plays_of(s, "coal-imports") == ["play card=coal-imports"]


def test_both_payment_choices_together() -> None:
    """Card: Restructured Resources and Anaerobic Microorganisms can both be used on one card (-15)."""
    s = pos(1, plants=1)
    table(s, 0, "restructured-resources")
    table(s, 0, "anaerobic-microorganisms", res=2)
    give(s, 0, "tectonic-stress-power")
    s.apply(0, "play card=tectonic-stress-power use=anaerobic-microorganisms+restructured-resources")
    assert pl(s, 0)["mc"] == 100 - 5
    assert pl(s, 0)["plants"] == 0
    assert pl(s, 0)["res"]["anaerobic-microorganisms"] == 0


# --- requirements ------------------------------------------------------------------------------------------------

def test_zone_minimum_boundary() -> None:
    """Rule: "temperature red or warmer" holds from the first red step (Bushes: step 5 purple no, 6 red yes)."""
    s = pos(1, params={"temperature": 5})
    give(s, 0, "bushes")
    assert not can_play(s, "bushes")
    s = pos(1, params={"temperature": 6})
    give(s, 0, "bushes")
    assert can_play(s, "bushes")
    s = pos(1, params={"temperature": 19})
    give(s, 0, "bushes")
    assert can_play(s, "bushes")


def test_zone_maximum_boundary() -> None:
    """Rule: a maximum zone requirement holds in that zone or lower (Archaebacteria: purple; Colonizer: red)."""
    s = pos(1, params={"temperature": 5})
    give(s, 0, "archaebacteria")
    assert can_play(s, "archaebacteria")
    s = pos(1, params={"temperature": 6})
    give(s, 0, "archaebacteria")
    assert not can_play(s, "archaebacteria")
    s = pos(2, params={"oxygen": 6})
    give(s, 0, "colonizer-training-camp")
    assert can_play(s, "colonizer-training-camp")
    s = pos(2, params={"oxygen": 7})
    give(s, 0, "colonizer-training-camp")
    assert not can_play(s, "colonizer-training-camp")


def test_zone_requirement_uses_the_phase_start_snapshot() -> None:
    """Rule: global requirements are checked at the start of the phase (Lava Flows cannot enable Artificial Lake)."""
    s = pos(2, chooser=0, params={"temperature": 9})
    give(s, 0, "lava-flows", "artificial-lake")
    assert not can_play(s, "artificial-lake")
    s.apply(0, "play card=lava-flows")
    assert s.d["params"]["temperature"] == 11  # yellow now
    assert not can_play(s, "artificial-lake")
    in_phase(s, 2, chooser=0)
    assert can_play(s, "artificial-lake")


def test_zone_requirement_still_met_when_lowered_after_phase_start() -> None:
    """Rule: a requirement met at the phase start stays met for the whole phase (snapshot, not current value)."""
    s = pos(1, params={"temperature": 6})
    give(s, 0, "bushes")
    s.d["params"]["temperature"] = 5  # the live value is not what counts
    touch(s)
    assert can_play(s, "bushes")


def test_ocean_minimum_and_maximum() -> None:
    """Rule: ocean requirements count flipped tiles (Algae: at least 5; Dusty Quarry: at most 3)."""
    for oceans, algae, quarry in ((3, False, True), (4, False, False), (5, True, False)):
        s = pos(1, params={"ocean": oceans})
        give(s, 0, "algae", "dusty-quarry")
        assert can_play(s, "algae") is algae, oceans
        assert can_play(s, "dusty-quarry") is quarry, oceans


def test_ocean_requirement_uses_the_phase_start_snapshot() -> None:
    """Rule: an ocean flipped in this phase does not count for requirements until the next phase (Filter Feeders)."""
    s = pos(2, chooser=0, params={"ocean": 1}, promo_projects=True)
    give(s, 0, "subterranean-reservoir", "filter-feeders")
    assert not can_play(s, "filter-feeders")
    s.apply(0, "play card=subterranean-reservoir")
    assert s.d["params"]["ocean"] == 2
    assert not can_play(s, "filter-feeders")
    in_phase(s, 2, chooser=0)
    assert can_play(s, "filter-feeders")


def test_tag_requirement_does_not_count_the_card_itself() -> None:
    """Rule: a tag requirement counts played cards, not the card being played (Gene Repair needs 3 science)."""
    s = pos(1)
    table(s, 0, "research")  # 2 science tags; Gene Repair's own science tag would make 3
    give(s, 0, "gene-repair")
    assert not can_play(s, "gene-repair")
    table(s, 0, "adaptation-technology")
    assert can_play(s, "gene-repair")


def test_tag_requirement_counts_the_corporation() -> None:
    """Rule: the corporation's tags count for tag requirements (Inventrix's science tag)."""
    s = pos(1, corp="inventrix")
    table(s, 0, "research")
    give(s, 0, "gene-repair")
    assert can_play(s, "gene-repair")


def test_tr_requirement() -> None:
    """Rule: Energy Storage needs TR 7 or more."""
    s = pos(1)
    pl(s, 0)["tr"] = 6
    give(s, 0, "energy-storage")
    assert not can_play(s, "energy-storage")
    pl(s, 0)["tr"] = 7
    touch(s)
    assert can_play(s, "energy-storage")
    s.apply(0, "play card=energy-storage")
    assert pl(s, 0)["tr"] == 7  # a TR requirement is not spent


def test_spend_heat_requirement_is_paid_and_needed() -> None:
    """Rule: a "spend" requirement needs the amount and pays it on play (Local Heat Trapping: 3 heat)."""
    s = pos(2, heat=2)
    give(s, 0, "local-heat-trapping")
    assert not can_play(s, "local-heat-trapping")
    pl(s, 0)["heat"] = 3
    touch(s)
    s.apply(0, "play card=local-heat-trapping")
    answer_all(s)
    assert pl(s, 0)["heat"] == 0
    assert pl(s, 0)["plants"] == 4


def test_spend_tr_requirement_is_paid() -> None:
    """Rule: Balanced Portfolios requires spending 1 TR: TR 5 -> 4, and needs at least 1 TR."""
    s = pos(1)
    assert paid(s, "balanced-portfolios") == 8
    assert pl(s, 0)["tr"] == 4
    s = pos(1)
    pl(s, 0)["tr"] = 0
    give(s, 0, "balanced-portfolios")
    assert not can_play(s, "balanced-portfolios")


def test_spend_plants_requirement_is_paid() -> None:
    """Rule: Biomass Combustors requires spending 2 plants."""
    s = pos(1, plants=1)
    give(s, 0, "biomass-combustors")
    assert not can_play(s, "biomass-combustors")
    pl(s, 0)["plants"] = 3
    touch(s)
    s.apply(0, "play card=biomass-combustors")
    assert pl(s, 0)["plants"] == 1
    assert pl(s, 0)["mc"] == 85


def test_helion_cannot_use_the_same_heat_for_spend_and_cost() -> None:
    """Card: Helion's heat pays either a spend requirement or M€, not both (Fuel Factory: 9 M€ and 3 heat)."""
    s = pos(1, mc=0, heat=11, corp="helion")
    give(s, 0, "fuel-factory")
    assert not can_play(s, "fuel-factory")
    pl(s, 0)["heat"] = 12
    touch(s)
    s.apply(0, "play card=fuel-factory")
    answer_all(s)
    assert (pl(s, 0)["mc"], pl(s, 0)["heat"]) == (0, 0)
    assert "fuel-factory" in pl(s, 0)["table"]


# --- requirement shifts ------------------------------------------------------------------------------------------

def test_adaptation_technology_shifts_one_zone_either_way() -> None:
    """Card: Adaptation Technology treats oxygen/temperature as one zone higher or lower for requirements."""
    s = pos(1, params={"temperature": 5})
    table(s, 0, "adaptation-technology")
    give(s, 0, "bushes", "trees")
    assert can_play(s, "bushes")  # red needed, purple now
    assert not can_play(s, "trees")  # yellow needed: two zones away
    s = pos(1, params={"temperature": 10})
    table(s, 0, "adaptation-technology")
    give(s, 0, "archaebacteria")
    assert can_play(s, "archaebacteria")  # purple at most, red now
    s = pos(1, params={"temperature": 11})
    table(s, 0, "adaptation-technology")
    give(s, 0, "archaebacteria")
    assert not can_play(s, "archaebacteria")


def test_inventrix_shifts_one_zone() -> None:
    """Card: Inventrix treats oxygen/temperature as one zone higher or lower for requirements."""
    s = pos(1, corp="inventrix", params={"oxygen": 2})
    give(s, 0, "worms", "trees")
    assert can_play(s, "worms")  # oxygen red needed, purple now
    s = pos(1, corp="inventrix", params={"temperature": 5})
    give(s, 0, "trees")
    assert not can_play(s, "trees")


def test_shift_does_not_apply_to_oceans() -> None:
    """Rule: requirement shifts are for oxygen and temperature only, not for ocean counts (Algae at 4 oceans)."""
    s = pos(1, corp="inventrix", params={"ocean": 4})
    table(s, 0, "adaptation-technology")
    give(s, 0, "algae")
    assert not can_play(s, "algae")


def test_special_design_shifts_the_next_card() -> None:
    """Card: Special Design: one more blue/red play, and the next card may treat a zone one step off."""
    s = pos(2, params={"temperature": 9})
    give(s, 0, "special-design", "artificial-lake")
    assert not can_play(s, "artificial-lake")
    s.apply(0, "play card=special-design")
    assert can_play(s, "artificial-lake")
    s.apply(0, "play card=artificial-lake")
    assert "artificial-lake" in pl(s, 0)["table"]


def test_special_design_shift_is_for_the_next_card_only() -> None:
    """Card: Special Design's zone shift is used up by the next card played."""
    s = pos(2, chooser=0, params={"temperature": 9})
    give(s, 0, "special-design", "research-outpost", "artificial-lake")
    s.apply(0, "play card=special-design")
    s.apply(0, "play card=research-outpost")
    assert not can_play(s, "artificial-lake")


def test_shifts_do_not_stack_adaptation_and_inventrix() -> None:
    """Rule: Adaptation Technology and Inventrix together still shift only one zone (Trees at purple)."""
    s = pos(1, corp="inventrix", params={"temperature": 5})
    table(s, 0, "adaptation-technology")
    give(s, 0, "trees", "bushes")
    assert can_play(s, "bushes")
    assert not can_play(s, "trees")


def test_shifts_do_not_stack_special_design_and_adaptation() -> None:
    """Rule: Special Design with Adaptation Technology still shifts only one zone (Artificial Lake at purple)."""
    s = pos(2, params={"temperature": 5})
    table(s, 0, "adaptation-technology")
    give(s, 0, "special-design", "artificial-lake")
    s.apply(0, "play card=special-design")
    assert not can_play(s, "artificial-lake")


# --- red cards stay ----------------------------------------------------------------------------------------------

def test_red_card_stays_on_the_table() -> None:
    """Rule: a played red card stays in the play area (not the discard pile) and its tags keep counting."""
    s = pos(2)
    paid(s, "lava-flows")
    assert pl(s, 0)["table"] == ["lava-flows"]
    assert "lava-flows" not in s.d["discard"]
    in_phase(s, 1)
    assert "lava-flows" in pl(s, 0)["table"]


def test_crater_needs_three_event_tags_from_played_red_cards() -> None:
    """Card: Crater needs 3 event tags in play; played red cards count, Crater itself does not."""
    s = pos(2, chooser=0)
    table(s, 0, "lava-flows", "research")
    give(s, 0, "release-of-inert-gases", "crater")
    assert not can_play(s, "crater")
    s.apply(0, "play card=release-of-inert-gases")
    assert can_play(s, "crater")
    ocean = s.d["params"]["ocean"]
    s.apply(0, "play card=crater")
    assert s.d["params"]["ocean"] == ocean + 1


# --- card resources and VP ---------------------------------------------------------------------------------------

def test_birds_action_adds_an_animal_worth_one_vp() -> None:
    """Card: Birds' action puts 1 animal on it, once per action phase; 1 VP per animal."""
    s = pos(3)
    table(s, 0, "birds")
    assert card_vp(pl(s, 0)) == 0
    s.apply(0, "act card=birds")
    assert pl(s, 0)["res"]["birds"] == 1
    assert card_vp(pl(s, 0)) == 1
    assert "act card=birds" not in labels(s, 0)


def test_action_chooser_uses_one_action_twice() -> None:
    """Rule: the phase III chooser may use one card's action a second time."""
    s = pos(3, chooser=0)
    table(s, 0, "birds", "tardigrades")
    s.apply(0, "act card=birds")
    s.apply(0, "act card=birds")
    assert pl(s, 0)["res"]["birds"] == 2
    assert "act card=birds" not in labels(s, 0)
    s.apply(0, "act card=tardigrades")
    assert "act card=tardigrades" not in labels(s, 0)


def test_vp_per_resource_rounds_down() -> None:
    """Rule: VP per resource count whole groups (Tardigrades 1 per 3, Ecological Zone 1 per 2, Fish 1 per 1)."""
    s = pos(3)
    table(s, 0, "tardigrades", res=5)
    assert card_vp(pl(s, 0)) == 1
    pl(s, 0)["res"]["tardigrades"] = 6
    assert card_vp(pl(s, 0)) == 2
    s = pos(3)
    table(s, 0, "ecological-zone", res=3)
    table(s, 0, "fish", res=4)
    assert card_vp(pl(s, 0)) == 1 + 4


def test_resource_on_another_card_asks_which() -> None:
    """Rule: "put 1 animal on another card" asks which of the player's animal cards gets it."""
    s = pos(1, params={"temperature": 6})
    table(s, 0, "birds", "fish")
    give(s, 0, "eos-chasma-national-park")
    s.apply(0, "play card=eos-chasma-national-park")
    assert labels(s, 0) == ["target card=birds", "target card=fish"]
    s.apply(0, "target card=fish")
    assert pl(s, 0)["res"] == {"birds": 0, "fish": 1}


def test_resource_only_on_a_card_that_collects_it() -> None:
    """Rule: animals go only on a card that collects animals (Tardigrades holds microbes: Birds gets it)."""
    s = pos(1, params={"temperature": 6})
    table(s, 0, "birds", "tardigrades")
    paid(s, "eos-chasma-national-park")
    assert pl(s, 0)["res"] == {"birds": 1, "tardigrades": 0}


# --- triggers ----------------------------------------------------------------------------------------------------

def test_olympus_conference_draws_per_science_tag() -> None:
    """Card: Olympus Conference draws a card per science tag played (Research has 2: 2 + its own 2 draws)."""
    s = pos(2)
    table(s, 0, "olympus-conference")
    paid(s, "research")
    assert len(pl(s, 0)["hand"]) == 4


def test_olympus_conference_ignores_other_tags() -> None:
    """Card: Olympus Conference draws nothing for a card without science tags."""
    s = pos(2)
    table(s, 0, "olympus-conference")
    paid(s, "lava-flows")
    assert pl(s, 0)["hand"] == []


def test_olympus_conference_counts_its_own_tag() -> None:
    """Card: Olympus Conference's own science tag counts (this card included): 1 card drawn."""
    s = pos(2)
    paid(s, "olympus-conference")
    assert len(pl(s, 0)["hand"]) == 1


def test_decomposers_adds_a_microbe_per_tag() -> None:
    """Card: Decomposers puts 1 microbe on itself per animal/microbe/plant tag played (Lichen: 1)."""
    s = pos(1)
    table(s, 0, "decomposers")
    paid(s, "lichen")
    assert pl(s, 0)["res"]["decomposers"] == 1


def test_decomposers_counts_its_own_tag() -> None:
    """Card: Decomposers' own microbe tag counts (this card included)."""
    s = pos(2, params={"oxygen": 3})
    paid(s, "decomposers")
    assert pl(s, 0)["res"]["decomposers"] == 1


def test_decomposers_may_remove_a_microbe_to_draw() -> None:
    """Card: Decomposers: instead of adding, remove 1 microbe to draw a card."""
    s = pos(1)
    table(s, 0, "decomposers", res=1)
    give(s, 0, "lichen")
    s.apply(0, "play card=lichen")
    assert labels(s, 0) == ["choose option=1", "choose option=2"]
    s.apply(0, "choose option=2")
    assert pl(s, 0)["res"]["decomposers"] == 0
    assert len(pl(s, 0)["hand"]) == 1


def test_decomposers_triggers_once_per_matching_tag() -> None:
    """Card: Decomposers triggers for each matching tag of one card (Conserved Biome: microbe + animal = 2)."""
    s = pos(2)
    table(s, 0, "decomposers")
    paid(s, "conserved-biome")  # the second trigger asks; the first answer adds
    assert pl(s, 0)["res"]["decomposers"] == 2


def test_ecological_zone_counts_its_own_tags() -> None:
    """Card: Ecological Zone's own plant and animal tags count: 2 animals on play, then 1 per plant tag."""
    s = pos(2)
    paid(s, "ecological-zone")
    assert pl(s, 0)["res"]["ecological-zone"] == 2
    in_phase(s, 1)
    paid(s, "lichen")
    assert pl(s, 0)["res"]["ecological-zone"] == 3
    assert card_vp(pl(s, 0)) == 1


def test_arctic_algae_gives_four_plants_per_ocean() -> None:
    """Card: Arctic Algae gives 4 plants for each ocean tile the player flips (Ice Asteroid: 2 -> 8)."""
    s = pos(2)
    plantless_oceans(s)
    table(s, 0, "arctic-algae")
    paid(s, "ice-asteroid")
    assert pl(s, 0)["plants"] == 8


def test_fish_adds_an_animal_per_ocean() -> None:
    """Card: Fish puts 1 animal on itself per ocean the player flips (standard action)."""
    s = pos(3, mc=30)
    table(s, 0, "fish")
    s.apply(0, "std what=buy_ocean")
    s.apply(0, "std what=buy_ocean")
    assert pl(s, 0)["res"]["fish"] == 2


def test_step_triggers_only_for_the_players_own_steps() -> None:
    """Card: Fish does not react to an ocean flipped by another player."""
    s = pos(2)
    table(s, 1, "fish")
    paid(s, "subterranean-reservoir")
    assert pl(s, 1)["res"]["fish"] == 0


def test_livestock_adds_an_animal_per_temperature_step() -> None:
    """Card: Livestock puts 1 animal on itself per temperature step (Lava Flows: 2)."""
    s = pos(2)
    table(s, 0, "livestock")
    paid(s, "lava-flows")
    assert pl(s, 0)["res"]["livestock"] == 2


def test_physics_complex_adds_science_per_temperature_step() -> None:
    """Card: Physics Complex puts 1 science resource per temperature step; 1 VP per 2."""
    s = pos(2)
    table(s, 0, "physics-complex")
    paid(s, "lava-flows")
    assert pl(s, 0)["res"]["physics-complex"] == 2
    assert card_vp(pl(s, 0)) == 1


def test_herbivores_adds_an_animal_per_step_of_any_parameter() -> None:
    """Card: Herbivores puts 1 animal per oxygen, temperature or ocean step (Giant Ice Asteroid: 2 + 2)."""
    s = pos(2)
    table(s, 0, "herbivores")
    paid(s, "giant-ice-asteroid")
    assert pl(s, 0)["res"]["herbivores"] == 4
    in_phase(s, 3)
    s.apply(0, "std what=buy_forest")
    assert pl(s, 0)["res"]["herbivores"] == 5


def test_small_animals_adds_an_animal_per_forest() -> None:
    """Card: Small Animals puts 1 animal on itself for each forest the player gains."""
    s = pos(3, plants=8)
    table(s, 0, "small-animals")
    s.apply(0, "std what=plant_forest")
    assert pl(s, 0)["res"]["small-animals"] == 1
    assert pl(s, 0)["forests"] == 1
    assert s.d["params"]["oxygen"] == 1
    s.apply(0, "std what=buy_forest")
    assert pl(s, 0)["res"]["small-animals"] == 2


def test_assembly_lines_pays_one_per_card_action() -> None:
    """Card: Assembly Lines gives 1 M€ each time a card action is used (twice for the chooser's repeat)."""
    s = pos(3, chooser=0, mc=0)
    table(s, 0, "assembly-lines", "tardigrades", "birds")
    s.apply(0, "act card=tardigrades")
    assert pl(s, 0)["mc"] == 1
    s.apply(0, "act card=tardigrades")
    s.apply(0, "act card=birds")
    assert pl(s, 0)["mc"] == 3


def test_assembly_lines_ignores_standard_actions() -> None:
    """Card: Assembly Lines pays nothing for standard actions."""
    s = pos(3, mc=14)
    table(s, 0, "assembly-lines")
    s.apply(0, "std what=buy_temp")
    assert pl(s, 0)["mc"] == 0


def test_mining_guild_per_card() -> None:
    """Card: Mining Guild (per_card): +1 TR per card played that gives steel (Mine gives 2 steel: +1 TR)."""
    s = pos(1, corp="mining-guild", mining_guild="per_card")
    paid(s, "mine")
    assert pl(s, 0)["tr"] == 6
    assert pl(s, 0)["steel"] == 2


def test_mining_guild_reads_per_card_by_default() -> None:
    """Card: Mining Guild uses the per-card reading unless the option says otherwise (Mine: +1 TR)."""
    s = pos(1, corp="mining-guild")
    paid(s, "mine")
    assert pl(s, 0)["tr"] == 6


def test_mining_guild_per_steel() -> None:
    """Card: Mining Guild (per_steel option): +1 TR per steel gained (Mine: +2 TR)."""
    s = pos(1, corp="mining-guild", mining_guild="per_steel")
    paid(s, "mine")
    assert pl(s, 0)["tr"] == 7


def test_mining_guild_ignores_cards_without_steel() -> None:
    """Card: Mining Guild gives nothing for a card that gives no steel (Titanium Mine)."""
    for reading in ("per_card", "per_steel"):
        s = pos(1, corp="mining-guild", mining_guild=reading)
        paid(s, "titanium-mine")
        assert pl(s, 0)["tr"] == 5


def test_saturn_systems_gains_tr_per_jovian_tag() -> None:
    """Card: Saturn Systems gives +1 TR per Jovian tag played (Ganymede Shipyard), none for other cards."""
    s = pos(1, corp="saturn-systems")
    paid(s, "ganymede-shipyard")
    assert pl(s, 0)["tr"] == 6
    s = pos(1, corp="saturn-systems")
    paid(s, "giant-space-mirror")
    assert pl(s, 0)["tr"] == 5


def test_saturn_systems_does_not_count_its_own_tag_at_start() -> None:
    """Card: Saturn Systems' own Jovian tag gives no TR; it starts with 24 M€ and 1 titanium."""
    s = new(2, corps=["saturn-systems", "credicor"])
    assert pl(s, 0)["tr"] == 5
    assert pl(s, 0)["mc"] == 24
    assert pl(s, 0)["titanium"] == 1


def test_unmi_may_pay_six_for_one_tr_on_first_rise() -> None:
    """Card: UNMI: the first time TR rises in a phase, pay 6 M€ for +1 TR; later rises in the phase do not ask."""
    s = pos(3, mc=100, corp="united-nations-mars-initiative")
    s.apply(0, "std what=buy_temp")
    assert labels(s, 0) == ["choose option=1", "choose option=2"]
    s.apply(0, "choose option=2")
    assert pl(s, 0)["tr"] == 7
    assert pl(s, 0)["mc"] == 100 - 14 - 6
    s.apply(0, "std what=buy_temp")
    assert not [a for a in labels(s, 0) if a.startswith("choose")]
    assert pl(s, 0)["tr"] == 8
    assert pl(s, 0)["mc"] == 100 - 14 - 6 - 14


def test_unmi_may_decline() -> None:
    """Card: UNMI's payment is optional."""
    s = pos(3, mc=100, corp="united-nations-mars-initiative")
    s.apply(0, "std what=buy_temp")
    s.apply(0, "choose option=1")
    assert (pl(s, 0)["tr"], pl(s, 0)["mc"]) == (6, 86)


def test_unmi_offers_again_in_a_new_phase() -> None:
    """Card: UNMI's offer comes back with the first TR rise of each phase."""
    s = pos(2, mc=100, corp="united-nations-mars-initiative")
    give(s, 0, "release-of-inert-gases")
    s.apply(0, "play card=release-of-inert-gases")
    s.apply(0, "choose option=2")
    assert pl(s, 0)["tr"] == 5 + 2 + 1
    in_phase(s, 3)
    s.apply(0, "std what=buy_temp")
    assert labels(s, 0) == ["choose option=1", "choose option=2"]


def test_interplanetary_conference_does_not_count_itself() -> None:
    """Card: Interplanetary Conference draws for later Earth/Jovian cards, not for its own Earth tag."""
    s = pos(2, chooser=0)
    paid(s, "interplanetary-conference")
    assert pl(s, 0)["hand"] == []
    paid(s, "media-group")  # Earth: 11 - 3, and a card drawn
    assert len(pl(s, 0)["hand"]) == 1
    assert pl(s, 0)["mc"] == 100 - 6 - 8


def test_advanced_ecosystems_own_tags_do_not_count() -> None:
    """Rule: Advanced Ecosystems needs animal, microbe and plant tags in play; its own animal/microbe do not count."""
    s = pos(2)
    table(s, 0, "lichen")
    give(s, 0, "advanced-ecosystems")
    assert not can_play(s, "advanced-ecosystems")
    table(s, 0, "tardigrades", "birds")
    assert can_play(s, "advanced-ecosystems")


def test_terraforming_ganymede_counts_every_jovian_tag_and_saturn_systems_adds_one() -> None:
    """Card: Terraforming Ganymede: 1 TR per Jovian tag (corporation and itself included); Saturn Systems +1 more."""
    s = pos(2, corp="saturn-systems")
    paid(s, "terraforming-ganymede")
    assert pl(s, 0)["tr"] == 5 + 2 + 1


def test_anaerobic_payment_then_its_own_trigger() -> None:
    """Card: Anaerobic Microorganisms pays with 2 microbes, then the played plant tag adds 1 microbe."""
    s = pos(1)
    table(s, 0, "anaerobic-microorganisms", res=2)
    give(s, 0, "tundra-farming")
    pl(s, 0)["mc"] = 2
    s.d["snap"]["temperature"] = 11
    touch(s)
    assert plays_of(s, "tundra-farming") == ["play card=tundra-farming use=anaerobic-microorganisms"]
    s.apply(0, "play card=tundra-farming use=anaerobic-microorganisms")
    assert pl(s, 0)["mc"] == 0
    assert pl(s, 0)["res"]["anaerobic-microorganisms"] == 1


def test_raise_in_the_max_phase_still_scores_and_triggers() -> None:
    """Rule: in the phase a parameter reaches its maximum, further raises still give TR (and step triggers)."""
    s = pos(2, params={"temperature": 18})
    table(s, 0, "livestock")
    paid(s, "lava-flows")
    assert s.d["params"]["temperature"] == 19
    assert pl(s, 0)["tr"] == 7
    assert pl(s, 0)["res"]["livestock"] == 2


def test_raise_after_the_max_phase_gives_nothing() -> None:
    """Rule: after the max-phase, raising a maxed parameter gives no TR and fires no step trigger."""
    s = pos(2, params={"temperature": 18})
    paid(s, "lava-flows")
    s.d["round"] = 3  # a later phase (round 3: seat 0 acts first again)
    in_phase(s, 2)
    table(s, 0, "livestock")
    paid(s, "deimos-down")
    assert pl(s, 0)["tr"] == 7
    assert pl(s, 0)["res"]["livestock"] == 0
