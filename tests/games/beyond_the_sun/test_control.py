"""Control of shipyards and systems by military strength, and the base discs that mark it."""

from __future__ import annotations

from pyengine.games.beyond_the_sun.cards import techs
from pyengine.games.beyond_the_sun.invariants import check
from pyengine.games.beyond_the_sun.scoring import breakdown
from pyengine.games.beyond_the_sun.state import BTSState

from .helpers import (
    acts,
    automated,
    bare,
    card_with,
    do,
    fac,
    put_system,
    put_tech,
    researched,
    run_steps,
    ships,
    turn,
)


def jump(state: BTSState, seat: int, *moves: str) -> None:
    """Let a seat jump ships by the given routes ("SOL-SY1 level=1" style texts), one jump each."""
    run_steps(state, seat, [{"op": "jump", "n": len(moves)}])
    for m in moves:
        route, level = m.split()
        src, dst = route.split("-")
        do(state, f"jump at={src} {level} to={dst}")


def test_the_strongest_faction_takes_a_shipyard_with_its_printed_disc_type() -> None:
    """Entering an uncontrolled shipyard takes control, placing the leftmost disc of the shipyard's printed track
    (Ceres SY1: food; Ganymede SY2: ore)."""
    state = bare()
    ships(state, 0, "SOL", 1, 2, control=False)
    jump(state, 0, "SOL-SY1 level=1", "SOL-SY2 level=1")
    assert state.d["control"] == {"SY1": {"seat": 0, "disc": "food"}, "SY2": {"seat": 0, "disc": "ore"}}
    assert fac(state, 0)["removed"] == {"food": 1, "ore": 1}
    assert check(state) == []


def test_a_system_is_marked_with_its_control_disc() -> None:
    """Control of a system places a disc of the system card's control_disc type (Wolf 359: ore, Barnard: food)."""
    state = bare()
    put_system(state, "A1", "SYS-A-WOLF-359")
    put_system(state, "A2", "SYS-A-BARNARD")
    ships(state, 0, "SY1", 1)
    ships(state, 0, "SY2", 1)
    jump(state, 0, "SY1-A1 level=1", "SY2-A2 level=1")
    assert state.d["control"] == {"A1": {"seat": 0, "disc": "ore"}, "A2": {"seat": 0, "disc": "food"}}
    assert fac(state, 0)["removed"] == {"food": 1, "ore": 1}


def test_leaving_a_location_loses_control_and_returns_the_disc() -> None:
    """A faction with no ships left at a location loses control; its base disc returns to its production track."""
    state = bare()
    ships(state, 0, "SY2", 1)
    assert state.d["control"]["SY2"] == {"seat": 0, "disc": "ore"}
    assert fac(state, 0)["removed"]["ore"] == 1
    jump(state, 0, "SY2-SOL level=1")
    assert "SY2" not in state.d["control"]
    assert fac(state, 0)["removed"]["ore"] == 0
    assert check(state) == []


def test_the_defender_keeps_control_on_a_tie() -> None:
    """Default control_ties=defender: an equally strong challenger does not take control; a stronger one does, and
    the old controller's disc returns while the new one places its own."""
    state = bare()
    ships(state, 0, "SY1", 2)
    ships(state, 1, "SOL", 1, 2)
    jump(state, 1, "SOL-SY1 level=1")
    assert state.d["control"] == {"SY1": {"seat": 0, "disc": "food"}}
    jump(state, 1, "SOL-SY1 level=1")
    assert fac(state, 1)["ships"]["SY1"] == [2, 0, 0, 0]
    assert state.d["control"]["SY1"] == {"seat": 0, "disc": "food"}
    ships(state, 1, "SOL", 1)
    jump(state, 1, "SOL-SY1 level=1")
    assert state.d["control"]["SY1"] == {"seat": 1, "disc": "food"}
    assert fac(state, 0)["removed"]["food"] == 0 and fac(state, 1)["removed"]["food"] == 1
    assert check(state) == []


def test_strict_ties_make_a_tied_controller_lose_and_nobody_holds_it() -> None:
    """Option control_ties=strict: when a challenger ties the controller, the controller loses control (its disc
    goes back) and nobody controls the location."""
    state = bare(control_ties="strict")
    ships(state, 0, "SY1", 1)
    ships(state, 1, "SOL", 1)
    jump(state, 1, "SOL-SY1 level=1")
    assert "SY1" not in state.d["control"]
    assert fac(state, 0)["removed"]["food"] == 0 and fac(state, 1)["removed"]["food"] == 0
    assert check(state) == []


def test_a_tie_between_challengers_leaves_the_location_uncontrolled() -> None:
    """When the controller leaves and two challengers are tied for the most strength, nobody controls it."""
    state = bare()
    ships(state, 0, "SY1", 3)
    ships(state, 1, "SY1", 2)
    ships(state, 2, "SY1", 2)
    assert state.d["control"]["SY1"]["seat"] == 0
    jump(state, 0, "SY1-SOL level=3")
    assert "SY1" not in state.d["control"]
    assert [fac(state, s)["removed"]["food"] for s in range(3)] == [0, 0, 0]
    ships(state, 2, "SY1", 1)
    assert state.d["control"]["SY1"] == {"seat": 2, "disc": "food"}


def test_a_faction_without_ships_there_loses_control_even_if_nobody_else_is_there() -> None:
    """Control needs strength: retiring the last ship at a controlled shipyard gives it up."""
    state = bare()
    ships(state, 0, "SY1", 1)
    fac(state, 0)["ore"] = 1
    turn(state, 0, "trade")
    do(state, "trade at=SY1 level=1 what=retire")
    assert state.d["control"] == {}
    assert fac(state, 0)["removed"]["food"] == 0


def test_control_changes_of_one_jump_are_resolved_in_board_order_forward() -> None:
    """Leaving SY1 for SY3 with the last food disc on a base: SY1 (earlier in board order) is lost first, so its
    disc returns and is then placed on SY3."""
    state = bare()
    automated(state, 0, "food", 7)
    ships(state, 0, "SY1", 1)
    assert fac(state, 0)["removed"]["food"] == 8
    jump(state, 0, "SY1-SY3 level=1")
    assert state.d["control"] == {"SY3": {"seat": 0, "disc": "food"}}
    assert fac(state, 0)["removed"]["food"] == 8
    assert check(state) == []


def test_control_changes_of_one_jump_are_resolved_in_board_order_backward() -> None:
    """Leaving SY3 for SY1 with the last food disc on a base: SY1 (earlier in board order) is taken first, while
    the track is empty, so it is held without a disc (no base VP); then SY3's disc returns to the track."""
    state = bare()
    automated(state, 0, "food", 7)
    ships(state, 0, "SY3", 1)
    jump(state, 0, "SY3-SY1 level=1")
    assert state.d["control"] == {"SY1": {"seat": 0, "disc": None}}
    assert fac(state, 0)["removed"]["food"] == 7
    assert breakdown(state.d, 0)["bases"] == 0
    assert check(state) == []


def test_sol_and_deep_space_cannot_be_controlled() -> None:
    """Ships in Sol and Deep Space never take control and never place a base disc."""
    state = bare()
    ships(state, 0, "SOL", 2)
    ships(state, 1, "SOL", 1)
    jump(state, 1, "SOL-DEEP level=1")
    assert state.d["control"] == {}
    assert fac(state, 0)["removed"] == {"food": 0, "ore": 0}
    assert fac(state, 1)["removed"] == {"food": 0, "ore": 0}


def test_an_empty_system_slot_cannot_be_controlled() -> None:
    """A system slot without a card (the extra slot X before its event) is not a controllable location."""
    state = bare()
    state.d["locs"]["X"] = None
    ships(state, 0, "X", 1)
    assert "X" not in state.d["control"]


def takeover_card() -> str:
    """Return a level-IIII tech whose action jumps with ore_per_takeover (the 2026 deck's stand-in Android Armada)."""
    return card_with(4, lambda r: any(s.get("ore_per_takeover") for a in r["actions"] for s in a["steps"]),
                     deck="stand_ins_2026")


def test_ore_per_takeover_pays_per_location_taken_from_another_faction() -> None:
    """The 2026 deck's stand-in Android Armada (option tech_deck stand_ins_2026) jumps with 1 ore for each location
    taken from another faction; taking an uncontrolled location pays nothing, and a plain jump never pays."""
    card = takeover_card()
    assert card == "IIII-ANDROID-ARMADA"
    step = techs()[card]["actions"][0]["steps"][-1]
    assert step["op"] == "jump" and step["ore_per_takeover"] == 1
    state = bare(tech_deck="stand_ins_2026")
    put_tech(state, "IIII-1", card)
    researched(state, 0, "IIII-1")
    ships(state, 1, "SY1", 1)
    ships(state, 2, "SY2", 1)
    ships(state, 0, "SOL", 2, 2)
    f = fac(state, 0)
    f["ore"] = 1
    turn(state, 0)
    do(state, "move space=tech.IIII-1.0.0", "stop")  # pay 1 ore, no upgrade
    assert f["ore"] == 0
    do(state, "jump at=SOL level=2 to=SY1")
    assert state.d["control"]["SY1"]["seat"] == 0 and f["ore"] == 1
    do(state, "jump at=SOL level=2 to=SY2")
    assert state.d["control"]["SY2"]["seat"] == 0 and f["ore"] == 2
    do(state, "jump at=SY1 level=2 to=SY3")  # SY3 was uncontrolled; SY1 goes back to seat 1
    assert state.d["control"]["SY3"]["seat"] == 0 and state.d["control"]["SY1"]["seat"] == 1
    assert f["ore"] == 2
    assert check(state) == []


def test_a_plain_jump_gives_no_ore_for_a_takeover() -> None:
    """Without ore_per_takeover, taking a location from another faction gives no ore."""
    state = bare()
    ships(state, 1, "SY1", 1)
    ships(state, 0, "SOL", 2)
    ore = fac(state, 0)["ore"]
    do(state, "move space=bs.build_jump.0", "skip", "jump at=SOL level=2 to=SY1", "stop")
    assert state.d["control"]["SY1"]["seat"] == 0
    assert fac(state, 0)["ore"] == ore
    assert acts(state) == ["produce what=growth", "produce what=ore", "produce what=trade"]
