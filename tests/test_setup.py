"""Position setup (``core/setup.py``, each game's ``setup.py``, the bridge's ``setup_form`` and ``setup_apply``): a
teacher's values become a position code the rules accept, or problems next to the fields they concern."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pyengine.bridge import handle
from pyengine.core.api import State
from pyengine.core.registry import load_game
from pyengine.core.setup import (
    COMMON_MESSAGES,
    Result,
    SetupUnavailableError,
    apply,
    form,
    new_base,
    position_problem,
    setup_of,
)
from pyengine.core.text import catalog, game_namespaces
from pyengine.games.ares_expedition.cards import base_deck
from pyengine.games.jump_drive.cards import deck_instances
from pyengine.games.jump_drive.game import JumpDrive

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("jump_drive", "ares_expedition", "beyond_the_sun")


def values_of(state: State) -> dict[str, Any]:
    """Return the form's values read from a position, by field id."""
    return {f.id: f.value for f in form(state)}


def problems(result: Result) -> list[tuple[str | None, str]]:
    """Return a result's problems as (field, English message)."""
    return [(p.field, p.to_json()["message"]) for p in result.problems]


def applied(game_id: str, values: dict[str, Any], players: int = 2, seed: int = 3,
            options: dict[str, Any] | None = None) -> tuple[State, Result]:
    """Return a new game's setup base and the result of applying values to it."""
    base = new_base(load_game(game_id), seed, players, options)
    return base, apply(base, values)


def plays_on(code: str, game_id: str) -> State:
    """Return the position a code holds once it is checked to play on: every seat to move has a legal action."""
    state = load_game(game_id).state_from_code(code)
    assert not state.is_terminal() and state.to_move()
    assert all(state.legal_actions(s) for s in state.to_move())
    return state


def reads_back(state: State, values: dict[str, Any]) -> None:
    """Check that the setup form of a position shows the values it was made from."""
    read = values_of(state)
    for fid, value in values.items():
        assert read[fid] == value, (fid, read[fid], value)


# --- Jump Drive ------------------------------------------------------------------------------------------------------

def test_jd_a_chosen_hand_is_exactly_seat_0s_hand_and_every_card_is_in_one_place() -> None:
    """Rule: the hand holds the cards named (each a copy of its own), everything placed nowhere is in the deck, every
    card instance exactly once overall; the position is the plan phase, every seat choosing."""
    hand = ["gem_world", "galactic_trendsetters", "galactic_trendsetters"]
    _, result = applied("jump_drive", {"hand.0": hand})
    assert result.problems == () and result.code is not None
    state = plays_on(result.code, "jump_drive")
    d = state.to_json()
    assert sorted(c.rsplit("-", 1)[0] for c in d["hands"][0]) == sorted(hand)
    assert len(set(d["hands"][0])) == 3
    places = d["deck"] + d["discard"] + d["imaginary"] + [c for h in d["hands"] for c in h]
    places += [c for e in d["empires"] for c in e if not c.startswith("survey_team-")]
    assert Counter(places) == Counter(deck_instances())
    assert d["phase"] == "plan" and state.to_move() == frozenset({0, 1})
    reads_back(state, {"hand.0": hand})


def test_jd_the_same_seed_and_values_give_the_same_code() -> None:
    """Rule: the deck is shuffled with the state's own generator, so a setup is deterministic."""
    values = {"hand.1": ["mining_world"], "empire.0": ["survey_team", "gem_world"], "vp.0": 9, "round": 4}
    codes = {applied("jump_drive", values, seed=11)[1].code for _ in range(2)}
    assert len(codes) == 1 and None not in codes


def test_jd_more_copies_than_exist_are_refused_on_the_hand() -> None:
    """Rule: Galactic Trendsetters has 7 copies; a hand of 8 is refused on hand.0, and no code is made."""
    _, result = applied("jump_drive", {"hand.0": ["galactic_trendsetters"] * 8})
    assert result.code is None
    assert ("hand.0", "The game has only 7 copies of Galactic Trendsetters") in problems(result)


def test_jd_more_copies_than_exist_are_refused_in_an_empire_too() -> None:
    """Rule: Gem World has 2 copies; an empire of 3 is refused on empire.0."""
    _, result = applied("jump_drive", {"empire.0": ["gem_world"] * 3})
    assert result.code is None
    assert problems(result) == [("empire.0", "The game has only 2 copies of Gem World")]


def test_jd_copies_held_by_an_unchanged_field_leave_fewer_for_the_field_edited() -> None:
    """Rule: the fields left as they were keep their copies, so taking more than the copies left is the edited
    field's problem: with 3 of the 7 Galactic Trendsetters in hand.1, 5 more in hand.0 are refused on hand.0."""
    _, first = applied("jump_drive", {"hand.1": ["galactic_trendsetters"] * 3})
    assert first.code is not None
    base = load_game("jump_drive").state_from_code(first.code)
    result = apply(base, {"hand.0": ["galactic_trendsetters"] * 5})
    assert result.code is None
    assert problems(result) == [
        ("hand.0", "Only 4 copies of Galactic Trendsetters are left: the others are placed elsewhere")]
    assert apply(base, {"hand.0": ["galactic_trendsetters"] * 4}).code is not None


def test_jd_the_survey_team_goes_only_to_an_empire_where_it_counts_as_used() -> None:
    """Rule (RULES-NOTES "Survey Team"): taken from the centre into an empire, once per game: never in a hand, at most
    once in an empire, and used once it is there."""
    _, in_hand = applied("jump_drive", {"hand.0": ["survey_team"]})
    assert problems(in_hand) == [("hand.0", "Survey Team cannot be placed here")]
    _, twice = applied("jump_drive", {"empire.0": ["survey_team", "survey_team"]})
    assert problems(twice) == [("empire.0", "The Survey Team can be placed in an empire only once")]
    _, placed = applied("jump_drive", {"empire.1": ["survey_team"]})
    assert placed.code is not None
    d = plays_on(placed.code, "jump_drive").to_json()
    assert d["empires"][1] == ["survey_team-1"] and d["survey_used"] == [False, True]


def test_jd_one_per_empire_cards_are_refused_twice() -> None:
    """Rule (card text "one per empire", power limit_one): Trade Pact twice in an empire is refused."""
    _, result = applied("jump_drive", {"empire.0": ["trade_pact", "trade_pact"]})
    assert problems(result) == [("empire.0", "Trade Pact can be in an empire only once")]


def test_jd_vp_need_a_scored_round_and_an_empire_and_add_up_per_card() -> None:
    """Rule (RULES-NOTES "VP bookkeeping"): only empire cards score, after a round is scored: VP in round 1 or without
    an empire are refused; otherwise each seat's per-card tally adds up to its VP and the history climbs to it."""
    _, early = applied("jump_drive", {"vp.0": 4, "empire.0": ["gem_world"]})
    assert problems(early) == [("vp.0", "No VP before the first round is scored: choose 0 or a later round")]
    _, bare = applied("jump_drive", {"vp.0": 4, "round": 3})
    assert problems(bare) == [("vp.0", "VP come only from the cards of an empire: place a card there first")]
    values = {"vp.0": 13, "vp.1": 5, "empire.0": ["gem_world", "mining_world"], "empire.1": ["colony_convoy"],
              "round": 4}
    _, result = applied("jump_drive", values)
    assert result.code is not None
    state = plays_on(result.code, "jump_drive")
    d = state.to_json()
    assert [sum(a + b for a, b in t.values()) for t in d["vp_cards"]] == [13, 5]
    assert d["vp_history"][-1] == [13, 5] and len(d["vp_history"]) == 3
    reads_back(state, values)


def test_jd_vp_stay_below_the_winning_50_and_the_round_within_the_limit() -> None:
    """Rule (RULES-NOTES "The end"): 50 VP end the game after scoring, so a round begins with fewer; the round is
    1..round_limit (solitaire: 1..7)."""
    _, result = applied("jump_drive", {"vp.0": 50, "round": 41})
    assert problems(result) == [("vp.0", "Choose a value from 0 to 49"), ("round", "Choose a value from 1 to 40")]
    _, solo = applied("jump_drive", {"round": 8}, players=1)
    assert problems(solo) == [("round", "Choose a value from 1 to 7")]


# --- Ares Expedition --------------------------------------------------------------------------------------------------

def test_ares_a_hand_and_mars_give_that_position_with_a_consistent_ocean_pile() -> None:
    """Rule: temperature +4 °C is step 17 of 19, oxygen 5 %, 3 oceans flipped: 3 tiles face up, the other 6 in the
    pile, the 9 tiles once each; the position is the planning of the round, every seat choosing a phase card."""
    base = new_base(load_game("ares_expedition"), 5, 2, None)
    dealt = {c for p in base.to_json()["p"] for c in p["hand"]}
    hand = [c for c in base_deck() if c not in dealt][:4]
    values = {"hand.0": hand, "table.1": ["fish", "arctic-algae"], "mars.temperature": 4, "mars.oxygen": 5,
              "mars.oceans": 3, "tr.0": 12, "mc.1": 20, "prod.plants.1": 2, "round": 6}
    result = apply(base, values)
    assert result.problems == () and result.code is not None
    state = plays_on(result.code, "ares_expedition")
    d = state.to_json()
    assert d["params"] == {"temperature": 17, "oxygen": 5, "ocean": 3}
    assert len(d["ocean_flipped"]) == 3 and sorted(d["ocean_pile"] + d["ocean_flipped"]) == list(range(1, 10))
    assert d["p"][0]["hand"] == hand and d["p"][1]["res"] == {"fish": 0}
    assert d["stage"] == "plan" and state.to_move() == frozenset({0, 1})
    reads_back(state, values)
    assert apply(base, values).code == result.code


def test_ares_a_temperature_above_the_maximum_or_off_its_steps_is_refused() -> None:
    """Rule (RULES-NOTES "Parameters"): temperature -30..+8 °C in steps of 2."""
    _, high = applied("ares_expedition", {"mars.temperature": 10})
    assert high.code is None and problems(high) == [("mars.temperature", "Choose a value from -30 to 8")]
    _, odd = applied("ares_expedition", {"mars.temperature": 3})
    assert problems(odd) == [("mars.temperature", "Choose a value in steps of 2 from -30")]


def test_ares_each_corporation_once_and_the_hand_limit_after_round_1() -> None:
    """Rules: a corporation belongs to one player; the end of each round discards down to 10 cards."""
    base = new_base(load_game("ares_expedition"), 5, 2, None)
    first = values_of(base)["corp.0"]
    assert problems(apply(base, {"corp.1": first})) == [("corp.1", "Another player already has this corporation")]
    taken = {c for p in base.to_json()["p"] for c in p["hand"]}
    eleven = [c for c in base_deck() if c not in taken][:11]
    assert problems(apply(base, {"hand.0": eleven, "round": 2}))[0][0] == "hand.0"
    assert apply(base, {"hand.0": eleven, "round": 1}).code is not None


def test_ares_a_corporation_is_not_a_project_card() -> None:
    """Rule: hands and played cards hold project cards; a corporation there is refused as not allowed."""
    base = new_base(load_game("ares_expedition"), 5, 2, None)
    corp = values_of(base)["corp.0"]
    (field, message), = problems(apply(base, {"table.0": [corp]}))
    assert field == "table.0" and message.endswith("cannot be placed here")


@pytest.mark.parametrize(("options", "players"), [({}, 1), ({"mode": "coop"}, 2)])
def test_ares_solo_and_coop_records_follow_the_round(options: dict[str, Any], players: int) -> None:
    """Rules (RULES-NOTES "Solo", "Co-op"): in round 12 the virtual player's marker is at 3 (moved after rounds 5
    and 10) with one phase card of its third cycle played; the co-op pool lost two items a round."""
    _, result = applied("ares_expedition", {"round": 12}, players=players, options=options)
    assert result.code is not None
    d = plays_on(result.code, "ares_expedition").to_json()
    if players == 1:
        assert d["solo"]["marker"] == 3 and d["solo"]["raised_for"] == 10 and len(d["solo"]["played"]) == 1
    else:
        assert d["coop"]["cubes"] + d["coop"]["markers"] == 30 - 2 * 11 and d["coop"]["order"] == []


# --- Beyond the Sun ---------------------------------------------------------------------------------------------------

def test_bts_turn_round_ore_and_population_round_trip() -> None:
    """Rule: the position is the start of the chosen seat's turn; population comes from the supply columns (20 cubes
    per faction, checked by the invariants on load); the VP history has one row per finished round."""
    base = new_base(load_game("beyond_the_sun"), 4, 3, None)
    top = next(f.maximum for f in form(base) if f.id == "pop.0")
    values = {"turn": 2, "round": 6, "ore.0": 7, "ore.2": 0, "pop.0": top, "pop.1": 5}
    result = apply(base, values)
    assert result.problems == () and result.code is not None
    state = plays_on(result.code, "beyond_the_sun")
    d = state.to_json()
    assert state.to_move() == frozenset({2}) and d["phase"] == "action" and len(d["hist"]) == 5
    assert d["factions"][0]["supply"] == [0, 0, 0, 0, 0]
    reads_back(state, values)
    assert apply(base, values).code == result.code
    back = apply(state, {"pop.1": 2, "round": 2})
    assert back.code is not None
    reads_back(plays_on(back.code, "beyond_the_sun"), {"pop.1": 2, "round": 2})


def test_bts_population_beyond_the_supply_and_a_seat_not_in_the_game_are_refused() -> None:
    """Rule: population needs cubes from the supply (and room there to give them back); the turn is a seat's."""
    base, result = applied("beyond_the_sun", {"pop.0": 40, "turn": 3}, players=3)
    top = next(f.maximum for f in form(base) if f.id == "pop.0")
    assert problems(result) == [("turn", "Choose one of the values offered"),
                                ("pop.0", f"Choose a value from 2 to {top}")]


def test_bts_the_round_limit_makes_its_round_the_last() -> None:
    """Rule (option round_limit): when the round reaches the limit it becomes the last round; going back lifts it."""
    _, result = applied("beyond_the_sun", {"round": 30})
    assert result.code is not None
    state = plays_on(result.code, "beyond_the_sun")
    assert state.to_json()["end_round"] == 30
    again = apply(state, {"round": 12})
    assert again.code is not None and plays_on(again.code, "beyond_the_sun").to_json()["end_round"] is None


# --- the generic part and the bridge --------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_reads_back_its_own_base_unchanged(game_id: str) -> None:
    """Rule: applying no change to a base gives a position that plays on and whose form shows the same values."""
    base, result = applied(game_id, {})
    assert result.code is not None
    reads_back(plays_on(result.code, game_id), values_of(base))


def test_values_of_the_wrong_type_and_unknown_fields_are_problems_not_errors() -> None:
    """Rule: a value problem is always an answer: a field the form lacks goes to no field, a value of the wrong kind
    to its own, an id of no card names the id."""
    _, result = applied("jump_drive", {"bogus": 1, "hand.0": "gem_world", "empire.0": ["nope"], "round": True})
    assert result.code is None
    assert problems(result) == [(None, "This form has no field bogus"), ("hand.0", "This value is of the wrong kind"),
                                ("empire.0", "No card of this game has the id nope"),
                                ("round", "This value is of the wrong kind")]


def test_a_rules_problem_goes_next_to_the_field_its_path_names() -> None:
    """Rule: the game's table of path prefixes puts ``hands[1][3]: ...`` next to hand.1 (with the detail after the
    path); a path nobody maps goes to no field with the whole English message."""
    setup = setup_of(load_game("jump_drive"))
    mapped = position_problem(setup, "hands[1][3]: unknown card 'foo-9'", 2)
    assert mapped.field == "hand.1"
    assert mapped.to_json()["message"] == "The rules do not allow this position: unknown card 'foo-9'"
    loose = position_problem(setup, "rng: expected 16 lower-case hex digits", 2)
    assert loose.field is None and loose.to_json()["msg"]["args"]["detail"] == {
        "text": "rng: expected 16 lower-case hex digits"}
    assert position_problem(setup, "vp_history[2]: wrong", 2).field == "round"
    ares = setup_of(load_game("ares_expedition"))
    assert position_problem(ares, "p[1].res.arctic-algae: resources on it", 2).field == "table.1"
    assert position_problem(ares, "ocean_flipped: 2 tiles flipped", 2).field == "mars.oceans"


def test_a_game_without_a_setup_is_refused_with_a_typed_error() -> None:
    """Rule: a game whose class line names no setup answers setup/unavailable."""

    class NoSetup(JumpDrive):
        """Jump Drive without its setup hook."""

        position_setup = None

    with pytest.raises(SetupUnavailableError):
        setup_of(NoSetup())


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_with_a_setup_words_every_common_problem(game_id: str) -> None:
    """Rule: the common problems are worded in each game's namespace (``<ns>.setup.<name>``)."""
    ns = {g: n for g, n in game_namespaces().items()}[game_id]
    words = catalog()
    assert [m for m in COMMON_MESSAGES if f"{ns}.setup.{m}" not in words] == []


def call(request: dict[str, Any]) -> dict[str, Any]:
    """Send one request through the bridge and return its answer."""
    answer: dict[str, Any] = json.loads(handle(json.dumps(request)))
    return answer


def test_the_bridge_ops_answer_their_documented_shapes() -> None:
    """Bridge (docs/BRIDGE.md "Position setup"): setup_form answers game, players, base and fields; setup_apply the
    code, the problems and the fields; a problem is an answer, a bad request a typed error."""
    form_answer = call({"op": "setup_form", "game": "ares_expedition", "players": 2, "seed": "7"})
    assert form_answer["ok"] and form_answer["game"] == "ares_expedition" and form_answer["players"] == 2
    fields = {f["id"]: f for f in form_answer["fields"]}
    assert fields["mars.temperature"] | {"label": None, "help": None} == {
        "id": "mars.temperature", "kind": "int", "label": None, "help": None, "group": "board", "value": -30,
        "min": -30, "max": 8, "step": 2}
    assert fields["corp.0"]["kind"] == "choice" and fields["hand.0"]["group"] == "seat.0"
    good = call({"op": "setup_apply", "code": form_answer["base"], "values": {"mars.oceans": 2}})
    assert good["ok"] and good["problems"] == [] and good["code"].startswith("st1.")
    again = call({"op": "setup_form", "code": good["code"]})
    assert {f["id"]: f["value"] for f in again["fields"]}["mars.oceans"] == 2
    bad = call({"op": "setup_apply", "code": form_answer["base"], "values": {"mars.oceans": 10}})
    assert bad["ok"] and bad["code"] is None
    assert bad["problems"][0]["field"] == "mars.oceans" and bad["problems"][0]["msg"]["id"] == "ares.setup.range"
    assert call({"op": "setup_apply", "code": form_answer["base"], "values": []})["error"]["code"] == (
        "bridge/bad_request")
    assert call({"op": "setup_apply", "code": "st1.AAAA", "values": {}})["error"]["code"].startswith("code/")
    documented = (ROOT / "docs" / "BRIDGE.md").read_text(encoding="utf-8")
    assert "`setup/unavailable`" in documented
