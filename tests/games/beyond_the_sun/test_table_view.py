"""The view's ``table`` block (table_view.py, docs/BTS_VIEW.md): what the page's Beyond the Sun table draws.

Each test names the rule it checks. Legality and reasons must come from the rules' own functions, so the coverage
test plays seeded random games and checks, at every decision, that the actions placed in the block are exactly the
legal actions of the seat to move, and that a pawn space is offered exactly when it has no reason against it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any

import pytest

from pyengine.core.api import JSON
from pyengine.core.text import REF_KINDS, Text, catalog, english, fill, template
from pyengine.games.beyond_the_sun.abilities import counter
from pyengine.games.beyond_the_sun.cards import achievements, board, systems
from pyengine.games.beyond_the_sun.describe import describe_text
from pyengine.games.beyond_the_sun.messages import card_name
from pyengine.games.beyond_the_sun.model import neighbours
from pyengine.games.beyond_the_sun.research import candidate_types
from pyengine.games.beyond_the_sun.scoring import outcome, total
from pyengine.games.beyond_the_sun.state import BTSState
from pyengine.games.beyond_the_sun.table_view import MAP_LAYOUT, MAP_WIDTH, placed_actions

from .helpers import bare, card_with, do, fac, new, play, put_system, researched, run_steps, ships, touch, turn

NAMES = ["Ann", "Bo", "Cy", "Di"]
GAMES: list[tuple[int, int, dict[str, Any]]] = [
    (2, 1, {}),
    (2, 2, {"advanced_mats": True}),
    (3, 3, {}),
    (3, 4, {"advanced_mats": True, "control_ties": "strict"}),
    (4, 5, {}),
    (4, 6, {"advanced_mats": True, "anytime_windows": "rulebook"}),
]
# Codes that must never reach a player inside a text: action texts, JSON, snake_case keys, slot/space/card/board ids.
CODE = re.compile(r"[={}\[\]]|\b[a-z]+(?:_[a-z0-9]+)+\b|\b[IV]+-\d\b|\b[A-Z]{2,}(?:-[A-Z0-9]+)+\b"
                  r"|\b(?:bs|guild|tech)\.\w|\b(?:SOL|DEEP|SY\d)\b|(?<!system )\b[AB]\d\b|star-disc")


@functools.cache
def known() -> dict[str, dict[str, str]]:
    """Return the message catalog (built once)."""
    return catalog()


def tbl(s: BTSState, seat: int | None = 0) -> dict[str, Any]:
    """Return the table block of a seat's view."""
    out: dict[str, Any] = s.view(seat)["table"]
    return out


def as_text(j: JSON) -> Text:
    """Return the Text a Text JSON stands for, checking its id and template against the catalog."""
    assert set(j) == {"id", "t", "args"}, j
    assert j["t"] == known()[j["id"]]["t"], j
    return Text(j["id"], tuple((k, next(iter(ref.items()))) for k, ref in j["args"].items()))


def words(j: JSON | None) -> str:
    """Return a Text JSON in English, with the players' names."""
    assert j is not None
    return english(as_text(j), names=NAMES)


def texts(value: Any) -> Iterator[JSON]:
    """Yield every Text JSON inside a JSON value."""
    if isinstance(value, dict):
        if set(value) == {"id", "t", "args"}:
            yield value
            return
        for v in value.values():
            yield from texts(v)
    elif isinstance(value, list):
        for v in value:
            yield from texts(v)


def space(t: dict[str, Any], sid: str) -> dict[str, Any]:
    """Return one pawn space of the board."""
    return next(s for a in t["board"]["areas"] for s in a["spaces"] if s["id"] == sid)


def slot(t: dict[str, Any], sid: str) -> dict[str, Any]:
    """Return one tech slot of the tree."""
    return next(s for lv in t["techs"]["levels"] for s in lv["slots"] if s["slot"] == sid)


def location(t: dict[str, Any], lid: str) -> dict[str, Any]:
    """Return one location of the map."""
    return next(loc for loc in t["map"]["locations"] if loc["id"] == lid)


def population(s: BTSState, seat: int, n: int) -> None:
    """Give a faction exactly n population, moving cubes between its supply columns and its mat."""
    f = fac(s, seat)
    while f["pop"] < n:
        col = next(i for i, c in enumerate(f["supply"]) if c)
        f["supply"][col] -= 1
        f["pop"] += 1
    while f["pop"] > n:
        col = next(i for i in range(4, -1, -1) if f["supply"][i] < f["cap"][i])
        f["supply"][col] += 1
        f["pop"] -= 1
    touch(s)


# --- every legal action, and only those ------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_every_legal_action_is_placed_once(players: int, seed: int, options: dict[str, Any]) -> None:
    """One source of legality: at every decision of a seeded game (2-4 players, basic and advanced mats) the actions
    the block places (board, tree, ships, builds, claims, question, other) are exactly the legal actions of the seat
    to move, each once, labelled as the decision labels it; other seats get none. A pawn space shows a reason
    exactly when it is not a legal move, and in the mover's own action phase never "not now"."""
    decisions = 0
    for i, s in enumerate(play(players, seed, options)):
        if s.is_terminal():
            break
        seat = min(s.to_move())
        t = tbl(s, seat)
        legal = {str(a): a for a in s.legal_actions(seat)}
        placed = placed_actions(t)
        assert sorted(placed) == sorted(legal), (s.locator(), set(placed) ^ set(legal))
        entries = [*t["build"], *t["other"], *(m for sh in t["ships"] for m in sh["moves"]),
                   *(r for lv in t["techs"]["levels"] for sl in lv["slots"] for r in sl["research"]),
                   *(t["question"]["options"] if t["question"] else [])]
        for e in entries:
            assert e["label"] == describe_text(s.d, seat, legal[e["a"]]).to_json(), e["a"]
        own_phase = s.d["phase"] == "action" and not s.d["frames"]
        for area in t["board"]["areas"]:
            for sp in area["spaces"]:
                assert (sp["a"] is None) == (sp["why_not"] is not None), sp["id"]
                if own_phase and sp["why_not"] is not None:
                    assert sp["why_not"]["id"] not in ("bts.summary.tv.why.not_now", "bts.summary.tv.why.turn")
        if i % 7 == 0:
            for other in range(players):
                if other != seat:
                    assert placed_actions(tbl(s, other)) == []
        decisions += 1
    assert decisions > 100


# --- the action board ------------------------------------------------------------------------------------------

def test_pawn_space_cost_gain_and_why_not() -> None:
    """Action spaces (3 players): Research II costs 2 ore and its last space 1 ore more; a space holding another
    pawn is closed ("Taken by Bo"); a space the viewer cannot pay for, or whose research has no target, says so;
    the shared Gain space holds several pawns."""
    s = bare(3, seed=2)
    fac(s, 0)["ore"] = 1
    s.d["pawns"][1] = "bs.research_2.0"
    s.d["pawns"][2] = "bs.gain.0"
    touch(s)
    t = tbl(s)
    taken = space(t, "bs.research_2.0")
    assert (taken["pawn"], taken["a"], words(taken["why_not"])) == (1, None, "Taken by Bo")
    last = space(t, "bs.research_2.2")
    assert words(last["cost"]) == "3 ore" and last["price"] == {"ore": 3, "population": 0}
    assert last["surcharge"] == 1 and words(last["gives"]) == "Research a level-II tech"
    assert words(last["why_not"]) == "You cannot pay 3 ore (you have 1)"
    fac(s, 0)["ore"] = 5
    touch(s)
    assert words(space(tbl(s), "bs.research_2.1")["why_not"]) == "No tech you may research now"
    researched(s, 0, "I-1")
    t = tbl(s)
    assert space(t, "bs.research_2.1")["a"] == "move space=bs.research_2.1" and space(t, "bs.research_2.1")[
        "why_not"] is None
    assert space(t, "bs.research_1.0")["cost"] is None
    s.apply(0, "move space=bs.gain.0")
    gain = space(tbl(s, 1), "bs.gain.0")
    assert gain["pawns"] == [0, 2] and gain["why_not"] is not None
    assert words(space(tbl(s, 0), "bs.research_2.0")["why_not"]) == "Taken by Bo"
    area = next(a for a in tbl(s)["board"]["areas"] if a["id"] == "bs.gain")
    assert area["shared"] and words(area["help"]).startswith("Gain 1 population, then gain 1 ore.")


def test_open_guilds_and_own_techs_are_areas() -> None:
    """Action spaces: a guild's spaces appear once its cover is lifted, and a researched tech's action spaces only
    on its owner's board."""
    s = bare(3, seed=2)
    ids = [a["id"] for a in tbl(s)["board"]["areas"]]
    assert ids == ["bs.research_1", "bs.research_2", "bs.build_jump", "bs.gain"]
    s.d["covered"].remove("professors")
    card = card_with(1, lambda r: r.get("actions"))
    slot_id = next(x for x, v in s.d["slots"].items() if v["card"] == card)
    researched(s, 0, slot_id)
    mine = [a["id"] for a in tbl(s, 0)["board"]["areas"]]
    assert mine == ["bs.research_1", "bs.research_2", "bs.build_jump", "bs.gain", "guild.professors",
                    f"tech.{slot_id}"]
    area = next(a for a in tbl(s, 0)["board"]["areas"] if a["id"] == f"tech.{slot_id}")
    assert area["card"] == card and words(area["name"]) == card_name(card)
    assert area["spaces"][0]["id"] == f"tech.{slot_id}.0.0"
    assert f"tech.{slot_id}" not in [a["id"] for a in tbl(s, 1)["board"]["areas"]]


# --- the tech tree -----------------------------------------------------------------------------------------------

def test_research_of_an_unrevealed_slot_with_two_types() -> None:
    """Research: an unrevealed slot may become any type handed on by its prerequisites. With two level-I techs of
    different types researched, slot II-2 shows both types; the slot offers one research action (the type is chosen
    after the event, as the rules order it), and then the question asks the type, one answer per type."""
    s = bare(3, seed=2)
    s.d["slots"]["II-2"]["event"] = None
    researched(s, 0, "I-1", "I-2")
    fac(s, 0)["ore"] = 5
    touch(s)
    types = candidate_types(s.d, 0, "II-2")
    assert len(types) == 2
    sl = slot(tbl(s), "II-2")
    assert sl["card"] is None and sl["types"] == types == sl["choose_types"]
    assert sl["prereqs"] == ["I-1", "I-2"] and sl["research"] == []
    do(s, "move space=bs.research_2.0")
    t = tbl(s)
    (entry,) = slot(t, "II-2")["research"]
    assert entry["a"] == "research slot=II-2" and entry["type"] is None
    assert words(entry["label"]) == "Research a new tech in level-II slot 2"
    assert t["question"] is None
    do(s, "research slot=II-2")
    q = tbl(s)["question"]
    assert q["kind"] == "reveal" and q["slot"] == "II-2"
    assert [(o["a"], o["type"]) for o in q["options"]] == [(f"tech_type type={x}", x) for x in types]
    assert slot(tbl(s), "II-2")["owners"] == [0]
    assert slot(tbl(s, 1), "II-2")["types"] == types, "the types are public"


def test_a_slot_that_cannot_be_researched_says_why() -> None:
    """Research (eligible slots): at a level-II research, every slot without a research action says why, in the
    order the rules check it: a tech the faction has, missing prerequisites, then the wrong level; a slot with a
    research action has no reason."""
    s = bare(3, seed=2)
    s.d["slots"]["II-2"]["event"] = None
    researched(s, 0, "I-1", "I-2")
    fac(s, 0)["ore"] = 5
    touch(s)
    do(s, "move space=bs.research_2.0")
    t = tbl(s)
    for lv in t["techs"]["levels"]:
        for sl in lv["slots"]:
            assert (sl["why_not"] is None) == bool(sl["research"]), sl["slot"]
    assert words(slot(t, "I-1")["why_not"]) == "You have researched this tech"
    assert words(slot(t, "II-4")["why_not"]) == "Research its prerequisites first"
    assert words(slot(t, "IIII-1")["why_not"]) == "Research 2 of its prerequisites first"
    assert words(slot(t, "I-3")["why_not"]) == "Not with this research: it needs a level-I research"
    assert slot(t, "II-2")["why_not"] is None
    assert all(sl["why_not"] is None for lv in tbl(s, None)["techs"]["levels"] for sl in lv["slots"])


# --- the map and the ships ----------------------------------------------------------------------------------------

def test_ship_moves_are_grouped_by_ship() -> None:
    """Jumps: during a jump step each of the viewer's ships (by location and level) lists its own jumps, one per
    neighbouring location; "stop" is left for the plain buttons and no question is asked. An upgrade step puts
    the upgrades on the ships they raise."""
    s = bare(3, seed=2)
    ships(s, 0, "SOL", 1)
    ships(s, 0, "SOL", 2)
    ships(s, 1, "SY1", 1)
    run_steps(s, 0, [{"op": "jump", "n": 2}])
    t = tbl(s)
    assert t["question"] is None
    assert [(sh["at"], sh["level"], sh["n"]) for sh in t["ships"]] == [("SOL", 1, 1), ("SOL", 2, 1)]
    for sh in t["ships"]:
        assert [(m["kind"], m["to"]) for m in sh["moves"]] == [("jump", to) for to in neighbours(s.d, "SOL")]
        assert all(m["a"] == f"jump at=SOL level={sh['level']} to={m['to']}" for m in sh["moves"])
    assert [o["a"] for o in t["other"]] == ["stop"]
    assert [(sh["seat"], sh["at"], sh["moves"]) for sh in tbl(s, 1)["ships"]] == [(1, "SY1", [])], \
        "the viewer's own ships only, with moves only while it chooses"
    do(s, "stop")
    run_steps(s, 0, [{"op": "upgrade_ship", "n": 1, "levels": 1}])
    t = tbl(s)
    assert [[(m["kind"], m["a"], m["to"]) for m in sh["moves"]] for sh in t["ships"]] == [
        [("upgrade", "upgrade at=SOL level=1", None)], [("upgrade", "upgrade at=SOL level=2", None)]]


def test_control_and_colonies_on_the_map() -> None:
    """Control: the strongest faction at a system controls it with a base disc of the system's control type; the
    map shows ships, strength and the controller. Colonizing takes the card onto the faction (colonies are on the
    mats), exiles the other ships to Deep Space and lays a new system in the slot."""
    s = bare(3, seed=5)
    card = next(c for c, r in sorted(systems().items()) if r["deck"] == "A" and r["colonize"] == 3
                and {x["op"] for x in r["bonus"]} <= {"gain_ore", "gain_population"})
    put_system(s, "A1", card)
    ships(s, 1, "A1", 2, n=2)
    ships(s, 2, "A1", 1)
    loc = location(tbl(s), "A1")
    assert (loc["card"], loc["kind"], loc["sector"], loc["colonize"]) == (card, "system", "A", 3)
    assert loc["controller"] == 1 and loc["base"] == systems()[card]["control_disc"]
    assert loc["strength"] == {"1": 4, "2": 1}
    assert sorted((x["seat"], x["level"], x["n"]) for x in loc["ships"]) == [(1, 2, 2), (2, 1, 1)]
    assert loc["adjacent"] == list(neighbours(s.d, "A1"))
    assert words(loc["reward"]).startswith(f"Control: a base disc from your {systems()[card]['control_disc']} track")
    run_steps(s, 1, [{"op": "colonize"}])
    while s.to_move() == [1] and s.d["frames"]:
        do(s, str(s.legal_actions(1)[0]))
    t = tbl(s)
    loc = location(t, "A1")
    assert t["factions"][1]["colonies"] == [card] and loc["card"] != card and loc["controller"] is None
    assert loc["colonies"] == [] and loc["ships"] == []
    assert {"seat": 2, "level": 1, "n": 1} in location(t, "DEEP")["ships"]
    assert t["factions"][1]["vp_parts"]["colonies"] == systems()[card]["vp"]


def test_every_location_of_every_board_side_has_a_place_on_the_drawn_map() -> None:
    """Map layout: the page draws the star map as a graph, each location at the place ``MAP_LAYOUT`` gives it. Every
    location either exploration-board side defines (the extra slot included) has one, inside the map's width, and
    no two places of a side are so close that their nodes would sit on each other."""
    sides = board()["exploration"]["sides"]
    assert set(MAP_LAYOUT) == set(sides)
    for name, rec in sides.items():
        ids = [loc["id"] for loc in rec["locations"]]
        assert set(MAP_LAYOUT[name]) == set(ids), name
        places = [MAP_LAYOUT[name][i] for i in ids]
        assert all(0 <= x <= MAP_WIDTH and y >= 0 for x, y in places), name
        for i, (x1, y1) in enumerate(places):
            for x2, y2 in places[i + 1:]:
                assert abs(x1 - x2) >= 248 or abs(y1 - y2) >= 120, (name, (x1, y1), (x2, y2))


@pytest.mark.parametrize(("players", "seed", "options"), [
    (2, 1, {}), (2, 2, {"advanced_mats": True}), (3, 3, {}), (3, 4, {"advanced_mats": True}), (4, 5, {}),
    (4, 6, {"advanced_mats": True})])
def test_the_map_gives_each_location_its_drawn_place(players: int, seed: int, options: dict[str, Any]) -> None:
    """Map layout at 2, 3 and 4 players, basic and advanced mats: every location the map lists carries the x/y of its
    side's layout, the map its width, and every link joins two listed locations (the extra slot only once it holds a
    system)."""
    s = new(players, seed, **options)
    t = tbl(s)["map"]
    side_name = board()["exploration"]["side_by_players"][str(players)]
    assert t["width"] == MAP_WIDTH
    listed = {loc["id"] for loc in t["locations"]}
    assert listed >= {loc["id"] for loc in board()["exploration"]["sides"][side_name]["locations"]} - {"X"}
    for loc in t["locations"]:
        assert (loc["x"], loc["y"]) == MAP_LAYOUT[side_name][loc["id"]]
        assert set(loc["adjacent"]) <= listed
    put_system(s, "X", next(c for c, r in sorted(systems().items()) if r["deck"] == "B"))
    assert (location(tbl(s), "X")["x"], location(tbl(s), "X")["y"]) == MAP_LAYOUT[side_name]["X"]


def test_builds_are_placed_where_the_ship_appears() -> None:
    """Building: a build step offers Sol and every shipyard the viewer controls; each build sits at its place."""
    s = bare(3, seed=2)
    ships(s, 0, "SY1", 1)
    run_steps(s, 0, [{"op": "build_ship", "level": 1, "n": 1, "from": "supply", "where": "build"}])
    t = tbl(s)
    assert [(b["at"], b["a"]) for b in t["build"]] == [("SOL", "build at=SOL"), ("SY1", "build at=SY1")]
    assert words(t["build"][1]["label"]) == "Build the ship at Shipyard Ceres"


# --- achievements, the end, VP ------------------------------------------------------------------------------------

def test_achievement_needs_are_checked_against_the_player() -> None:
    """Achievements: each shows its condition in words, the viewer's count and whether the viewer meets it (the
    counter the claim check reads); in the viewer's achievement phase a met one carries its claim action."""
    s = bare(3, seed=2)
    s.d["achievements"][0] = {"id": "ACH-METROPOLIS", "discs": []}
    population(s, 0, 8)
    mine = next(a for a in tbl(s, 0)["achievements"] if a["id"] == "ACH-METROPOLIS")
    assert words(mine["needs"]) == "Population on your mat: 8 or more"
    assert (mine["have"], mine["at_least"], mine["met_by_viewer"], mine["claim"]) == (8, 8, True, None)
    theirs = next(a for a in tbl(s, 1)["achievements"] if a["id"] == "ACH-METROPOLIS")
    assert (theirs["have"], theirs["met_by_viewer"]) == (fac(s, 1)["pop"], False)
    for a in tbl(s, 0)["achievements"]:
        rec = achievements()[a["id"]]["condition"]
        assert a["have"] == counter(s.d, 0, rec["counter"]) and a["met_by_viewer"] == (a["have"] >= rec["at_least"])
    turn(s, 0, "achievement")
    mine = next(a for a in tbl(s, 0)["achievements"] if a["id"] == "ACH-METROPOLIS")
    assert mine["claim"] == "claim achievement=ACH-METROPOLIS" and mine["claim"] in [str(a) for a in
                                                                                      s.legal_actions(0)]
    s.apply(0, mine["claim"])
    mine = next(a for a in tbl(s, 1)["achievements"] if a["id"] == "ACH-METROPOLIS")
    assert mine["discs"] == [{"seat": 0, "star": False}] and mine["free"] == 1
    assert tbl(s, None)["achievements"][0]["met_by_viewer"] is None


def test_end_trigger_text() -> None:
    """The end (3 players: 3 real discs): the count of real achievement discs (star discs do not count); the third
    disc makes this round the last but one; the next round is the last; then the game is over."""
    s = bare(3, seed=2)
    achs = s.d["achievements"]
    achs[0]["discs"] = [{"seat": 1, "star": False}, {"seat": 2, "star": True}]
    achs[1]["discs"] = [{"seat": 2, "star": False}]
    touch(s)
    end = tbl(s)["end"]
    assert (end["placed"], end["needed"], end["triggered"]) == (2, 3, False)
    assert words(end["text"]) == ("2 of 3 achievement discs placed; once 3 are out, this round and one more are "
                                  "played")
    s.d["achievements"][2] = {"id": "ACH-METROPOLIS", "discs": []}
    population(s, 0, 8)
    turn(s, 0, "achievement")
    do(s, "claim achievement=ACH-METROPOLIS")
    end = tbl(s)["end"]
    assert end["triggered"] and end["last_round"] == s.d["round"] + 1
    assert words(end["text"]) == "The end is triggered: this round is the last but one"
    s.d["round"] = end["last_round"]
    assert words(tbl(s)["end"]["text"]) == "This round is the last"


@pytest.mark.parametrize(("players", "seed", "options"), [GAMES[1], GAMES[4]])
def test_vp_parts_add_up_to_the_total_and_the_result(players: int, seed: int, options: dict[str, Any]) -> None:
    """Scoring: each faction's VP by source adds up to its total (scoring.total), during the game and at the end;
    at the end the result gives the scores, the winners and the tie-break that decided, in words."""
    last = None
    for i, s in enumerate(play(players, seed, options)):
        if i % 25 and not s.is_terminal():
            continue
        for f in tbl(s, None)["factions"]:
            assert sum(f["vp_parts"].values()) == f["vp"] == total(s.d, f["seat"])
            assert all(f"bts.outcome.detail.{k}" in known() for k in f["vp_parts"])
        last = s
    assert last is not None and last.is_terminal()
    t = tbl(last, None)
    out = outcome(last.d)
    res = t["result"]
    assert res["scores"] == [f["vp"] for f in t["factions"]] == out.scores
    assert res["winners"] == out.winners and res["tiebreak"] == out.tiebreak
    assert words(res["tiebreak_text"]) == known()[f"bts.outcome.tiebreak.{out.tiebreak}"]["t"]
    assert res["breakdown"] == [f["vp_parts"] for f in t["factions"]]
    assert words(t["end"]["text"]) == "The game is over"
    assert [h["round"] for h in t["history"]] == [r for r, _ in last.d["hist"]]
    assert tbl(new(players, seed, **options), None)["result"] is None


# --- hidden information and texts ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "seed", "options"), [GAMES[0], GAMES[5]])
def test_resampling_the_hidden_parts_never_changes_the_table(players: int, seed: int,
                                                             options: dict[str, Any]) -> None:
    """Hidden information: deck orders and the face-down events are hidden. Redealing them (State.resample) leaves
    every seat's table (and a spectator's) exactly as it was, at positions throughout a game."""
    checked = 0
    for i, s in enumerate(play(players, seed, options)):
        if i % 9:
            continue
        for seat in [None, *range(players)]:
            other = s.resample(0 if seat is None else seat, 1000 + i)
            assert other.d["decks"] != s.d["decks"] or not any(len(x) > 1 for x in s.d["decks"].values())
            assert tbl(other, seat) == tbl(s, seat), (s.locator(), seat)
        checked += 1
    assert checked > 10


def test_face_down_events_show_only_that_they_are_there() -> None:
    """Hidden information: a slot with a face-down event says so, never which; a revealed event is listed."""
    s = bare(3, seed=2)
    t = tbl(s)
    hidden = {ev for v in s.d["slots"].values() if (ev := v["event"])}
    assert hidden and not hidden & set(_strings(t))
    assert all(slot(t, sid)["event"] == (v["event"] is not None) for sid, v in s.d["slots"].items())


def _strings(value: Any) -> Iterator[str]:
    """Yield every string (keys and values) in a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


@pytest.mark.parametrize(("players", "seed", "options"), [GAMES[2], GAMES[3]])
def test_texts_are_catalog_texts_without_codes(players: int, seed: int, options: dict[str, Any]) -> None:
    """Texts: every player-facing word in the block is catalog Text JSON; every argument is a player, a number, a
    registered term or a named card (never free text), and no text shows an action code, JSON or an id."""
    cat = known()
    seen: set[str] = set()
    for i, s in enumerate(play(players, seed, options)):
        if i % 4 and not s.is_terminal():
            continue
        for seat in [None, *s.to_move()]:
            for j in texts(tbl(s, seat)):
                t = as_text(j)
                seen.add(t.id)
                for name, (kind, value) in t.args:
                    assert kind in REF_KINDS and kind != "text", (t.id, name)
                    if kind == "term":
                        assert value in cat, (t.id, value)
                    elif kind == "card":
                        assert f"bts.card.{value}.name" in cat, (t.id, value)
                    elif kind == "n":
                        assert isinstance(value, int), (t.id, name, value)
                    elif kind == "player":
                        assert value in range(players), (t.id, value)
                plain = fill(template(t.id), {k: (("text", "<card>") if kind in ("card", "cards") else (kind, v))
                                              for k, (kind, v) in t.args}, "beyond_the_sun", NAMES)
                assert not CODE.search(plain), (t.id, plain)
    assert {"bts.summary.tv.end.count", "bts.summary.tv.why.taken", "bts.summary.tv.cost.ore",
            "bts.summary.tv.reward.majority", "bts.summary.tv.reward.shipyard", "bts.act.move"} <= seen
    assert any(x.startswith("bts.summary.tv.steps.") for x in seen)


def test_spectator_sees_the_public_table_and_no_actions() -> None:
    """Views: a spectator gets the board, tree, map, mats and achievements, and no action, question or ship."""
    s = bare(3, seed=2)
    t = tbl(s, None)
    assert placed_actions(t) == [] and t["ships"] == [] and t["question"] is None and t["pawns"]["mine"] is None
    assert t["map"]["locations"] and t["factions"] and t["techs"]["levels"]
    assert all(sp["why_not"] is None for a in t["board"]["areas"] for sp in a["spaces"])
