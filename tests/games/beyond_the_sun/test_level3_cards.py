"""The real level-III technologies (issue 29): each new op and passive ability of the effect vocabulary, named by its
card and played through the public API (``legal_actions`` / ``apply``), and the catalog's level-III deck.

Positions are built the way the other rule tests build them (helpers.py). A card's Immediately bonus is reached by
researching it: seat 0 holds Hypercomputing (4 ore: research a level-III tech) on II-4, and the card lies revealed
on III-4, the only level-III slot that opens.
"""

from __future__ import annotations

from typing import Any

import pytest

import pyengine
from pyengine.bots import choose, make_bot
from pyengine.core.rng import Rng
from pyengine.games.beyond_the_sun.cards import CURRENT_DECK, current_techs, deck_techs, systems, techs
from pyengine.games.beyond_the_sun.heuristic import score_actions
from pyengine.games.beyond_the_sun.invariants import check
from pyengine.games.beyond_the_sun.messages import card_name
from pyengine.games.beyond_the_sun.model import TRACK_DISCS, return_supply
from pyengine.games.beyond_the_sun.state import BTSState

from .helpers import acts, automated, bare, do, fac, put_system, put_tech, researched, ships, touch, turn
from .helpers import new as new_game

TAI = "III-TRANSDIMENSIONAL-AI"
PLANETARY = "III-PLANETARY-RESEARCH"
ORBITALS = "III-MANUFACTURING-ORBITALS"
HYPERDRIVE = "III-HYPERDRIVE-BOOSTERS"
CEREBRAL = "III-CEREBRAL-IMPLANTS"
QDE = "III-QUANTUM-DATA-EXCHANGE"
RIGHTS = "III-ANDROID-RIGHTS"
SUBATOMIC = "III-SUBATOMIC-FABRICATION"
WORMHOLE = "III-WORMHOLE-TECHNOLOGY"
STEALTH = "III-STEALTH-TERRAFORMERS-ORIGINAL"

# The 16 level-III cards of the original English first print: name -> printed types (left triangle, top first).
PRINTED = {
    "Transdimensional AI": ["scientific"], "Planetary-Scale Research": ["scientific", "military"],
    "Metahuman Chambers": ["scientific", "economic"], "Hivemind Computing": ["scientific", "commercial"],
    "Deep Space Megastructures": ["military", "scientific"], "Capital Ship": ["military"],
    "Android Armada": ["military", "economic"], "Mercenary Fleet": ["military", "commercial"],
    "Cerebral Implants": ["economic", "scientific"], "Manufacturing Orbitals": ["economic", "military"],
    "Android Rights Movement": ["economic"], "Subatomic Fabrication": ["economic", "commercial"],
    "Quantum Data Exchange": ["commercial", "scientific"], "Hyperdrive Boosters": ["commercial", "military"],
    "Wormhole Technology": ["commercial", "economic"], "Stealth Terraformers": ["commercial"],
}


def reveal(state: BTSState, slot: str, card: str) -> None:
    """Lay a tech face up on a slot (put_tech), its face-down event counted as revealed (so the position loads)."""
    event = state.d["slots"][slot]["event"]
    if event:
        state.d["event_log"].append(event)
    put_tech(state, slot, card)


def owning(card: str, slot: str = "III-4", players: int = 3, **options: Any) -> BTSState:
    """Return a game with no ships, seat 0 in its action phase, having researched ``card`` on ``slot``."""
    state = bare(players, **options)
    reveal(state, slot, card)
    researched(state, 0, slot)
    return turn(state, 0)


def researching(card: str, ore: int = 4, state: BTSState | None = None) -> BTSState:
    """Return the position right after seat 0 researched ``card`` (on III-4, through Hypercomputing on II-4): its
    Immediately bonus is under way."""
    state = state or turn(bare(3), 0)
    put_tech(state, "II-4", "II-HYPERCOMPUTING")
    put_tech(state, "III-4", card)
    researched(state, 0, "I-3", "II-4")
    fac(state, 0)["ore"] = ore
    touch(state)
    do(state, "move space=tech.II-4.0.0")  # III-4 is the only level-III slot open: researched at once
    assert "III-4" in fac(state, 0)["techs"]
    return state


def research_options(state: BTSState) -> set[str]:
    """Return the slots the pending research offers."""
    return {a.split("=", 1)[1] for a in acts(state) if a.startswith("research slot=")}


def colonies(state: BTSState, seat: int, n: int) -> None:
    """Give a faction n colonies (system cards from deck B, each with its colony disc)."""
    d = state.d
    f = fac(state, seat)
    for card in d["sysdecks"]["B"][:n]:
        d["sysdecks"]["B"].remove(card)
        disc = systems()[card]["colony_disc"]
        f["removed"][disc] += 1
        f["colonies"].append({"system": card, "discs": [disc]})
    touch(state)


# --- the deck ------------------------------------------------------------------------------------------------------
def test_the_catalog_lists_the_16_real_level_iii_techs_with_their_printed_types() -> None:
    """Catalog (issue 29): level III is exactly the 16 printed cards, each with its printed types (a hybrid hands on
    its first, top, type) and none a stand-in; the stand-ins Plasma Cannon and Neo-Industrial Revolution are level
    IIII, and every level keeps its printed size (4/16/16/10)."""
    catalog = pyengine.load_game("beyond_the_sun").catalog()
    tech = [r for r in catalog if r["kind"] == "tech"]
    level3 = {r["name"]: r for r in tech if r["level"] == 3}
    assert {name: r["types"] for name, r in level3.items()} == PRINTED
    assert all(r["origin"] in ("confirmed", "tentative") and r["sources"] == ["S-DLH"] for r in level3.values())
    assert all(r["passes"] == r["types"][:1] for r in level3.values())
    assert [sum(1 for r in tech if r["level"] == lv) for lv in (1, 2, 3, 4)] == [4, 16, 16, 10]
    level4 = {r["name"]: r for r in tech if r["level"] == 4}
    assert level4["Plasma Cannon"]["origin"] == level4["Neo-Industrial Revolution"]["origin"] == "stand-in"
    assert "Android Armada" not in level4
    assert {r["id"] for r in tech} == set(current_techs())


def test_stealth_terraformers_is_the_original_printing() -> None:
    """Stealth Terraformers exists in two printings; the deck holds the original one (``printing``), so that the
    revised card can be added beside it later under an id of its own."""
    rec = techs()[STEALTH]
    assert rec["printing"] == "original" and rec["name"] == "Stealth Terraformers"
    assert all(r.get("printing", "original") == "original" for r in current_techs().values())


def test_new_games_deal_the_real_deck_and_the_2026_deck_keeps_its_stand_ins() -> None:
    """Option tech_deck: new games deal the real level-III cards (real_level_3, the default); stand_ins_2026 deals
    the invented deck of rules 2026.11-2026.12 under its old ids, in the same order as then."""
    new = new_game(3, 5)
    old = new_game(3, 5, tech_deck="stand_ins_2026")
    assert new.to_json()["options"]["tech_deck"] == CURRENT_DECK == "real_level_3"
    assert sorted(new.d["decks"]["3"]) == sorted(c for c, r in current_techs().items() if r["level"] == 3)
    assert sorted(old.d["decks"]["3"]) == sorted(c for c, r in deck_techs("stand_ins_2026").items()
                                                 if r["level"] == 3)
    assert "III-QUANTUM-LAB" in old.d["decks"]["3"] and "IIII-ANDROID-ARMADA" in old.d["decks"]["4"]
    assert check(new) == [] and check(old) == []


def test_a_card_of_the_other_deck_is_refused_in_a_saved_position() -> None:
    """Position check: a game's decks and slots hold only its own deck's cards (a 2026 stand-in is unknown in a game
    dealt the real deck)."""
    game = pyengine.load_game("beyond_the_sun")
    data = game.new_initial_state(seed=5, players=3).to_json()
    data["decks"]["3"][0] = "III-QUANTUM-LAB"
    with pytest.raises(pyengine.core.errors.PositionError, match="unknown tech 'III-QUANTUM-LAB'"):
        game.state_from_json(data)


# --- research ------------------------------------------------------------------------------------------------------
def test_transdimensional_ai_researches_a_revealed_tech_without_prerequisites_or_its_bonus() -> None:
    """Transdimensional AI, Immediately (``research`` with ``ignore_prereqs`` and ``no_immediate``): gain 1
    population, then you may research an already revealed level-II or III tech whatever its prerequisites, without
    its Immediately bonus; unrevealed slots are not offered, and the research may be skipped."""
    state = bare(3)
    put_tech(state, "II-1", "II-MASS-CLONING")  # revealed; its prerequisite I-1 is not seat 0's. Immediately: +2 pop
    put_tech(state, "III-6", "III-CAPITAL-SHIP")  # revealed; its prerequisite II-6 is not seat 0's
    fac(state, 0)["pop"] = 1
    state = researching(TAI, state=state)
    f = fac(state, 0)
    assert f["pop"] == 1  # 1 - the research cube on III-4 + 1 from Transdimensional AI
    assert research_options(state) == {"II-1", "III-6"} and "skip" in acts(state)
    do(state, "research slot=II-1")
    assert f["techs"][-1] == "II-1" and f["pop"] == 0, "Mass Cloning's Immediately bonus is skipped"


def test_transdimensional_ai_lets_a_revealed_tech_need_one_prerequisite_fewer() -> None:
    """Transdimensional AI, from now on (passive ``skip_prerequisite``): a revealed tech that needs 2 prerequisites
    needs 1 (level II: one of its two; level IIII: one of its three); an unrevealed one still needs them all."""
    state = owning(TAI, "III-4")
    researched(state, 0, "I-1", "I-3")
    put_tech(state, "II-2", "II-MASS-CLONING")  # revealed, needs I-1 and I-2
    fac(state, 0)["ore"] = 9
    touch(state)
    trial = state.clone()
    do(trial, "move space=bs.research_2.0")
    assert {"II-2", "II-1", "II-4"} == research_options(trial)  # not the unrevealed II-5 (I-3 and I-4)
    put_tech(state, "III-6", "III-HIVEMIND-COMPUTING")  # 7 ore: research IIII
    put_tech(state, "IIII-2", "IIII-POST-SCARCITY")  # revealed, needs 2 of III-3, III-4, III-5
    researched(state, 0, "III-6")
    do(state, "move space=tech.III-6.0.0")
    assert research_options(state) == {"IIII-2", "IIII-3"}  # IIII-3: 2 of its 3; IIII-2: 1 is enough, revealed
    without = owning("III-CAPITAL-SHIP", "III-4")
    researched(without, 0, "I-1", "I-3")
    put_tech(without, "II-2", "II-MASS-CLONING")
    fac(without, 0)["ore"] = 2
    touch(without)
    do(without, "move space=bs.research_2.0")
    assert "II-2" not in research_options(without)


def test_planetary_scale_research_researches_the_level_of_colonies_plus_one() -> None:
    """Planetary-Scale Research (``research`` with ``level_by``): 4 ore to research a tech of level X, X = your
    colonies + 1, at most IIII; with no slot of that level open the action is not offered."""
    state = owning(PLANETARY, "III-4")
    fac(state, 0)["ore"] = 8
    touch(state)
    trial = state.clone()
    do(trial, "move space=tech.III-4.0.0")
    assert research_options(trial) == {"I-1", "I-2", "I-3", "I-4"}  # no colony: level I
    colonies(state, 0, 1)
    researched(state, 0, "I-1")
    trial = state.clone()
    do(trial, "move space=tech.III-4.0.0")  # 1 colony: level II; II-1, the one open, is researched at once
    assert fac(trial, 0)["techs"][-1] == "II-1"
    colonies(state, 0, 4)
    assert "move space=tech.III-4.0.0" not in acts(state)  # 5 colonies: level IIII, no IIII slot open
    put_tech(state, "III-6", "III-CAPITAL-SHIP")
    researched(state, 0, "III-6")  # IIII-3 needs 2 of III-4, III-5, III-6
    do(state, "move space=tech.III-4.0.0")
    assert fac(state, 0)["techs"][-1] == "IIII-3" and fac(state, 0)["ore"] == 4


def test_cerebral_implants_pays_for_the_research_it_chooses() -> None:
    """Cerebral Implants (``pay`` inside ``choose``): gain 1 population, then pay 3 ore to research II or 5 ore to
    research III; only the options you can pay for and perform are offered, one alone is taken at once, and with
    none the population is still gained."""
    state = owning(CEREBRAL, "III-4")
    reveal(state, "II-4", "II-ASTEROID-MINING")
    researched(state, 0, "I-3", "I-4", "II-4")  # II-5 and II-6 are open; no level-III slot (III-5 needs II-5)
    f = fac(state, 0)
    f["ore"] = 5
    touch(state)
    trial = state.clone()
    do(trial, "move space=tech.III-4.0.0")
    assert research_options(trial) == {"II-5", "II-6"} and fac(trial, 0)["ore"] == 2  # only option A: 3 ore
    reveal(state, "II-5", "II-MASS-CLONING")
    researched(state, 0, "II-5")  # III-5 (II-4 and II-5) opens: both options now
    trial = state.clone()
    do(trial, "move space=tech.III-4.0.0")
    assert acts(trial) == ["option n=0", "option n=1"]
    do(trial, "option n=1")
    assert research_options(trial) == {"III-5"} or fac(trial, 0)["techs"][-1] == "III-5"
    assert fac(trial, 0)["ore"] == 0
    f["ore"] = 2
    pop = f["pop"]
    touch(state)
    do(state, "move space=tech.III-4.0.0")
    assert f["pop"] == pop + 1 and f["ore"] == 2 and state.d["phase"] == "production"


def test_quantum_data_exchange_copies_a_research_action_it_has_not_researched() -> None:
    """Quantum Data Exchange (``copy_research``): carry out any action that researches, paying its cost (no space
    surcharge): a Basic Spacefaring research row, an open guild, or a revealed tech's action, even one nobody
    researched; only those it can pay for and perform are offered, and the pawn stays on Quantum Data Exchange."""
    state = owning(QDE, "III-1")
    put_tech(state, "II-6", "II-HYPERCOMPUTING")  # nobody researched it: 4 ore, research III
    put_tech(state, "II-4", "II-ASTEROID-MINING")
    researched(state, 0, "I-3", "II-4")  # III-4 (unrevealed) is open; no level-II slot is
    fac(state, 0)["ore"] = 4
    touch(state)
    do(state, "move space=tech.III-1.0.0")
    assert acts(state) == ["copy action=bs.research_1", "copy action=tech.II-6.0"]
    do(state, "copy action=tech.II-6.0")
    f = fac(state, 0)
    assert f["ore"] == 0 and f["techs"][-1] == "III-4" and state.d["pawns"][0] == "tech.III-1.0.0"
    assert any("as a copy" in line and "Hypercomputing" in line for line in state.d["msgs"])


# --- cubes and costs -----------------------------------------------------------------------------------------------
def test_android_rights_movement_moves_the_two_rightmost_supply_cubes() -> None:
    """Android Rights Movement, Immediately (``move_supply``): automate a food disc, then move your 2 rightmost
    supply cubes, one at a time, to supply columns of your choice (a column with room, or the cube's own)."""
    state = bare(3)
    fac(state, 0)["supply"] = [3, 3, 3, 3, 2]  # room in A and B (the research cubes below take 2 more from A)
    state = researching(RIGHTS, state=state)
    f = fac(state, 0)
    assert f["removed"]["food"] == 1
    before = list(f["supply"])
    assert acts(state) == [f"cube column={c}" for c in "ABE"]  # A and B have room, E is the cube's own column
    do(state, "cube column=A")
    assert acts(state) == [f"cube column={c}" for c in "ABE"]  # the next rightmost cube, still in E
    do(state, "cube column=A")
    assert f["supply"] == [before[0] + 2, before[1], before[2], before[3], before[4] - 2]


def _professors_open(card: str) -> BTSState:
    """Seat 0 has ``card`` on III-4 and III-6 open; the Professors guild (4 ore + 1 population: research III) is
    open; seat 0 has 5 ore and 1 population (the normal price needs 2: one paid, one research cube)."""
    state = owning(card, "III-4")
    state.d["covered"].remove("professors")
    reveal(state, "II-6", "II-ASTEROID-MINING")
    researched(state, 0, "I-4", "II-6")
    f = fac(state, 0)
    while f["pop"] > 1:  # (the population goes back to the supply: cubes are conserved)
        f["pop"] -= 1
        assert return_supply(f)
    f["ore"] = 5
    touch(state)
    return state


def test_android_rights_movement_pays_ore_instead_of_a_population_in_a_cost() -> None:
    """Android Rights Movement, from now on (passive ``population_cost_as_ore``): a space whose cost returns
    population may be taken paying 1 ore instead of one of them (``move ... swap=ore``, listed when affordable);
    without the card it cannot."""
    state = _professors_open(RIGHTS)
    moves = [a for a in acts(state) if a.startswith("move space=guild.professors.")]
    assert moves == ["move space=guild.professors.0 swap=ore", "move space=guild.professors.1 swap=ore"]
    do(state, "move space=guild.professors.0 swap=ore")
    f = fac(state, 0)
    assert f["ore"] == 0 and f["techs"][-1] == "III-6" and f["pop"] == 0
    plain = _professors_open("III-CAPITAL-SHIP")
    assert not [a for a in acts(plain) if a.startswith("move space=guild.professors.")]


def test_subatomic_fabrication_chooses_the_track_of_every_disc_it_automates() -> None:
    """Subatomic Fabrication, from now on (passive ``either_track_discs``): an automate step of one track lets you
    take the disc from either track."""
    state = owning(SUBATOMIC, "III-6")
    state = researching("III-HIVEMIND-COMPUTING", state=state)  # Immediately: automate an ore disc, jump 1
    assert acts(state) == ["automate track=food", "automate track=ore"]
    do(state, "automate track=food")
    f = fac(state, 0)
    assert f["removed"] == {"food": 1, "ore": 0} and f["auto"] == ["food"]


def test_subatomic_fabrication_takes_a_base_disc_from_the_other_track_when_its_own_is_empty() -> None:
    """Subatomic Fabrication: a disc placed on a location whose track is empty comes from the other track (and goes
    back there when control is lost); without the card no disc is placed."""
    state = owning(SUBATOMIC, "III-6")
    automated(state, 0, "ore", TRACK_DISCS)  # the ore track is empty
    ships(state, 0, "SY2", 1)  # SY2 is an ore shipyard
    assert state.d["control"]["SY2"] == {"seat": 0, "disc": "food"}
    assert fac(state, 0)["removed"]["food"] == 1 and check(state) == []
    assert state.game.state_from_json(state.to_json()).to_json() == state.to_json()
    ships(state, 1, "SY2", 2)
    assert "SY2" not in state.d["control"] or state.d["control"]["SY2"]["seat"] == 1
    assert fac(state, 0)["removed"]["food"] == 0
    other = owning("III-CAPITAL-SHIP", "III-6")
    automated(other, 0, "ore", TRACK_DISCS)
    ships(other, 0, "SY2", 1)
    assert other.d["control"]["SY2"] == {"seat": 0, "disc": None}


# --- ships ---------------------------------------------------------------------------------------------------------
def test_hyperdrive_boosters_may_raise_one_ship_three_times() -> None:
    """Hyperdrive Boosters, Immediately (``upgrade_ship`` with ``same_ship``): 3 one-level upgrades, on the same ship
    or on several; its action's "up to 2 ships" raises two different ships."""
    state = bare(3)
    ships(state, 0, "SOL", 1)
    state = researching(HYPERDRIVE, state=state)
    for level in (1, 2, 3):
        assert acts(state) == [f"upgrade at=SOL level={level}", "stop"]
        do(state, f"upgrade at=SOL level={level}")
    assert fac(state, 0)["ships"] == {"SOL": [0, 0, 0, 1]}
    action = owning(HYPERDRIVE)
    ships(action, 0, "SOL", 1)
    do(action, "move space=tech.III-4.0.0", "upgrade at=SOL level=1")
    assert "upgrade at=SOL level=2" not in acts(action)  # the action raises different ships: on to the jumps


def test_manufacturing_orbitals_gains_per_location_at_most_3_and_per_2_colonies() -> None:
    """Manufacturing Orbitals (a gain ``per`` a counter with ``max`` and ``every``): 1 ore per location you control,
    at most 3; 1 population for every 2 colonies; then an optional level-2 ship from a population, then jump 2."""
    state = owning(ORBITALS)
    for loc in ("SY1", "SY2", "SY3", "SY4"):
        ships(state, 0, loc, 1)
    colonies(state, 0, 3)
    f = fac(state, 0)
    ore, pop = f["ore"], f["pop"]
    do(state, "move space=tech.III-4.0.0")
    assert f["ore"] == ore + 3 and f["pop"] == pop + 1
    assert "skip" in acts(state) and "build at=SOL" in acts(state)


def test_wormhole_technology_jumps_anywhere_except_out_of_sol_and_deep_space() -> None:
    """Wormhole Technology, from now on (passive ``jump_anywhere``): one jump takes a ship to any location, except a
    ship leaving Sol or Deep Space, which still goes to a neighbouring location."""
    state = owning(WORMHOLE)
    ships(state, 0, "SY1", 1)
    ships(state, 0, "SOL", 2)
    do(state, "move space=bs.build_jump.0", "skip")
    from_yard = {a.rsplit("=", 1)[1] for a in acts(state) if a.startswith("jump at=SY1 ")}
    from_sol = {a.rsplit("=", 1)[1] for a in acts(state) if a.startswith("jump at=SOL ")}
    assert from_yard == {"SOL", "DEEP", "SY2", "SY3", "SY4", "A1", "A2", "B1", "B2"}
    assert from_sol == {"SY1", "SY2", "DEEP"}
    do(state, "jump at=SY1 level=1 to=B2")
    assert "B2" in fac(state, 0)["ships"]


# --- colonizing ----------------------------------------------------------------------------------------------------
def _stealth_position(tied_at_a1: bool = False) -> BTSState:
    """Seat 0 has Stealth Terraformers; A1 is uncontrolled and A2 held by seat 1 when seat 0's turn begins; seat 0
    has a level-4 ship in each shipyard next to them (SY1 - A1, SY2 - A2). ``tied_at_a1``: seats 1 and 2 each have a
    level-4 ship at A1 (a tie between challengers: nobody holds it)."""
    state = owning(STEALTH, "III-4")
    put_system(state, "A1", "SYS-A-BARNARD")
    put_system(state, "A2", "SYS-A-LALANDE")
    ships(state, 1, "A2", 1)
    ships(state, 0, "SY1", 4)
    ships(state, 0, "SY2", 4)
    if tied_at_a1:
        ships(state, 1, "A1", 4, control=False)
        ships(state, 2, "A1", 4)
    f = fac(state, 0)
    f["ore"] = 5
    assert f["pop"] >= 2
    turn(state, 2, "achievement")
    do(state, "end_turn")  # seat 0's turn begins: the systems controlled now are recorded
    assert state.d["turn"] == 0 and state.d["turn_flags"]["held"] == ["SYS-A-LALANDE"]
    assert "A1" not in state.d["control"]
    return state


def test_stealth_terraformers_colonizes_a_system_nobody_controlled_at_the_start_of_the_turn() -> None:
    """Stealth Terraformers (``colonize`` with ``uncontrolled_at_start``): 5 ore and 1 population: jump 2, then
    colonize a system that no faction controlled when the turn began (A1), not one held then (A2, even once seat 0
    took it); the colony gets its two discs as usual."""
    state = _stealth_position()
    assert systems()["SYS-A-BARNARD"]["colonize"] <= 4 and systems()["SYS-A-LALANDE"]["colonize"] <= 4
    do(state, "move space=tech.III-4.0.0", "jump at=SY1 level=4 to=A1")
    assert "colonize system=A2" not in acts(state)
    do(state, "jump at=SY2 level=4 to=A2")  # seat 0 now holds A2, and could colonize it with a plain colonize
    # A1 is the only target, and one ship settles it: both are taken at once
    colony = fac(state, 0)["colonies"][-1]
    assert state.d["control"]["A2"]["seat"] == 0 and state.d["locs"]["A2"] == "SYS-A-LALANDE"
    assert colony["system"] == "SYS-A-BARNARD" and len(colony["discs"]) == 2 and check(state) == []


def test_stealth_terraformers_needs_no_control_of_the_system() -> None:
    """Stealth Terraformers: the system need not be controlled when it is colonized (three factions tie there, so
    nobody holds it); the colony still gets the control-type disc and the colony disc from seat 0's tracks, and
    the other ships there are exiled to Deep Space."""
    state = _stealth_position(tied_at_a1=True)
    f = fac(state, 0)
    removed = dict(f["removed"])
    do(state, "move space=tech.III-4.0.0", "jump at=SY1 level=4 to=A1")
    assert "A1" not in state.d["control"]
    do(state, "stop")  # A1 (nobody holds it) is the only target, and one ship settles it: taken at once
    card = systems()["SYS-A-BARNARD"]
    assert f["colonies"][-1] == {"system": "SYS-A-BARNARD", "discs": [card["control_disc"], card["colony_disc"]]}
    assert sum(f["removed"].values()) == sum(removed.values()) + 2 - 1  # two discs placed; SY1's base disc back
    assert state.d["factions"][1]["ships"]["DEEP"] == [0, 0, 0, 1] == state.d["factions"][2]["ships"]["DEEP"]
    assert check(state) == []


def test_only_stand_ins_carry_the_dagger_and_the_stand_in_flag() -> None:
    """The page: a tech's name carries the dagger, the tech tree's slot its ``stand_in`` flag and the catalog record
    its origin (the popover's stand-in line) only for a stand-in: not for a real level-III card."""
    state = owning(QDE, "III-4")
    reveal(state, "II-4", "II-ASTEROID-MINING")
    slots = {s["slot"]: s for lv in state.view(0)["table"]["techs"]["levels"] for s in lv["slots"]}
    assert slots["III-4"]["stand_in"] is False and slots["II-4"]["stand_in"] is True
    assert card_name(QDE) == "Quantum Data Exchange" and card_name("II-ASTEROID-MINING") == "Asteroid Mining \u2020"
    origin = {r["id"]: r["origin"] for r in pyengine.load_game("beyond_the_sun").catalog()}
    assert origin[QDE] == "confirmed" and origin["II-ASTEROID-MINING"] == "stand-in"


def test_android_rights_movement_the_normal_bot_puts_its_cubes_where_growth_draws() -> None:
    """Heuristic: the position value does not see supply columns, so the Normal bot's ``move_supply`` choice leans
    to a column population growth draws from now (column A on a fresh mat), never leaving the cube in column E."""
    state = bare(3)
    fac(state, 0)["supply"] = [3, 3, 3, 3, 2]
    state = researching(RIGHTS, state=state)
    legal = state.legal_actions(0)
    assert [str(a) for a in legal] == ["cube column=A", "cube column=B", "cube column=E"]
    a_score, b_score, e_score = score_actions(state, 0, legal)
    assert a_score > b_score > e_score  # growth draws from A (position 1 is always uncovered); E is the cube's own
    assert str(choose(make_bot("normal"), state, 0, Rng(1))) == "cube column=A"
