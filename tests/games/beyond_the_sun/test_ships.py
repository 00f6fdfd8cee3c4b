"""Ships (levels 1-4, build, jump, upgrade, retire) and automation of production discs."""

from __future__ import annotations

from pyengine.games.beyond_the_sun.cards import factions
from pyengine.games.beyond_the_sun.invariants import check
from pyengine.games.beyond_the_sun.model import growth_yield
from pyengine.games.beyond_the_sun.scoring import breakdown

from .helpers import acts, automated, bare, do, fac, new, run_steps, ships, touch, turn


# --- ship levels ----------------------------------------------------------------------------------------------
def test_ship_strength_is_the_sum_of_levels_one_to_four() -> None:
    """Ships have levels 1-4 and a location's strength is the sum of the levels: one level-4 beats three level-1s,
    but loses to 1+1+1+2."""
    state = bare()
    ships(state, 0, "SY1", 4)
    ships(state, 1, "SY1", 1, 3)
    assert state.d["control"]["SY1"]["seat"] == 0
    view = state.view(None)
    assert view["factions"][0]["ships"] == {"SY1": [0, 0, 0, 1]}
    assert view["factions"][1]["ships"] == {"SY1": [3, 0, 0, 0]}
    ships(state, 1, "SY1", 2)
    assert state.d["control"]["SY1"]["seat"] == 1


# --- build ------------------------------------------------------------------------------------------------------
def test_build_jump_builds_a_level_1_ship_from_a_population_in_sol() -> None:
    """Basic Spacefaring build-and-jump: a population cube becomes a level-1 ship in Sol."""
    state = turn(new(), 0)
    pop = fac(state, 0)["pop"]
    sol = list(fac(state, 0)["ships"]["SOL"])
    do(state, "move space=bs.build_jump.0")
    assert acts(state) == ["build at=SOL", "skip"]
    do(state, "build at=SOL")
    f = fac(state, 0)
    assert f["pop"] == pop - 1
    assert f["ships"]["SOL"] == [sol[0] + 1, *sol[1:]]
    assert check(state) == []


def test_build_may_use_a_shipyard_you_control_but_not_others() -> None:
    """The build goes to Sol or a shipyard you control (your choice); a shipyard held by another faction, an
    uncontrolled shipyard and a controlled system are not offered."""
    state = bare()
    ships(state, 0, "SY1", 1)
    ships(state, 0, "A1", 1)
    ships(state, 1, "SY3", 1)
    ships(state, 0, "DEEP", 1)
    assert state.d["control"]["A1"]["seat"] == 0
    do(state, "move space=bs.build_jump.0")
    assert acts(state) == ["build at=SOL", "build at=SY1", "skip"]
    do(state, "build at=SY1")
    assert fac(state, 0)["ships"]["SY1"] == [2, 0, 0, 0]


def test_build_is_optional_skip_builds_nothing() -> None:
    """The build of build-and-jump is optional: skip keeps the population and goes on to the jumps."""
    state = turn(new(), 0)
    pop = fac(state, 0)["pop"]
    do(state, "move space=bs.build_jump.0", "skip")
    assert fac(state, 0)["pop"] == pop
    assert fac(state, 0)["ships"] == {"SOL": [1, 0, 0, 0]}
    assert all(a.startswith("jump ") or a == "stop" for a in acts(state))


def test_build_without_population_is_skipped_and_without_ships_the_space_is_closed() -> None:
    """No population: the build part is passed over (the jump is the first choice); no population and no ship:
    build-and-jump cannot do anything and is not offered."""
    state = turn(new(), 0)
    f = fac(state, 0)
    f["ships"]["SOL"][0] += f["pop"]  # the population cubes become ships: no population left
    f["pop"] = 0
    touch(state)
    assert "move space=bs.build_jump.0" in acts(state)
    do(state, "move space=bs.build_jump.0")
    assert "build at=SOL" not in acts(state) and "skip" not in acts(state)
    assert "jump at=SOL level=1 to=SY1" in acts(state)
    state = turn(new(), 0)
    f = fac(state, 0)
    f["private"] = [2] * (f["pop"] + 1)  # population and the only ship become private techs (cubes conserved)
    f["pop"] = 0
    f["ships"] = {}
    touch(state)
    assert check(state) == []
    assert not any(a.startswith("move space=bs.build_jump") for a in acts(state))


# --- jump -------------------------------------------------------------------------------------------------------
def test_jump_follows_one_route_per_jump() -> None:
    """Each jump moves one ship along one route of board.json: from Sol only SY1, SY2 and Deep Space; a second
    jump of the same ship continues from where it is."""
    state = turn(new(), 0)
    do(state, "move space=bs.build_jump.0", "skip")
    assert acts(state) == ["jump at=SOL level=1 to=DEEP", "jump at=SOL level=1 to=SY1",
                           "jump at=SOL level=1 to=SY2", "stop"]
    do(state, "jump at=SOL level=1 to=SY1")
    assert "jump at=SY1 level=1 to=A1" in acts(state)
    assert "jump at=SY1 level=1 to=B1" not in acts(state)
    do(state, "jump at=SY1 level=1 to=A1")
    assert fac(state, 0)["ships"] == {"A1": [1, 0, 0, 0]}
    assert state.d["phase"] == "production"


def test_jump_may_be_split_between_ships() -> None:
    """Jump 2 may be split: one jump for each of two ships, after which the action ends."""
    state = bare()
    ships(state, 0, "SOL", 1)
    ships(state, 0, "SOL", 2)
    do(state, "move space=bs.build_jump.0", "skip", "jump at=SOL level=1 to=SY1", "jump at=SOL level=2 to=SY2")
    assert fac(state, 0)["ships"] == {"SY1": [1, 0, 0, 0], "SY2": [0, 1, 0, 0]}
    assert state.d["phase"] == "production" and not state.d["frames"]


def test_jump_may_stop_early() -> None:
    """The player may stop before using every jump."""
    state = turn(new(), 0)
    do(state, "move space=bs.build_jump.0", "skip", "jump at=SOL level=1 to=DEEP", "stop")
    assert fac(state, 0)["ships"] == {"DEEP": [1, 0, 0, 0]}
    assert state.d["phase"] == "production"


def test_jump_reaches_the_extra_slot_only_while_it_holds_a_system() -> None:
    """The extra slot X is a route destination only while a system card lies there."""
    state = bare()
    ships(state, 0, "B1", 1)
    run_steps(state, 0, [{"op": "jump", "n": 1}])
    assert "jump at=B1 level=1 to=X" not in acts(state)
    state = bare()
    state.d["locs"]["X"] = state.d["sysdecks"]["B"].pop(0)
    ships(state, 0, "B1", 1)
    run_steps(state, 0, [{"op": "jump", "n": 1}])
    assert "jump at=B1 level=1 to=X" in acts(state)


# --- upgrade ----------------------------------------------------------------------------------------------------
def test_upgrade_is_capped_at_level_4() -> None:
    """Raising a level-3 ship by 2 levels gives a level-4 ship, never level 5."""
    state = bare()
    ships(state, 0, "SOL", 3)
    run_steps(state, 0, [{"op": "upgrade_ship", "n": 1, "levels": 2}])
    assert acts(state) == ["upgrade at=SOL level=3", "stop"]
    do(state, "upgrade at=SOL level=3")
    assert fac(state, 0)["ships"] == {"SOL": [0, 0, 0, 1]}
    assert check(state) == []


def test_level_4_ships_are_not_offered_for_upgrade() -> None:
    """Only ships below level 4 can be upgraded; with only level-4 ships the upgrade does nothing."""
    state = bare()
    ships(state, 0, "SOL", 4)
    ships(state, 0, "SY1", 2)
    run_steps(state, 0, [{"op": "upgrade_ship", "n": 1, "levels": 1}])
    assert acts(state) == ["upgrade at=SY1 level=2", "stop"]
    state = bare()
    ships(state, 0, "SOL", 4)
    run_steps(state, 0, [{"op": "upgrade_ship", "n": 1, "levels": 1}])
    assert not state.d["frames"]
    assert fac(state, 0)["ships"] == {"SOL": [0, 0, 0, 1]}


def test_an_upgrade_of_two_ships_raises_two_different_ships() -> None:
    """'Raise up to two ships by a level each': after one ship is raised, the second raise is for another ship."""
    state = bare()
    ships(state, 0, "SOL", 1, 2)
    run_steps(state, 0, [{"op": "upgrade_ship", "n": 2, "levels": 1}])
    do(state, "upgrade at=SOL level=1")
    assert acts(state) == ["upgrade at=SOL level=1", "stop"]
    state = bare()
    ships(state, 0, "SOL", 1)
    run_steps(state, 0, [{"op": "upgrade_ship", "n": 2, "levels": 1}])
    do(state, "upgrade at=SOL level=1")
    assert not state.d["frames"] and fac(state, 0)["ships"] == {"SOL": [0, 1, 0, 0]}


# --- retire -----------------------------------------------------------------------------------------------------
def test_retire_trade_costs_1_ore_and_returns_the_cube_as_population() -> None:
    """Trading 1 ore retires one of your ships (anywhere): the cube becomes a population."""
    state = bare()
    ships(state, 0, "SY1", 2)
    f = fac(state, 0)
    f["ore"] = 1
    turn(state, 0, "trade")
    assert "trade at=SY1 level=2 what=retire" in acts(state)
    pop = f["pop"]
    do(state, "trade at=SY1 level=2 what=retire")
    assert f["ore"] == 0 and f["pop"] == pop + 1 and f["ships"] == {}
    assert "SY1" not in state.d["control"] and f["removed"]["food"] == 0
    assert not any("what=retire" in a for a in acts(state))
    assert check(state) == []


def test_retire_trade_needs_an_ore() -> None:
    """Without ore there is no retire trade."""
    state = turn(new(), 0, "trade")
    fac(state, 0)["ore"] = 0
    touch(state)
    assert not any("what=retire" in a for a in acts(state))


# --- automation -------------------------------------------------------------------------------------------------
def test_automate_moves_the_leftmost_track_disc_to_the_next_automation_level() -> None:
    """Automating a food disc takes the leftmost disc of the food track to the next automation level; two food
    discs off the track uncover the growth symbol at position 3 (column B)."""
    state = bare()
    f = fac(state, 0)
    assert growth_yield(f) == [0]
    run_steps(state, 0, [{"op": "automate", "track": "food", "n": 1}])
    assert f["auto"] == ["food"] and f["removed"]["food"] == 1
    run_steps(state, 0, [{"op": "automate", "track": "ore", "n": 1}, {"op": "automate", "track": "food", "n": 1}])
    assert f["auto"] == ["food", "ore", "food"] and f["removed"] == {"food": 2, "ore": 1}
    assert growth_yield(f) == [0, 1]
    assert state.view(None)["factions"][0]["growth_yield"] == 2
    assert check(state) == []


def test_automating_an_empty_track_places_a_permanent_achievement_disc() -> None:
    """An empty track: an achievement disc goes to the automation track instead, and it stays there."""
    state = bare()
    automated(state, 0, "food", 8)
    f = fac(state, 0)
    run_steps(state, 0, [{"op": "automate", "track": "food", "n": 1}])
    assert f["auto"] == ["food"] * 8 + ["ach"] and f["ach_used"] == 1 and f["removed"]["food"] == 8
    run_steps(state, 0, [{"op": "automate", "track": "ore", "n": 1}])
    assert f["auto"] == ["food"] * 8 + ["ach", "ore"]
    assert breakdown(state.d, 0)["automation"] == 10
    assert check(state) == []


def test_an_automation_placeholder_stays_when_a_disc_returns_to_the_track() -> None:
    """Placeholders are permanent: when a base disc later returns to the empty track, the achievement disc stays on
    the automation track (and stays used)."""
    state = bare()
    automated(state, 0, "food", 7)
    ships(state, 0, "SY1", 1)
    f = fac(state, 0)
    assert f["removed"]["food"] == 8
    run_steps(state, 0, [{"op": "automate", "track": "food", "n": 1}])
    assert f["auto"][-1] == "ach" and f["ach_used"] == 1
    run_steps(state, 0, [{"op": "jump", "n": 1}])
    do(state, "jump at=SY1 level=1 to=SOL")
    assert "SY1" not in state.d["control"] and f["removed"]["food"] == 7
    assert f["auto"] == ["food"] * 7 + ["ach"] and f["ach_used"] == 1
    assert check(state) == []


def test_automating_an_empty_track_after_8_placeholders_uses_a_substitute() -> None:
    """Achievement discs are unlimited (substitutes): a 9th placeholder is still placed on the automation track."""
    state = bare()
    automated(state, 0, "food", 8)
    f = fac(state, 0)
    f["auto"] += ["ach"] * 8
    f["ach_used"] = 8
    touch(state)
    run_steps(state, 0, [{"op": "automate", "track": "food", "n": 1}])
    assert len(f["auto"]) == 17 and f["auto"][-1] == "ach" and f["ach_used"] == 9
    assert check(state) == []


def test_automation_vp_follows_the_common_table_then_1_per_disc_beyond_level_7() -> None:
    """Automation VP: the common mat's table for levels 1-7 (0,1,1,1,1,1,2), then 1 VP per disc beyond 7."""
    common = factions()["common"]
    assert common["automation_vp"] == [0, 1, 1, 1, 1, 1, 2] and common["automation_beyond_vp"] == 1
    expected = [0, 0, 1, 2, 3, 4, 5, 7, 8, 9, 10]
    for n, vp in enumerate(expected):
        state = bare()
        automated(state, 0, "food", min(n, 8))
        automated(state, 0, "ore", max(0, n - 8))
        assert breakdown(state.d, 0)["automation"] == vp, n
