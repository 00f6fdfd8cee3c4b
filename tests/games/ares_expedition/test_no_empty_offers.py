"""No empty offers: an optional action or choice whose effect would be nothing is not offered (RULES-NOTES.md).

One rule in the interpreter (``effects.option_useful``) covers every card: a card action option, or an option of
a choice, is offered only when one of its ops would do something now. A raise or an ocean does nothing once its
parameter is maxed and its max-phase is over; an "add to another card" does nothing without such a card. A card
whose other effects still do something stays playable.
"""

from __future__ import annotations

import pytest

from pyengine.games.ares_expedition.state import AresState

from .helpers import bare, give, in_phase, labels, new, pl, table, touch

MAXED = {"temperature": 19, "oxygen": 14, "ocean": 9}


def position(phase: int, *, maxed: tuple[str, ...] = (), this_phase: bool = False, mc: int = 100) -> AresState:
    """Seat 0 to act first in ``phase`` with a bare board (``mc`` M€, 40 heat, 40 plants, TR 20) and the given
    parameters at their maximum, reached in an earlier round (or in this very phase with ``this_phase``)."""
    s = new(2, seed=3)
    bare(s, 0, mc=mc, heat=40, plants=40)
    bare(s, 1)
    pl(s, 0)["tr"] = 20
    d = s.d
    for param in maxed:
        d["params"][param] = MAXED[param]
    if "ocean" in maxed:
        d["ocean_flipped"] = sorted(d["ocean_pile"])
        d["ocean_pile"] = []
    in_phase(s, phase, chooser=0)
    for param in maxed:
        d["max_key"][param] = d["phase_key"] if this_phase else "0.3"
    touch(s)
    return s


# --- card actions whose only effect is a parameter --------------------------------------------------------------

# card -> (its action, naming the option that only raises, and the parameter that option raises)
RAISE_ACTIONS = {
    "aquifer-pumping": ("act card=aquifer-pumping", "ocean"),
    "developed-infrastructure": ("act card=developed-infrastructure", "temperature"),
    "ghg-producing-bacteria": ("act card=ghg-producing-bacteria option=2", "temperature"),
    "ironworks": ("act card=ironworks", "oxygen"),
    "nitrite-reducing-bacteria": ("act card=nitrite-reducing-bacteria option=2", "ocean"),
    "regolith-eaters": ("act card=regolith-eaters option=2", "oxygen"),
    "volcanic-pools": ("act card=volcanic-pools", "ocean"),
    "water-import-from-europa": ("act card=water-import-from-europa", "ocean"),
    "wood-burning-stoves": ("act card=wood-burning-stoves", "temperature"),
}


def test_aquifer_pumping_is_not_offered_with_all_nine_oceans_flipped() -> None:
    """Rule (no empty offers): Aquifer Pumping's action (10 M€: flip an ocean) is not offered once all 9 oceans are
    flipped in an earlier phase: it would take 10 M€ and give nothing. The standard "buy an ocean" is gone too."""
    s = position(3, maxed=("ocean",))
    table(s, 0, "aquifer-pumping")
    acts = labels(s, 0)
    assert "act card=aquifer-pumping" not in acts
    assert "std what=buy_ocean" not in acts
    assert pl(s, 0)["mc"] == 100


def test_aquifer_pumping_is_offered_in_the_phase_the_last_ocean_flipped() -> None:
    """Rule (max-phase): in the phase the 9th ocean flipped, another flip still gives 1 TR and the last tile's
    reward, so Aquifer Pumping is still offered, and it scores."""
    s = position(3, maxed=("ocean",), this_phase=True)
    table(s, 0, "aquifer-pumping")
    assert "act card=aquifer-pumping" in labels(s, 0)
    s.apply(0, "act card=aquifer-pumping")
    assert pl(s, 0)["tr"] == 21


@pytest.mark.parametrize("cid", sorted(RAISE_ACTIONS))
def test_a_card_action_that_only_raises_a_maxed_parameter_is_not_offered(cid: str) -> None:
    """Rule (no empty offers): each card action whose only effect is a temperature, oxygen or ocean step is not
    offered after the phase that maxed that parameter, and is offered while the parameter can still score."""
    action, param = RAISE_ACTIONS[cid]
    for maxed, offered in ((True, False), (False, True)):
        s = position(3, maxed=(param,) if maxed else ())
        table(s, 0, cid, res=10)
        assert (action in labels(s, 0)) is offered, (cid, maxed)


def test_progressive_policies_is_not_offered_with_oxygen_maxed() -> None:
    """Rule (no empty offers): Progressive Policies (promo; 10 M€: raise oxygen) is not offered at 14 % oxygen."""
    s = new(2, seed=3, promo_projects=True)
    bare(s, 0, mc=100)
    s.d["params"]["oxygen"] = 14
    in_phase(s, 3, chooser=0)
    s.d["max_key"]["oxygen"] = "0.3"
    table(s, 0, "progressive-policies")
    assert "act card=progressive-policies" not in labels(s, 0)
    s.d["params"]["oxygen"] = 13
    s.d["max_key"]["oxygen"] = None
    touch(s)
    assert "act card=progressive-policies" in labels(s, 0)


def test_a_card_with_another_option_keeps_only_that_option() -> None:
    """Rule (no empty offers): GHG Producing Bacteria with temperature maxed keeps its first option (add a microbe)
    and loses the second (2 microbes: raise temperature)."""
    s = position(3, maxed=("temperature",))
    table(s, 0, "ghg-producing-bacteria", res=4)
    acts = [a for a in labels(s, 0) if a.startswith("act ")]
    assert acts == ["act card=ghg-producing-bacteria option=1"]


# --- "add to another card" -------------------------------------------------------------------------------------

def play(s: AresState, cid: str) -> None:
    """Give seat 0 a card and play it (seat 0 acts first in the position)."""
    give(s, 0, cid)
    s.apply(0, f"play card={cid}")


def test_imported_hydrogen_does_not_offer_resources_without_a_card_to_hold_them() -> None:
    """Rule (no empty offers): Imported Hydrogen's choice "3 plants / 3 microbes / 2 animals to another card" is not
    asked when the player has no card that collects microbes or animals: the 3 plants are the only real option, and
    they are taken."""
    s = position(2)
    play(s, "imported-hydrogen")
    assert not pl(s, 0)["frames"], "no question"
    assert pl(s, 0)["plants"] == 40 + 3 + _ocean_plants(s)


def _ocean_plants(s: AresState) -> int:
    """Return the plants the ocean tile flipped last gave."""
    from pyengine.games.ares_expedition.cards import board

    return int(board()["oceans"][s.d["ocean_flipped"][-1] - 1].get("plants", 0))


def test_imported_hydrogen_offers_microbes_only_with_a_microbe_card() -> None:
    """Rule (no empty offers): with a microbe card (Decomposers) but no animal card, Imported Hydrogen asks
    between 3 plants and 3 microbes; the 2 animals are not offered."""
    s = position(2)
    table(s, 0, "decomposers")
    play(s, "imported-hydrogen")
    assert labels(s, 0) == ["choose option=1", "choose option=2"]
    s.apply(0, "choose option=2")
    assert pl(s, 0)["res"]["decomposers"] == 3


def test_large_convoy_takes_the_plants_without_an_animal_card() -> None:
    """Rule (no empty offers): Large Convoy's "5 plants or 3 animals to another card" is not asked without an
    animal card; the 5 plants are taken."""
    s = position(2)
    play(s, "large-convoy")
    assert not pl(s, 0)["frames"], "no question"
    assert pl(s, 0)["plants"] == 40 + 5 + _ocean_plants(s)


def test_local_heat_trapping_asks_nothing_without_a_card_to_hold_resources() -> None:
    """Rule (no empty offers): Local Heat Trapping (4 plants, then 2 animals or 2 microbes to another card) gives
    its plants and asks nothing when no card can take either; with only a microbe card, the microbes go there
    without a question."""
    s = position(2)
    play(s, "local-heat-trapping")
    assert not pl(s, 0)["frames"] and pl(s, 0)["plants"] == 44
    s = position(2)
    table(s, 0, "decomposers")
    play(s, "local-heat-trapping")
    assert not pl(s, 0)["frames"] and pl(s, 0)["res"]["decomposers"] == 2


def test_viral_enhancers_gives_a_plant_without_asking_when_no_card_can_take_a_resource() -> None:
    """Rule (no empty offers): Viral Enhancers' trigger "1 plant or 1 animal/microbe on another card" gives the
    plant without a question when the player has no other animal or microbe card."""
    s = position(1)
    table(s, 0, "viral-enhancers")
    play(s, "lichen")
    assert not pl(s, 0)["frames"], "no question"
    assert pl(s, 0)["plants"] == 40 + 1
    s = position(1)
    table(s, 0, "viral-enhancers", "decomposers")
    play(s, "lichen")
    assert labels(s, 0) == ["choose option=1", "choose option=2"], "with a microbe card the choice is asked"


@pytest.mark.parametrize(("cid", "action"), [
    ("symbiotic-fungus", "act card=symbiotic-fungus"),
    ("conserved-biome", "act card=conserved-biome"),
    ("extreme-cold-fungus", "act card=extreme-cold-fungus option=2"),
])
def test_an_action_adding_to_another_card_needs_such_a_card(cid: str, action: str) -> None:
    """Rule (no empty offers): Symbiotic Fungus, Conserved Biome and Extreme-Cold Fungus's second option (a
    resource on another card) are offered only when the player has another card that collects it."""
    s = position(3)
    table(s, 0, cid)
    assert action not in labels(s, 0)
    table(s, 0, "decomposers")
    assert action in labels(s, 0)


@pytest.mark.parametrize("cid", ["imported-nitrogen", "astrofarm", "eos-chasma-national-park"])
def test_a_card_whose_other_effects_do_something_stays_playable(cid: str) -> None:
    """Rule (no empty offers): a card that also adds to another card stays playable without such a card, because
    its other effects (plants, TR, production) still happen; only the resources are lost."""
    phase = 2 if cid == "imported-nitrogen" else 1
    s = position(phase)
    s.d["snap"]["temperature"] = 8  # Eos Chasma needs red temperature
    touch(s)
    give(s, 0, cid)
    assert f"play card={cid}" in labels(s, 0)


def test_unmi_keeps_its_no_thanks_option() -> None:
    """Rule (no empty offers): an option with no effect at all is a deliberate "no" (United Nations Mars
    Initiative's "do not pay 6 M€ for 1 TR"), so it stays offered."""
    s = new(2, seed=3, corps=["united-nations-mars-initiative", "credicor"])
    bare(s, 0, mc=100)
    pl(s, 0)["corp"] = "united-nations-mars-initiative"
    in_phase(s, 3, chooser=0)
    s.apply(0, "std what=buy_temp")
    assert labels(s, 0) == ["choose option=1", "choose option=2"]
