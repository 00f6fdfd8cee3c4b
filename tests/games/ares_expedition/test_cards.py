"""Every card: it loads through the schema, it can be played in a constructed position, and it does what its data says.

The expected changes are computed here from the card's data with simple arithmetic (production, steel, titanium,
TR, parameters, forests, stock, resources on the card), independently of the engine's interpreter. Actions are
used in an action phase and must pay their costs; triggered effects are compared with the same event played
without the card, and the difference must be what the effect's ops say.
"""

from __future__ import annotations

from typing import Any

import pytest

from pyengine.games.ares_expedition.cards import Record, board, corporations, projects
from pyengine.games.ares_expedition.state import AresState

from .helpers import answer_all, bare, give, in_phase, new, pl, table, touch

PROJECTS = sorted(projects())
CORPS = sorted(corporations())


def _quiet(r: Record) -> bool:
    """Return True for a card with no requirement, trigger, discount or production formula (safe tag fodder)."""
    return (not r.get("req") and "prod_per" not in r and r.get("set") != "promo"
            and not any(e["kind"] in ("on", "discount", "pay_option", "req_shift") for e in r.get("effects", ())))


def _filler(tag: str) -> str:
    """Return the cheapest quiet card with a tag, preferring cards that do nothing at all when played."""
    cands = sorted((not (not r.get("play") and not r.get("effects") and not r.get("action")), r["cost"], c)
                   for c, r in projects().items() if tag in r["tags"] and _quiet(r))
    return cands[0][2]


# Cards used to supply tags for tag requirements.
FILLER = {tag: _filler(tag) for tag in ("building", "space", "science", "power", "earth", "jovian", "plant",
                                        "microbe", "animal", "event")}
ZONE_LOW = {"temperature": {"purple": 0, "red": 6, "yellow": 11, "white": 16},
            "oxygen": {"purple": 0, "red": 3, "yellow": 7, "white": 12}}
ZONE_HIGH = {"temperature": {"purple": 5, "red": 10, "yellow": 15, "white": 19},
             "oxygen": {"purple": 2, "red": 6, "yellow": 11, "white": 14}}


def _set_param(s: AresState, param: str, steps: int) -> None:
    """Set a global parameter (and the phase snapshot); oceans move tiles from the pile to the flipped row."""
    d = s.d
    if param == "ocean":
        while d["params"]["ocean"] < steps:
            d["ocean_flipped"].append(d["ocean_pile"].pop())
            d["params"]["ocean"] += 1
    else:
        d["params"][param] = steps
    d["snap"][param] = d["params"][param]


def position_for(cid: str, *, promo: bool = False) -> AresState:
    """Return a 2-player position in which seat 0 can play this card (the right phase, funds, requirements)."""
    rec = projects()[cid]
    s = new(2, seed=5, promo_projects=promo or rec.get("set") == "promo")
    phase = 1 if rec["color"] == "green" else 2
    in_phase(s, phase, chooser=None, picks=[(phase % 5) + 1, (phase % 5) + 1])
    p = bare(s, 0, mc=200, heat=30, plants=30)
    p["tr"] = 20
    for req in rec.get("req", ()):
        if req["kind"] == "zone":
            param = req["param"]
            _set_param(s, param, ZONE_LOW[param][req["min"]] if "min" in req else ZONE_HIGH[param][req["max"]] - 1
                       if req["max"] != "purple" else 0)
        elif req["kind"] == "oceans":
            _set_param(s, "ocean", req.get("min", 0))
        elif req["kind"] == "tags":
            filler = FILLER.get(req["tag"])
            assert filler, f"no plain card with a {req['tag']} tag to meet {cid}'s requirement"
            for _ in range(req["min"]):
                s.d["p"][0]["table"].append(filler)
    for c in [*s.d["deck"]]:
        if c == cid:
            s.d["deck"].remove(c)
    give(s, 0, cid)
    touch(s)
    return s


def _pay_total(rec: Record) -> dict[str, int]:
    """Return what a card's spend requirements take on play."""
    out = {"tr": 0, "plants": 0, "heat": 0}
    for req in rec.get("req", ()):
        if req["kind"] == "spend":
            out[req["res"]] += req["n"]
    return out


def expected_on_play(rec: Record) -> dict[str, Any]:
    """Return the changes a card's play ops promise, from its data alone (None where ops make it unpredictable)."""
    exp: dict[str, Any] = {"prod": {"mc": 0, "heat": 0, "plants": 0, "cards": 0}, "steel": 0, "titanium": 0,
                           "temperature": 0, "oxygen": 0, "ocean": 0, "forests": 0, "tr": 0, "self_res": 0,
                           "gain": {"mc": 0, "heat": 0, "plants": 0}}
    exact = True
    for op in rec.get("play", ()):
        k = op["op"]
        if k == "prod":
            exp["prod"][op["res"]] += op["n"]
        elif k in ("steel", "titanium"):
            exp[k] += op["n"]
        elif k == "raise":
            exp[op["param"]] += op["n"]
            exp["tr"] += op["n"]
        elif k == "ocean":
            exp["ocean"] += op["n"]
            exp["tr"] += op["n"]
            exact = False  # ocean rewards are random tiles
        elif k == "forest":
            exp["forests"] += op["n"]
            exp["oxygen"] += op["n"]
            exp["tr"] += op["n"]
        elif k == "tr" and "per" not in op:
            exp["tr"] += op["n"]
        elif k == "gain" and "per" not in op:
            exp["gain"][op["res"]] += op["n"]
        elif k == "add" and op["to"] == "self":
            exp["self_res"] += op["n"]
        elif k in ("choose", "if", "tr", "gain", "add", "draw", "draw_discard", "look_keep", "reveal_until",
                   "play_card", "retrieve_red", "cycle", "convert"):
            exact = False
    own_tags = set(rec["tags"])
    if any(e["kind"] == "on" and e["event"] == "tag" and e["self"] and own_tags & set(e["tags"])
           for e in rec.get("effects", ())):
        exact = False  # the card triggers on its own tags
    exp["exact_stock"] = exact
    return exp


@pytest.mark.parametrize("cid", PROJECTS)
def test_every_project_is_playable_and_does_what_its_data_says(cid: str) -> None:
    """Card data: each project loads, is legal to play in a position built for it, and changes the state as promised."""
    rec = projects()[cid]
    s = position_for(cid)
    acts = [str(a) for a in s.legal_actions(0)]
    assert f"play card={cid}" in acts, f"{rec['name']} is not playable in its constructed position: {acts[:8]}"
    p = pl(s, 0)
    before = {"prod": dict(p["prod"]), "steel": p["steel"], "titanium": p["titanium"], "tr": p["tr"],
              "forests": p["forests"], "mc": p["mc"], "heat": p["heat"], "plants": p["plants"],
              **{k: s.d["params"][k] for k in ("temperature", "oxygen", "ocean")}}
    from pyengine.games.ares_expedition.playing import price

    due = price(s.d, 0, rec)
    s.apply(0, f"play card={cid}")
    answer_all(s)
    p = pl(s, 0)
    exp = expected_on_play(rec)
    spent = _pay_total(rec)
    assert cid in p["table"] and cid not in p["hand"], "the card is on the table after play"
    assert p["prod"] == {k: before["prod"][k] + exp["prod"][k] for k in before["prod"]}, "production"
    assert p["steel"] == before["steel"] + exp["steel"] and p["titanium"] == before["titanium"] + exp["titanium"]
    for param in ("temperature", "oxygen", "ocean"):
        assert s.d["params"][param] == before[param] + exp[param], param
    assert p["forests"] == before["forests"] + exp["forests"], "forests"
    if exp["exact_stock"]:
        assert p["tr"] == before["tr"] + exp["tr"] - spent["tr"], "TR"
        assert p["mc"] == before["mc"] - due + exp["gain"]["mc"], "M€ after paying"
        assert p["plants"] == before["plants"] + exp["gain"]["plants"] - spent["plants"], "plants"
        assert p["heat"] == before["heat"] + exp["gain"]["heat"] - spent["heat"], "heat"
    else:
        assert p["tr"] >= before["tr"] + exp["tr"] - spent["tr"], "TR"
    if rec.get("holds"):
        assert p["res"][cid] >= exp["self_res"], "resources placed on the card"


BLUE_ACTIONS = sorted(c for c, r in projects().items() if r.get("action"))


def _prepare_costs(s: AresState, cid: str, option: Record) -> None:
    """Give seat 0 what an action option needs: resources on cards and cards in hand for its costs, and a card to
    take the resources it adds to another card (an action that would do nothing is not offered)."""
    p = pl(s, 0)
    for c in option.get("cost", ()):
        if c["op"] == "remove":
            holder = cid
            if not projects()[cid].get("holds"):
                kinds = c["res"] if isinstance(c["res"], list) else [c["res"]]
                holder = next(x for x, r in sorted(projects().items()) if r.get("holds") in kinds
                              and r.get("set") != "promo" and x != cid)
                table(s, 0, holder)
            p["res"][holder] = p["res"].get(holder, 0) + c["n"] + 1
        if c["op"] == "discard":
            give(s, 0, *[x for x in s.d["deck"][-c["n"]:]])
    for op in option["do"]:
        if op["op"] == "add" and op["to"] == "other":  # an action that adds to another card needs one to add to
            kinds = op["res"] if isinstance(op["res"], list) else [op["res"]]
            holder = next(x for x, r in sorted(projects().items()) if r.get("holds") in kinds
                          and r.get("set") != "promo" and x != cid)
            if holder not in p["table"]:
                table(s, 0, holder)
        if op["op"] == "cycle" and not p["hand"]:  # discarding to draw needs a hand card
            give(s, 0, s.d["deck"][-1])
        if op["op"] == "play_card":  # playing a card from hand needs one that can be played
            give(s, 0, next(x for x in s.d["deck"] if projects()[x]["color"] in op["colors"]
                            and not projects()[x].get("req") and projects()[x]["cost"] <= op.get("max_cost", 99)))


@pytest.mark.parametrize("cid", BLUE_ACTIONS)
def test_every_card_action_is_usable_and_pays_its_cost(cid: str) -> None:
    """Card actions: each option can be used in an action phase, pays its cost, and changes the position."""
    rec = projects()[cid]
    for i, option in enumerate(rec["action"]):
        s = new(2, seed=7, promo_projects=rec.get("set") == "promo")
        in_phase(s, 3, chooser=None, picks=[1, 1])
        p = bare(s, 0, mc=100, heat=40, plants=40)
        p["tr"] = 20
        table(s, 0, cid)
        _prepare_costs(s, cid, option)
        touch(s)
        action = f"act card={cid}" + (f" option={i + 1}" if len(rec["action"]) > 1 else "")
        assert action in [str(a) for a in s.legal_actions(0)], f"{rec['name']} option {i + 1} is not usable"
        before = s.to_json()
        tr, mc, heat, plants = p["tr"], p["mc"], p["heat"], p["plants"]
        s.apply(0, action)
        answer_all(s)
        p = pl(s, 0)
        assert s.to_json() != before, "the action changed nothing"
        assert p["ph"]["used"][cid] == 1, "the action is marked used for this phase"
        from pyengine.games.ares_expedition.playing import pay_amount

        for c in option.get("cost", ()):
            if c["op"] == "pay":
                n = pay_amount(pl(s, 0), c, cid) if c["res"] == "mc" else c["n"]
                if c["res"] == "tr" and not any(o["op"] in ("raise", "ocean", "forest", "tr") for o in option["do"]):
                    assert p["tr"] == tr - n
                if c["res"] == "heat" and not any(o["op"] == "gain" and o["res"] == "heat" for o in option["do"]):
                    assert p["heat"] == heat - n
                if c["res"] == "plants" and not any(o.get("res") == "plants" or o["op"] in ("ocean",)
                                                    for o in option["do"]):
                    assert p["plants"] <= plants - min(n, plants)
                if c["res"] == "mc" and not any(o.get("res") == "mc" or o["op"] == "ocean" for o in option["do"]):
                    assert p["mc"] <= mc - min(n, 1) or n == 0
        assert f"act card={cid}" not in [str(a).split(" option")[0] for a in s.legal_actions(0)] or len(
            rec["action"]) > 1, "a card action is used once per phase"


TRIGGERS = sorted(c for c, r in {**projects(), **corporations()}.items()
                  if any(e["kind"] == "on" for e in r.get("effects", ())))


def _event(s: AresState, e: Record, pick: int = 0) -> None:
    """Make seat 0 cause the event a trigger listens for (on a position in phase II or III as needed)."""
    ev = e["event"]
    if ev in ("tag", "card"):
        tags = e.get("tags") or e.get("filter", {}).get("tags_any") or ["building"]
        color = e.get("filter", {}).get("color")
        cands = [c for c, r in sorted(projects().items(), key=lambda kv: kv[1]["cost"])
                 if set(tags) & set(r["tags"]) and not r.get("req") and r.get("set") != "promo"
                 and not r.get("effects") and (color is None or r["color"] == color)
                 and (e.get("filter", {}).get("gives") is None or any(o["op"] == "steel" for o in r.get("play", ())))]
        if not cands:
            cands = [c for c, r in sorted(projects().items(), key=lambda kv: kv[1]["cost"])
                     if set(tags) & set(r["tags"]) and not r.get("req") and r.get("set") != "promo"
                     and not r.get("action") and not any(x["kind"] == "on" for x in r.get("effects", ()))]
        c = cands[0]
        in_phase(s, 1 if projects()[c]["color"] == "green" else 2, chooser=None, picks=[3, 3])
        give(s, 0, c)
        s.apply(0, f"play card={c}")
    elif ev == "step":
        in_phase(s, 3, chooser=None, picks=[1, 1])
        what = {"ocean": "buy_ocean", "temperature": "buy_temp", "oxygen": "buy_forest"}[e["params"][0]]
        s.apply(0, f"std what={what}")
    elif ev == "forest":
        in_phase(s, 3, chooser=None, picks=[1, 1])
        s.apply(0, "std what=buy_forest")
    elif ev == "action":
        in_phase(s, 3, chooser=None, picks=[1, 1])
        table(s, 0, "circuit-board-factory")
        s.apply(0, "act card=circuit-board-factory")
    elif ev == "tr_first":
        in_phase(s, 3, chooser=None, picks=[1, 1])
        s.apply(0, "std what=buy_temp")
    elif ev == "add_other":
        in_phase(s, 3, chooser=None, picks=[1, 1])
        table(s, 0, "tardigrades", "symbiotic-fungus")
        s.apply(0, "act card=symbiotic-fungus")
    answer_all(s, pick)


def _observe(s: AresState, cid: str) -> dict[str, Any]:
    """Return what trigger effects can change for seat 0."""
    p = pl(s, 0)
    return {"tr": p["tr"], "mc": p["mc"], "heat": p["heat"], "plants": p["plants"], "hand": len(p["hand"]),
            "here": p["res"].get(cid, 0), "res_total": sum(p["res"].values()), "deck": len(s.d["deck"])}


@pytest.mark.parametrize("cid", TRIGGERS)
def test_every_triggered_effect_fires_on_its_event(cid: str) -> None:
    """Triggered effects: the same event with and without the card differs exactly as the effect's ops say."""
    rec = {**projects(), **corporations()}[cid]
    for e in [x for x in rec["effects"] if x["kind"] == "on"]:
        seen = []
        for pick in (0, 99):  # the first answers, then the last ones (e.g. paying for UNMI's extra TR)
            runs = []
            for with_card in (False, True):
                s = new(2, seed=9)
                p = bare(s, 0, mc=100, heat=20, plants=20)
                for pile in (s.d["deck"], s.d["discard"]):
                    if cid in pile:
                        pile.remove(cid)  # out of the deck in both runs, so deck sizes compare
                give(s, 0, *s.d["deck"][-2:])
                if with_card:
                    if cid in corporations():
                        p["corp"] = cid
                        if rec.get("holds"):
                            p["res"][cid] = 0
                    else:
                        p["table"].append(cid)
                        if rec.get("holds"):
                            p["res"][cid] = 0
                touch(s)
                _event(s, e, pick)
                runs.append(_observe(s, cid))
            seen.append(runs)
        without, with_ = seen[0]
        simple = all(o["op"] in ("gain", "draw", "tr", "add") and "per" not in o for o in e["do"])
        if simple and e["event"] not in ("card", "tag"):
            expect = dict(without)
            for o in e["do"]:
                if o["op"] == "gain":
                    expect[o["res"]] += o["n"]
                elif o["op"] == "draw":
                    expect["hand"] += o["n"]
                    expect["deck"] -= o["n"]
                elif o["op"] == "tr":
                    expect["tr"] += o["n"]
                elif o["op"] == "add" and o["to"] == "self":
                    expect["here"] += o["n"]
                    expect["res_total"] += o["n"]
            assert with_ == expect, f"{rec['name']}: {e['event']} trigger"
        else:
            assert any(w != wo for wo, w in seen), f"{rec['name']}: the {e['event']} trigger changed nothing"


@pytest.mark.parametrize("cid", CORPS)
def test_every_corporation_starts_with_its_data(cid: str) -> None:
    """Corporations: keeping one gives its starting M€ and its starting production, steel and titanium."""
    rec = corporations()[cid]
    s = new(2, seed=3, corps=[cid, next(c for c in CORPS if c != cid)], promo_corporations=rec["set"] == "promo")
    p = pl(s, 0)
    assert p["corp"] == cid
    prod = {"mc": 0, "heat": 0, "plants": 0, "cards": 0}
    steel = titanium = 0
    for op in rec.get("play", ()):
        if op["op"] == "prod":
            prod[op["res"]] += op["n"]
        elif op["op"] == "steel":
            steel += op["n"]
        elif op["op"] == "titanium":
            titanium += op["n"]
    if any(op["op"] == "play_card" for op in rec.get("play", ())):
        assert len(p["table"]) == 1 and len(p["hand"]) == 7, "the free starting play put a hand card on the table"
        return
    assert p["prod"] == prod and p["steel"] == steel and p["titanium"] == titanium
    assert p["mc"] == rec["mc"], "starting M€"
    assert len(s.d["ocean_pile"]) == len(board()["oceans"])
