"""Setup, planning, the five phases and their chooser bonuses, selling, the hand limit and the turn order.

Sources: SEED-NOTES.md items 1-3, 5, 8, 9 (highest authority) and rules.md sections 3-5, 7, 11 and 15.
"""

from __future__ import annotations

from typing import Any

import pytest

import pyengine
from pyengine.core.errors import IllegalActionError
from pyengine.games.ares_expedition.cards import base_deck, card, corporations, projects, promo_deck
from pyengine.games.ares_expedition.state import AresState
from pyengine.games.ares_expedition.text import entries

from .helpers import answer_all, bare, give, in_phase, labels, new, pl, table, touch, words

BEGINNER_CORPS = {"ecoline", "helion", "interplanetary-cinematics", "teractor"}


def raw(players: int = 2, seed: int = 1, **options: Any) -> AresState:
    """Return a freshly set-up game, before anybody chose a corporation."""
    state = pyengine.load_game("ares_expedition").new_initial_state(seed=seed, players=players,
                                                                  options=options or None)
    assert isinstance(state, AresState)
    return state


def phases_begun(state: AresState) -> list[int]:
    """Return the phases that began, in order, as the public log tells them."""
    return [int(args["n"]["n"]) for template, args in entries(state.d) if template == "Phase {n} begins: {name}"]


def empty_all(state: AresState) -> None:
    """Give every seat an empty board (no corporation, no cards, no stocks)."""
    for seat in range(state.d["players"]):
        bare(state, seat)


# --- setup -----------------------------------------------------------------------------------------------------------

def test_setup_tr_five_and_every_marker_on_zero() -> None:
    """Rule: Setup — TR marker on 5, every production/capability/resource marker on 0, parameters at start."""
    s = raw(3)
    assert s.d["stage"] == "corp"
    assert s.d["params"] == {"temperature": 0, "oxygen": 0, "ocean": 0}
    for p in s.d["p"]:
        assert p["tr"] == 5
        assert p["prod"] == {"mc": 0, "heat": 0, "plants": 0, "cards": 0}
        assert (p["steel"], p["titanium"], p["mc"], p["heat"], p["plants"], p["forests"]) == (0, 0, 0, 0, 0, 0)
        assert p["table"] == []
    view = s.view(0)
    assert view["params"]["temperature"]["shown"] == "-30 °C"
    assert view["params"]["oxygen"]["shown"] == "0 %"


def test_setup_two_corporations_offered_and_one_kept() -> None:
    """Rule: Setup — each player is dealt 2 corporations and keeps exactly 1 of them."""
    s = raw(2)
    offers = [list(p["offer"]) for p in s.d["p"]]
    assert all(len(o) == 2 for o in offers)
    assert len(set(offers[0] + offers[1])) == 4
    assert all(corporations()[c]["set"] == "base" for o in offers for c in o)
    assert sorted(labels(s, 0)) == sorted(f"corp pick={c}" for c in offers[0])
    with pytest.raises(IllegalActionError):
        s.apply(0, f"corp pick={offers[1][0]}")
    assert s.d["p"][0]["corp"] is None
    s.apply(0, f"corp pick={offers[0][1]}")
    assert s.d["p"][0]["corp"] == offers[0][1]
    assert labels(s, 0) == []
    s.apply(1, f"corp pick={offers[1][0]}")
    answer_all(s)
    assert s.d["p"][0]["corp"] == offers[0][1]
    assert s.d["p"][1]["corp"] == offers[1][0]
    assert s.d["p"][0]["mc"] == card(offers[0][1])["mc"]
    assert s.d["p"][1]["mc"] == card(offers[1][0])["mc"]


def test_setup_eight_project_cards_dealt_and_all_kept() -> None:
    """Rule: Setup — each player is dealt 8 project cards and keeps all of them."""
    s = raw(4)
    hands = [p["hand"] for p in s.d["p"]]
    assert [len(h) for h in hands] == [8, 8, 8, 8]
    everything = [c for h in hands for c in h] + s.d["deck"]
    assert sorted(everything) == sorted(base_deck())
    assert s.d["discard"] == []


def test_setup_nine_ocean_tiles_shuffled_face_down() -> None:
    """Rule: Setup — the 9 ocean tiles are shuffled and placed face down (none flipped)."""
    orders = set()
    for seed in range(1, 7):
        s = raw(2, seed=seed)
        assert sorted(s.d["ocean_pile"]) == list(range(1, 10))
        assert s.d["ocean_flipped"] == []
        orders.add(tuple(s.d["ocean_pile"]))
    assert len(orders) > 1


def test_setup_beginner_game_deals_beginner_corporation_and_cards() -> None:
    """Rule: Learning game — 1 beginner corporation, 4 of the 16 beginner green cards, 4 more from the deck."""
    s = raw(2, beginner=True)
    beginner_cards = {c for c, r in projects().items() if r.get("beginner")}
    assert len(beginner_cards) == 16
    assert all(projects()[c]["color"] == "green" for c in beginner_cards)
    assert s.d["stage"] == "plan"
    corps = [p["corp"] for p in s.d["p"]]
    assert set(corps) <= BEGINNER_CORPS and len(set(corps)) == 2
    dealt: list[str] = []
    for p in s.d["p"]:
        assert p["mc"] == card(p["corp"])["mc"]
        assert len(p["hand"]) == 8
        assert sum(1 for c in p["hand"] if c in beginner_cards) == 4
        dealt += p["hand"]
    assert sorted(s.d["discard"]) == sorted(beginner_cards - set(dealt))
    assert not beginner_cards & set(s.d["deck"])
    assert sorted(dealt + s.d["deck"] + s.d["discard"]) == sorted(base_deck())


def test_setup_promo_options_off_by_default() -> None:
    """Rule: Setup — promo projects and promo corporations are not used unless the options are set."""
    for seed in range(1, 4):
        s = raw(4, seed=seed)
        cards = set(s.d["deck"]) | {c for p in s.d["p"] for c in p["hand"]}
        assert not cards & set(promo_deck())
        assert all(corporations()[c]["set"] == "base" for p in s.d["p"] for c in p["offer"])


def test_setup_promo_options_on_when_set() -> None:
    """Rule: Setup — the promo options add the 11 promo projects to the deck and the promo corporations to the deal."""
    promo_corps = {c for c, r in corporations().items() if r["set"] == "promo"}
    offered: set[str] = set()
    for seed in range(1, 4):
        s = raw(4, seed=seed, promo_projects=True, promo_corporations=True)
        cards = set(s.d["deck"]) | {c for p in s.d["p"] for c in p["hand"]}
        assert len(promo_deck()) == 11
        assert set(promo_deck()) <= cards
        offered |= {c for p in s.d["p"] for c in p["offer"]}
    assert offered & promo_corps


# --- planning ------------------------------------------------------------------------------------------------------

def test_planning_is_simultaneous_and_hidden_until_everybody_picked() -> None:
    """Rule: Planning — every player picks at once and secretly; picks show only when all have picked."""
    s = new(3)
    assert s.d["stage"] == "plan"
    assert s.to_move() == frozenset({0, 1, 2})
    s.apply(2, "phase pick=3")  # any order: seat 2 may pick first
    s.apply(0, "phase pick=4")
    assert s.to_move() == frozenset({1})
    for viewer in (1, 2, None):
        seat0 = s.view(viewer)["factions"][0]
        assert seat0["pick"] is None
        assert seat0["picked"] is True
        assert not any("Phase chosen" in words(line) for line in seat0["lines"])
    assert s.view(0)["factions"][0]["pick"] == 4
    s.apply(1, "phase pick=3")
    assert s.d["stage"] == "phase"
    assert s.view(1)["factions"][0]["pick"] == 4
    assert s.view(0)["factions"][2]["pick"] == 3


def test_planning_all_five_phases_allowed_in_round_one() -> None:
    """Rule: Planning — in round 1 there is no previous phase, so all five phases may be picked."""
    s = new(2)
    assert s.d["round"] == 1
    for seat in (0, 1):
        assert labels(s, seat) == [f"phase pick={k}" for k in range(1, 6)]


def test_planning_may_not_repeat_last_rounds_phase() -> None:
    """Rule: Planning — a player may not pick the same phase as in the previous round (only that one)."""
    s = new(2)
    empty_all(s)
    s.apply(0, "phase pick=4")
    s.apply(1, "phase pick=4")
    assert s.d["round"] == 2 and s.d["stage"] == "plan"
    for seat in (0, 1):
        assert labels(s, seat) == ["phase pick=1", "phase pick=2", "phase pick=3", "phase pick=5"]
    before = s.to_json()
    with pytest.raises(IllegalActionError) as err:
        s.apply(0, "phase pick=4")
    assert err.value.code == "action/illegal"
    assert s.to_json() == before
    s.apply(0, "phase pick=1")
    s.apply(1, "phase pick=1")
    s.apply(1, "done")  # round 2: seat 1 acts first
    s.apply(0, "done")
    assert s.d["round"] == 3 and s.d["stage"] == "plan"
    assert labels(s, 0) == ["phase pick=2", "phase pick=3", "phase pick=4", "phase pick=5"]


def test_only_chosen_phases_run_in_order() -> None:
    """Rule: Phases — only the picked phases run, each once, in the order I, II, III, IV, V."""
    s = new(3)
    empty_all(s)
    s.apply(0, "phase pick=5")
    s.apply(1, "phase pick=1")
    s.apply(2, "phase pick=3")
    assert s.d["phase"] == 1
    for seat in (0, 1, 2):
        s.apply(seat, "done")
    assert s.d["phase"] == 3
    for seat in (0, 1, 2):
        s.apply(seat, "done")
    assert s.d["phase"] == 5
    answer_all(s)
    assert s.d["round"] == 2 and s.d["stage"] == "plan"
    assert phases_begun(s) == [1, 3, 5]
    assert [p["mc"] for p in s.d["p"]] == [0, 0, 0]  # no production phase ran


def test_same_phase_picked_twice_runs_once() -> None:
    """Rule: Phases — a phase picked by several players runs once, and each of them gets its bonus."""
    s = new(2)
    empty_all(s)
    s.apply(0, "phase pick=4")
    s.apply(1, "phase pick=4")
    assert phases_begun(s) == [4]
    assert [p["mc"] for p in s.d["p"]] == [5 + 4, 5 + 4]


# --- phase I ---------------------------------------------------------------------------------------------------------

def test_development_chooser_pays_three_less_for_green_card() -> None:
    """Rule: Phase I bonus — the chooser's green card costs 3 M€ less; other players pay full price."""
    s = new(2)
    bare(s, 0, mc=2)
    bare(s, 1, mc=4)
    give(s, 0, "lichen")
    give(s, 1, "sponsors")
    in_phase(s, 1, chooser=0)
    assert "play card=lichen" in labels(s, 0)
    s.apply(0, "play card=lichen")
    assert pl(s, 0)["mc"] == 0
    assert "lichen" in pl(s, 0)["table"] and pl(s, 0)["prod"]["plants"] == 1
    s.apply(0, "done")
    assert "play card=sponsors" not in labels(s, 1)  # 5 M€ for a non-chooser, who has 4
    pl(s, 1)["mc"] = 5
    touch(s)
    s.apply(1, "play card=sponsors")
    assert pl(s, 1)["mc"] == 0


def test_development_one_green_card_and_only_green() -> None:
    """Rule: Phase I — each player may play one green card (blue and red cards are not played in phase I)."""
    s = new(2)
    bare(s, 0, mc=50)
    give(s, 0, "lichen", "adapted-lichen", "interns", "bribed-committee")
    in_phase(s, 1, chooser=1)
    acts = labels(s, 0)
    assert "play card=lichen" in acts and "play card=adapted-lichen" in acts
    assert "play card=interns" not in acts and "play card=bribed-committee" not in acts
    s.apply(0, "play card=lichen")
    assert not any(a.startswith("play ") for a in labels(s, 0))
    with pytest.raises(IllegalActionError):
        s.apply(0, "play card=adapted-lichen")


# --- phase II --------------------------------------------------------------------------------------------------------

def construction(chooser: int) -> AresState:
    """Seat 0 in phase II with 30 M€ and three cheap blue/red cards plus a green card."""
    s = new(2)
    bare(s, 0, mc=30)
    bare(s, 1)
    give(s, 0, "interns", "bribed-committee", "research-outpost", "lichen")
    in_phase(s, 2, chooser=chooser)
    return s


def test_construction_non_chooser_plays_one_blue_or_red_card() -> None:
    """Rule: Phase II — each player may play one blue or red card (no green); no bonus for a non-chooser."""
    s = construction(chooser=1)
    acts = labels(s, 0)
    assert "play card=interns" in acts and "play card=bribed-committee" in acts
    assert "play card=lichen" not in acts
    assert "bonus_draw" not in acts
    s.apply(0, "play card=interns")
    assert not any(a.startswith("play ") for a in labels(s, 0))
    assert "bonus_draw" not in labels(s, 0)


def test_construction_chooser_may_play_a_second_blue_or_red_card() -> None:
    """Rule: Phase II bonus — the chooser may play one more blue or red card, and then draws nothing."""
    s = construction(chooser=0)
    s.apply(0, "play card=interns")
    assert "play card=bribed-committee" in labels(s, 0)
    s.apply(0, "play card=bribed-committee")
    assert pl(s, 0)["table"] == ["interns", "bribed-committee"]
    assert pl(s, 0)["mc"] == 30 - 3 - 5
    acts = labels(s, 0)
    assert not any(a.startswith("play ") for a in acts)
    assert "bonus_draw" not in acts


@pytest.mark.parametrize("draw_first", [True, False])
def test_construction_chooser_may_draw_one_instead(draw_first: bool) -> None:
    """Rule: Phase II bonus — the chooser may draw 1 card (before or after playing) instead of a second card."""
    s = construction(chooser=0)
    hand = len(pl(s, 0)["hand"])
    if draw_first:
        s.apply(0, "bonus_draw")
        assert len(pl(s, 0)["hand"]) == hand + 1
        assert "bonus_draw" not in labels(s, 0)
        s.apply(0, "play card=interns")
    else:
        s.apply(0, "play card=interns")
        s.apply(0, "bonus_draw")
        assert len(pl(s, 0)["hand"]) == hand  # one played, one drawn
    assert "bonus_draw" not in labels(s, 0)
    assert not any(a.startswith("play ") for a in labels(s, 0))
    with pytest.raises(IllegalActionError):
        s.apply(0, "play card=bribed-committee")


def test_asset_liquidation_gives_an_extra_blue_or_red_play() -> None:
    """Rule: Phase II — Asset Liquidation lets its player play one more blue or red card this phase."""
    s = construction(chooser=1)
    give(s, 0, "asset-liquidation")
    s.apply(0, "play card=asset-liquidation")
    assert "play card=interns" in labels(s, 0)
    s.apply(0, "play card=interns")
    assert pl(s, 0)["table"] == ["asset-liquidation", "interns"]
    assert not any(a.startswith("play ") for a in labels(s, 0))


def test_work_crews_gives_an_extra_play_costing_eleven_less() -> None:
    """Rule: Phase II — Work Crews: one more blue or red card this phase, and the next card costs 11 M€ less."""
    s = new(2)
    bare(s, 0, mc=8)
    give(s, 0, "work-crews", "united-planetary-alliance", "interns")
    in_phase(s, 2, chooser=1)
    s.apply(0, "play card=work-crews")
    assert pl(s, 0)["mc"] == 3
    s.apply(0, "play card=united-planetary-alliance")  # 11 M€ - 11
    assert pl(s, 0)["mc"] == 3
    assert "united-planetary-alliance" in pl(s, 0)["table"]
    assert "play card=interns" not in labels(s, 0)  # both plays used


def test_special_design_gives_an_extra_play_with_a_zone_shift() -> None:
    """Rule: Phase II — Special Design: one more blue or red card, whose oxygen/temperature requirement may be
    one zone off."""
    s = new(2)
    bare(s, 0, mc=18)
    give(s, 0, "special-design", "birds")
    s.d["params"]["oxygen"] = 11  # yellow; Birds needs white
    in_phase(s, 2, chooser=1)
    assert "play card=birds" not in labels(s, 0)
    s.apply(0, "play card=special-design")
    assert "play card=birds" in labels(s, 0)
    s.apply(0, "play card=birds")
    assert pl(s, 0)["table"] == ["special-design", "birds"]
    assert pl(s, 0)["mc"] == 0


# --- phase III -------------------------------------------------------------------------------------------------------

def test_action_chooser_uses_one_card_action_a_second_time() -> None:
    """Rule: Phase III bonus — the chooser may use one card's action a second time (only one card)."""
    s = new(2)
    bare(s, 0)
    bare(s, 1)
    table(s, 0, "birds", "tardigrades")
    table(s, 1, "birds")
    in_phase(s, 3, chooser=0)
    s.apply(0, "act card=tardigrades")
    s.apply(0, "act card=birds")
    assert "act card=birds" in labels(s, 0) and "act card=tardigrades" in labels(s, 0)
    s.apply(0, "act card=birds")
    assert pl(s, 0)["res"] == {"birds": 2, "tardigrades": 1}
    acts = labels(s, 0)
    assert "act card=birds" not in acts and "act card=tardigrades" not in acts
    with pytest.raises(IllegalActionError):
        s.apply(0, "act card=tardigrades")
    s.apply(0, "done")
    s.apply(1, "act card=birds")
    assert "act card=birds" not in labels(s, 1)  # a non-chooser uses each action once
    assert pl(s, 1)["res"] == {"birds": 1}


# --- phase IV --------------------------------------------------------------------------------------------------------

def test_production_income_and_chooser_bonus() -> None:
    """Rule: Phase IV — M€ = TR + M€ production, heat/plants/cards = production; the chooser gets 4 M€ more."""
    s = new(2)
    empty_all(s)
    p0, p1 = pl(s, 0), pl(s, 1)
    p0["tr"] = 7
    p0["prod"] = {"mc": 2, "heat": 3, "plants": 1, "cards": 2}
    p1["tr"] = 6
    p1["prod"] = {"mc": 1, "heat": 0, "plants": 2, "cards": 0}
    touch(s)
    s.apply(0, "phase pick=4")
    s.apply(1, "phase pick=1")
    s.apply(0, "done")
    s.apply(1, "done")
    assert phases_begun(s) == [1, 4]
    assert (p0["mc"], p0["heat"], p0["plants"], len(p0["hand"])) == (7 + 2 + 4, 3, 1, 2)
    assert (p1["mc"], p1["heat"], p1["plants"], len(p1["hand"])) == (6 + 1, 0, 2, 0)


def test_production_counts_tag_scaled_production() -> None:
    """Rule: Phase IV — income includes production that scales with tags (kept current on the board)."""
    s = new(2)
    empty_all(s)
    scaled = [c for c, r in projects().items() if r.get("prod_per") == {"res": "mc", "per": ["tag:power"], "div": 1}]
    assert scaled, "a card giving 1 M€ production per power tag"
    table(s, 0, scaled[0], "power-infrastructure")
    powers = sum(card(c)["tags"].count("power") for c in pl(s, 0)["table"])
    s.apply(0, "phase pick=4")
    s.apply(1, "phase pick=4")
    assert pl(s, 0)["mc"] == 5 + powers + 4


# --- phase V ---------------------------------------------------------------------------------------------------------

def research_counts(state: AresState, chooser: int, seat: int) -> tuple[int, int]:
    """Start phase V (``chooser`` picked it), answer a seat's research questions; return (kept, drawn) for it."""
    hand, discard = len(pl(state, seat)["hand"]), len(state.d["discard"])
    in_phase(state, 5, chooser=chooser)
    for _ in range(20):
        if seat not in state.to_move():
            break
        state.apply(seat, labels(state, seat)[0])
    kept = len(pl(state, seat)["hand"]) - hand
    return kept, kept + len(state.d["discard"]) - discard


def test_research_draw_two_keep_one_and_chooser_draw_five_keep_two() -> None:
    """Rule: Phase V — everybody draws 2 and keeps 1; the chooser draws 5 and keeps 2 (simultaneous)."""
    s = new(2)
    bare(s, 0)
    bare(s, 1)
    hand, discard = len(pl(s, 0)["hand"]), len(s.d["discard"])
    assert research_counts(s, 0, 1) == (1, 2)  # seat 1 answers first: the research phase is simultaneous
    assert s.to_move() == frozenset({0})
    assert len(labels(s, 0)) == 5 and all(a.startswith("keep card=") for a in labels(s, 0))
    s.apply(0, labels(s, 0)[0])
    s.apply(0, labels(s, 0)[0])
    assert len(pl(s, 0)["hand"]) == hand + 2
    assert len(s.d["discard"]) == discard + 1 + 3


@pytest.mark.parametrize(("owner", "cid", "chooser", "keep", "draw"), [
    ("table", "interns", False, 1, 4),
    ("table", "interns", True, 2, 7),
    ("table", "extended-resources", False, 2, 2),
    ("table", "extended-resources", True, 3, 5),
    ("table", "united-planetary-alliance", False, 2, 3),
    ("table", "united-planetary-alliance", True, 3, 6),
    ("corp", "tharsis-republic", False, 2, 3),
    ("corp", "tharsis-republic", True, 3, 6),
])
def test_research_bonus_cards(owner: str, cid: str, chooser: bool, keep: int, draw: int) -> None:
    """Rule: Phase V — Interns draw +2; Extended Resources keep +1; United Planetary Alliance and Tharsis Republic
    draw +1 and keep +1."""
    s = new(2)
    bare(s, 0)
    bare(s, 1)
    if owner == "corp":
        pl(s, 0)["corp"] = cid
    else:
        table(s, 0, cid)
    assert research_counts(s, 0 if chooser else 1, 0) == (keep, draw)


# --- selling, hand limit, turn order -------------------------------------------------------------------------------

@pytest.mark.parametrize("phase", [1, 2, 3])
def test_sell_a_card_for_three(phase: int) -> None:
    """Rule: Selling — a card in hand may be discarded for 3 M€."""
    s = new(2)
    bare(s, 0, mc=1)
    give(s, 0, "lichen", "sponsors")
    in_phase(s, phase, chooser=1)
    s.apply(0, "sell card=lichen")
    assert pl(s, 0)["mc"] == 4
    assert pl(s, 0)["hand"] == ["sponsors"]
    assert s.d["discard"][-1] == "lichen"
    with pytest.raises(IllegalActionError):
        s.apply(0, "sell card=lichen")


def test_sell_with_composting_factory_gives_four() -> None:
    """Rule: Selling — with Composting Factory each sold card gives 4 M€."""
    s = new(2)
    bare(s, 0)
    table(s, 0, "composting-factory")
    give(s, 0, "lichen", "sponsors")
    in_phase(s, 3, chooser=1)
    s.apply(0, "sell card=lichen")
    s.apply(0, "sell card=sponsors")
    assert pl(s, 0)["mc"] == 8


def test_hand_limit_ten_at_end_of_round_paid_three_each() -> None:
    """Rule: End of round — discard down to 10 cards in hand, getting 3 M€ per discarded card."""
    s = new(2)
    bare(s, 0)
    bare(s, 1)
    give(s, 0, *s.d["deck"][-12:])
    give(s, 1, *s.d["deck"][-10:])
    in_phase(s, 1, chooser=0)
    assert "done" in labels(s, 0)  # no limit during the phases
    s.apply(0, "done")
    s.apply(1, "done")
    assert s.d["stage"] == "end"
    assert s.to_move() == frozenset({0})
    acts = labels(s, 0)
    assert acts and all(a.startswith("discard card=") for a in acts)
    s.apply(0, acts[0])
    assert pl(s, 0)["mc"] == 3 and s.d["stage"] == "end"
    s.apply(0, labels(s, 0)[0])
    assert pl(s, 0)["mc"] == 6
    assert len(pl(s, 0)["hand"]) == 10
    assert len(pl(s, 1)["hand"]) == 10 and pl(s, 1)["mc"] == 0
    assert s.d["stage"] == "plan" and s.d["round"] == 2


def test_turn_order_in_phases_one_to_three_rotates_each_round() -> None:
    """Rule: Turn order — phases I-III are played one seat at a time from the first player, who rotates each round."""
    s = new(3)
    empty_all(s)
    orders: list[list[int]] = []
    for rnd, phase in ((1, 1), (2, 2), (3, 3), (4, 1)):
        assert s.d["round"] == rnd
        for seat in range(3):
            s.apply(seat, f"phase pick={phase}")
        order = []
        while s.d["stage"] == "phase":
            (seat,) = s.to_move()
            for other in set(range(3)) - {seat}:
                with pytest.raises(IllegalActionError):
                    s.apply(other, "done")
            order.append(seat)
            s.apply(seat, "done")
        orders.append(order)
    assert orders == [[0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 1, 2]]
