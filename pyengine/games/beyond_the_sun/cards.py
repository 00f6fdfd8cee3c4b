"""The card and board data: loading every record of ``data/*.json`` and checking it against the schema in DATA.md."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from ...core.carddata import CardData

Record = dict[str, Any]
DATA = CardData("Beyond the Sun", __package__)
_load, _fail, _int = DATA.load, DATA.fail, DATA.integer

TYPES = ("scientific", "economic", "military", "commercial")
ORIGINS = ("confirmed", "tentative", "stand-in")
PRINTINGS = ("original", "revised")
DECKS: dict[str, str] = {"real_level_3": "techs.json", "stand_ins_2026": "techs-2026.12.json"}
"""The tech decks a game may be dealt from (option ``tech_deck``) -> the data file that lists them, in deal order.

``real_level_3`` (rules 2026.12.1 on): the 16 real level-III cards. ``stand_ins_2026``: the deck of rules 2026.11 and
2026.12 (16 invented level-III cards), a frozen copy kept so that games saved then replay the same. A tech id names
one record forever: a record in two files must be the same in both (``techs`` checks it)."""
CURRENT_DECK = "real_level_3"
COUNTERS = frozenset({
    "colonies", "controlled", "techs", "techs_level_1", "techs_level_2", "techs_level_3", "techs_level_4",
    "techs_scientific", "techs_economic", "techs_military", "techs_commercial", "ships", "fleet_strength",
    "automation", "population", "ore", "private_techs", "achievements", "locations_strength_4"})
STEP_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    # op: (required fields, optional fields)
    "gain_ore": (frozenset({"n"}), frozenset({"per", "every", "max"})),
    "gain_population": (frozenset({"n"}), frozenset({"per", "every", "max", "from_column"})),
    "automate": (frozenset({"track", "n"}), frozenset()),
    "build_ship": (frozenset({"level", "n", "from", "where"}), frozenset({"optional", "from_column"})),
    "upgrade_ship": (frozenset({"n", "levels"}), frozenset({"same_ship"})),
    "jump": (frozenset({"n"}), frozenset({"ore_per_takeover"})),
    "research": (frozenset(), frozenset({"levels", "level_by", "revealed_only", "optional", "bga_optional",
                                         "ignore_prereqs", "no_immediate"})),
    "colonize": (frozenset(), frozenset({"strength_discount", "uncontrolled_at_start"})),
    "basic_action": (frozenset(), frozenset()),
    "vp": (frozenset({"n"}), frozenset()),
    "retire_ship": (frozenset({"n"}), frozenset()),
    "private_tech": (frozenset({"level"}), frozenset()),
    "choose": (frozenset({"options"}), frozenset()),
    "may_pay": (frozenset({"cost", "steps"}), frozenset()),
    "pay": (frozenset({"cost", "steps"}), frozenset()),
    "copy_research": (frozenset(), frozenset()),
    "move_supply": (frozenset({"n"}), frozenset()),
    "each_faction": (frozenset({"steps"}), frozenset()),
    "production_all_three": (frozenset(), frozenset()),
    "extend_supply_a": (frozenset(), frozenset()),
    "add_extra_system": (frozenset(), frozenset()),
    "remove_guild_tile": (frozenset({"tier"}), frozenset()),
    "keep_card": (frozenset({"vp"}), frozenset()),
    "start_in_deep_space": (frozenset(), frozenset()),
}
PASSIVE_FIELDS: dict[str, frozenset[str]] = {
    "jump_bonus": frozenset({"n"}), "ore_production_bonus": frozenset({"n"}), "growth_bonus": frozenset({"n"}),
    "colonize_discount": frozenset({"ore"}), "research_discount": frozenset({"ore"}),
    "build_level_bonus": frozenset({"n"}), "trade_ore_for_population": frozenset({"ore"}),
    "deep_space_strength": frozenset({"n"}), "end_vp": frozenset({"vp"}), "star_discs": frozenset(),
    "skip_prerequisite": frozenset({"n"}), "jump_anywhere": frozenset(), "population_cost_as_ore": frozenset({"ore"}),
    "either_track_discs": frozenset(),
}
FLAG_STEP_FIELDS = ("revealed_only", "optional", "bga_optional", "ignore_prereqs", "no_immediate", "same_ship",
                    "uncontrolled_at_start")
"""Step fields that are switches: true when present (``false`` is written by leaving the field out)."""
COMMON = frozenset({"id", "name", "origin", "sources", "text", "name_known", "name_pl", "note", "confidence"})


def check_cost(where: str, cost: Any) -> None:
    """Check a cost object: ore and population counts only."""
    if not isinstance(cost, dict) or set(cost) - {"ore", "population"}:
        raise _fail(where, f"bad cost {cost!r}")
    for v in cost.values():
        _int(where, v, 0, 20)


def check_vp_value(where: str, vp: Any) -> None:
    """Check a VP value: an integer or a formula on a counter."""
    if isinstance(vp, dict):
        if set(vp) - {"per", "n", "plus", "max"} or vp.get("per") not in COUNTERS:
            raise _fail(where, f"bad VP formula {vp!r}")
        for k in ("n", "plus"):
            if k in vp:
                _int(where, vp[k], 0, 20)
        if vp.get("max") is not None:
            _int(where, vp["max"], 0, 50)
    else:
        _int(where, vp, 0, 20)


def check_steps(where: str, steps: Any) -> None:
    """Check a list of effect steps, recursively."""
    if not isinstance(steps, list):
        raise _fail(where, f"steps must be a list, got {steps!r}")
    for i, step in enumerate(steps):
        w = f"{where}[{i}]"
        if not isinstance(step, dict) or step.get("op") not in STEP_FIELDS:
            raise _fail(w, f"unknown step {step!r}")
        required, optional = STEP_FIELDS[step["op"]]
        keys = set(step) - {"op"}
        if required - keys or keys - required - optional:
            raise _fail(w, f"{step['op']} needs {sorted(required)} (may have {sorted(optional)}), got {sorted(keys)}")
        _check_step_values(w, step)


def _check_step_values(w: str, step: Record) -> None:
    """Check the values of one step's fields."""
    op = step["op"]
    for k in ("n", "levels", "vp", "ore_per_takeover", "strength_discount", "max"):
        if k in step and not isinstance(step[k], list):
            _int(w, step[k], 0, 20)
    if "every" in step:
        _int(w, step["every"], 1, 20)
    if ("every" in step or "max" in step) and "per" not in step:
        raise _fail(w, "every and max need a counter (per)")
    if "per" in step and step["per"] not in COUNTERS:
        raise _fail(w, f"unknown counter {step['per']!r}")
    for k in FLAG_STEP_FIELDS:
        if k in step and step[k] is not True:
            raise _fail(w, f"{k} is a switch: true, or left out")
    if op == "automate" and step["track"] not in ("food", "ore", "any"):
        raise _fail(w, f"bad track {step['track']!r}")
    if op == "build_ship":
        _int(w, step["level"], 1, 4)
        if step["from"] not in ("population", "supply") or step["where"] not in ("build", "sol", "deep_space"):
            raise _fail(w, f"bad build {step!r}")
    if op == "research":
        _check_research_levels(w, step)
    if op == "private_tech":
        _int(w, step["level"], 2, 3)
    if op == "remove_guild_tile":
        _int(w, step["tier"], 1, 2)
    if op == "choose":
        DATA.choices(w, step["options"], check_steps)
    if op in ("may_pay", "pay"):
        check_cost(w, step["cost"])
        check_steps(f"{w}.steps", step["steps"])
    if op == "each_faction":
        check_steps(f"{w}.steps", step["steps"])


def _check_research_levels(w: str, step: Record) -> None:
    """Check a research step's levels: a list of levels 1-4, or ``level_by`` (a level from a counter), not both."""
    if ("levels" in step) == ("level_by" in step):
        raise _fail(w, "a research step names its levels or its level_by, one of the two")
    if ("ignore_prereqs" in step or "no_immediate" in step) and "revealed_only" not in step:
        raise _fail(w, "ignore_prereqs and no_immediate are for a research of revealed techs only (revealed_only)")
    if "levels" in step and (not isinstance(step["levels"], list) or not step["levels"] or any(
            isinstance(x, bool) or x not in (1, 2, 3, 4) for x in step["levels"])):
        raise _fail(w, f"bad research levels {step['levels']!r}")
    by = step.get("level_by")
    if by is not None:
        if not isinstance(by, dict) or set(by) != {"per", "plus", "max"} or by["per"] not in COUNTERS:
            raise _fail(w, f"bad level_by {by!r}: needs per (a counter), plus and max")
        _int(w, by["plus"], 0, 4)
        _int(w, by["max"], 1, 4)


def check_passive(where: str, passive: Any) -> None:
    """Check a list of passive abilities."""
    if not isinstance(passive, list):
        raise _fail(where, "passive must be a list")
    for i, p in enumerate(passive):
        w = f"{where}.passive[{i}]"
        if not isinstance(p, dict) or p.get("kind") not in PASSIVE_FIELDS:
            raise _fail(w, f"unknown passive {p!r}")
        if set(p) - {"kind"} != PASSIVE_FIELDS[p["kind"]]:
            raise _fail(w, f"{p['kind']} needs {sorted(PASSIVE_FIELDS[p['kind']])}")
        if p["kind"] == "end_vp":
            check_vp_value(w, p["vp"])
        else:
            for v in (v for k, v in p.items() if k != "kind"):
                _int(w, v, 0, 10)


def check_anytime(where: str, anytime: Any, seen: set[str]) -> None:
    """Check a list of anytime abilities (ids unique across the whole data)."""
    if not isinstance(anytime, list):
        raise _fail(where, "anytime must be a list")
    for i, a in enumerate(anytime):
        w = f"{where}.anytime[{i}]"
        if not isinstance(a, dict) or set(a) - {"id", "cost", "steps", "per_turn", "text", "name"} or not {
                "id", "cost", "steps"} <= set(a):
            raise _fail(w, f"bad anytime ability {a!r}")
        if a["id"] in seen:
            raise _fail(w, f"duplicate ability id {a['id']!r}")
        seen.add(a["id"])
        check_cost(w, a["cost"])
        check_steps(f"{w}.steps", a["steps"])
        _int(w, a.get("per_turn", 1), 1, 9)


def _check_common(where: str, rec: Any, fields: set[str]) -> None:
    """Check the fields every record has, and refuse unknown ones."""
    if not isinstance(rec, dict):
        raise _fail(where, "a record must be an object")
    for k in ("id", "name", "origin", "sources", "text"):
        if k not in rec:
            raise _fail(where, f"missing {k!r}")
    if rec["origin"] not in ORIGINS:
        raise _fail(where, f"bad origin {rec['origin']!r}")
    unknown = set(rec) - COMMON - fields
    if unknown:
        raise _fail(where, f"unknown fields {sorted(unknown)}")


def _records(kind: str, fields: set[str], check: Callable[[str, Record], None],
             file: str | None = None) -> dict[str, Record]:
    """Return the records of ``data/<kind>s.json`` (or of ``file``) by id, each checked: its common fields and its
    kind's ``fields`` (``_check_common``), then ``check``; an id given twice is refused."""
    out: dict[str, Record] = {}
    for rec in _load(file or f"{kind}s.json")[f"{kind}s"]:
        w = f"{kind} {rec.get('id')!r}"
        _check_common(w, rec, fields)
        check(w, rec)
        if rec["id"] in out:
            raise _fail(w, "duplicate id")
        out[rec["id"]] = rec
    return out


@cache
def deck_techs(deck: str) -> dict[str, Record]:
    """Return the tech records of one deck (``DECKS``) by id, in the order its file lists them (the deal order)."""
    seen: set[str] = set()

    def check(w: str, rec: Record) -> None:
        """Check a tech's level, types, printing, steps, actions, abilities and VP."""
        _int(w, rec["level"], 1, 4)
        if not rec["types"] or len(rec["types"]) > 2 or any(t not in TYPES for t in rec["types"]):
            raise _fail(w, f"bad types {rec['types']!r}")
        if any(t not in TYPES for t in rec.get("passes", [])):
            raise _fail(w, f"bad passes {rec.get('passes')!r}")
        if rec.get("printing", "original") not in PRINTINGS:
            raise _fail(w, f"bad printing {rec['printing']!r}")
        check_steps(f"{w}.immediate", rec.get("immediate", []))
        for j, act in enumerate(rec.get("actions", [])):
            if set(act) - {"spaces", "cost", "steps", "text"}:
                raise _fail(f"{w}.actions[{j}]", f"unknown fields {sorted(set(act))}")
            _int(f"{w}.actions[{j}]", act["spaces"], 1, 3)
            check_cost(f"{w}.actions[{j}]", act.get("cost", {}))
            check_steps(f"{w}.actions[{j}].steps", act["steps"])
        check_passive(w, rec.get("passive", []))
        check_anytime(w, rec.get("anytime", []), seen)
        if rec["level"] == 4:
            check_vp_value(w, rec.get("vp"))
        elif rec.get("vp") is not None:
            raise _fail(w, "only level-IIII techs print VP")

    return _records("tech", {"level", "types", "passes", "immediate", "actions", "passive", "anytime", "vp",
                             "printing"}, check, DECKS[deck])


def current_techs() -> dict[str, Record]:
    """Return the tech records of the current deck (``CURRENT_DECK``): the cards a new game is dealt."""
    return deck_techs(CURRENT_DECK)


@cache
def techs() -> dict[str, Record]:
    """Return every tech record of every deck by id (the current deck's first), checked; an id that two decks hold
    must name the same record in both.

    Raises:
        CardDataError: a record is refused by the schema, or two decks give one id two different records.
    """
    out = dict(current_techs())
    for deck in DECKS:
        for cid, rec in deck_techs(deck).items():
            if out.setdefault(cid, rec) != rec:
                raise _fail(f"tech {cid!r}", f"deck {deck} gives this id another record: a changed card needs a new id")
    return out


@cache
def events() -> dict[str, Record]:
    """Return every event card by id, checked."""

    def check(w: str, rec: Record) -> None:
        """Check an event's level, lightness and steps."""
        _int(w, rec["level"], 2, 3)
        if not isinstance(rec["light"], bool):
            raise _fail(w, "light must be true or false")
        check_steps(f"{w}.steps", rec["steps"])

    return _records("event", {"level", "light", "steps"}, check)


@cache
def systems() -> dict[str, Record]:
    """Return every system card by id, checked."""
    seen: set[str] = set()

    def check(w: str, rec: Record) -> None:
        """Check a system's deck, colonize cost, VP, discs, bonus and abilities."""
        if rec["deck"] not in ("A", "B") or not isinstance(rec["start"], bool) or (rec["start"] and rec["deck"] != "A"):
            raise _fail(w, "bad deck/start")
        _int(w, rec["colonize"], 1, 12)
        check_vp_value(w, rec["vp"])
        if rec["control_disc"] not in ("food", "ore") or rec["colony_disc"] not in ("food", "ore"):
            raise _fail(w, "discs must be food or ore")
        check_steps(f"{w}.bonus", rec["bonus"])
        check_anytime(w, rec.get("anytime", []), seen)
        check_passive(w, rec.get("passive", []))

    return _records("system", {"deck", "start", "colonize", "vp", "control_disc", "colony_disc", "bonus", "anytime",
                               "passive", "subtitle"}, check)


@cache
def achievements() -> dict[str, Record]:
    """Return every achievement card by id, checked."""

    def check(w: str, rec: Record) -> None:
        """Check an achievement's group, condition and VP slots."""
        if rec["group"] not in ("basic", "A", "B"):
            raise _fail(w, "bad group")
        cond = rec["condition"]
        if not isinstance(cond, dict) or set(cond) != {"counter", "at_least"} or cond["counter"] not in COUNTERS:
            raise _fail(w, f"bad condition {cond!r}")
        _int(w, cond["at_least"], 1, 50)
        if not isinstance(rec["slots"], list) or not 1 <= len(rec["slots"]) <= 4:
            raise _fail(w, "slots must list 1-4 VP values")
        for v in rec["slots"]:
            _int(w, v, 0, 20)

    return _records("achievement", {"group", "condition", "slots"}, check)


@cache
def factions() -> Record:
    """Return the common mat and the factions (basic and advanced mats), checked."""
    data = _load("factions.json")
    common = data["common"]
    if common["supply_columns"] != [5, 4, 3, 3, 2] or len(common["automation_vp"]) != 7:
        raise _fail("factions.common", "supply columns must be 5/4/3/3/2 and automation VP 7 values")
    seen: set[str] = set()
    for fac in data["factions"]:
        w = f"faction {fac.get('id')!r}"
        for mat in ("basic", "advanced"):
            m = fac[mat]
            check_steps(f"{w}.{mat}.setup", m["setup"])
            for sym in m["growth_symbols"]:
                _int(w, sym["pos"], 1, 9)
                if sym["column"] not in "ABCDE" or len(sym["column"]) != 1:
                    raise _fail(w, f"bad growth symbol {sym!r}")
            for sym in m["ore_symbols"]:
                _int(w, sym["pos"], 1, 9)
                _int(w, sym["ore"], 1, 3)
            if 1 not in {s["pos"] for s in m["growth_symbols"]} or 1 not in {s["pos"] for s in m["ore_symbols"]}:
                raise _fail(w, f"{mat} mat: position 1 must carry a symbol on both tracks")
            for p in m.get("powers", []):
                cond = p["unlock"]
                if cond["counter"] not in COUNTERS:
                    raise _fail(w, f"bad unlock {cond!r}")
                check_passive(f"{w}.{p['id']}", p.get("passive", []))
                check_anytime(f"{w}.{p['id']}", p.get("anytime", []), seen)
    out: Record = data
    return out


@cache
def board() -> Record:
    """Return the tech tree, Basic Spacefaring, guilds and the exploration board sides."""
    data: Record = _load("board.json")
    for g in data["guilds"]:
        check_cost(f"guild {g['id']}", g["cost"])
        check_steps(f"guild {g['id']}", g["steps"])
    for key, act in data["basic_spacefaring"]["actions"].items():
        check_cost(f"basic {key}", act["cost"])
        check_steps(f"basic {key}", act["steps"])
    return data


def all_records() -> list[Record]:
    """Return every card record a new game uses (the current deck's techs, events, systems, achievements, factions),
    each tagged with its kind."""
    out: list[Record] = []
    for kind, recs in (("tech", current_techs()), ("event", events()), ("system", systems()),
                       ("achievement", achievements())):
        out.extend({"kind": kind, **r} for r in recs.values())
    for fac in factions()["factions"]:
        out.append({"kind": "faction", **fac})
    return out


def check_counts() -> None:
    """Raise CardDataError unless the pool has the printed counts (every deck: 46 techs 4/16/16/10; 20 events, 24
    systems...)."""
    techs()  # every deck loads, and no id names two records
    for deck in DECKS:
        cards = deck_techs(deck).values()
        per_level = [sum(1 for t in cards if t["level"] == lv) for lv in (1, 2, 3, 4)]
        if per_level != [4, 16, 16, 10]:
            raise _fail(f"techs of deck {deck}", f"need 4/16/16/10 per level, got {per_level}")
        if sorted(t["types"][0] for t in cards if t["level"] == 1) != sorted(TYPES):
            raise _fail(f"techs of deck {deck}", "level I needs one tech of each type")
    ev = [sum(1 for e in events().values() if e["level"] == lv) for lv in (2, 3)]
    light = [sum(1 for e in events().values() if e["level"] == lv and e["light"]) for lv in (2, 3)]
    if ev != [10, 10] or light != [2, 2]:
        raise _fail("events", f"need 10 + 10 with 2 light each, got {ev} / {light}")
    decks = [sum(1 for s in systems().values() if s["deck"] == k) for k in "AB"]
    starts = sum(1 for s in systems().values() if s["start"])
    if decks != [12, 12] or starts != 4:
        raise _fail("systems", f"need 12 A (4 start) + 12 B, got {decks} with {starts} start")
    groups = [sum(1 for a in achievements().values() if a["group"] == g) for g in ("basic", "A", "B")]
    if groups != [2, 4, 4]:
        raise _fail("achievements", f"need 2 basic + 4 A + 4 B, got {groups}")
    if len(factions()["factions"]) != 4:
        raise _fail("factions", "need 4 factions")
