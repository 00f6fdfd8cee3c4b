"""Questions a faction is asked (issue 30): an "every faction may" event asks each faction once (Orbital Baby Boom:
pay or decline, no "Take part in the event?" first), and a research's reveal asks for the type only while the type
is open, then for the card to keep."""

from __future__ import annotations

import copy

from pyengine.games.beyond_the_sun.cards import events, techs
from pyengine.games.beyond_the_sun.effects import asks_itself, faction_part
from pyengine.games.beyond_the_sun.messages import CARD_NAMES
from pyengine.games.beyond_the_sun.state import BTSState

from .helpers import acts, do, fac, new, researched, touch
from .test_research import ONLY_CHILD, _deck_first, _place_event, _slot_of

BABY_BOOM = "EV-II-BABY-BOOM"


def _flip(event: str, ores: tuple[int, int, int]) -> BTSState:
    """Return a 3-player game in which seat 0 has just researched level-II slot 3 and flipped this event (seat 0's
    level-I prerequisites researched, the factions holding these ores before the research's 1 ore is paid)."""
    state = new(3, seed=1)
    researched(state, 0, "I-1", "I-2")
    _place_event(state, "II-2", event)
    for seat, ore in enumerate(ores):
        fac(state, seat)["ore"] = ore
    touch(state)
    do(state, "move space=bs.research_2.0", "research slot=II-2")
    assert state.view(None)["events_revealed"] == [event]
    return state


def _prompt(state: BTSState) -> tuple[str, str]:
    """Return the (kind, English prompt) of the seat to move."""
    return state.decision_prompt(min(state.to_move()))


def _labels(state: BTSState) -> list[str]:
    """Return the English labels of the legal actions of the seat to move."""
    seat = min(state.to_move())
    return [state.describe(seat, a) for a in state.legal_actions(seat)]


# --- one payment question per event ---------------------------------------------------------------------------------
def test_orbital_baby_boom_asks_each_faction_once_pay_or_decline() -> None:
    """Orbital Baby Boom ("every faction may pay 1 ore to gain 2 population"): a faction that can pay is asked one
    question, whose answers are pay and decline, with the event card as its source; nothing asks "Take part in the
    event?" first."""
    state = _flip(BABY_BOOM, (5, 3, 3))
    for seat in (0, 1, 2):
        assert state.to_move() == frozenset({seat})
        assert acts(state) == ["pay", "decline"]
        assert _prompt(state) == ("may_pay", f"Pay for the event's effect? ({CARD_NAMES[BABY_BOOM]})")
        assert _labels(state) == ["Pay", "Decline"]
        assert state.view(seat)["pending"]["source"] == BABY_BOOM
        do(state, "decline")
    assert all(a.startswith("tech_type") for a in acts(state)), "the event is over after one question each"


def test_orbital_baby_boom_paying_takes_1_ore_and_gives_2_population() -> None:
    """Orbital Baby Boom: paying costs 1 ore and gives 2 population at once (the supply gives the cubes), and the
    next faction is asked next: no second question for the one that paid."""
    state = _flip(BABY_BOOM, (5, 3, 3))
    f = fac(state, 0)
    ore, pop, supply = f["ore"], f["pop"], sum(f["supply"])
    do(state, "pay")
    assert (f["ore"], f["pop"], sum(f["supply"])) == (ore - 1, pop + 2, supply - 2)
    assert state.to_move() == frozenset({1}) and acts(state) == ["pay", "decline"]


def test_orbital_baby_boom_declining_changes_nothing() -> None:
    """Orbital Baby Boom: declining leaves the faction exactly as it was, and the next faction is asked."""
    state = _flip(BABY_BOOM, (5, 3, 3))
    before = copy.deepcopy(fac(state, 0))
    do(state, "decline")
    assert fac(state, 0) == before
    assert state.to_move() == frozenset({1}) and acts(state) == ["pay", "decline"]


def test_orbital_baby_boom_skips_a_faction_without_the_ore() -> None:
    """Orbital Baby Boom: a faction without 1 ore is not asked at all (its only answer would be no)."""
    state = _flip(BABY_BOOM, (5, 0, 3))
    do(state, "decline")
    assert state.to_move() == frozenset({2}) and acts(state) == ["pay", "decline"]
    assert fac(state, 1)["ore"] == 0


def test_secret_arms_purchase_asks_build_or_skip_once() -> None:
    """Secret Arms Purchase ("every faction may turn a supply cube into a ship in Deep Space"): after the level is
    chosen, each faction is asked once, build there or skip."""
    state = _flip("EV-II-SECRET-ARMS", (5, 3, 3))
    do(state, "option n=0")  # level 2
    for seat in (0, 1, 2):
        assert state.to_move() == frozenset({seat}) and acts(state) == ["build at=DEEP", "skip"]
        assert _labels(state)[1] == "Skip"
        do(state, "skip" if seat else "build at=DEEP")
    assert fac(state, 0)["ships"]["DEEP"][1] >= 1


def test_tyler_lee_still_asks_whether_to_take_part() -> None:
    """Tyler Lee ("every faction takes 1 ore"): a part that asks nothing itself is still offered with "Take part in
    the event?" (accept or decline)."""
    state = _flip("EV-II-TYLER-LEE", (5, 3, 3))
    do(state, "guild id=professors")
    assert acts(state) == ["accept", "decline"]
    assert _prompt(state) == ("may", f"Take part in the event? ({CARD_NAMES['EV-II-TYLER-LEE']})")


def test_every_events_faction_part_is_one_question() -> None:
    """Events data: each "every faction" part is either one step that asks itself (pay or decline, build or skip)
    and is asked directly, or is offered behind "Take part in the event?"; never both."""
    parts = []

    def walk(steps: list[dict[str, object]]) -> None:
        for s in steps:
            if s["op"] == "each_faction":
                parts.append(s["steps"])
            for opt in s.get("options", ()):  # type: ignore[attr-defined]
                walk(opt)

    for ev in events().values():
        walk(ev["steps"])
    direct = [p for p in parts if faction_part(p) == p]
    assert len(direct) >= 9 and all(len(p) == 1 and asks_itself(p[0]) for p in direct)
    for p in parts:
        if p not in direct:
            assert faction_part(p) == [{"op": "_may", "steps": p}] and not any(asks_itself(s) for s in p)


# --- the type question only when there is a choice ------------------------------------------------------------------
def _at_a_two_type_reveal() -> BTSState:
    """Return a 3-player game where seat 0 has just chosen to research slot II-2, which can be of two types."""
    state = new(3, seed=1)
    researched(state, 0, "I-1", "I-2")
    _place_event(state, "II-2", None)
    fac(state, 0)["ore"] = 5
    touch(state)
    do(state, "move space=bs.research_2.0", "research slot=II-2")
    return state


def test_reveal_asks_the_type_when_two_types_are_offered() -> None:
    """Research reveal: with two candidate types the question is the type ("Choose which type of tech to reveal")."""
    state = _at_a_two_type_reveal()
    assert len(acts(state)) == 2 and all(a.startswith("tech_type") for a in acts(state))
    assert _prompt(state) == ("reveal", "Choose which type of tech to reveal (Research II)")


def test_reveal_asks_only_the_card_when_the_type_was_decided() -> None:
    """Research reveal: with one candidate type the type is taken without asking, and the question is only the card
    ("Choose the card to keep"), never "Choose the type"."""
    state = new(3, seed=1)
    lasers = _slot_of(state, "I-LASERS")  # military only
    _place_event(state, ONLY_CHILD[lasers], None)
    researched(state, 0, lasers)
    fac(state, 0)["ore"] = 2
    _deck_first(state, 2, ["II-MODULAR-FLEET", "II-MASS-CLONING", "II-HEAVY-SHIPYARDS"])
    do(state, "move space=bs.research_2.0")
    assert set(acts(state)) == {"keep card=II-HEAVY-SHIPYARDS", "keep card=II-MODULAR-FLEET"}
    assert _prompt(state) == ("reveal", "Choose the card to keep (Research II)")


def test_reveal_asks_the_card_after_the_player_chose_the_type() -> None:
    """Research reveal: once the player has chosen the type, the next question is the card to keep."""
    state = _at_a_two_type_reveal()
    kind = acts(state)[0].split("=")[1]
    two = [c for c in state.d["decks"]["2"] if kind in techs()[c]["types"]][:2]
    _deck_first(state, 2, two)
    do(state, f"tech_type type={kind}")
    assert sorted(acts(state)) == sorted(f"keep card={c}" for c in two)
    assert _prompt(state) == ("reveal", "Choose the card to keep (Research II)")


def test_reveal_with_one_matching_card_asks_nothing() -> None:
    """Research reveal: one candidate type and one matching card: neither question is asked, the card is kept."""
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
    assert not any(a.startswith(("tech_type", "keep")) for a in acts(state))
    assert _prompt(state)[0] != "reveal"
    assert "military" in techs()["II-HEAVY-SHIPYARDS"]["types"]
