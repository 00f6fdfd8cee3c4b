"""Achievements, the end trigger and the last round, final scoring in full, and the tie-breaks."""

from __future__ import annotations

import pytest

from pyengine.games.beyond_the_sun.cards import achievements, systems, techs
from pyengine.games.beyond_the_sun.invariants import check
from pyengine.games.beyond_the_sun.model import gain_population, take_supply
from pyengine.games.beyond_the_sun.scoring import breakdown, outcome
from pyengine.games.beyond_the_sun.state import BTSState

from .helpers import acts, automated, bare, do, fac, put_tech, researched, ships, touch, turn


def set_achievements(state: BTSState, *ids: str) -> None:
    """Use exactly these achievement cards, all empty."""
    state.d["achievements"] = [{"id": a, "discs": []} for a in ids]
    touch(state)


def place_disc(state: BTSState, seat: int, ach: str, star: bool = False) -> None:
    """Put a faction's achievement disc on the leftmost free slot of an achievement directly."""
    for a in state.d["achievements"]:
        if a["id"] == ach:
            a["discs"].append({"seat": seat, "star": star})
    fac(state, seat)["ach_used"] += 1
    touch(state)


def population(state: BTSState, seat: int, n: int) -> None:
    """Raise a faction's population to n (cubes from its supply)."""
    f = fac(state, seat)
    want = n - f["pop"]
    assert gain_population(f, want) == want
    touch(state)


def simple_turn(state: BTSState) -> None:
    """Play the active seat's turn with simple legal actions: Gain, ore production, and a claim if one is due."""
    seat = state.d["turn"]
    do(state, "move space=bs.gain.0", "produce what=ore")
    if state.d["turn"] == seat and not state.d["over"]:
        do(state, acts(state)[0])


# --- claims -----------------------------------------------------------------------------------------------------
def test_a_met_achievement_is_mandatory_only_claims_are_legal() -> None:
    """After production, a faction meeting achievements must claim one: the only legal actions are the claims."""
    state = bare()
    set_achievements(state, "ACH-EMPIRE", "ACH-METROPOLIS", "ACH-INDUSTRIALIST", "ACH-TECHNOLOGIST")
    population(state, 0, 7)
    automated(state, 0, "ore", 5)
    do(state, "move space=bs.gain.0", "produce what=ore")
    assert state.d["phase"] == "achievement" and state.d["turn"] == 0
    assert acts(state) == ["claim achievement=ACH-METROPOLIS", "claim achievement=ACH-INDUSTRIALIST"]


def test_at_most_one_achievement_per_turn() -> None:
    """Claiming one achievement ends the turn even when another is met; the other can be claimed next turn."""
    state = bare()
    set_achievements(state, "ACH-EMPIRE", "ACH-METROPOLIS", "ACH-INDUSTRIALIST", "ACH-TECHNOLOGIST")
    population(state, 0, 7)
    automated(state, 0, "ore", 5)
    do(state, "move space=bs.gain.0", "produce what=ore", "claim achievement=ACH-INDUSTRIALIST")
    assert state.d["turn"] == 1 and state.d["phase"] == "action"
    assert fac(state, 0)["ach_used"] == 1
    assert [len(a["discs"]) for a in state.d["achievements"]] == [0, 0, 1, 0]
    simple_turn(state)
    simple_turn(state)
    assert state.d["turn"] == 0
    do(state, "move space=bs.gain.0", "produce what=ore")
    assert acts(state) == ["claim achievement=ACH-METROPOLIS"]
    do(state, "claim achievement=ACH-METROPOLIS")
    assert fac(state, 0)["ach_used"] == 2
    assert check(state) == []


def test_a_claim_takes_the_leftmost_free_slot_and_scores_its_vp() -> None:
    """The disc goes on the leftmost free slot: after another faction's claim, the second slot's VP."""
    state = bare()
    set_achievements(state, "ACH-EMPIRE", "ACH-METROPOLIS", "ACH-INDUSTRIALIST", "ACH-TECHNOLOGIST")
    assert achievements()["ACH-METROPOLIS"]["slots"] == [5, 3]
    place_disc(state, 1, "ACH-METROPOLIS")
    population(state, 0, 7)
    do(state, "move space=bs.gain.0", "produce what=ore", "claim achievement=ACH-METROPOLIS")
    assert state.d["achievements"][1]["discs"] == [{"seat": 1, "star": False}, {"seat": 0, "star": False}]
    assert breakdown(state.d, 0)["achievements"] == 3
    assert breakdown(state.d, 1)["achievements"] == 5


def test_each_faction_claims_an_achievement_once() -> None:
    """A faction that already has a disc on an achievement cannot claim it again: its turn simply ends."""
    state = bare()
    set_achievements(state, "ACH-EMPIRE", "ACH-METROPOLIS", "ACH-INDUSTRIALIST", "ACH-TECHNOLOGIST")
    place_disc(state, 0, "ACH-METROPOLIS")
    population(state, 0, 7)
    do(state, "move space=bs.gain.0", "produce what=ore")
    assert state.d["turn"] == 1 and state.d["phase"] == "action"
    assert len(state.d["achievements"][1]["discs"]) == 1


def test_a_full_achievement_cannot_be_claimed() -> None:
    """With every slot taken by other factions, an achievement cannot be claimed even when met."""
    state = bare()
    set_achievements(state, "ACH-EMPIRE", "ACH-METROPOLIS", "ACH-INDUSTRIALIST", "ACH-TECHNOLOGIST")
    place_disc(state, 1, "ACH-METROPOLIS")
    place_disc(state, 2, "ACH-METROPOLIS")
    population(state, 0, 7)
    automated(state, 0, "ore", 5)
    do(state, "move space=bs.gain.0", "produce what=ore")
    assert acts(state) == ["claim achievement=ACH-INDUSTRIALIST"]


def test_a_claimed_achievement_is_kept_when_the_condition_is_lost() -> None:
    """A claimed disc stays (and scores) after the faction stops meeting the condition."""
    state = bare()
    set_achievements(state, "ACH-EMPIRE", "ACH-METROPOLIS", "ACH-INDUSTRIALIST", "ACH-TECHNOLOGIST")
    population(state, 0, 7)
    do(state, "move space=bs.gain.0", "produce what=ore", "claim achievement=ACH-METROPOLIS")
    turn(state, 0, "trade")
    do(state, *["trade what=sell_population"] * 4, "done")
    assert fac(state, 0)["pop"] == 4
    assert state.d["achievements"][1]["discs"] == [{"seat": 0, "star": False}]
    assert breakdown(state.d, 0)["achievements"] == 5


def test_a_faction_whose_8_discs_are_used_still_claims_with_a_substitute() -> None:
    """The disc supply is unlimited (reference 4.5, "use substitutes"): with all 8 achievement discs used as
    placeholders, a met achievement must still be claimed, with a substitute disc."""
    state = bare()
    set_achievements(state, "ACH-EMPIRE", "ACH-METROPOLIS", "ACH-INDUSTRIALIST", "ACH-TECHNOLOGIST")
    automated(state, 0, "food", 8)
    automated(state, 0, "ore", 8)
    f = fac(state, 0)
    f["auto"] += ["ach"] * 8
    f["ach_used"] = 8
    touch(state)
    assert check(state) == []
    do(state, "move space=bs.gain.0", "produce what=ore")
    assert acts(state) == ["claim achievement=ACH-INDUSTRIALIST"]
    do(state, "claim achievement=ACH-INDUSTRIALIST")
    assert f["ach_used"] == 9 and state.d["turn"] == 1
    assert check(state) == []


# --- the end trigger --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "trigger"), [(2, 3), (3, 3), (4, 4)])
def test_the_end_is_triggered_by_the_nth_achievement_disc(players: int, trigger: int) -> None:
    """The end is triggered when the achievement discs reach 4 (2-3 players: 3); one fewer does not."""
    state = bare(players)
    set_achievements(state, "ACH-EMPIRE", "ACH-METROPOLIS", "ACH-INDUSTRIALIST", "ACH-TECHNOLOGIST")
    state.d["round"] = 5
    place_disc(state, 1, "ACH-EMPIRE")
    for _ in range(trigger - 3):
        place_disc(state, 1, "ACH-TECHNOLOGIST")
    population(state, 0, 7)
    automated(state, 0, "ore", 5)
    do(state, "move space=bs.gain.0", "produce what=ore", "claim achievement=ACH-METROPOLIS")
    assert state.d["end_round"] is None
    assert state.view(None)["achievement_discs"] == trigger - 1
    while state.d["turn"] != 0:
        simple_turn(state)
    do(state, "move space=bs.gain.0", "produce what=ore", "claim achievement=ACH-INDUSTRIALIST")
    assert state.view(None)["achievement_discs"] == trigger
    assert state.d["end_round"] == state.d["round"] + 1
    assert state.view(None)["end_trigger"] == trigger


@pytest.mark.parametrize("trigger_seat", [0, 1, 2])
def test_after_the_trigger_the_round_is_finished_then_one_more_full_round(trigger_seat: int) -> None:
    """Triggered by any seat of a 3-player round: the later seats finish that round, then every seat plays one
    more full round, and the game ends exactly after the last seat of that round."""
    state = bare()
    set_achievements(state, "ACH-EMPIRE", "ACH-METROPOLIS", "ACH-INDUSTRIALIST", "ACH-TECHNOLOGIST")
    others = [s for s in range(3) if s != trigger_seat]
    place_disc(state, others[0], "ACH-EMPIRE")
    place_disc(state, others[1], "ACH-EMPIRE")
    population(state, trigger_seat, 7)
    state.d["round"] = 4
    turn(state, trigger_seat)
    do(state, "move space=bs.gain.0", "produce what=ore", "claim achievement=ACH-METROPOLIS")
    assert state.d["end_round"] == 5
    played = []
    while not state.is_terminal():
        played.append((state.d["round"], state.d["turn"]))
        simple_turn(state)
    assert played == [(4, s) for s in range(trigger_seat + 1, 3)] + [(5, 0), (5, 1), (5, 2)]
    assert state.d["phase"] == "over" and state.to_move() == frozenset()
    assert state.legal_actions(0) == []
    assert state.outcome() is not None


# --- final scoring ----------------------------------------------------------------------------------------------
def scoring_position() -> BTSState:
    """Return a 3-player position where seat 0 scores in every category (see the test for the numbers)."""
    state = bare()
    d = state.d
    set_achievements(state, "ACH-EMPIRE", "ACH-METROPOLIS", "ACH-INDUSTRIALIST", "ACH-TECHNOLOGIST")
    put_tech(state, "II-1", "II-HYPERCOMPUTING")
    put_tech(state, "III-1", "III-CAPITAL-SHIP")
    put_tech(state, "IIII-1", "IIII-POST-SCARCITY")
    put_tech(state, "IIII-2", "IIII-SINGULARITY")
    researched(state, 0, "I-1", "II-1", "III-1", "IIII-1", "IIII-2")
    f = fac(state, 0)
    for lv in (2, 3):
        assert take_supply(f)
        f["private"].append(lv)
    automated(state, 0, "food", 3)
    for card in ("SYS-B-TAU-CETI", "SYS-A-WOLF-359"):
        for pile in d["sysdecks"].values():
            if card in pile:
                pile.remove(card)
        disc = systems()[card]["colony_disc"]
        f["removed"][disc] += 1
        f["colonies"].append({"system": card, "discs": [disc]})
    ships(state, 0, "SY1", 1)
    ships(state, 0, "SY2", 1)
    ships(state, 0, "SOL", 2)
    ships(state, 1, "SOL", 1, 2)
    ships(state, 2, "SOL", 1)
    ships(state, 2, "DEEP", 1)
    f["vp_tokens"] = 3
    place_disc(state, 0, "ACH-METROPOLIS")
    place_disc(state, 1, "ACH-EMPIRE")
    place_disc(state, 0, "ACH-EMPIRE")
    assert check(state) == []
    return state


def test_final_scoring_in_full() -> None:
    """Every scoring category: techs 1/2/3 by level and IIII printed VP (a number or a formula), private techs 2/3,
    automation, colonies (Tau Ceti: 3 + 1 per colony), 1 VP per base disc, Sol/Deep Space majority, event VP,
    achievement slots."""
    state = scoring_position()
    assert techs()["IIII-POST-SCARCITY"]["vp"] == 4
    assert techs()["IIII-SINGULARITY"]["vp"] == {"per": "techs_level_3", "n": 1, "plus": 2, "max": 6}
    expected = {"techs": 1 + 2 + 3 + 4 + 3, "private_techs": 2 + 3, "automation": 0 + 1 + 1,
                "colonies": (3 + 2) + 3, "bases": 2, "sol_and_deep_space": 1, "events": 3,
                "achievements": 5 + 4, "abilities": 0}
    assert breakdown(state.d, 0) == expected
    state.d["over"] = True
    state.d["phase"] = "over"
    result = outcome(state.d)
    assert result.scores[0] == sum(expected.values())
    assert result.details["breakdown"][0] == expected
    assert result.winners == [0] and result.tiebreak == "vp"


def test_tau_ceti_vp_formula_is_capped() -> None:
    """Tau Ceti is worth 3 VP plus 1 per colony, at most 7."""
    state = bare()
    f = fac(state, 0)
    cards = ["SYS-B-TAU-CETI", "SYS-A-WOLF-359", "SYS-A-LUYTEN", "SYS-A-SIRIUS", "SYS-A-PROCYON"]
    f["colonies"] = [{"system": c, "discs": []} for c in cards[:1]]
    assert breakdown(state.d, 0)["colonies"] == 4
    f["colonies"] = [{"system": c, "discs": []} for c in cards]
    assert breakdown(state.d, 0)["colonies"] == 7 + 3 + 3 + 5 + 4


def test_bases_score_1_vp_each_only_with_a_disc() -> None:
    """A base disc on a controlled location is 1 VP; a location held without a disc (empty track) scores none."""
    state = bare()
    automated(state, 0, "food", 7)
    ships(state, 0, "SY1", 1)
    ships(state, 0, "SY3", 1)
    ships(state, 0, "SY2", 1)
    assert state.d["control"]["SY3"] == {"seat": 0, "disc": None}
    assert breakdown(state.d, 0)["bases"] == 2


def test_sol_and_deep_space_majorities_score_1_each_and_ties_all_score() -> None:
    """The highest strength in Sol and in Deep Space scores 1 VP each; tied factions all score; no ships, no VP;
    Deep Space strength bonuses (Gliese 667's +1) count."""
    state = bare()
    ships(state, 0, "SOL", 2)
    ships(state, 1, "SOL", 2)
    ships(state, 2, "SOL", 1)
    assert [breakdown(state.d, s)["sol_and_deep_space"] for s in range(3)] == [1, 1, 0]
    ships(state, 2, "DEEP", 2)
    ships(state, 1, "DEEP", 1)
    assert [breakdown(state.d, s)["sol_and_deep_space"] for s in range(3)] == [1, 1, 1]
    fac(state, 1)["colonies"].append({"system": "SYS-B-GLIESE-667", "discs": []})
    assert [breakdown(state.d, s)["sol_and_deep_space"] for s in range(3)] == [1, 2, 1]


# --- tie-breaks -------------------------------------------------------------------------------------------------
def tied_game() -> BTSState:
    """Return a finished 3-player game where seats 0 and 1 have 1 VP each and equal tie-break figures, and seat 2
    has 0 VP but better tie-break figures (it must never win)."""
    state = bare()
    for seat in range(3):
        fac(state, seat)["ore"] = 2
    fac(state, 0)["vp_tokens"] = 1
    fac(state, 1)["vp_tokens"] = 1
    automated(state, 2, "ore", 1)
    population(state, 2, 9)
    fac(state, 2)["ore"] = 9
    state.d["over"] = True
    state.d["phase"] = "over"
    assert [sum(breakdown(state.d, s).values()) for s in range(3)] == [1, 1, 0]
    return state


def test_tiebreak_fewest_production_discs_left() -> None:
    """Tied on VP: the faction with fewer production discs left on its tracks wins (tiebreak production_discs)."""
    state = tied_game()
    automated(state, 1, "food", 1)
    result = outcome(state.d)
    assert result.winners == [1] and result.tiebreak == "production_discs"


def test_tiebreak_then_most_population() -> None:
    """Tied on VP and discs: most population wins (tiebreak population)."""
    state = tied_game()
    population(state, 0, 4)
    result = outcome(state.d)
    assert result.winners == [0] and result.tiebreak == "population"


def test_tiebreak_then_most_ore() -> None:
    """Tied on VP, discs and population: most ore wins (tiebreak ore)."""
    state = tied_game()
    fac(state, 1)["ore"] = 3
    result = outcome(state.d)
    assert result.winners == [1] and result.tiebreak == "ore"


def test_tiebreak_shared_win() -> None:
    """Tied on everything: the tied factions share the win (tiebreak shared)."""
    state = tied_game()
    result = state.outcome()
    assert result is not None
    assert result.winners == [0, 1] and result.tiebreak == "shared" and result.scores == [1, 1, 0]


def test_no_tie_is_decided_by_vp() -> None:
    """One faction with the most VP wins outright (tiebreak vp)."""
    state = tied_game()
    fac(state, 0)["vp_tokens"] = 2
    result = outcome(state.d)
    assert result.winners == [0] and result.tiebreak == "vp"


def test_round_limit_makes_the_limit_round_the_last_one() -> None:
    """Option round_limit (safety valve, RULES-NOTES): with no end triggered, the game ends after round N."""
    state = bare(2, round_limit=10)
    state.d["round"] = 9
    touch(state)
    while state.d["round"] == 9:
        do(state, "move space=bs.gain.0", "produce what=ore")
    assert state.d["round"] == 10 and state.d["end_round"] == 10 and not state.is_terminal()
    while not state.is_terminal():
        assert state.d["round"] == 10
        seat = min(state.to_move())
        legal = state.legal_actions(seat)
        state.apply(seat, legal[-1] if state.d["phase"] == "action" else legal[0])
    assert state.outcome() is not None
