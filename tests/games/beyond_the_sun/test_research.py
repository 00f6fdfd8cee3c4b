"""Research: which slots may be chosen, the population cube, events, the tech type, revealing and keeping a card,
immediate bonuses, the guild covers and the Technocrats guild."""

from __future__ import annotations

import pytest

from pyengine.games.beyond_the_sun.cards import techs
from pyengine.games.beyond_the_sun.invariants import check
from pyengine.games.beyond_the_sun.state import BTSState

from .helpers import acts, do, fac, new, put_tech, researched, touch, turn

# A level-II slot whose only prerequisite is this level-I slot (tech-tree graph in board.json).
ONLY_CHILD = {"I-1": "II-1", "I-2": "II-3", "I-3": "II-4", "I-4": "II-6"}
TIER = {1: {"terraformers", "professors"}, 2: {"technocrats", "metascientists"}}


def _slot_of(state: BTSState, card: str) -> str:
    """Return the slot holding a tech card (level-I cards are dealt at random)."""
    return str(next(s for s, v in state.d["slots"].items() if v["card"] == card))


def _place_event(state: BTSState, slot: str, event: str | None) -> None:
    """Put an event face down on a slot: it swaps places with the slot's event (on another slot or in the box)."""
    d = state.d
    old = d["slots"][slot]["event"]
    if old == event:
        return
    where = next((s for s, v in d["slots"].items() if v["event"] == event), None) if event else None
    if where is not None:
        d["slots"][where]["event"] = old
    else:
        for lv, box in d["box_events"].items():
            if event in box:
                box.remove(event)
            if old and old.startswith(("EV-II-", "EV-III-")) and old.split("-")[1] == "I" * int(lv):
                box.append(old)
                box.sort()
    d["slots"][slot]["event"] = event
    touch(state)


def _deck_first(state: BTSState, level: int, cards: list[str]) -> None:
    """Put these cards on top of a level's deck, in this order (the rest keep their order below)."""
    deck = state.d["decks"][str(level)]
    rest = [c for c in deck if c not in cards]
    assert len(rest) + len(cards) == len(deck)
    deck[:] = [*cards, *rest]
    touch(state)


def _research_options(state: BTSState) -> set[str]:
    """Return the slots offered by the pending research choice."""
    return {a.split("=", 1)[1] for a in acts(state) if a.startswith("research slot=")}


def _level_cards(state: BTSState, level: int) -> int:
    """Return how many cards of a level exist in the deck and in the slots (the deck is conserved)."""
    in_slots = sum(1 for v in state.d["slots"].values() if v["card"] and techs()[v["card"]]["level"] == level)
    return len(state.d["decks"][str(level)]) + in_slots


def _hypercomputing_position(event: str | None) -> BTSState:
    """Seat 0 has Hypercomputing (research III for 4 ore) on II-4, so III-4 is its only level-III slot."""
    state = new(3, seed=1)
    put_tech(state, "II-4", "II-HYPERCOMPUTING")
    researched(state, 0, "I-3", "II-4")
    _place_event(state, "III-4", event)
    fac(state, 0)["ore"] = 8
    touch(state)
    return state


# --- which slots ---------------------------------------------------------------------------------------------------
def test_level_ii_slot_needs_every_prerequisite() -> None:
    """A level-II slot may be researched only once every one of its prerequisite slots is researched."""
    state = new(3, seed=1)
    researched(state, 0, "I-1", "I-3")
    fac(state, 0)["ore"] = 5
    touch(state)
    do(state, "move space=bs.research_2.0")
    assert _research_options(state) == {"II-1", "II-4"}  # II-2 also needs I-2, II-5 also needs I-4
    state = new(3, seed=1)
    researched(state, 0, "I-1", "I-2", "I-3")
    fac(state, 0)["ore"] = 5
    touch(state)
    do(state, "move space=bs.research_2.0")
    assert _research_options(state) == {"II-1", "II-2", "II-3", "II-4"}


def test_slot_already_researched_by_the_faction_is_not_offered() -> None:
    """A faction researches each slot once: its own researched slots are not offered again."""
    state = new(3, seed=1)
    researched(state, 0, "I-1", "I-2")
    do(state, "move space=bs.research_1.0")
    assert _research_options(state) == {"I-3", "I-4"}


def test_level_iiii_slot_needs_any_two_of_its_three_prerequisites() -> None:
    """A level-IIII slot needs any 2 of its 3 prerequisites, whatever their types; one is not enough."""
    state = new(3, seed=1)
    put_tech(state, "III-1", "III-HIVEMIND-COMPUTING")  # scientific (hands on scientific); action: 7 ore, research IIII
    put_tech(state, "III-3", "III-CAPITAL-SHIP")  # military
    researched(state, 0, "III-1")
    fac(state, 0)["ore"] = 8
    touch(state)
    assert "move space=tech.III-1.0.0" not in acts(state)  # IIII-1 has only 1 of 3: nothing to research
    researched(state, 0, "III-3")
    do(state, "move space=tech.III-1.0.0")  # IIII-1 (III-1, III-2, III-3) is the only level-IIII slot open
    assert fac(state, 0)["techs"][-1] == "IIII-1"
    assert acts(state) == ["tech_type type=military", "tech_type type=scientific"]  # both prerequisites' types


def test_eye_research_only_revealed_slots() -> None:
    """The eye (revealed_only): Xenoarchaeology's research (a stand-in of the 2026 deck, option tech_deck) offers only
    slots whose tech is already revealed, and without such a slot its action is not offered."""
    state = new(3, seed=1, tech_deck="stand_ins_2026")
    put_tech(state, "III-4", "III-XENOARCHAEOLOGY")  # action: 3 ore, jump 2, then research III (eye)
    for slot in ("II-1", "II-2", "II-3"):
        put_tech(state, slot, card_of_level(state, 2))
    researched(state, 0, "III-4", "II-1", "II-2", "II-3")  # III-1, III-2 and III-3 all unrevealed and open
    fac(state, 0)["ore"] = 5
    touch(state)
    assert "move space=tech.III-4.0.0" not in acts(state)
    put_tech(state, "III-1", card_of_level(state, 3))
    put_tech(state, "III-3", card_of_level(state, 3))
    do(state, "move space=tech.III-4.0.0", "stop")  # no jump
    assert _research_options(state) == {"III-1", "III-3"}  # not the face-down III-2


def card_of_level(state: BTSState, level: int) -> str:
    """Return the top card of a level's deck (to lay it face up with put_tech)."""
    return str(state.d["decks"][str(level)][0])


def test_research_rows_offer_only_levels_i_and_ii() -> None:
    """Level III and IIII come only from cards or unlocked guilds: the Research rows offer I and II slots only."""
    state = new(3, seed=1)
    put_tech(state, "II-1", "II-HYPERCOMPUTING")
    researched(state, 0, "I-1", "II-1")  # III-1 is open by its prerequisite
    fac(state, 0)["ore"] = 8
    touch(state)
    moves = acts(state)
    assert not any(m.startswith("move space=bs.research_2.") for m in moves)  # no level-II slot left open
    assert not any(m.startswith("move space=guild.") for m in moves)  # the guilds are covered
    assert "move space=tech.II-1.0.0" in moves  # Hypercomputing: research III
    trial = state.clone()
    do(trial, "move space=bs.research_1.0")
    assert _research_options(trial) == {"I-2", "I-3", "I-4"}
    state.d["covered"].remove("professors")
    touch(state)
    assert "move space=guild.professors.0" in acts(state)
    do(state, "move space=tech.II-1.0.0")
    assert fac(state, 0)["techs"][-1] == "III-1"


# --- the cube and the event ---------------------------------------------------------------------------------------
def test_research_places_a_population_cube_on_the_slot() -> None:
    """Researching places one of your population cubes on the slot: population -1, the slot lists you."""
    state = new(3, seed=1)
    f = fac(state, 0)
    pop, supply = f["pop"], list(f["supply"])
    robotics = _slot_of(state, "I-ROBOTICS")
    do(state, "move space=bs.research_1.0", f"research slot={robotics}")
    assert f["pop"] == pop - 1 and f["supply"] == supply and f["techs"] == [robotics]
    assert state.view(1)["slots"][robotics]["researched_by"] == [0]
    assert state.view(1)["factions"][0]["population"] == pop - 1
    assert check(state) == []


def test_event_is_revealed_and_resolved_before_the_tech_is_chosen() -> None:
    """An unrevealed II slot: its event is flipped and resolved in full (every faction's choices included) before
    the tech type is chosen and cards are revealed."""
    state = new(3, seed=1)
    researched(state, 0, "I-1", "I-2")
    _place_event(state, "II-2", "EV-II-TYLER-LEE")
    fac(state, 0)["ore"] = 5
    touch(state)
    deck = list(state.d["decks"]["2"])
    do(state, "move space=bs.research_2.0", "research slot=II-2")
    assert state.d["slots"]["II-2"]["event"] is None and state.d["slots"]["II-2"]["card"] is None
    assert state.view(1)["events_revealed"] == ["EV-II-TYLER-LEE"]
    assert state.view(1)["pending"]["source"] == "EV-II-TYLER-LEE"
    assert state.d["decks"]["2"] == deck  # nothing revealed yet
    do(state, "guild id=professors")
    ores = [fac(state, s)["ore"] for s in range(3)]
    for seat in (0, 1, 2):  # Tyler Lee: every faction may take 1 ore, in seat order from the researcher
        assert state.to_move() == frozenset({seat}) and acts(state) == ["accept", "decline"]
        do(state, "accept")
    assert [fac(state, s)["ore"] for s in range(3)] == [o + 1 for o in ores]
    assert state.d["decks"]["2"] == deck
    assert state.to_move() == frozenset({0}) and all(a.startswith("tech_type") for a in acts(state))


def test_revealed_slot_has_no_event_for_later_researchers() -> None:
    """The event is flipped by the first researcher only: later researchers of the slot meet no event."""
    state = new(3, seed=1)
    robotics = _slot_of(state, "I-ROBOTICS")
    child = ONLY_CHILD[robotics]
    _place_event(state, child, "EV-II-ORE-RUSH")
    _deck_first(state, 2, ["II-ASTEROID-MINING", "II-HYPERCOMPUTING"])  # both scientific
    researched(state, 0, robotics)
    researched(state, 1, robotics)
    fac(state, 0)["ore"] = 2
    touch(state)
    do(state, "move space=bs.research_2.0")  # only slot: researched automatically, Ore Rush is flipped
    assert state.view(None)["events_revealed"] == ["EV-II-ORE-RUSH"]
    assert state.view(None)["pending"]["source"] == "EV-II-ORE-RUSH"
    assert len(state.d["covered"]) == 4  # a dark event lifts no guild cover
    do(state, "accept", "accept", "accept", "keep card=II-ASTEROID-MINING", "produce what=trade", "done")
    assert state.to_move() == frozenset({1})
    fac(state, 1)["ore"] = 2
    touch(state)
    do(state, "move space=bs.research_2.1")  # seat 0's pawn holds research_2.0
    assert state.d["slots"][child]["by"] == [0, 1] and state.d["frames"] == []
    assert state.view(None)["events_revealed"] == ["EV-II-ORE-RUSH"]


# --- the type, revealing and keeping -------------------------------------------------------------------------------
def test_type_choice_from_two_prerequisite_types() -> None:
    """The tech type is chosen among the types passed on by the researched prerequisites: two different types give
    a tech_type choice."""
    state = new(3, seed=1)
    researched(state, 0, "I-1", "I-2")
    _place_event(state, "II-2", None)
    fac(state, 0)["ore"] = 5
    touch(state)
    passed = sorted({t for s in ("I-1", "I-2") for t in techs()[state.d["slots"][s]["card"]]["passes"]})
    assert len(passed) == 2
    do(state, "move space=bs.research_2.0", "research slot=II-2")
    assert acts(state) == [f"tech_type type={t}" for t in passed]


def test_single_prerequisite_type_is_taken_without_asking() -> None:
    """One prerequisite with one type: the type is not asked, cards of that type are revealed at once."""
    state = new(3, seed=1)
    lasers = _slot_of(state, "I-LASERS")  # military
    child = ONLY_CHILD[lasers]
    _place_event(state, child, None)
    researched(state, 0, lasers)
    fac(state, 0)["ore"] = 2
    _deck_first(state, 2, ["II-MODULAR-FLEET", "II-MASS-CLONING", "II-HEAVY-SHIPYARDS"])
    do(state, "move space=bs.research_2.0")
    assert set(acts(state)) == {"keep card=II-HEAVY-SHIPYARDS", "keep card=II-MODULAR-FLEET"}


def test_hybrid_prerequisite_passes_both_types() -> None:
    """A hybrid prerequisite passes on both its types: researching the next level offers either."""
    state = new(3, seed=1)
    put_tech(state, "II-1", "II-BIOREACTORS")  # scientific + economic
    researched(state, 0, "II-1")
    _place_event(state, "III-1", None)
    state.d["covered"].remove("professors")
    fac(state, 0)["ore"] = 4
    touch(state)
    do(state, "move space=guild.professors.0")  # research III: only III-1 is open
    assert acts(state) == ["tech_type type=economic", "tech_type type=scientific"]


def test_type_without_a_matching_card_cannot_be_chosen() -> None:
    """A type with no card of it left in the deck is not offered (here the only other type is then taken)."""
    state = new(3, seed=1)
    researched(state, 0, "I-1", "I-2")
    _place_event(state, "II-2", None)
    fac(state, 0)["ore"] = 5
    kinds = sorted({t for s in ("I-1", "I-2") for t in techs()[state.d["slots"][s]["card"]]["passes"]})
    gone = kinds[0]
    state.d["decks"]["2"] = [c for c in state.d["decks"]["2"] if gone not in techs()[c]["types"]]
    touch(state)
    do(state, "move space=bs.research_2.0", "research slot=II-2")
    assert not any(a.startswith("tech_type") for a in acts(state))
    assert all(a.startswith("keep card=") for a in acts(state))
    assert all(kinds[1] in techs()[a.split("=")[1]]["types"] for a in acts(state))


def test_reveal_until_two_match_hybrids_match_either_type() -> None:
    """Cards are revealed until two match the type (a hybrid matches either of its types); keep one, the others go
    under the deck; the deck plus the slots still hold all 16 level-II cards."""
    state = new(3, seed=1)
    lasers = _slot_of(state, "I-LASERS")  # passes military
    child = ONLY_CHILD[lasers]
    _place_event(state, child, None)
    researched(state, 0, lasers)
    fac(state, 0)["ore"] = 2
    top = ["II-ASTEROID-MINING", "II-DRONE-YARDS", "II-MASS-CLONING", "II-HEAVY-SHIPYARDS", "II-MODULAR-FLEET"]
    _deck_first(state, 2, top)
    assert _level_cards(state, 2) == 16
    do(state, "move space=bs.research_2.0")
    assert set(acts(state)) == {"keep card=II-DRONE-YARDS", "keep card=II-HEAVY-SHIPYARDS"}
    assert state.view(1)["pending"]["revealed"] == ["II-DRONE-YARDS", "II-HEAVY-SHIPYARDS", "II-ASTEROID-MINING",
                                                    "II-MASS-CLONING"]
    removed = fac(state, 0)["removed"]["ore"]
    do(state, "keep card=II-DRONE-YARDS")
    deck = state.d["decks"]["2"]
    assert state.d["slots"][child]["card"] == "II-DRONE-YARDS"
    assert deck[0] == "II-MODULAR-FLEET"  # the unrevealed card stays on top
    assert set(deck[-3:]) == {"II-ASTEROID-MINING", "II-MASS-CLONING", "II-HEAVY-SHIPYARDS"}
    assert len(deck) == 15 and _level_cards(state, 2) == 16
    assert fac(state, 0)["removed"]["ore"] == removed + 1  # Drone Yards' immediate bonus: automate an ore disc
    assert check(state) == []


def test_deck_running_out_after_one_match_keeps_that_card() -> None:
    """If the deck runs out after one matching card, that card is kept without a choice."""
    state = new(3, seed=1)
    lasers = _slot_of(state, "I-LASERS")
    child = ONLY_CHILD[lasers]
    _place_event(state, child, None)
    researched(state, 0, lasers)
    fac(state, 0)["ore"] = 2
    state.d["decks"]["2"] = ["II-ASTEROID-MINING", "II-HEAVY-SHIPYARDS", "II-MASS-CLONING"]
    touch(state)
    do(state, "move space=bs.research_2.0")
    assert state.d["slots"][child]["card"] == "II-HEAVY-SHIPYARDS"
    assert sorted(state.d["decks"]["2"]) == ["II-ASTEROID-MINING", "II-MASS-CLONING"]


def test_immediate_bonus_for_first_and_later_researchers() -> None:
    """The immediate bonus goes to the researcher who reveals the tech and to every later researcher of it; a later
    researcher reveals nothing (the deck is untouched)."""
    state = new(3, seed=1)
    robotics = _slot_of(state, "I-ROBOTICS")  # scientific
    child = ONLY_CHILD[robotics]
    _place_event(state, child, None)
    _deck_first(state, 2, ["II-ASTEROID-MINING", "II-MASS-CLONING", "II-BIOREACTORS"])  # Asteroid Mining: +2 ore
    researched(state, 0, robotics)
    researched(state, 1, robotics)
    fac(state, 0)["ore"] = 2
    fac(state, 1)["ore"] = 2
    touch(state)
    do(state, "move space=bs.research_2.0", "keep card=II-ASTEROID-MINING")
    assert fac(state, 0)["ore"] == 2 - 2 + 2
    deck = list(state.d["decks"]["2"])
    do(state, "produce what=trade", "done")
    assert state.to_move() == frozenset({1})
    do(state, "move space=bs.research_2.1")  # only slot open for seat 1: researched automatically
    assert fac(state, 1)["ore"] == 2 - 2 + 2
    assert state.d["slots"][child]["by"] == [0, 1] and state.d["decks"]["2"] == deck


# --- guild covers ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("event", "tier"), [("EV-II-TYLER-LEE", 1), ("EV-II-MAYA", 1)])
def test_level_ii_light_events_lift_a_tier_one_guild(event: str, tier: int) -> None:
    """Tyler Lee and Maya (light, level II) lift a tier-1 cover: Terraformers or Professors, the revealer's choice."""
    state = new(3, seed=1)
    robotics = _slot_of(state, "I-ROBOTICS")
    _place_event(state, ONLY_CHILD[robotics], event)
    researched(state, 0, robotics)
    fac(state, 0)["ore"] = 2
    touch(state)
    do(state, "move space=bs.research_2.0")
    assert {a.split("=")[1] for a in acts(state)} == TIER[tier]
    do(state, "guild id=terraformers")
    assert state.d["covered"] == ["professors", "technocrats", "metascientists"]
    assert state.view(2)["guilds_covered"] == ["professors", "technocrats", "metascientists"]


@pytest.mark.parametrize(("event", "tier"), [("EV-III-KC24X", 2), ("EV-III-ONU", 2)])
def test_level_iii_light_events_lift_a_tier_two_guild(event: str, tier: int) -> None:
    """KC-24X and Onu (light, level III) lift a tier-2 cover: Technocrats or Metascientists, the revealer's
    choice."""
    state = _hypercomputing_position(event)
    do(state, "move space=tech.II-4.0.0")
    assert {a.split("=")[1] for a in acts(state)} == TIER[tier]
    do(state, "guild id=metascientists")
    assert state.d["covered"] == ["terraformers", "professors", "technocrats"]


def test_guild_tile_lifted_without_asking_when_one_of_the_tier_is_left() -> None:
    """When only one cover of the tier is left, the light event lifts it without a choice."""
    state = _hypercomputing_position("EV-III-ONU")
    state.d["covered"].remove("technocrats")
    touch(state)
    do(state, "move space=tech.II-4.0.0")
    assert "metascientists" not in state.d["covered"]
    assert not any(a.startswith("guild ") for a in acts(state))


def test_kc24x_is_kept_for_one_vp() -> None:
    """KC-24X: the revealer keeps the event card for 1 VP (and lifts a tier-2 cover)."""
    state = _hypercomputing_position("EV-III-KC24X")
    do(state, "move space=tech.II-4.0.0")
    f = fac(state, 0)
    assert f["kept"] == ["EV-III-KC24X"] and f["vp_tokens"] == 1
    assert state.view(1)["factions"][0]["kept_events"] == ["EV-III-KC24X"]
    assert state.view(1)["factions"][0]["vp"]["events"] == 1
    assert fac(state, 1)["kept"] == [] and fac(state, 1)["vp_tokens"] == 0


def test_guild_cover_lifted_for_every_faction() -> None:
    """A lifted guild is open to every faction, not only to the one whose research lifted it."""
    state = _hypercomputing_position("EV-III-KC24X")
    do(state, "move space=tech.II-4.0.0", "guild id=technocrats")
    turn(state, 1)
    assert "move space=guild.technocrats.0" in acts(state, 1)
    assert not any(a.startswith("move space=guild.metascientists") for a in acts(state, 1))


# --- Technocrats ---------------------------------------------------------------------------------------------------
def test_technocrats_research_then_basic_action_without_moving_onto_occupied_space() -> None:
    """Technocrats: research a level I or II tech, then a Basic Spacefaring action without moving the pawn; that
    row may be fully occupied by other pawns."""
    state = new(3, seed=1)
    state.d["covered"].remove("technocrats")
    state.d["pawns"][1] = "bs.build_jump.0"
    state.d["pawns"][2] = "bs.build_jump.1"
    researched(state, 0, "I-1")
    fac(state, 0)["ore"] = 0
    touch(state)
    assert not any(a.startswith("move space=bs.build_jump") for a in acts(state))
    do(state, "move space=guild.technocrats.0")
    assert _research_options(state) == {"I-2", "I-3", "I-4", "II-1"}  # levels I and II, no ore needed
    robotics = _slot_of(state, "I-ROBOTICS")
    do(state, f"research slot={robotics}")
    assert all(a.startswith("basic row=") for a in acts(state))
    assert "basic row=build_jump" in acts(state)
    pop = fac(state, 0)["pop"]
    do(state, "basic row=build_jump", "build at=SOL")
    assert fac(state, 0)["pop"] == pop - 1 and fac(state, 0)["ships"]["SOL"] == [2, 0, 0, 0]
    assert state.d["pawns"] == ["guild.technocrats.0", "bs.build_jump.0", "bs.build_jump.1"]


def test_technocrats_basic_action_still_pays_its_cost() -> None:
    """Technocrats: the Basic Spacefaring action keeps its own cost (Research II needs 2 ore)."""
    state = new(3, seed=1)
    state.d["covered"].remove("technocrats")
    researched(state, 0, "I-1", "I-2")
    fac(state, 0)["ore"] = 1
    touch(state)
    robotics = _slot_of(state, "I-ROBOTICS")
    do(state, "move space=guild.technocrats.0", f"research slot={robotics}")  # Robotics: +1 ore -> 2
    assert "basic row=research_2" in acts(state)
    trial = state.clone()
    do(trial, "basic row=research_2")
    assert fac(trial, 0)["ore"] == 0
    state2 = new(3, seed=1)
    state2.d["covered"].remove("technocrats")
    researched(state2, 0, "I-1", "I-2")
    fac(state2, 0)["ore"] = 0
    touch(state2)
    genetics = _slot_of(state2, "I-GENETICS")  # no ore bonus
    do(state2, "move space=guild.technocrats.0", f"research slot={genetics}")
    assert "basic row=research_2" not in acts(state2)


# --- optional research ---------------------------------------------------------------------------------------------
def test_anomaly_research_optional_by_default() -> None:
    """Spacetime Anomaly Studies (option anomaly_research_optional, on by default): its research may be skipped, so
    the action is offered even with no level-II slot open."""
    state = new(3, seed=1)
    put_tech(state, "II-1", "II-SPACETIME-ANOMALY")  # action: 2 ore, jump 3, then research II
    researched(state, 0, "II-1")
    fac(state, 0)["ore"] = 5
    touch(state)
    assert "move space=tech.II-1.0.0" in acts(state)


def test_anomaly_research_mandatory_when_option_off() -> None:
    """With anomaly_research_optional off, Spacetime Anomaly's research is mandatory: no action that cannot be
    performed, so with no level-II slot open the action is not offered."""
    state = new(3, seed=1, anomaly_research_optional=False)
    put_tech(state, "II-1", "II-SPACETIME-ANOMALY")
    researched(state, 0, "II-1")  # no level-I slot researched: no level-II slot is open
    fac(state, 0)["ore"] = 5
    touch(state)
    assert "move space=tech.II-1.0.0" not in acts(state)
