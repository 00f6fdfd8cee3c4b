"""The view's ``table`` block (table_view.py, docs/ARES_VIEW.md): what the page's Ares table draws.

Each test names the rule it checks. The reasons and costs must come from the rules' own functions, so the
consistency test plays seeded random games and checks, at many positions and for every seat, that a card is
marked playable exactly when a legal action plays it and that every action text in the block is legal.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

import pytest

import pyengine
from pyengine.core.api import Action
from pyengine.core.rng import Rng
from pyengine.core.text import catalog
from pyengine.games.ares_expedition.state import AresState

from .helpers import bare, give, in_phase, labels, new, pl, table, touch, words


@functools.cache
def known() -> dict[str, dict[str, str]]:
    """Return the message catalog (built once)."""
    return catalog()


def strings(value: Any) -> Iterator[str]:
    """Yield every string value (not key) in a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def tbl(s: AresState, seat: int | None = 0) -> dict[str, Any]:
    """Return the table block of a seat's view."""
    out: dict[str, Any] = s.view(seat)["table"]
    return out


def hand_card(s: AresState, cid: str, seat: int = 0) -> dict[str, Any]:
    """Return one card of the viewer's hand in the table block."""
    return next(h for h in tbl(s, seat)["hand"] if h["id"] == cid)


def phase_one(mc: int = 50, *, chooser: int | None = 1) -> AresState:
    """Seat 0 to act first in phase I (Development) with a bare board and ``mc`` M€ (seat 1 chose the phase)."""
    s = new(2, seed=5)
    bare(s, 0, mc=mc)
    bare(s, 1)
    in_phase(s, 1, chooser=chooser)
    return s


# --- reasons ---------------------------------------------------------------------------------------------------

def test_reason_names_an_unmet_zone_requirement_and_the_zone_now() -> None:
    """Rule (requirements at phase start): Trees needs temperature yellow or warmer; at the start of the phase it
    was red (-14 °C), so the card is unplayable and says why, with the zone it is in now."""
    s = phase_one()
    s.d["snap"]["temperature"] = 8
    give(s, 0, "trees")
    h = hand_card(s, "trees")
    assert not h["playable"] and h["plays"] == []
    assert words(h["reason"]) == "Needs temperature yellow or warmer (now red)"
    (req,) = h["requirements"]
    assert (words(req["text"]), req["met"], words(req["now"])) == ("Temperature yellow or warmer", False, "now red")
    s.d["snap"]["temperature"] = 11
    touch(s)
    h = hand_card(s, "trees")
    assert h["playable"] and h["reason"] is None and h["requirements"][0]["met"]


def test_reason_names_a_tr_requirement() -> None:
    """Rule (requirements): Energy Storage needs TR 7; at TR 5 it says "Needs TR 7 (you have 5)"."""
    s = phase_one()
    give(s, 0, "energy-storage")
    h = hand_card(s, "energy-storage")
    assert words(h["reason"]) == "Needs TR 7 (you have 5)"
    assert words(h["requirements"][0]["text"]) == "TR 7 or more"


def test_reason_names_the_price_and_the_money() -> None:
    """Rule (paying): a card costing more than the player has says "Costs 25 M€, you have 11"."""
    s = phase_one(mc=11)
    give(s, 0, "commercial-district")
    h = hand_card(s, "commercial-district")
    assert (h["cost"], h["playable"]) == (25, False)
    assert words(h["reason"]) == "Costs 25 M€, you have 11"


def test_reason_names_the_phase_a_card_belongs_to() -> None:
    """Rule (phases I and II): a blue card cannot be played in Development; a green card cannot be played while
    planning. Each says which phase it belongs to."""
    s = phase_one()
    give(s, 0, "artificial-jungle", "lichen")
    assert words(hand_card(s, "artificial-jungle")["reason"]) == ("Not now: blue cards are played in the Construction "
                                                                  "phase")
    assert hand_card(s, "lichen")["playable"]
    s = new(2, seed=5)
    bare(s, 0, mc=50)
    give(s, 0, "lichen")
    assert s.d["stage"] == "plan"
    assert words(hand_card(s, "lichen")["reason"]) == "Not now: green cards are played in the Development phase"


def test_reason_after_the_one_green_card_of_the_phase() -> None:
    """Rule (phase I): each player plays one green card; after it, the others say so."""
    s = phase_one()
    give(s, 0, "lichen", "commercial-district")
    s.apply(0, "play card=lichen")
    h = hand_card(s, "commercial-district")
    assert not h["playable"]
    assert words(h["reason"]) == "You have already played your green card this phase"


def test_reason_while_another_player_acts_first() -> None:
    """Rule (phases I-III one player at a time): seat 1 waits while seat 0, first this round, plays."""
    s = phase_one()
    give(s, 1, "lichen")
    pl(s, 1)["mc"] = 20
    touch(s)
    assert words(hand_card(s, "lichen", seat=1)["reason"]) == "Wait for your turn: Player 1 is playing"


# --- costs and payment ----------------------------------------------------------------------------------------

def test_effective_cost_with_steel() -> None:
    """Rule (steel): each steel takes 2 M€ off a card with a building tag; the cost says so line by line."""
    s = phase_one()
    pl(s, 0)["steel"] = 2
    give(s, 0, "commercial-district")
    h = hand_card(s, "commercial-district")
    assert (h["printed_cost"], h["cost"]) == (25, 21)
    assert [(words(x["text"]), x["n"]) for x in h["discounts"]] == [("2 steel \u00d7 2", 4)]
    assert h["plays"][0]["cost"] == 21 and h["plays"][0]["a"] == "play card=commercial-district"


def test_effective_cost_with_advanced_alloys() -> None:
    """Rule (Advanced Alloys): steel is worth 3 M€ (and titanium 4); the cost and its lines follow."""
    s = phase_one()
    pl(s, 0)["steel"] = 2
    table(s, 0, "advanced-alloys")
    give(s, 0, "commercial-district")
    h = hand_card(s, "commercial-district")
    assert h["cost"] == 19
    assert [(words(x["text"]), x["n"]) for x in h["discounts"]] == [("2 steel \u00d7 3", 6)]


def test_development_bonus_is_a_discount_line_for_the_chooser() -> None:
    """Rule (phase I bonus): the Development chooser's green card costs 3 M€ less."""
    s = phase_one(chooser=0)
    give(s, 0, "lichen")
    h = hand_card(s, "lichen")
    assert h["cost"] == 2 and [words(x["text"]) for x in h["discounts"]] == ["Development bonus"]


def test_payment_options_are_offered_with_what_they_use() -> None:
    """Rule (payment effects): Restructured Resources (1 plant: 5 off) and Anaerobic Microorganisms (2 microbes:
    10 off) each give a play action; the cost shown is the best, with the effects it uses."""
    s = new(2, seed=5)
    bare(s, 0, mc=30, plants=2)
    bare(s, 1)
    in_phase(s, 1, chooser=1)
    table(s, 0, "restructured-resources")
    table(s, 0, "anaerobic-microorganisms", res=2)
    give(s, 0, "commercial-district")
    h = hand_card(s, "commercial-district")
    plays = {p["a"]: (p["cost"], p["uses"]) for p in h["plays"]}
    assert plays == {
        "play card=commercial-district": (25, []),
        "play card=commercial-district use=anaerobic-microorganisms": (15, ["anaerobic-microorganisms"]),
        "play card=commercial-district use=restructured-resources": (20, ["restructured-resources"]),
        "play card=commercial-district use=anaerobic-microorganisms+restructured-resources":
            (10, ["anaerobic-microorganisms", "restructured-resources"]),
    }
    assert set(plays) == {a for a in labels(s, 0) if a.startswith("play card=commercial-district")}
    assert h["cost"] == 10
    assert sorted((words(x["text"]), x["n"]) for x in h["discounts"]) == [
        ("Using Anaerobic Microorganisms", 10), ("Using Restructured Resources", 5)]


# --- card actions, questions, conversions ------------------------------------------------------------------------

def test_a_blue_cards_action_is_offered_on_the_card_until_used() -> None:
    """Rule (phase III): each card's action once; the action sits on the viewer's own card with its words, and
    is marked used afterwards. Another player's view shows the card, not the action."""
    s = new(2, seed=5)
    bare(s, 0, mc=10, plants=3)
    bare(s, 1)
    table(s, 0, "artificial-jungle")
    in_phase(s, 3, chooser=1)
    (entry,) = tbl(s)["players"][0]["tableau"]["blue"]
    assert entry["has_action"] and not entry["used"]
    (act,) = entry["actions"]
    assert act["a"] == "act card=artificial-jungle" and act["a"] in labels(s, 0)
    assert words(act["label"]) == "Use Artificial Jungle"
    assert words(act["text"]) == "Spend 1 plant to draw 1 card"
    assert tbl(s, 1)["players"][0]["tableau"]["blue"][0]["actions"] == []
    s.apply(0, "act card=artificial-jungle")
    (entry,) = tbl(s)["players"][0]["tableau"]["blue"]
    assert entry["used"] and entry["actions"] == []


def test_research_keep_question_for_the_chooser() -> None:
    """Rule (phase V): everybody draws 2 and keeps 1; the chooser draws 5 and keeps 2. The question lists the
    cards looked at, how many to keep, and a keep action for each."""
    s = new(2, seed=5)
    bare(s, 0)
    bare(s, 1)
    in_phase(s, 5, chooser=0)
    q = tbl(s)["question"]
    assert q["kind"] == "keep" and q["research"] and q["source"] is None
    assert (q["keep"], q["of"], len(q["looking_at"])) == (2, 5, 5)
    assert [o["a"] for o in q["options"]] == labels(s, 0) == [f"keep card={c}" for c in sorted(q["looking_at"])]
    assert words(q["prompt"]) == "Choose 2 cards to keep"  # the number still to keep, as "Keep 2 of these 5" says
    s.apply(0, q["options"][0]["a"])
    q = tbl(s)["question"]
    assert (q["keep"], q["of"]) == (1, 4)
    assert words(q["prompt"]) == "Choose a card to keep"
    other = tbl(s, 1)["question"]
    assert other["kind"] == "keep" and (other["keep"], other["of"]) == (1, 2)
    assert not set(q["looking_at"]) & set(strings(tbl(s, 1))), "another's research cards stay hidden"


def test_forced_conversion_is_explained_and_blocks_done() -> None:
    """Rule (end of phase III): a player who can convert 8 heat into a temperature step (not at max) must do so
    before finishing; the table says why and offers the conversion. At max temperature nothing is forced."""
    s = new(2, seed=5)
    bare(s, 0, heat=9)
    bare(s, 1)
    in_phase(s, 3, chooser=1)
    t = tbl(s)
    assert words(t["forced_conversion"]) == ("Before you finish, spend 8 heat to raise the temperature (it is not at "
                                             "its maximum)")
    assert "done" not in labels(s, 0)
    assert [c["a"] for c in t["conversions"]] == ["std what=heat_temp"]
    std = {x["what"]: x for x in t["standard"]}
    assert std["heat_temp"]["a"] == "std what=heat_temp" and std["heat_temp"]["pay"] == "heat"
    assert words(std["buy_temp"]["reason"]) == "Costs 14 M€, you have 0"
    s.d["params"]["temperature"] = 19
    s.d["max_key"]["temperature"] = "0.3"
    touch(s)
    t = tbl(s)
    assert t["forced_conversion"] is None and "done" in labels(s, 0)
    assert words({x["what"]: x for x in t["standard"]}["heat_temp"]["reason"]) == "The temperature is at its maximum"


def test_last_rounds_phase_is_disabled_with_its_reason() -> None:
    """Rule (planning): a player may not pick the phase they picked last round; that card has no action and the
    table says why. The viewer's own pick shows at once (others see only that a card was picked)."""
    s = new(2, seed=5)
    s.apply(0, "phase pick=3")
    s.apply(1, "phase pick=4")
    while s.d["round"] == 1:
        seat = min(s.to_move())
        acts = labels(s, seat)
        s.apply(seat, "done" if "done" in acts else acts[0])
    assert s.d["stage"] == "plan"
    ph = tbl(s)["phases"]
    assert ph["last"] == 3 and words(ph["last_reason"]) == "You chose it last round"
    assert [c["a"] for c in ph["cards"]] == ["phase pick=1", "phase pick=2", None, "phase pick=4", "phase pick=5"]
    assert all(c["state"] == "unknown" for c in ph["cards"])
    s.apply(0, "phase pick=1")
    assert tbl(s)["phases"]["mine"] == 1
    assert tbl(s)["players"][0]["pick"] == 1 and tbl(s, 1)["players"][0]["pick"] is None
    assert tbl(s, 1)["players"][0]["picked"] and tbl(s, 1)["phases"]["mine"] is None


def test_phase_states_after_the_reveal() -> None:
    """Rule (the reveal): after the reveal each phase is done, now, coming or not this round, with its choosers."""
    s = new(2, seed=5)
    bare(s, 0)
    bare(s, 1)
    s.apply(0, "phase pick=1")
    s.apply(1, "phase pick=3")
    cards = tbl(s, 1)["phases"]["cards"]
    assert [c["state"] for c in cards] == ["now", "not_this_round", "coming", "not_this_round", "not_this_round"]
    assert cards[0]["chosen_by"] == [0] and cards[2]["chosen_by"] == [1]
    assert words(cards[0]["bonus"]) == "The green card you play costs 3 M€ less."


# --- hidden information --------------------------------------------------------------------------------------------

def positions(players: int, seed: int, every: int = 5, **options: Any) -> Iterator[AresState]:
    """Yield every ``every``-th position of a seeded random game (its bots prefer playing to passing)."""
    s = pyengine.load_game("ares_expedition").new_initial_state(seed=seed, players=players, options=options or None)
    assert isinstance(s, AresState)
    rng = Rng(seed * 7 + 1)
    step = 0
    while not s.is_terminal() and step < 1500:
        if step % every == 0:
            yield s
        seat = rng.choice(sorted(s.to_move()))
        acts = s.legal_actions(seat)
        keen = [a for a in acts if a.kind not in ("done", "sell")]
        s.apply(seat, rng.choice(keen if keen and rng.randbelow(3) else acts))
        step += 1
    yield s


def test_a_seats_table_never_shows_another_hand_or_an_unrevealed_pick() -> None:
    """Rule (hidden information): one seat's table never names a card in another player's hand (except a co-op
    partner's), nor another's phase pick before the reveal."""
    seen_secret_pick = 0
    for players, options in ((2, {}), (3, {}), (4, {"promo_projects": True})):
        for s in positions(players, seed=players, every=3, **options):
            for seat in range(players):
                shown = set(strings(tbl(s, seat)))
                for other in range(players):
                    if other == seat:
                        continue
                    for cid in s.d["p"][other]["hand"]:
                        assert cid not in shown, (seat, other, cid)
                    if s.d["stage"] == "plan" and s.d["p"][other]["pick"] is not None:
                        seen_secret_pick += 1
                        assert tbl(s, seat)["players"][other]["pick"] is None
                for c in tbl(s, seat)["phases"]["cards"]:
                    if s.d["stage"] == "plan":
                        assert c["state"] == "unknown" and c["chosen_by"] == []
    assert seen_secret_pick > 10


def test_resampling_the_hidden_parts_never_changes_a_seats_table() -> None:
    """Rule (hidden information): redealing what a seat cannot see (the deck, other hands, the face-down oceans,
    the virtual player's unordered deck) leaves that seat's table exactly as it was."""
    checked = 0
    for players, options in ((1, {}), (2, {}), (2, {"mode": "coop"}), (3, {})):
        for s in positions(players, seed=11, every=9, **options):
            for seat in range(players):
                before = tbl(s, seat)
                for k in (1, 2):
                    assert tbl(s.resample(seat, k), seat) == before
                    checked += 1
    assert checked > 100


def test_a_spectator_sees_no_hand_no_question_and_no_actions() -> None:
    """Rule (hidden information): a spectator's table has only public parts."""
    s = phase_one()
    give(s, 0, "lichen")
    t = tbl(s, None)
    assert t["hand"] == [] and t["question"] is None and t["funds"] is None and t["standard"] == []
    assert "lichen" not in set(strings(t))


# --- consistency with the rules ------------------------------------------------------------------------------------

def action_texts(value: Any) -> Iterator[str]:
    """Yield every action text in a table block (the values of "a" and "sell")."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k in ("a", "sell") and isinstance(v, str):
                yield v
            else:
                yield from action_texts(v)
    elif isinstance(value, list):
        for v in value:
            yield from action_texts(v)


def texts(value: Any) -> Iterator[dict[str, Any]]:
    """Yield every catalog Text JSON in a table block."""
    if isinstance(value, dict):
        if set(value) == {"id", "t", "args"}:
            yield value
            return
        for v in value.values():
            yield from texts(v)
    elif isinstance(value, list):
        for v in value:
            yield from texts(v)


CASES = [(1, {}), (1, {"solo_level": "expert"}), (2, {}), (2, {"mode": "coop"}),
         (3, {"promo_projects": True, "promo_corporations": True}), (4, {"beginner": True})]


@pytest.mark.parametrize(("players", "options"), CASES)
def test_playable_and_every_action_agree_with_the_legal_actions(players: int, options: dict[str, Any]) -> None:
    """Rule (one source of legality): at many seeded positions, for every seat, a hand card is playable exactly
    when a legal action plays it (its plays are exactly those actions), it has a reason exactly when it is not
    playable, and every action text in the table (plays, sells, card actions, standard actions, conversions,
    phase cards, corporations, swaps, question options) is one of the seat's legal actions. A question lists
    every legal answer."""
    count = [0, 0]
    for s in positions(players, seed=3, every=1, **options):
        for seat in range(players):
            t = tbl(s, seat)
            legal = {str(a) for a in s.legal_actions(seat)}
            assert set(action_texts(t)) <= legal, set(action_texts(t)) - legal
            parsed = [Action.parse(a) for a in legal]
            for h in t["hand"]:
                plays = {str(a) for a in parsed if a.kind in ("play", "free") and a.get("card") == h["id"]}
                assert {p["a"] for p in h["plays"]} == plays, h["id"]
                assert h["playable"] == bool(plays) and (h["reason"] is None) == h["playable"]
                assert (h["sell"] is not None) == (f"sell card={h['id']}" in legal)
                count[h["playable"]] += 1
            acts = {a["a"] for p in t["players"] for group in p["tableau"].values() for c in group
                    for a in c["actions"]}
            acts |= {a["a"] for p in t["players"] if p["corporation_card"] for a in p["corporation_card"]["actions"]}
            assert acts == {a for a in legal if a.startswith("act ")}
            assert {x["a"] for x in t["standard"] if x["a"]} == {a for a in legal if a.startswith("std ")}
            assert all((x["a"] is None) != (x["reason"] is None) for x in t["standard"])
            if t["question"] is not None:
                assert [o["a"] for o in t["question"]["options"]] == [str(a) for a in s.legal_actions(seat)]
            elif legal:
                assert s.d["stage"] == "phase" and not s.d["p"][seat]["frames"]
            for x in texts(t):
                assert x["id"] in known() and x["t"] == known()[x["id"]]["t"], x
                assert "{" not in words(x), x
    assert count[True] >= 5 and count[False] >= 20, count


def test_reading_the_table_leaves_the_state_unchanged() -> None:
    """Rule (determinism): building every seat's table leaves the state JSON byte-identical."""
    for s in positions(2, seed=9, every=25):
        before = str(s)
        for seat in (None, 0, 1):
            tbl(s, seat)
        assert str(s) == before


def test_history_in_the_table() -> None:
    """State history (end chart): the table lists each finished round's TR and VP per seat."""
    s = new(2)
    s.d["round"] = 3
    s.d["hist"] = [[1, [5, 6], [5, 7]], [2, [6, 8], [6, 10]]]
    touch(s)
    assert tbl(s)["history"] == [{"round": 1, "tr": [5, 6], "vp": [5, 7]}, {"round": 2, "tr": [6, 8], "vp": [6, 10]}]


def test_vp_by_card_adds_up_to_the_card_vp_of_the_breakdown() -> None:
    """End screen: each card's VP (fixed and per-resource or per-tag) is listed, and the list adds up to the card VP
    of the final scoring breakdown, for every player of seeded finished games."""
    import pyengine
    from pyengine.core.rng import Rng

    game = pyengine.load_game("ares_expedition")
    for seed in (1, 2, 3):
        state = game.new_initial_state(seed=seed, players=3)
        rng = Rng(seed)
        while not state.is_terminal():
            seat = min(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        table = state.view(None)["table"]
        for player in table["players"]:
            assert sum(c["vp"] for c in player["vp_cards"]) == player["vp_parts"]["cards"]
            assert all(c["vp"] != 0 for c in player["vp_cards"])
