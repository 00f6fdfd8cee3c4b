"""The turn: moving the pawn to an action space, what may be paid for and performed, production and turn order."""

from __future__ import annotations

import pytest

from pyengine.core.errors import IllegalActionError
from pyengine.games.beyond_the_sun.cards import systems
from pyengine.games.beyond_the_sun.invariants import check
from pyengine.games.beyond_the_sun.model import add_ship, take_supply
from pyengine.games.beyond_the_sun.state import BTSState

from .helpers import acts, do, fac, new, put_tech, researched, ships, touch, turn


def _slot_of(state: BTSState, card: str) -> str:
    """Return the level-I slot holding a level-I tech (the deal is random)."""
    return str(next(s for s, v in state.d["slots"].items() if v["card"] == card))


def _moves(state: BTSState, seat: int | None = None) -> set[str]:
    """Return the spaces the pawn may move to now."""
    return {a.split("=", 1)[1] for a in acts(state, seat) if a.startswith("move ")}


def _pop_to_ships(state: BTSState, seat: int, n: int) -> None:
    """Turn n population cubes into level-1 ships in Sol (cubes conserved, no control change in Sol)."""
    f = fac(state, seat)
    f["pop"] -= n
    add_ship(f, "SOL", 1, n)
    touch(state)


def _supply_to_pop(state: BTSState, seat: int, n: int) -> None:
    """Turn n supply cubes (leftmost first) into population."""
    f = fac(state, seat)
    for _ in range(n):
        assert take_supply(f)
        f["pop"] += 1
    touch(state)


def _pass_turn(state: BTSState) -> None:
    """Let the seat to move take the Gain space and produce ore (no achievement is met at the start)."""
    do(state, "move space=bs.gain.0", "produce what=ore")


# --- moving the pawn ---------------------------------------------------------------------------------------------
def test_pawn_must_move_to_a_different_space() -> None:
    """The pawn must move: the space it stands on is not offered next turn, but another space of the same row is."""
    state = new(3, seed=1)
    robotics = _slot_of(state, "I-ROBOTICS")
    do(state, "move space=bs.research_1.0", f"research slot={robotics}", "produce what=ore")
    _pass_turn(state)
    _pass_turn(state)
    assert state.d["turn"] == 0 and state.d["pawns"][0] == "bs.research_1.0"
    moves = _moves(state)
    assert "bs.research_1.0" not in moves
    assert {"bs.research_1.1", "bs.research_1.2"} <= moves
    with pytest.raises(IllegalActionError):
        state.apply(0, "move space=bs.research_1.0")


def test_space_with_another_pawn_is_closed() -> None:
    """A Basic Spacefaring space holding another faction's pawn is closed; the next space of the row is open."""
    state = new(3, seed=1)
    state.d["pawns"][1] = "bs.research_1.0"
    state.d["pawns"][2] = "bs.build_jump.1"
    touch(state)
    moves = _moves(state)
    assert "bs.research_1.0" not in moves and "bs.build_jump.1" not in moves
    assert {"bs.research_1.1", "bs.research_1.2", "bs.build_jump.0"} <= moves


def test_tech_space_with_another_pawn_is_closed() -> None:
    """Tech action spaces are shared by every researcher and blocked by any pawn: a one-space tech action used by
    one faction is closed to another faction that researched it too."""
    state = new(3, seed=1)
    put_tech(state, "II-2", "II-MASS-CLONING")  # its action: 2 spaces, 1 ore, 3 population
    researched(state, 0, "II-2")
    researched(state, 1, "II-2")
    state.d["pawns"][1] = "tech.II-2.0.0"
    state.d["pawns"][2] = None
    touch(state)
    moves = _moves(state)
    assert "tech.II-2.0.0" not in moves and "tech.II-2.0.1" in moves
    state.d["pawns"][1] = "tech.II-2.0.1"
    touch(state)
    moves = _moves(state)
    assert "tech.II-2.0.0" in moves and "tech.II-2.0.1" not in moves


def test_pawn_may_move_to_another_space_of_the_same_tech() -> None:
    """The pawn may not stay, but may move to another space of the same tech card's action."""
    state = new(3, seed=1)
    put_tech(state, "II-2", "II-MASS-CLONING")
    researched(state, 0, "II-2")
    state.d["pawns"][0] = "tech.II-2.0.0"
    turn(state, 0)
    moves = _moves(state)
    assert "tech.II-2.0.0" not in moves and "tech.II-2.0.1" in moves


def test_guild_space_with_another_pawn_is_closed() -> None:
    """Guild spaces block like any other: with a pawn on Professors' first space only the second is open."""
    state = new(3, seed=1)
    put_tech(state, "II-1", "II-MASS-CLONING")
    researched(state, 0, "II-1")
    state.d["covered"].remove("professors")
    state.d["pawns"][2] = "guild.professors.0"
    fac(state, 0)["ore"] = 4
    touch(state)
    assert {m for m in _moves(state) if m.startswith("guild.")} == {"guild.professors.1"}


def test_gain_space_is_shared_and_repeatable() -> None:
    """The Gain space never blocks: another pawn on it does not close it, and a pawn on it may use it again."""
    state = new(3, seed=1)
    do(state, "move space=bs.gain.0", "produce what=ore")
    assert state.d["turn"] == 1 and "bs.gain.0" in _moves(state)
    _pass_turn(state)
    _pass_turn(state)
    assert state.d["turn"] == 0 and state.d["pawns"] == ["bs.gain.0"] * 3
    before = dict(fac(state, 0))
    do(state, "move space=bs.gain.0")
    f = fac(state, 0)
    assert f["pop"] == before["pop"] + 1 and f["ore"] == before["ore"] + 1


def test_tech_spaces_need_the_tech_researched() -> None:
    """A tech's action spaces are open only to factions that researched that tech."""
    state = new(3, seed=1)
    put_tech(state, "II-1", "II-MASS-CLONING")  # 2 spaces, 1 ore: 3 population
    assert not any(m.startswith("tech.") for m in _moves(state, 0))
    researched(state, 0, "II-1")
    assert {m for m in _moves(state, 0) if m.startswith("tech.")} == {"tech.II-1.0.0", "tech.II-1.0.1"}
    turn(state, 1)
    assert not any(m.startswith("tech.") for m in _moves(state, 1))


def test_guild_spaces_closed_while_covered_open_after_the_cover_is_lifted() -> None:
    """Guild spaces are closed while their cover tile is on; once lifted they are open to every faction."""
    state = new(3, seed=1)
    put_tech(state, "II-1", "II-MASS-CLONING")
    researched(state, 0, _slot_of(state, "I-LASERS"), "II-1")  # III-1 (prerequisite II-1) can be researched
    fac(state, 0)["ore"] = 4
    touch(state)
    assert not any(m.startswith("guild.") for m in _moves(state))
    state.d["covered"].remove("professors")
    touch(state)
    assert {m for m in _moves(state) if m.startswith("guild.")} == {"guild.professors.0", "guild.professors.1"}
    pop, supply = fac(state, 0)["pop"], sum(fac(state, 0)["supply"])
    do(state, "move space=guild.professors.1")
    f = fac(state, 0)
    assert f["ore"] == 0 and f["pop"] == pop - 2 and sum(f["supply"]) == supply + 1  # 1 paid, 1 research cube
    assert "III-1" in f["techs"]


def test_guild_needs_population_for_cost_and_research_cube() -> None:
    """No action that cannot be performed: Professors costs a population and its research needs another one."""
    state = new(3, seed=1)
    put_tech(state, "II-1", "II-MASS-CLONING")
    researched(state, 0, "II-1")
    state.d["covered"].remove("professors")
    fac(state, 0)["ore"] = 4
    _pop_to_ships(state, 0, 1)
    assert fac(state, 0)["pop"] == 1
    assert not any(m.startswith("guild.") for m in _moves(state))


def test_surcharge_space_costs_one_more_ore() -> None:
    """At 3 players the last Research II space costs 2 + 1 ore: closed with 2 ore, and takes 3 ore when used."""
    state = new(3, seed=1)
    researched(state, 0, "I-1", "I-3")
    fac(state, 0)["ore"] = 2
    touch(state)
    research_2 = {m for m in _moves(state) if m.startswith("bs.research_2.")}
    assert research_2 == {"bs.research_2.0", "bs.research_2.1"}
    fac(state, 0)["ore"] = 3
    touch(state)
    do(state, "move space=bs.research_2.2")
    assert fac(state, 0)["ore"] == 0


def test_no_research_ii_without_two_ore() -> None:
    """No action that cannot be paid for: with 1 ore, Research II (2 ore) is not offered; Research I still is."""
    state = new(3, seed=1)
    researched(state, 0, "I-1")
    fac(state, 0)["ore"] = 1
    touch(state)
    moves = _moves(state)
    assert not any(m.startswith("bs.research_2.") for m in moves)
    assert "bs.research_1.0" in moves
    fac(state, 0)["ore"] = 2
    touch(state)
    assert "bs.research_2.0" in _moves(state)


def test_no_research_without_population() -> None:
    """No action that cannot be performed: research places a population cube, so without population no research
    space is offered (Build-and-jump still is, for its jumps, and Gain)."""
    state = new(3, seed=1)
    researched(state, 0, "I-1")
    fac(state, 0)["ore"] = 5
    _pop_to_ships(state, 0, fac(state, 0)["pop"])
    assert fac(state, 0)["pop"] == 0
    moves = _moves(state)
    assert not any(m.startswith(("bs.research_1.", "bs.research_2.")) for m in moves)
    assert {"bs.build_jump.0", "bs.gain.0"} <= moves


def test_no_build_and_jump_without_population_or_ship() -> None:
    """No action that cannot be performed: Build-and-jump needs a population to build or a ship to jump."""
    state = new(3, seed=1)
    f = fac(state, 0)
    f["ships"] = {}
    f["pop"] = 0
    f["private"] = [2, 2, 2]  # the 2 population and the ship parked off the board (20 cubes kept)
    touch(state)
    moves = _moves(state)
    assert not any(m.startswith("bs.build_jump.") for m in moves) and "bs.gain.0" in moves
    f["private"].pop()
    add_ship(f, "SOL", 1)  # a ship alone: the jumps can be made
    touch(state)
    assert "bs.build_jump.0" in _moves(state)
    f["ships"] = {}
    f["pop"] = 1  # a population alone: build a ship, then jump it
    touch(state)
    assert "bs.build_jump.0" in _moves(state)
    assert check(state) == []


def test_no_colonize_action_without_a_colonizable_system() -> None:
    """No action that cannot be performed: a colonize action needs a system you control with enough strength."""
    state = new(3, seed=1)
    terra = _slot_of(state, "I-TERRAFORMING")  # actions: 0 = jump 4 (1 space); 1 = colonize (3 spaces, 3 ore + 1 pop)
    researched(state, 0, terra)
    fac(state, 0)["ore"] = 5
    touch(state)
    colonize = {f"tech.{terra}.1.{i}" for i in range(3)}
    assert not colonize & _moves(state)
    strength = systems()[state.d["locs"]["A1"]]["colonize"]
    ships(state, 0, "A1", 1, strength - 1)
    assert state.d["control"]["A1"]["seat"] == 0  # controlled, but too weak to colonize
    assert not colonize & _moves(state)
    ships(state, 0, "A1", 1)
    assert colonize <= _moves(state)


# --- production --------------------------------------------------------------------------------------------------
def test_production_offers_growth_ore_or_trade() -> None:
    """Production: exactly one of growth, ore production or trading (each taken in full, no partial amounts)."""
    state = new(3, seed=1)
    do(state, "move space=bs.gain.0")
    assert state.d["phase"] == "production"
    assert acts(state) == ["produce what=growth", "produce what=ore", "produce what=trade"]
    do(state, "produce what=growth")
    assert state.d["turn"] == 1 and state.d["phase"] == "action"  # no ore production after growing


def test_growth_takes_one_cube_per_uncovered_symbol_from_its_column() -> None:
    """Growth: each uncovered growth symbol takes one cube from its own supply column (basic mat: A at 1, B at 3)."""
    state = new(3, seed=1)
    f = fac(state, 0)
    assert f["mat"] == "basic"
    f["removed"]["food"] = 2  # track uncovered up to position 3: symbols A and B
    f["auto"] = ["food", "food"]
    turn(state, 0, "production")
    supply, pop = list(f["supply"]), f["pop"]
    assert state.view(0)["factions"][0]["growth_yield"] == 2
    do(state, "produce what=growth")
    assert f["pop"] == pop + 2
    assert f["supply"] == [supply[0] - 1, supply[1] - 1, *supply[2:]]
    assert check(state) == []


def test_growth_with_only_the_first_symbol_uncovered() -> None:
    """Growth at the start: only the A symbol is uncovered, so exactly one cube comes from column A."""
    state = new(3, seed=1)
    f = fac(state, 0)
    turn(state, 0, "production")
    supply, pop = list(f["supply"]), f["pop"]
    do(state, "produce what=growth")
    assert f["pop"] == pop + 1 and f["supply"] == [supply[0] - 1, *supply[1:]]


def test_growth_symbol_whose_column_is_empty_yields_nothing() -> None:
    """Growth: a symbol whose supply column is empty gives nothing (RULES-NOTES, The turn)."""
    state = new(3, seed=1)
    f = fac(state, 0)
    _supply_to_pop(state, 0, f["supply"][0])  # column A empty, B-E full
    assert f["supply"][0] == 0 and f["supply"][1] == 4
    turn(state, 0, "production")
    supply, pop = list(f["supply"]), f["pop"]
    do(state, "produce what=growth")  # only the A symbol is uncovered
    assert f["pop"] == pop and f["supply"] == supply


def test_ore_production_equals_uncovered_ore_symbols() -> None:
    """Ore production: the ore of every uncovered symbol (basic mat: 1 each at 1, 3, 5 -> 3 ore with 4 removed)."""
    state = new(3, seed=1)
    f = fac(state, 0)
    f["removed"]["ore"] = 4
    f["auto"] = ["ore"] * 4
    turn(state, 0, "production")
    ore = f["ore"]
    assert state.view(0)["factions"][0]["ore_yield"] == 3
    do(state, "produce what=ore")
    assert f["ore"] == ore + 3
    state2 = new(3, seed=1)
    turn(state2, 0, "production")
    ore2 = fac(state2, 0)["ore"]
    do(state2, "produce what=ore")
    assert fac(state2, 0)["ore"] == ore2 + 1


def test_trade_three_ore_for_a_population() -> None:
    """Trade: 3 ore buy a population (a cube from the leftmost supply column); not offered with 2 ore."""
    state = new(3, seed=1)
    f = fac(state, 0)
    f["ore"] = 2
    turn(state, 0, "trade")
    assert "trade what=buy_population" not in acts(state)
    f["ore"] = 3
    touch(state)
    supply, pop = list(f["supply"]), f["pop"]
    do(state, "trade what=buy_population")
    assert f["ore"] == 0 and f["pop"] == pop + 1 and f["supply"] == [supply[0] - 1, *supply[1:]]
    assert state.d["phase"] == "trade" and "done" in acts(state)  # any number of trades, then done


def test_trade_one_ore_to_retire_a_ship_into_population() -> None:
    """Trade: 1 ore retires one of your ships (anywhere) into a population; not offered without ore."""
    state = new(3, seed=1)
    f = fac(state, 0)
    f["ore"] = 0
    turn(state, 0, "trade")
    assert not any(a.startswith("trade what=retire") for a in acts(state))
    f["ore"] = 1
    touch(state)
    assert "trade at=SOL level=1 what=retire" in acts(state)
    pop = f["pop"]
    do(state, "trade at=SOL level=1 what=retire")
    assert f["ore"] == 0 and f["pop"] == pop + 1 and f["ships"] == {}
    assert check(state) == []


def test_trade_a_population_for_one_ore() -> None:
    """Trade: a population returns to a free supply slot for 1 ore; with every supply column full it cannot."""
    state = new(3, seed=1)
    f = fac(state, 0)
    turn(state, 0, "trade")
    assert f["supply"] == f["cap"]
    assert "trade what=sell_population" not in acts(state)
    for column in (0, 4):  # free one slot in column A and one in column E (the cubes become ships in Sol)
        f["supply"][column] -= 1
        add_ship(f, "SOL", 1)
    touch(state)
    supply, pop, ore = list(f["supply"]), f["pop"], f["ore"]
    do(state, "trade what=sell_population")
    assert f["pop"] == pop - 1 and f["ore"] == ore + 1
    assert f["supply"] == [*supply[:4], supply[4] + 1]  # the rightmost column with a free slot
    do(state, "trade what=sell_population")
    assert f["supply"] == f["cap"] and f["pop"] == pop - 2 and f["ore"] == ore + 2
    assert "trade what=sell_population" not in acts(state)
    assert check(state) == []


def test_trade_phase_ends_with_done() -> None:
    """Trading is any number of trades (possibly none), then done moves on to the achievement phase."""
    state = new(3, seed=1)
    do(state, "move space=bs.gain.0", "produce what=trade")
    assert state.d["phase"] == "trade" and acts(state)[-1] == "done"
    do(state, "done")
    assert state.d["turn"] == 1 and state.d["phase"] == "action"


def test_production_all_three_after_colonizing_lalande() -> None:
    """Lalande 21185 (production_all_three): in this turn's production you may grow, produce ore and trade."""
    state = new(3, seed=1)
    d = state.d
    for deck in d["sysdecks"].values():
        if "SYS-A-LALANDE" in deck:
            deck[deck.index("SYS-A-LALANDE")] = d["locs"]["A1"]
    d["locs"]["A1"] = "SYS-A-LALANDE"
    terra = _slot_of(state, "I-TERRAFORMING")
    researched(state, 0, terra)
    f = fac(state, 0)
    f["ore"] = 8
    ships(state, 0, "A1", 1, 3)
    do(state, f"move space=tech.{terra}.1.0")  # pay 3 ore + 1 population, colonize A1 (settling is automatic)
    assert [c["system"] for c in f["colonies"]] == ["SYS-A-LALANDE"]
    assert d["phase"] == "production"
    assert {"produce what=growth", "produce what=ore", "done"} <= set(acts(state))
    assert "trade what=buy_population" in acts(state)
    pop, ore = f["pop"], f["ore"]
    do(state, "produce what=growth")
    assert f["pop"] == pop + 1 and "produce what=growth" not in acts(state)
    do(state, "produce what=ore")
    assert f["ore"] == ore + 1 and "produce what=ore" not in acts(state)
    do(state, "trade what=buy_population")
    assert f["pop"] == pop + 2 and f["ore"] == ore + 1 - 3
    do(state, "done")
    assert d["turn"] == 1 and d["turn_flags"]["all_three"] is False


def test_without_lalande_production_is_one_choice() -> None:
    """Without production_all_three, growing ends production: ore and trade are no longer offered."""
    state = new(3, seed=1)
    do(state, "move space=bs.gain.0", "produce what=ore")
    assert state.d["turn"] == 1 and state.d["turn_flags"]["all_three"] is False


# --- turn order --------------------------------------------------------------------------------------------------
def test_turn_order_action_then_production_then_achievement() -> None:
    """Turn order: action, then production, then the achievement phase (claims only there, after production)."""
    state = new(3, seed=1)
    state.d["achievements"][2]["id"] = "ACH-METROPOLIS"  # population at least 8
    f = fac(state, 0)
    _supply_to_pop(state, 0, 8 - f["pop"])
    assert f["pop"] == 8
    assert not any(a.startswith("claim") for a in acts(state))  # met already, but it is the action phase
    do(state, "move space=bs.gain.0")
    assert state.d["phase"] == "production"
    assert not any(a.startswith("claim") for a in acts(state))
    do(state, "produce what=ore")
    assert state.d["phase"] == "achievement" and state.d["turn"] == 0
    assert acts(state) == ["claim achievement=ACH-METROPOLIS"]
    do(state, "claim achievement=ACH-METROPOLIS")
    assert state.d["turn"] == 1 and state.d["phase"] == "action"
    assert state.d["achievements"][2]["discs"] == [{"seat": 0, "star": False}]


def test_round_counter_advances_after_the_last_seat() -> None:
    """Turns pass clockwise; the round counter goes up only when the last seat has played."""
    state = new(3, seed=1)
    for seat in (0, 1, 2):
        assert state.d["round"] == 1 and state.to_move() == frozenset({seat})
        _pass_turn(state)
    assert state.d["round"] == 2 and state.to_move() == frozenset({0})
    assert state.view(None)["round"] == 2


def test_round_counter_two_players() -> None:
    """At 2 players the round ends after seat 1."""
    state = new(2, seed=1)
    _pass_turn(state)
    assert state.d["round"] == 1 and state.d["turn"] == 1
    _pass_turn(state)
    assert state.d["round"] == 2 and state.d["turn"] == 0
