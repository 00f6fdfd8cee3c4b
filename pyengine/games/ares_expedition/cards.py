"""The card and board data: loading every record of ``data/*.json`` and checking it against the schema in DATA.md."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from ...core.carddata import CardData

Record = dict[str, Any]
DATA = CardData("Ares Expedition", __package__)
_load, _fail, _int = DATA.load, DATA.fail, DATA.integer

TAGS = ("building", "space", "science", "power", "earth", "jovian", "plant", "microbe", "animal", "event")
COLORS = ("green", "blue", "red")
ZONES = ("purple", "red", "yellow", "white")
PARAMS = ("temperature", "oxygen")
STOCK = ("mc", "heat", "plants")
PRODUCTION = ("mc", "heat", "plants", "cards")
HELD = ("animal", "microbe", "science")
EVENTS = ("tag", "card", "step", "forest", "action", "tr_first", "add_other")
COUNT_PER = ("steel", "titanium", "forests", "cards_played", "blue_cards", "here", *(f"tag:{t}" for t in TAGS))

# op name -> (required fields, optional fields)
OPS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "gain": (frozenset({"res", "n"}), frozenset({"per"})),
    "prod": (frozenset({"res", "n"}), frozenset()),
    "steel": (frozenset({"n"}), frozenset()),
    "titanium": (frozenset({"n"}), frozenset()),
    "raise": (frozenset({"param", "n"}), frozenset()),
    "ocean": (frozenset({"n"}), frozenset()),
    "forest": (frozenset({"n"}), frozenset()),
    "tr": (frozenset({"n"}), frozenset({"per"})),
    "draw": (frozenset({"n"}), frozenset({"per"})),
    "draw_discard": (frozenset({"draw", "discard"}), frozenset()),
    "look_keep": (frozenset({"look", "keep"}), frozenset({"filter", "per_discard"})),
    "reveal_until": (frozenset({"filter"}), frozenset()),
    "add": (frozenset({"res", "n", "to"}), frozenset()),
    "choose": (frozenset({"options"}), frozenset()),
    "if": (frozenset({"cond", "do"}), frozenset()),
    "extra_play": (frozenset({"colors", "n"}), frozenset()),
    "next_discount": (frozenset({"n"}), frozenset()),
    "next_shift": (frozenset({"zones"}), frozenset()),
    "play_card": (frozenset({"colors"}), frozenset({"max_cost", "free", "discount"})),
    "retrieve_red": (frozenset(), frozenset()),
    "cycle": (frozenset({"max"}), frozenset({"bonus_tag"})),
    "convert": (frozenset({"from", "to"}), frozenset({"max"})),
}
COST_OPS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "pay": (frozenset({"res", "n"}), frozenset({"less"})),
    "remove": (frozenset({"res", "n", "from"}), frozenset()),
    "discard": (frozenset({"n"}), frozenset()),
}
EFFECTS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "discount": (frozenset({"n"}), frozenset({"filter"})),
    "metal_value": (frozenset({"steel", "titanium"}), frozenset()),
    "req_shift": (frozenset({"zones"}), frozenset()),
    "research": (frozenset({"draw", "keep"}), frozenset()),
    "sell_bonus": (frozenset({"n"}), frozenset()),
    "standard_discount": (frozenset({"n"}), frozenset()),
    "forest_plants": (frozenset({"n"}), frozenset()),
    "heat_as_mc": (frozenset(), frozenset()),
    "pay_option": (frozenset({"cost", "discount"}), frozenset()),
    "on": (frozenset({"event", "do"}), frozenset({"tags", "self", "params", "filter", "res"})),
}
PROJECT_FIELDS = frozenset({"number", "id", "name", "color", "cost", "tags", "req", "play", "prod_per", "effects",
                            "action", "vp", "vp_per", "holds", "beginner", "set", "note"})
CORP_FIELDS = frozenset({"number", "id", "name", "set", "tags", "mc", "play", "effects", "action", "vp_per", "holds",
                         "beginner", "note"})


def _fields(where: str, rec: Record, key: str, table: dict[str, tuple[frozenset[str], frozenset[str]]]) -> None:
    """Check that a record's name is known and that it has exactly the allowed fields."""
    name = rec.get(key)
    if name not in table:
        raise _fail(where, f"unknown {key} {name!r}")
    need, may = table[name]
    have = set(rec) - {key}
    if need - have or have - need - may:
        raise _fail(where, f"{key} {name!r} needs {sorted(need)}, may have {sorted(may)}, has {sorted(have)}")


def _records(where: str, items: Any, what: str, key: str, table: dict[str, tuple[frozenset[str], frozenset[str]]],
             *, non_empty: bool = False) -> Iterator[tuple[str, Record]]:
    """Yield (place, record) for each record of a list, after checking the list, each object and its fields."""
    if not isinstance(items, list) or (non_empty and not items):
        raise _fail(where, f"{what}s must be a {'non-empty ' if non_empty else ''}list, got {items!r}")
    for i, rec in enumerate(items):
        w = f"{where}[{i}]"
        if not isinstance(rec, dict):
            raise _fail(w, f"{what} must be an object, got {rec!r}")
        _fields(w, rec, key, table)
        yield w, rec


def _small_ints(where: str, rec: Record, keys: tuple[str, ...]) -> None:
    """Check that each of these fields, where present, is a whole number from 0 to 30."""
    for k in keys:
        if k in rec:
            _int(where, rec[k], 0, 30)


def _filter(where: str, flt: Any) -> None:
    """Check a card filter: tags_any, color, not_color, min_cost, gives."""
    if not isinstance(flt, dict) or set(flt) - {"tags_any", "color", "not_color", "min_cost", "gives"}:
        raise _fail(where, f"bad filter {flt!r}")
    if "tags_any" in flt and (not isinstance(flt["tags_any"], list) or set(flt["tags_any"]) - set(TAGS)):
        raise _fail(where, f"bad filter tags {flt!r}")
    for k in ("color", "not_color"):
        if k in flt and flt[k] not in COLORS:
            raise _fail(where, f"bad filter colour {flt!r}")
    if "min_cost" in flt:
        _int(where, flt["min_cost"], 0, 99)
    if "gives" in flt and flt["gives"] not in ("steel", "titanium"):
        raise _fail(where, f"bad filter gives {flt!r}")


def _cond(where: str, cond: Any) -> None:
    """Check a condition: chose (a phase), blue_cards (a minimum), or tags with min."""
    if not isinstance(cond, dict):
        raise _fail(where, f"bad condition {cond!r}")
    if set(cond) == {"chose"}:
        _int(where, cond["chose"], 1, 5)
    elif set(cond) == {"blue_cards"}:
        _int(where, cond["blue_cards"], 1, 30)
    elif set(cond) == {"tags", "min"} and cond["tags"] in TAGS:
        _int(where, cond["min"], 1, 30)
    else:
        raise _fail(where, f"bad condition {cond!r}")


def _res_list(where: str, res: Any, allowed: tuple[str, ...]) -> None:
    """Check a resource name or a list of them."""
    items = res if isinstance(res, list) else [res]
    if not items or any(r not in allowed for r in items):
        raise _fail(where, f"bad resource {res!r}")


def check_ops(where: str, ops: Any) -> None:
    """Check a list of effect ops (see DATA.md, "Ops")."""
    for w, op in _records(where, ops, "op", "op", OPS):
        kind = op["op"]
        _small_ints(w, op, ("n", "draw", "discard", "look", "keep", "max", "zones", "max_cost", "discount"))
        if "per" in op and op["per"] not in COUNT_PER:
            raise _fail(w, f"bad per {op['per']!r}")
        if kind == "gain" and op["res"] not in STOCK:
            raise _fail(w, f"bad resource {op['res']!r}")
        if kind == "prod" and op["res"] not in PRODUCTION:
            raise _fail(w, f"bad production {op['res']!r}")
        if kind == "raise" and op["param"] not in PARAMS:
            raise _fail(w, f"bad parameter {op['param']!r}")
        if kind == "add":
            if op["res"] != "same":
                _res_list(w, op["res"], HELD)
            if op["to"] not in ("self", "other", "stocked"):
                raise _fail(w, f"bad target {op['to']!r}")
        if kind == "choose":
            DATA.choices(w, op["options"], check_option)
        if kind == "if":
            _cond(w, op["cond"])
            check_ops(f"{w}.do", op["do"])
        if kind in ("look_keep", "reveal_until") and "filter" in op:
            _filter(w, op["filter"])
        if kind == "look_keep" and "per_discard" in op:
            check_ops(f"{w}.per_discard", op["per_discard"])
        if kind in ("extra_play", "play_card") and (not isinstance(op["colors"], list) or not op["colors"] or set(
                op["colors"]) - set(COLORS)):
            raise _fail(w, f"bad colours {op['colors']!r}")
        if kind == "convert" and (op["from"] not in STOCK or op["to"] not in STOCK):
            raise _fail(w, f"bad conversion {op!r}")
        if kind == "cycle" and "bonus_tag" in op and op["bonus_tag"] not in TAGS:
            raise _fail(w, f"bad bonus tag {op['bonus_tag']!r}")


def check_costs(where: str, costs: Any) -> None:
    """Check a list of costs (pay, remove, discard)."""
    for w, c in _records(where, costs, "cost", "op", COST_OPS, non_empty=True):
        _int(w, c["n"], 1, 30)
        if c["op"] == "pay":
            if c["res"] not in (*STOCK, "tr"):
                raise _fail(w, f"bad payment {c['res']!r}")
            for less in c.get("less", []):
                if not isinstance(less, dict) or set(less) not in ({"per", "n"}, {"if", "n"}):
                    raise _fail(w, f"bad reduction {less!r}")
                _int(w, less["n"], 1, 30)
                if "per" in less and less["per"] not in COUNT_PER:
                    raise _fail(w, f"bad reduction {less!r}")
                if "if" in less:
                    _cond(w, less["if"])
        if c["op"] == "remove":
            _res_list(w, c["res"], HELD)
            if c["from"] not in ("self", "any"):
                raise _fail(w, f"bad source {c['from']!r}")


def check_option(where: str, option: Any) -> None:
    """Check one option: optional costs, then ops."""
    if not isinstance(option, dict) or set(option) - {"cost", "do"} or "do" not in option:
        raise _fail(where, f"an option needs 'do' and may have 'cost', got {option!r}")
    if "cost" in option:
        check_costs(f"{where}.cost", option["cost"])
    check_ops(f"{where}.do", option["do"])


def check_effects(where: str, effects: Any) -> None:
    """Check a list of ongoing effects (see DATA.md, "Effects")."""
    for w, e in _records(where, effects, "effect", "kind", EFFECTS):
        kind = e["kind"]
        _small_ints(w, e, ("n", "zones", "draw", "keep", "steel", "titanium", "discount"))
        if kind == "discount" and "filter" in e:
            _filter(w, e["filter"])
        if kind == "pay_option":
            check_costs(f"{w}.cost", e["cost"])
        if kind == "on":
            if e["event"] not in EVENTS:
                raise _fail(w, f"unknown event {e['event']!r}")
            if e["event"] == "tag" and (not isinstance(e.get("tags"), list) or set(e["tags"]) - set(TAGS)
                                        or not isinstance(e.get("self"), bool)):
                raise _fail(w, "a tag trigger needs tags and self")
            if e["event"] == "step" and (not isinstance(e.get("params"), list) or set(e["params"]) - {
                    "temperature", "oxygen", "ocean"}):
                raise _fail(w, "a step trigger needs params")
            if e["event"] == "add_other" and e.get("res") not in HELD:
                raise _fail(w, "an add_other trigger needs res")
            if "filter" in e:
                _filter(w, e["filter"])
            check_ops(f"{w}.do", e["do"])


def check_requirements(where: str, reqs: Any) -> None:
    """Check a list of requirements: zone, oceans, tags, tr, spend."""
    if not isinstance(reqs, list) or not reqs:
        raise _fail(where, f"req must be a non-empty list, got {reqs!r}")
    for r in reqs:
        kind = r.get("kind") if isinstance(r, dict) else None
        if kind == "zone":
            if r["param"] not in PARAMS or set(r) - {"kind", "param", "min", "max"} or not (
                    set(r) & {"min", "max"}) or any(r[k] not in ZONES for k in ("min", "max") if k in r):
                raise _fail(where, f"bad zone requirement {r!r}")
        elif kind == "oceans":
            if set(r) - {"kind", "min", "max"} or not set(r) & {"min", "max"}:
                raise _fail(where, f"bad ocean requirement {r!r}")
            for k in ("min", "max"):
                if k in r:
                    _int(where, r[k], 0, 9)
        elif kind == "tags":
            if set(r) != {"kind", "tag", "min"} or r["tag"] not in TAGS:
                raise _fail(where, f"bad tag requirement {r!r}")
            _int(where, r["min"], 1, 20)
        elif kind == "tr":
            if set(r) != {"kind", "min"}:
                raise _fail(where, f"bad TR requirement {r!r}")
            _int(where, r["min"], 1, 60)
        elif kind == "spend":
            if set(r) != {"kind", "res", "n"} or r["res"] not in ("tr", "plants", "heat"):
                raise _fail(where, f"bad spend requirement {r!r}")
            _int(where, r["n"], 1, 20)
        else:
            raise _fail(where, f"bad requirement {r!r}")


def _vp_per(where: str, v: Any) -> None:
    """Check a VP formula: 1 VP per ``div`` of ``per``."""
    if not isinstance(v, dict) or set(v) != {"per", "div"} or v["per"] not in COUNT_PER:
        raise _fail(where, f"bad vp_per {v!r}")
    _int(where, v["div"], 1, 10)


def check_project(rec: Any) -> Record:
    """Check one project card record and return it."""
    where = f"project {rec.get('name', '?') if isinstance(rec, dict) else rec!r}"
    if not isinstance(rec, dict) or set(rec) - PROJECT_FIELDS:
        raise _fail(where, f"unknown fields {sorted(set(rec) - PROJECT_FIELDS) if isinstance(rec, dict) else ''}")
    for k in ("number", "id", "name", "color", "cost", "tags"):
        if k not in rec:
            raise _fail(where, f"missing {k}")
    if rec["color"] not in COLORS or not isinstance(rec["tags"], list) or set(rec["tags"]) - set(TAGS):
        raise _fail(where, "bad colour or tags")
    _int(where, rec["cost"], 0, 60)
    if "req" in rec:
        check_requirements(where, rec["req"])
    if "play" in rec:
        check_ops(f"{where}.play", rec["play"])
    if "prod_per" in rec:
        pp = rec["prod_per"]
        if not isinstance(pp, dict) or set(pp) != {"res", "per", "div"} or pp["res"] not in PRODUCTION or not (
                isinstance(pp["per"], list) and pp["per"] and not set(pp["per"]) - set(COUNT_PER)):
            raise _fail(where, f"bad prod_per {pp!r}")
        _int(where, pp["div"], 1, 10)
    if "effects" in rec:
        check_effects(f"{where}.effects", rec["effects"])
    if "action" in rec:
        if rec["color"] != "blue" or not isinstance(rec["action"], list) or not rec["action"]:
            raise _fail(where, "only blue cards have actions, as a non-empty list of options")
        for j, o in enumerate(rec["action"]):
            check_option(f"{where}.action[{j}]", o)
    if "vp" in rec:
        _int(where, rec["vp"], -5, 10)
    if "vp_per" in rec:
        _vp_per(where, rec["vp_per"])
    if "holds" in rec and rec["holds"] not in HELD:
        raise _fail(where, f"bad holds {rec['holds']!r}")
    if rec.get("vp_per", {}).get("per") == "here" and "holds" not in rec:
        raise _fail(where, "VP per resource here needs holds")
    return rec


def check_corporation(rec: Any) -> Record:
    """Check one corporation record and return it."""
    where = f"corporation {rec.get('name', '?') if isinstance(rec, dict) else rec!r}"
    if not isinstance(rec, dict) or set(rec) - CORP_FIELDS:
        raise _fail(where, "unknown fields")
    for k in ("number", "id", "name", "set", "tags", "mc"):
        if k not in rec:
            raise _fail(where, f"missing {k}")
    if rec["set"] not in ("base", "promo") or set(rec["tags"]) - set(TAGS):
        raise _fail(where, "bad set or tags")
    _int(where, rec["mc"], 0, 99)
    if "play" in rec:
        check_ops(f"{where}.play", rec["play"])
    if "effects" in rec:
        check_effects(f"{where}.effects", rec["effects"])
    if "action" in rec:
        for j, o in enumerate(rec["action"]):
            check_option(f"{where}.action[{j}]", o)
    if "vp_per" in rec:
        _vp_per(where, rec["vp_per"])
    if "holds" in rec and rec["holds"] not in HELD:
        raise _fail(where, f"bad holds {rec['holds']!r}")
    return rec


@cache
def board() -> Record:
    """Return the board constants (tracks, zones, ocean tiles, standard actions, phases)."""
    data: Record = _load("board.json")
    if len(data["oceans"]) != 9:
        raise _fail("board", "there must be 9 ocean tiles")
    return data


@cache
def projects() -> dict[str, Record]:
    """Return every project card (base and promo) by id, each checked against the schema."""
    out: dict[str, Record] = {}
    for name in ("projects.json", "promo_projects.json"):
        for rec in _load(name):
            check_project(rec)
            if rec["id"] in out:
                raise _fail(f"project {rec['id']}", "duplicate id")
            out[rec["id"]] = rec
    return out


@cache
def corporations() -> dict[str, Record]:
    """Return every corporation (base and promo) by id, each checked against the schema."""
    out: dict[str, Record] = {}
    for rec in _load("corporations.json"):
        check_corporation(rec)
        out[rec["id"]] = rec
    return out


_BY_ID: dict[str, Record] = {}


def card(cid: str) -> Record:
    """Return a project card or a corporation by id (KeyError for an unknown id)."""
    rec = _BY_ID.get(cid)
    if rec is None:
        if not _BY_ID:
            _BY_ID.update(projects())
            _BY_ID.update(corporations())
        rec = _BY_ID[cid]
    return rec


def base_deck() -> list[str]:
    """Return the ids of the 208 base project cards, in printed order."""
    return list(_decks()[0])


def promo_deck() -> list[str]:
    """Return the ids of the 11 promo project cards."""
    return list(_decks()[1])


@cache
def _decks() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Return the base and the promo project ids, in printed order."""
    every = projects()
    return (tuple(c for c, r in every.items() if r.get("set") != "promo"),
            tuple(c for c, r in every.items() if r.get("set") == "promo"))
