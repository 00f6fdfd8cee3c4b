"""Colonization: control and strength, settling, exile, discovery of the next system, and the benefit."""

from __future__ import annotations

from pyengine.games.beyond_the_sun.cards import systems
from pyengine.games.beyond_the_sun.invariants import check
from pyengine.games.beyond_the_sun.state import BTSState

from .helpers import acts, bare, do, fac, put_system, run_steps, ships, touch

TERRAFORMERS = "move space=guild.terraformers.0"


def colony_game(card: str | None, loc: str = "A1", ore: int = 4) -> BTSState:
    """Return a game without ships where the Guild of Terraformers is open, a given system lies on a slot, and
    seat 0 has the ore for the guild (4 ore and 1 population)."""
    state = bare()
    state.d["covered"].remove("terraformers")
    if card is not None:
        put_system(state, loc, card)
    fac(state, 0)["ore"] = ore
    touch(state)
    return state


def test_colonizing_needs_control_of_the_system() -> None:
    """Strength enough to colonize is not enough: a tied challenger that does not control the system cannot
    colonize it; once it controls it, it can."""
    state = colony_game("SYS-A-WOLF-359")
    ships(state, 1, "A1", 2)
    ships(state, 0, "A1", 2)
    assert state.d["control"]["A1"]["seat"] == 1
    assert TERRAFORMERS not in acts(state)
    ships(state, 0, "A1", 1)
    assert state.d["control"]["A1"]["seat"] == 0
    assert TERRAFORMERS in acts(state)


def test_colonizing_needs_strength_of_the_colonization_number() -> None:
    """A controller whose strength is below the system's colonization number is not offered the colonization."""
    assert systems()["SYS-A-BARNARD"]["colonize"] == 3
    state = colony_game("SYS-A-BARNARD")
    ships(state, 0, "A1", 2)
    assert state.d["control"]["A1"]["seat"] == 0
    assert TERRAFORMERS not in acts(state)
    ships(state, 0, "A1", 1)
    assert TERRAFORMERS in acts(state)


def test_settling_chooses_ships_until_their_levels_reach_the_number() -> None:
    """Settling: the player picks ships one at a time until their levels reach the colonization number; settled
    ships go back to the supply columns, the rest are exiled to Deep Space."""
    state = colony_game("SYS-A-BARNARD")
    ships(state, 0, "A1", 1)
    ships(state, 0, "A1", 3)
    f = fac(state, 0)
    supply = sum(f["supply"])
    do(state, TERRAFORMERS)
    assert acts(state) == ["settle level=1", "settle level=3"]
    do(state, "settle level=3")
    assert state.d["locs"]["A1"] != "SYS-A-BARNARD"
    assert [c["system"] for c in f["colonies"]] == ["SYS-A-BARNARD"]
    assert f["ships"] == {"DEEP": [1, 0, 0, 0]}
    assert sum(f["supply"]) == supply + 1 + 1 - 1  # guild population and settled ship in; Barnard's population out
    assert check(state) == []


def test_settling_small_ships_first_may_need_several() -> None:
    """Settling a level-1 ship toward 3 is not enough: the player must settle more ships."""
    state = colony_game("SYS-A-BARNARD")
    ships(state, 0, "A1", 1, 3)
    ships(state, 0, "A1", 2)
    do(state, TERRAFORMERS, "settle level=1")
    assert fac(state, 0)["colonies"] == []
    assert acts(state) == ["settle level=1", "settle level=2"]
    do(state, "settle level=1")
    assert fac(state, 0)["colonies"] == []
    assert acts(state) == ["settle level=1", "settle level=2"]
    do(state, "settle level=2")
    assert [c["system"] for c in fac(state, 0)["colonies"]] == ["SYS-A-BARNARD"]
    assert fac(state, 0)["ships"] == {"DEEP": [1, 0, 0, 0]}


def test_settled_ships_become_population_when_the_supply_is_full() -> None:
    """A settled ship whose cube finds no free supply slot becomes a population instead."""
    state = colony_game("SYS-A-WOLF-359")
    ships(state, 0, "A1", 2)
    f = fac(state, 0)
    f["supply"] = [*f["cap"][:-1], f["cap"][-1] - 1]  # one free slot: the guild's population fills it
    f["pop"] = 2
    f["private"] = [2] * (20 - sum(f["supply"]) - f["pop"] - 1)
    touch(state)
    assert check(state) == []
    do(state, TERRAFORMERS)
    assert [c["system"] for c in f["colonies"]] == ["SYS-A-WOLF-359"]
    assert f["supply"] == f["cap"]
    assert f["pop"] == 2  # 2, minus 1 paid to the guild, plus the settled ship
    assert f["ships"] == {}
    assert check(state) == []


def test_colonizing_exiles_every_remaining_ship_to_deep_space() -> None:
    """After settling, every other ship in the system, the colonizer's and every other faction's, goes to Deep
    Space."""
    state = colony_game("SYS-A-WOLF-359")
    ships(state, 0, "A1", 4)
    ships(state, 0, "A1", 2)
    ships(state, 1, "A1", 1)
    ships(state, 2, "A1", 2)
    ships(state, 2, "DEEP", 1)
    do(state, TERRAFORMERS, "settle level=2")
    assert fac(state, 0)["ships"] == {"DEEP": [0, 0, 0, 1]}
    assert fac(state, 1)["ships"] == {"DEEP": [1, 0, 0, 0]}
    assert fac(state, 2)["ships"] == {"DEEP": [1, 1, 0, 0]}
    assert all("A1" not in fac(state, s)["ships"] for s in range(3))
    assert "A1" not in state.d["control"]
    assert check(state) == []


def test_discovery_takes_the_card_and_reveals_a_replacement_from_the_same_deck() -> None:
    """The colonized card goes to the faction's colonies; the top card of the same deck (A for an A slot, B for a
    B slot) is revealed on the slot."""
    state = colony_game("SYS-A-WOLF-359")
    top_a = state.d["sysdecks"]["A"][0]
    size_a, size_b = len(state.d["sysdecks"]["A"]), len(state.d["sysdecks"]["B"])
    ships(state, 0, "A1", 2)
    do(state, TERRAFORMERS)
    assert state.d["locs"]["A1"] == top_a
    assert len(state.d["sysdecks"]["A"]) == size_a - 1 and len(state.d["sysdecks"]["B"]) == size_b
    assert fac(state, 0)["colonies"][0]["system"] == "SYS-A-WOLF-359"
    assert state.view(1)["factions"][0]["colonies"][0]["system"] == "SYS-A-WOLF-359"
    assert state.view(1)["systems"]["A1"]["card"] == top_a


def test_discovery_on_a_b_slot_draws_from_deck_b() -> None:
    """A colonized B-slot system is replaced from deck B."""
    state = colony_game("SYS-B-TAU-CETI", loc="B1")
    top_b = state.d["sysdecks"]["B"][0]
    ships(state, 0, "B1", 3)
    do(state, TERRAFORMERS)
    assert acts(state) == ["accept", "decline"]  # Tau Ceti's bonus
    do(state, "decline")
    assert state.d["locs"]["B1"] == top_b
    assert fac(state, 0)["colonies"][0]["system"] == "SYS-B-TAU-CETI"


def test_benefit_adds_one_colony_disc_then_the_bonus() -> None:
    """Benefit: the control disc goes with the card, one more disc of the card's colony_disc type comes off the
    track onto it, then the system's bonus (Procyon: control ore, colony food; automate an ore disc, +1 ore)."""
    rec = systems()["SYS-A-PROCYON"]
    assert (rec["control_disc"], rec["colony_disc"]) == ("ore", "food")
    state = colony_game("SYS-A-PROCYON")
    ships(state, 0, "A1", 3)
    f = fac(state, 0)
    assert f["removed"] == {"food": 0, "ore": 1}
    do(state, TERRAFORMERS)
    assert f["colonies"] == [{"system": "SYS-A-PROCYON", "discs": ["ore", "food"]}]
    assert f["removed"] == {"food": 1, "ore": 2}
    assert f["auto"] == ["ore"]
    assert f["ore"] == 4 - 4 + 1
    assert "A1" not in state.d["control"]
    assert check(state) == []


def test_benefit_without_a_colony_disc_left_places_none() -> None:
    """An empty colony_disc track: the colony holds only the control disc."""
    state = colony_game("SYS-A-WOLF-359")
    f = fac(state, 0)
    f["removed"]["ore"] = 7
    f["auto"] = ["ore"] * 7
    touch(state)
    ships(state, 0, "A1", 2)
    do(state, TERRAFORMERS)
    assert f["colonies"] == [{"system": "SYS-A-WOLF-359", "discs": ["ore"]}]
    assert f["removed"]["ore"] == 8
    assert check(state) == []


def test_the_extra_system_is_not_replaced_after_colonization() -> None:
    """The event's extra system (slot X, add_extra_system) is the top card of deck B; once colonized, slot X stays
    empty (no replacement from deck B) and a later add_extra_system does nothing."""
    state = colony_game(None, loc="X")
    deck_b = state.d["sysdecks"]["B"]
    deck_b.remove("SYS-B-GLIESE-667")
    deck_b.insert(0, "SYS-B-GLIESE-667")  # colonize 4, control ore, colony ore; bonus: 2 ore and jump 3
    run_steps(state, 0, [{"op": "add_extra_system"}])
    assert state.d["locs"]["X"] == "SYS-B-GLIESE-667"
    size_b = len(deck_b)
    ships(state, 0, "X", 4)
    assert state.d["control"]["X"] == {"seat": 0, "disc": "ore"}
    do(state, TERRAFORMERS)
    assert fac(state, 0)["colonies"] == [{"system": "SYS-B-GLIESE-667", "discs": ["ore", "ore"]}]
    assert state.d["locs"]["X"] is None
    assert len(deck_b) == size_b
    assert "X" not in state.d["control"]
    run_steps(state, 0, [{"op": "add_extra_system"}])
    assert state.d["locs"]["X"] is None and len(deck_b) == size_b
