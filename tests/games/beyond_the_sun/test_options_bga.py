"""BGA's deviations as options: anytime windows, Spacetime Anomaly Studies, Giga-Corporations' star discs, and the
advanced-mat powers."""

from __future__ import annotations

from typing import Any

from pyengine.games.beyond_the_sun.cards import systems
from pyengine.games.beyond_the_sun.invariants import check
from pyengine.games.beyond_the_sun.model import gain_population
from pyengine.games.beyond_the_sun.scoring import breakdown, outcome
from pyengine.games.beyond_the_sun.state import BTSState

from .helpers import acts, bare, do, fac, put_system, put_tech, researched, run_steps, ships, touch, turn

CYGNI = "SYS-B-61-CYGNI"
CYGNI_JUMP = "ability id=SYS-B-61-CYGNI-JUMP"
STAR = "ability id=star-disc"
GIGA = "NISHIDA-GIGA-CORPORATIONS"


def cygni_game(**options: Any) -> BTSState:
    """Return a game where seat 0 has colonized 61 Cygni (an anytime jump for 1 ore), with a ship in Sol, 3 ore."""
    state = bare(**options)
    for loc, card in state.d["locs"].items():
        if card == CYGNI:
            put_system(state, loc, "SYS-B-KAPTEYN")
    for pile in state.d["sysdecks"].values():
        if CYGNI in pile:
            pile.remove(CYGNI)
    fac(state, 0)["colonies"].append({"system": CYGNI, "discs": []})
    fac(state, 0)["ore"] = 3
    ships(state, 0, "SOL", 1)
    assert systems()[CYGNI]["anytime"][0]["per_turn"] == 1
    return state


def set_achievements(state: BTSState, *ids: str) -> None:
    """Use exactly these achievement cards, all empty."""
    state.d["achievements"] = [{"id": a, "discs": []} for a in ids]
    touch(state)


def place_disc(state: BTSState, seat: int, ach: str) -> None:
    """Put a real achievement disc of a faction on the leftmost free slot directly."""
    next(a for a in state.d["achievements"] if a["id"] == ach)["discs"].append({"seat": seat, "star": False})
    fac(state, seat)["ach_used"] += 1
    touch(state)


# --- anytime windows --------------------------------------------------------------------------------------------
def test_bga_windows_offer_anytime_abilities_at_phase_decisions_only() -> None:
    """anytime_windows=bga (default): 61 Cygni's jump is offered at the action and production decisions, not
    between the steps of an action."""
    state = cygni_game()
    assert state.d["options"]["anytime_windows"] == "bga"
    assert CYGNI_JUMP in acts(state)
    do(state, "move space=bs.build_jump.0")
    assert acts(state) == ["build at=SOL", "skip"]
    do(state, "skip")
    assert CYGNI_JUMP not in acts(state)
    do(state, "stop")
    assert state.d["phase"] == "production"
    assert CYGNI_JUMP in acts(state)


def test_bga_windows_include_the_trade_and_achievement_decisions() -> None:
    """The bga windows also open at the trade decision and at a due achievement claim (beside the claims)."""
    state = cygni_game()
    set_achievements(state, "ACH-EMPIRE", "ACH-METROPOLIS", "ACH-INDUSTRIALIST", "ACH-TECHNOLOGIST")
    population(state, 0, 8)
    do(state, "move space=bs.gain.0", "produce what=trade")
    assert CYGNI_JUMP in acts(state) and "done" in acts(state)
    do(state, "done")
    assert state.d["phase"] == "achievement"
    assert acts(state) == ["claim achievement=ACH-METROPOLIS", CYGNI_JUMP]


def test_rulebook_windows_also_offer_anytime_abilities_mid_action() -> None:
    """anytime_windows=rulebook: the ability is also offered between the steps of an action; used there, it runs
    at once and the action then goes on."""
    state = cygni_game(anytime_windows="rulebook")
    do(state, "move space=bs.build_jump.0")
    assert acts(state) == ["build at=SOL", "skip", CYGNI_JUMP]
    do(state, CYGNI_JUMP)
    assert fac(state, 0)["ore"] == 2
    do(state, "jump at=SOL level=1 to=DEEP")
    assert fac(state, 0)["ships"] == {"DEEP": [1, 0, 0, 0]}
    assert acts(state) == ["build at=SOL", "skip"]  # back in the action; the ability is used up
    do(state, "skip")
    assert "jump at=DEEP level=1 to=SOL" in acts(state)


def test_anytime_abilities_are_only_for_your_own_turn() -> None:
    """Even with rulebook windows, a choice asked of a faction on another faction's turn offers no ability."""
    state = cygni_game(anytime_windows="rulebook")
    turn(state, 1)
    run_steps(state, 0, [{"op": "jump", "n": 1}])
    assert state.to_move() == frozenset({0})
    assert CYGNI_JUMP not in acts(state, 0)
    assert "stop" in acts(state, 0)


def test_anytime_ability_per_turn_limit() -> None:
    """An anytime ability with per_turn 1 is used at most once per turn, and is available again next turn."""
    state = cygni_game()
    do(state, CYGNI_JUMP, "jump at=SOL level=1 to=SY1")
    assert fac(state, 0)["ore"] == 2
    assert CYGNI_JUMP not in acts(state)
    do(state, "move space=bs.gain.0")
    assert state.d["phase"] == "production"
    assert CYGNI_JUMP not in acts(state)
    do(state, "produce what=ore")
    assert state.d["turn"] == 1
    do(state, "move space=bs.gain.0", "produce what=ore", "move space=bs.gain.0", "produce what=ore")
    assert state.d["turn"] == 0
    assert CYGNI_JUMP in acts(state)


def test_anytime_ability_needs_its_cost() -> None:
    """Without the ore to pay, the ability is not offered."""
    state = cygni_game()
    fac(state, 0)["ore"] = 0
    touch(state)
    assert CYGNI_JUMP not in acts(state)


def test_rulebook_window_does_not_open_inside_a_colonization() -> None:
    """Rulebook windows open between the steps of an action, not inside one: no ability while settling, so a paid
    colonization is always completed."""
    state = cygni_game(anytime_windows="rulebook")
    state.d["covered"].remove("terraformers")
    put_system(state, "A1", "SYS-A-BARNARD")  # colonization number 3
    ships(state, 0, "A1", 1, 2)
    ships(state, 0, "A1", 2)
    fac(state, 0)["ore"] = 5
    touch(state)
    do(state, "move space=guild.terraformers.0")
    assert acts(state) == ["settle level=1", "settle level=2"]
    do(state, "settle level=2")  # the level-1 ship that completes the 3 is then the only answer: taken for you
    f = fac(state, 0)
    assert [c["system"] for c in f["colonies"]] == [CYGNI, "SYS-A-BARNARD"]
    assert "A1" not in state.d["control"] or state.d["control"]["A1"]["seat"] != 0


# --- Spacetime Anomaly Studies ----------------------------------------------------------------------------------
def anomaly_game(optional: bool, can_research: bool = True) -> BTSState:
    """Return a game where seat 0 has Spacetime Anomaly Studies (jump 3, then research II), a ship and 2 ore."""
    state = bare(anomaly_research_optional=optional)
    put_tech(state, "II-3", "II-SPACETIME-ANOMALY")
    researched(state, 0, "I-2", "II-3", *(["I-1"] if can_research else []))
    ships(state, 0, "SOL", 1)
    fac(state, 0)["ore"] = 2
    touch(state)
    return state


def test_anomaly_research_may_be_skipped_when_the_option_is_on() -> None:
    """anomaly_research_optional on (default): after the jumps, the research step offers skip."""
    state = anomaly_game(optional=True)
    do(state, "move space=tech.II-3.0.0", "stop")
    assert acts(state) == ["research slot=II-1", "research slot=II-2", "skip"]
    do(state, "skip")
    assert state.d["phase"] == "production" and fac(state, 0)["techs"] == ["I-2", "II-3", "I-1"]


def test_anomaly_research_is_mandatory_when_the_option_is_off() -> None:
    """anomaly_research_optional off: the research step has no skip."""
    state = anomaly_game(optional=False)
    do(state, "move space=tech.II-3.0.0", "stop")
    assert acts(state) == ["research slot=II-1", "research slot=II-2"]


def test_anomaly_space_without_research_is_offered_when_optional() -> None:
    """Option on: with no level-II slot to research, the space is still offered for its jumps."""
    state = anomaly_game(optional=True, can_research=False)
    assert "move space=tech.II-3.0.0" in acts(state)


def test_anomaly_space_without_research_is_closed_when_mandatory() -> None:
    """Option off: the research is a mandatory part, so with no level-II slot to research the space is not
    offered ("no action that cannot be performed")."""
    state = anomaly_game(optional=False, can_research=False)
    assert "move space=tech.II-3.0.0" not in acts(state)


# --- Giga-Corporations' star discs ------------------------------------------------------------------------------
def giga_game(**options: Any) -> BTSState:
    """Return an advanced-mat game where seat 0 is Nishida with Giga-Corporations unlocked and 4 ore."""
    state = bare(advanced_mats=True, **options)
    f = fac(state, 0)
    assert f["id"] == "NISHIDA" and f["mat"] == "advanced"
    f["powers"].append(GIGA)
    f["ore"] = 4
    set_achievements(state, "ACH-EMPIRE", "ACH-METROPOLIS", "ACH-INDUSTRIALIST", "ACH-TECHNOLOGIST")
    return state


def test_star_disc_reserves_the_leftmost_free_slot() -> None:
    """Paying 2 ore, a star disc reserves the leftmost free slot of an achievement the faction has no disc on; a
    later claim by another faction takes the next slot."""
    state = giga_game()
    place_disc(state, 2, "ACH-EMPIRE")
    place_disc(state, 0, "ACH-TECHNOLOGIST")
    assert STAR in acts(state)
    do(state, STAR)
    assert acts(state) == ["star achievement=ACH-EMPIRE", "star achievement=ACH-METROPOLIS",
                           "star achievement=ACH-INDUSTRIALIST"]
    do(state, "star achievement=ACH-METROPOLIS")
    f = fac(state, 0)
    assert f["ore"] == 2 and f["ach_used"] == 2
    assert state.d["achievements"][1]["discs"] == [{"seat": 0, "star": True}]
    assert STAR not in acts(state)  # once per turn
    assert check(state) == []
    population(state, 1, 7)
    turn(state, 1)
    do(state, "move space=bs.gain.0", "produce what=ore", "claim achievement=ACH-METROPOLIS")
    assert state.d["achievements"][1]["discs"] == [{"seat": 0, "star": True}, {"seat": 1, "star": False}]
    assert breakdown(state.d, 1)["achievements"] == 3


def population(state: BTSState, seat: int, n: int) -> None:
    """Raise a faction's population to n (cubes from its supply)."""
    f = fac(state, seat)
    want = n - f["pop"]
    assert gain_population(f, want) == want
    touch(state)


def test_star_disc_does_not_count_toward_the_end_trigger() -> None:
    """Two real discs and a star disc in a 3-player game: the end (3 discs) is not triggered."""
    state = giga_game()
    place_disc(state, 1, "ACH-EMPIRE")
    place_disc(state, 2, "ACH-EMPIRE")
    do(state, STAR, "star achievement=ACH-METROPOLIS", "move space=bs.gain.0", "produce what=ore")
    assert state.d["turn"] == 1
    assert state.d["end_round"] is None
    assert state.view(None)["achievement_discs"] == 2


def test_star_disc_becomes_real_when_its_owner_meets_the_condition() -> None:
    """In its owner's achievement phase, a star disc whose condition is met becomes a real disc (and then counts
    toward the end)."""
    state = giga_game()
    place_disc(state, 1, "ACH-EMPIRE")
    place_disc(state, 2, "ACH-EMPIRE")
    do(state, STAR, "star achievement=ACH-METROPOLIS", "move space=bs.gain.0", "produce what=ore")
    assert state.d["achievements"][1]["discs"] == [{"seat": 0, "star": True}]
    population(state, 0, 7)
    turn(state, 0)
    do(state, "move space=bs.gain.0", "produce what=ore")
    assert state.d["achievements"][1]["discs"] == [{"seat": 0, "star": False}]
    assert state.d["end_round"] == state.d["round"] + 1
    assert fac(state, 0)["ach_used"] == 1
    assert check(state) == []


def end_with_star(on: bool) -> BTSState:
    """Play to the end of a game where Nishida holds an unconverted star disc on Metropolis (first slot, 5 VP)."""
    state = giga_game(star_discs_at_end=on)
    do(state, STAR, "star achievement=ACH-METROPOLIS", "move space=bs.gain.0", "produce what=ore")
    state.d["end_round"] = state.d["round"]
    touch(state)
    while not state.is_terminal():
        do(state, "move space=bs.gain.0", "produce what=ore")
    return state


def test_star_discs_score_at_the_end_with_star_discs_at_end_on() -> None:
    """star_discs_at_end on (BGA, default): a star disc left at the end becomes real and scores its slot."""
    state = end_with_star(on=True)
    assert state.d["achievements"][1]["discs"] == [{"seat": 0, "star": False}]
    result = outcome(state.d)
    assert result.details["breakdown"][0]["achievements"] == 5
    assert check(state) == []


def test_star_discs_score_nothing_with_star_discs_at_end_off() -> None:
    """star_discs_at_end off: a star disc left at the end stays in its slot as a star and scores nothing."""
    state = end_with_star(on=False)
    assert state.d["achievements"][1]["discs"] == [{"seat": 0, "star": True}]
    assert fac(state, 0)["ach_used"] == 1
    result = outcome(state.d)
    assert result.details["breakdown"][0]["achievements"] == 0
    assert check(state) == []


def test_unscored_star_discs_do_not_move_other_discs_to_better_slots() -> None:
    """star_discs_at_end off: the star disc on the first slot scores nothing, and the real disc on the second slot
    keeps the second slot's VP (3), as the running projection showed."""
    state = giga_game(star_discs_at_end=False)
    do(state, STAR, "star achievement=ACH-METROPOLIS", "move space=bs.gain.0", "produce what=ore")
    population(state, 1, 7)
    do(state, "move space=bs.gain.0", "produce what=ore", "claim achievement=ACH-METROPOLIS")
    assert breakdown(state.d, 1)["achievements"] == 3
    state.d["end_round"] = state.d["round"]
    touch(state)
    while not state.is_terminal():
        do(state, "move space=bs.gain.0", "produce what=ore")
    result = outcome(state.d)
    assert result.details["breakdown"][0]["achievements"] == 0
    assert result.details["breakdown"][1]["achievements"] == 3


def test_star_disc_needs_the_power() -> None:
    """Without Giga-Corporations unlocked (basic mat, or advanced before the unlock) there is no star disc."""
    state = giga_game()
    fac(state, 0)["powers"] = []
    touch(state)
    assert STAR not in acts(state)
    basic = bare()
    fac(basic, 0)["ore"] = 4
    touch(basic)
    assert STAR not in acts(basic)


# --- advanced-mat powers ----------------------------------------------------------------------------------------
def test_advanced_power_unlocks_when_its_counter_is_reached() -> None:
    """Giga-Corporations unlocks at 4 researched techs: not at 3; researching the 4th unlocks it at once, and the
    star disc is then offered at the production decision."""
    state = bare(advanced_mats=True)
    f = fac(state, 0)
    f["ore"] = 4
    researched(state, 0, "I-1", "I-2", "I-3")
    do(state, "move space=bs.gain.0", "produce what=ore")
    assert f["powers"] == []
    for _ in range(2):
        do(state, "move space=bs.gain.0", "produce what=ore")
    assert state.d["turn"] == 0
    do(state, "move space=bs.research_1.0")
    assert f["techs"] == ["I-1", "I-2", "I-3", "I-4"]
    assert f["powers"] == [GIGA]
    assert state.d["phase"] == "production"
    assert STAR in acts(state)


def test_advanced_power_is_kept_when_the_counter_drops() -> None:
    """Mind/Machine Assimilation unlocks at fleet strength 6 (here by building a ship) and stays when ships are
    retired."""
    state = bare(advanced_mats=True)
    f = fac(state, 1)
    assert f["id"] == "ZHENGYI"
    ships(state, 1, "SOL", 1, 5)
    turn(state, 1)
    assert f["powers"] == []
    do(state, "move space=bs.build_jump.0", "build at=SOL")
    assert f["powers"] == ["ZHENGYI-MIND-MACHINE"]
    f["ore"] = 3
    touch(state)
    do(state, "stop", "produce what=trade", *["trade at=SOL level=1 what=retire"] * 3)
    assert f["ships"] == {"SOL": [3, 0, 0, 0]}
    assert f["powers"] == ["ZHENGYI-MIND-MACHINE"]
    assert check(state) == []
