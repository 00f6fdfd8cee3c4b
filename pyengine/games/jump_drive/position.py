"""Checking a saved Jump Drive position field by field before it is loaded (``validate``).

Every field that ``data_to_json`` writes is checked: the exact key sets, types (a boolean is not a count), ranges
(seats, rounds, counts), ids against the card data, each hidden commitment against the plans the seat could make,
and conservation: every one of the 112 deck cards in exactly one place (deck, discard, a hand, an empire, the
imaginary empire). The first problem raises PositionError with its path, e.g. ``hands[1][3]: unknown card 'foo-9'``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields
from functools import cache
from typing import Any

from ...core.api import JSON
from ...core.position import (
    MAX_COUNT,
    Ledger,
    Path,
    at,
    expect_bool,
    expect_dict,
    expect_distinct,
    expect_equal,
    expect_hex16,
    expect_id,
    expect_int,
    expect_ints,
    expect_keys,
    expect_list,
    expect_state,
    expect_str,
    fail,
    kind_of,
    placeholders,
)
from .basics import HAND_LIMIT
from .cards import card_types, deck_instances, instance_type
from .data import STATE_FORMAT, JDData
from .info import INFO, campaign_condition_ids
from .rules import OPENING_DISCARD, plan_options, plan_record

TITLE = "Jump Drive"
PHASES = ("opening", "plan", "pay", "hand_limit", "score_choice", "campaign_tick", "over")
OWE_REASONS = ("pay", "explore", "hand_limit")
HOWS = ("pay", "conquer", "contact")
REVEALED_KEYS = ("explore", "dev", "world", "second", "how", "paid", "drew")
REF_KINDS = ("player", "n", "card", "cards", "text")
SOLO_ROUNDS = 7
MAX_MSGS = 50_000


@cache
def _state_keys() -> tuple[str, ...]:
    """Return the fields of a saved state, in the order they are written."""
    return tuple(f.name for f in fields(JDData))


@cache
def _deck() -> Counter[str]:
    """Return the 112 deck card instances (one of each)."""
    return Counter(deck_instances())


@cache
def _surveys() -> frozenset[str]:
    """Return the survey team instances of every seat (they never enter the deck)."""
    return frozenset(f"survey_team-{s}" for s in range(INFO.max_players))


def _known_instance(cid: Any) -> bool:
    """Return True for a deck card instance or a seat's survey team."""
    return cid.__class__ is str and (cid in _deck() or cid in _surveys())


# --- the whole position -------------------------------------------------------------------------------------------
def validate(data: JSON) -> None:
    """Raise PositionError naming the first problem of a saved Jump Drive state; return None if it is sound."""
    d = expect_state(data, STATE_FORMAT, _state_keys(), TITLE)
    players = expect_int(d["players"], "players", INFO.min_players, INFO.max_players)
    solo = players == 1
    opts = _options(d["options"], players)
    expect_hex16(d["rng"], "rng")
    limit = SOLO_ROUNDS if solo else int(opts["round_limit"])
    rnd = expect_int(d["round"], "round", 1, limit)
    phase = expect_str(d["phase"], "phase", PHASES)
    if phase == "opening" and rnd != 1:
        raise fail("phase", f"the opening choice in round {rnd}")
    if (phase == "campaign_tick" and not opts.get("campaign")) or (phase == "score_choice" and solo):
        raise fail("phase", f"no {phase!r} phase in this game")
    cards = Ledger("card", _deck())
    cards.see_all(expect_list(d["deck"], "deck"), "deck")
    cards.see_all(expect_list(d["discard"], "discard"), "discard")
    hands = expect_list(d["hands"], "hands", length=players)
    for s, hand in enumerate(hands):
        cards.see_all(expect_list(hand, at("hands", s)), at("hands", s))
    _empires(d, players, cards)
    imaginary = expect_list(d["imaginary"], "imaginary", max_len=len(_deck()))
    cards.see_all(imaginary, "imaginary")
    for i, c in enumerate(imaginary):
        if instance_type(c).id != "war_propaganda" or not solo:
            raise fail(at("imaginary", i), f"{c!r} in the imaginary empire, which only takes War Propaganda in "
                                           "solitaire")
    cards.check_complete("deck")
    _placed(d, rnd)
    expect_ints(d["vp"], "vp", 0, MAX_COUNT, length=players)
    survey = expect_list(d["survey_used"], "survey_used", length=players)
    for s, used in enumerate(survey):
        expect_bool(used, at("survey_used", s))
        if used != (f"survey_team-{s}" in d["empires"][s]):
            raise fail(at("survey_used", s), f"{used}, but the survey team is {'not ' if used else ''}in the empire")
    _owing(d, players, phase)
    _choices(d, players, phase)
    _commits(d, players, phase)
    _revealed(d, players)
    _history(d, players, rnd, phase)
    _campaign(d, opts, phase)
    _messages(d["msgs"], players)
    expect_int(d["epoch"], "epoch")
    if expect_bool(d["over"], "over") != (phase == "over"):
        raise fail("over", f"{d['over']} disagrees with the phase {phase!r}")
    _tallies(d, players, rnd)


def _options(value: Any, players: int) -> dict[str, Any]:
    """Return the options once they are exactly the game's options with valid values for this player count."""
    obj = INFO.expect_options(value)
    if obj["campaign"] and players != 1:
        raise fail("options.campaign", "the campaign option is for solitaire (1 player) only")
    return obj


# --- cards ----------------------------------------------------------------------------------------------------------
def _empires(d: dict[str, Any], players: int, cards: Ledger) -> None:
    """Check the empires: deck cards (counted once each) and at most the seat's own survey team."""
    for s, empire in enumerate(expect_list(d["empires"], "empires", length=players)):
        path = at("empires", s)
        empire = expect_list(empire, path)
        deck_cards = []
        for i, c in enumerate(empire):
            if c.__class__ is str and c.startswith("survey_team-"):
                if c != f"survey_team-{s}":
                    raise fail(at(path, i), f"{c!r} is another seat's survey team" if c in _surveys()
                               else f"unknown card {c[:60]!r}")
            else:
                deck_cards.append((i, c))
        expect_distinct(empire, path, "card")
        for i, c in deck_cards:
            cards.see(c, at(path, i))


def _placed(d: dict[str, Any], rnd: int) -> None:
    """Check the round each card in an empire (or the imaginary one) was placed in."""
    placed = expect_dict(d["placed"], "placed")
    on_table = {c for e in d["empires"] for c in e} | set(d["imaginary"])
    for c, when in placed.items():
        if c not in on_table:
            raise fail(at("placed", c), f"a placement round for {c[:60]!r}, which is in no empire")
        expect_int(when, at("placed", c), 1, rnd)
    for s, e in enumerate(d["empires"]):
        for i, c in enumerate(e):
            if c not in placed:
                raise fail(at(at("empires", s), i), f"{c!r} has no placement round")


def _owing(d: dict[str, Any], players: int, phase: str) -> None:
    """Check the cards each seat still owes, why, and the card it draws after paying."""
    owes = expect_ints(d["owes"], "owes", 0, len(_deck()), length=players)
    reasons = expect_list(d["owe_reason"], "owe_reason", length=players)
    for s, r in enumerate(reasons):
        expect_str(r, at("owe_reason", s), OWE_REASONS)
    draw_after = expect_ints(d["draw_after"], "draw_after", 0, 1, length=players)
    for s in range(players):
        if owes[s] > len(d["hands"][s]):
            raise fail(at("owes", s), f"owes {owes[s]} cards but holds {len(d['hands'][s])}")
        if owes[s] and phase not in ("pay", "hand_limit"):
            raise fail(at("owes", s), f"cards owed in the phase {phase!r}")
        if owes[s] and (reasons[s] == "hand_limit") != (phase == "hand_limit"):
            raise fail(at("owe_reason", s), f"{reasons[s]!r} disagrees with the phase {phase!r}")
        if phase == "hand_limit" and owes[s] != max(0, len(d["hands"][s]) - HAND_LIMIT):
            raise fail(at("owes", s), f"owes {owes[s]} cards, but {len(d['hands'][s])} in hand is "
                                      f"{max(0, len(d['hands'][s]) - HAND_LIMIT)} over the hand limit")
        if draw_after[s] and phase != "pay":
            raise fail(at("draw_after", s), f"a card to draw after paying in the phase {phase!r}")


def _choices(d: dict[str, Any], players: int, phase: str) -> None:
    """Check the scoring choices: cards still to be pointed at another empire, and the choices made."""
    pending = expect_list(d["pending_choices"], "pending_choices", length=players)
    for s, cards in enumerate(pending):
        path = at("pending_choices", s)
        for i, c in enumerate(expect_list(cards, path)):
            if c.__class__ is not str or c not in d["empires"][s] or not instance_type(c).has_other_scope:
                raise fail(at(path, i), f"{kind_of(c)} is not a card of this empire that counts another empire")
        expect_distinct(cards, path, "card")
        if cards and phase != "score_choice":
            raise fail(path, f"scoring choices pending in the phase {phase!r}")
    if phase == "score_choice" and not any(pending):
        raise fail("pending_choices", "the scoring choice phase with no choice pending")
    for key, other in expect_dict(d["choices"], "choices").items():
        seat_text, _, c = key.partition(":")
        if not seat_text.isdigit() or int(seat_text) >= players or c not in d["empires"][int(seat_text)] or (
                not instance_type(c).has_other_scope):
            raise fail(at("choices", key), "not a seat and a card of its empire that counts another empire")
        expect_int(other, at("choices", key), 0, players - 1)
        if other == int(seat_text):
            raise fail(at("choices", key), "a card counts another empire, not its owner's")


def _commits(d: dict[str, Any], players: int, phase: str) -> None:
    """Check the hidden commitments: the opening discards, or a placement plan the seat could make now."""
    commits = expect_list(d["commits"], "commits", length=players)
    for s, rec in enumerate(commits):
        path = at("commits", s)
        if rec is None:
            continue
        if phase == "opening":
            rec = expect_keys(rec, path, ("discard",))
            pair = expect_list(rec["discard"], at(path, "discard"), length=OPENING_DISCARD)
            for i, c in enumerate(pair):
                if c.__class__ is not str or c not in d["hands"][s]:
                    raise fail(at(at(path, "discard"), i), f"{kind_of(c)} is not a card of this hand")
            expect_distinct(pair, at(path, "discard"), "card")
        elif phase == "plan":
            rec = expect_dict(rec, path)
            data = _data_of(d)
            if rec not in (plan_record(p) for _, p in plan_options(data, s)):
                raise fail(path, "not a placement this seat could choose now")
        else:
            raise fail(path, f"a hidden commitment in the phase {phase!r}")


def _data_of(d: dict[str, Any]) -> JDData:
    """Return the fields as position data (sharing the lists), for the rules' own read-only functions."""
    return JDData(**{k: d[k] for k in _state_keys()})


def _revealed(d: dict[str, Any], players: int) -> None:
    """Check what each seat revealed in the last reveal (or None)."""
    for s, rec in enumerate(expect_list(d["revealed"], "revealed", length=players)):
        path = at("revealed", s)
        if rec is None:
            continue
        rec = expect_keys(rec, path, REVEALED_KEYS)
        expect_bool(rec["explore"], at(path, "explore"))
        for k in ("dev", "world", "second"):
            if rec[k] is not None and not _known_instance(rec[k]):
                raise fail(at(path, k), f"unknown card {str(rec[k])[:60]!r}" if rec[k].__class__ is str
                           else f"expected a card id, got {kind_of(rec[k])}")
        if rec["how"] is not None:
            expect_str(rec["how"], at(path, "how"), HOWS)
        expect_int(rec["paid"], at(path, "paid"), 0, len(_deck()))
        expect_int(rec["drew"], at(path, "drew"), 0, len(_deck()))


def _history(d: dict[str, Any], players: int, rnd: int, phase: str) -> None:
    """Check the VP after each round scored: one row per round scored, the last one the VP now."""
    scored = rnd if phase in ("hand_limit", "campaign_tick", "over") else rnd - 1
    rows = expect_list(d["vp_history"], "vp_history", length=scored)
    for r, row in enumerate(rows):
        expect_ints(row, at("vp_history", r), 0, MAX_COUNT, length=players)
    expect_equal(d["vp"], rows[-1] if rows else [0] * players, "vp", "the VP after the last round scored")


def _campaign(d: dict[str, Any], opts: dict[str, Any], phase: str) -> None:
    """Check the campaign's used victory conditions and the one ticked off."""
    used = [u for u in str(opts["campaign_used"]).split(",") if u]
    expect_equal(d["campaign_used"], used, "campaign_used", "the campaign_used option")
    if d["ticked"] is not None:
        expect_id(d["ticked"], "ticked", campaign_condition_ids(), "victory condition")
        if d["ticked"] in used or phase != "over" or not opts["campaign"]:
            raise fail("ticked", "a victory condition ticked off outside the end of a campaign game, or twice")


def _messages(value: Any, players: int) -> None:
    """Check the log: [template, {name: {kind: value}}, seats that may read it or null] per line."""
    msgs = expect_list(value, "msgs", max_len=MAX_MSGS)
    for i, m in enumerate(msgs):
        if m.__class__ is not list or len(m) != 3 or m[0].__class__ is not str or m[1].__class__ is not dict or (
                m[2] is not None and not _seats_ok(m[2], players)) or not all(
                _ref_ok(r, players) for r in m[1].values()) or m[1].keys() != placeholders(m[0]):
            _message_problem(m, at("msgs", i), players)


def _message_problem(m: Any, path: Path, players: int) -> None:
    """Raise PositionError naming what is wrong with one log line."""
    line = expect_list(m, path, length=3)
    template = expect_str(line[0], at(path, 0))
    args = expect_dict(line[1], at(path, 1))
    if line[2] is not None:
        seats = expect_ints(line[2], at(path, 2), 0, players - 1)
        expect_distinct(seats, at(path, 2), "seat")
    for k, ref in args.items():
        if not _ref_ok(ref, players):
            kind = next(iter(ref)) if ref.__class__ is dict and len(ref) == 1 else None
            if kind == "player":
                expect_int(ref[kind], at(at(at(path, 1), k), kind), 0, players - 1)
            raise fail(at(at(path, 1), k), f"not a typed reference {{kind: value}} with a kind of {list(REF_KINDS)}"
                                           f" and a value of that kind: {kind_of(ref)}")
    raise fail(path, f"the references {sorted(args)} do not fill the template's {sorted(placeholders(template))}")


def _seats_ok(value: Any, players: int) -> bool:
    """Return True for a list of distinct seats in range."""
    return value.__class__ is list and all(s.__class__ is int and 0 <= s < players for s in value) and len(
        set(value)) == len(value)


def _ref_ok(ref: Any, players: int) -> bool:
    """Return True for one typed reference: a seat, a number, a card type, a list of card types, or a text."""
    if ref.__class__ is not dict or len(ref) != 1:
        return False
    for kind, v in ref.items():
        if kind == "player":
            return v.__class__ is int and 0 <= v < players
        if kind == "n":
            return v.__class__ is int and -MAX_COUNT <= v <= MAX_COUNT
        if kind == "card":
            return v.__class__ is str and v in card_types()
        if kind == "cards":
            return v.__class__ is list and all(c.__class__ is str and c in card_types() for c in v)
        return kind == "text" and v.__class__ is str
    return False


def _tallies(d: dict[str, Any], players: int, rnd: int) -> None:
    """Check each seat's VP tally per card (adding up to its VP) and the round each hand card was drawn in."""
    tallies = expect_list(d["vp_cards"], "vp_cards", length=players)
    for s, tally in enumerate(tallies):
        path = at("vp_cards", s)
        total = 0
        for c, pair in expect_dict(tally, path).items():
            if c not in _deck() and c != f"survey_team-{s}":
                raise fail(at(path, c), f"unknown card {c[:60]!r}")
            base, bonus = expect_list(pair, at(path, c), length=2)
            total += expect_int(base, at(at(path, c), 0), 0, MAX_COUNT)
            total += expect_int(bonus, at(at(path, c), 1), -MAX_COUNT, MAX_COUNT)
        if total != d["vp"][s]:
            raise fail(path, f"the cards' VP add up to {total}, but the seat has {d['vp'][s]} VP")
    rounds = expect_list(d["drawn_round"], "drawn_round", length=players)
    for s, drawn in enumerate(rounds):
        path = at("drawn_round", s)
        drawn = expect_dict(drawn, path)
        hand = d["hands"][s]
        for c, when in drawn.items():
            if c not in hand:
                raise fail(at(path, c), f"a draw round for {c[:60]!r}, which is not in this hand")
            expect_int(when, at(path, c), 0, rnd)
        if len(drawn) != len(hand):
            missing = next(c for c in hand if c not in drawn)
            raise fail(path, f"no draw round for the hand card {missing!r}")

