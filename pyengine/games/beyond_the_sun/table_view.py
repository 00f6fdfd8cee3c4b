"""The view's ``table`` block: what the page's Beyond the Sun table draws, as numbers, ids, catalog texts and actions.

Every player-facing word is catalog Text JSON (ids in messages.py: ``bts.summary.tv.*``, and the existing
``bts.term.*``, ``bts.act.*``, ``bts.card.*``); every action is the text of one of the viewer's legal actions, so
the page never builds an action itself, and every legal action of the viewer is placed somewhere in the block
(a pawn space, a tech slot, a ship, a build place, an achievement, the question, or ``other``). Legality and the
reasons a pawn space is closed come from the rules' own functions (``legal_actions``, ``space_info``,
``effective_cost``, ``can_pay``, ``performable``, ``eligible_slots``, ``colonizable``, ``candidate_types``,
``claimable``'s counters), never from a copy of them. The shape is documented in docs/BTS_VIEW.md.

Hidden information is kept exactly as in view.py: deck orders are never read (only what is left in a deck, which
every player can work out from the revealed cards), a face-down event shows only that it is there, and the rest
of Beyond the Sun is public.
"""

from __future__ import annotations

from typing import Any

from ...core.api import JSON, Action
from ...core.text import Text, text
from .abilities import counter, passive
from .cards import TYPES, achievements, systems, techs
from .describe import describe_text, prompt_text
from .effects import current
from .messages import source_ref, steps_key, term
from .model import (
    LEVELS,
    TRACK_DISCS,
    Data,
    Faction,
    growth_yield,
    mat,
    neighbours,
    ore_yield,
    ship_list,
    side,
    strength_at,
    uncovered,
)
from .research import SLOT_ORDER, SLOTS, candidate_types, prereqs_met, prereqs_needed, step_slots
from .rules import BS, END_TRIGGER, GUILDS, legal_actions, space_info, to_move
from .scoring import breakdown, outcome, tiebreak_key
from .steps import can_pay, colonize_targets, effective_cost, performable

TV = "bts.summary.tv."
COLUMNS = "ABCDE"
QUESTION_KINDS = frozenset({"tech_type", "keep", "option", "pay", "accept", "decline", "guild", "automate", "star",
                            "basic", "produce", "trade", "done", "copy", "cube"})
"""Action kinds answered in the question panel (the rest sit on the board, the tree, the map or the mats)."""
SHIP_KINDS = frozenset({"jump", "upgrade", "retire", "settle", "colonize"})
SECTORS = (("A", True), ("B", False))
MAP_LAYOUT: dict[str, dict[str, tuple[int, int]]] = {
    "large": {"SOL": (600, 880), "DEEP": (600, 640), "SY1": (300, 780), "SY2": (900, 780),
              "SY3": (128, 460), "A1": (390, 400), "A2": (810, 400), "SY4": (1072, 460),
              "B1": (300, 150), "B2": (900, 150), "X": (600, 110)},
    "small": {"SOL": (600, 760), "DEEP": (600, 540), "SY1": (250, 660), "SY2": (950, 660),
              "A1": (200, 400), "A2": (1000, 400), "B1": (300, 170), "B2": (900, 170), "X": (600, 20)},
}
"""Where the page draws each location of each exploration-board side: the centre of its node, in the map's own
units (1200 wide, y growing downwards). Sol sits at the bottom in the middle, Deep Space above it and the first
shipyards beside it; the near systems (deck A) and the outer shipyards are farther out, the far systems (deck B)
and the extra slot at the top. Every location a side defines has a place (tested); the page fits its view to the
nodes it draws, so only the relative places matter."""
MAP_WIDTH = 1200


def _t(msg_id: str, **args: tuple[str, Any] | int) -> JSON:
    """Return one catalog text as Text JSON."""
    return text(msg_id, **args).to_json()


def _label(d: Data, seat: int, a: Action) -> JSON:
    """Return the label of one of the seat's legal actions (the same text the decision panel shows)."""
    t = describe_text(d, seat, a)
    return (t if t is not None else text("bts.prompt.phase_other")).to_json()


def _entry(d: Data, seat: int, a: Action) -> JSON:
    """Return an action as ``{"a", "label"}``."""
    return {"a": str(a), "label": _label(d, seat, a)}


def steps_text(steps: list[dict[str, Any]]) -> JSON:
    """Return a list of effect steps in words, as Text JSON (one catalog id per distinct list, messages.py)."""
    return _t(steps_key(steps))


def _cost_text(cost: dict[str, int]) -> JSON | None:
    """Return a cost as Text JSON ("2 ore", "1 population", "4 ore and 1 population"), or None when free."""
    ore, pop = int(cost.get("ore", 0)), int(cost.get("population", 0))
    if ore and pop:
        return _t(f"{TV}cost.both", ore=ore, population=pop)
    if ore:
        return _t(f"{TV}cost.ore", ore=ore)
    if pop:
        return _t(f"{TV}cost.population", population=pop)
    return None


# --- the action board --------------------------------------------------------------------------------------------

def _performable_reason(d: Data, seat: int, steps: list[dict[str, Any]], pop: int) -> Text:
    """Return why an action with these steps cannot be performed (``performable`` said no): the first research or
    colonize step with no target, else that it would do nothing."""
    for s in steps:
        optional = s.get("optional") or (s.get("bga_optional") and d["options"]["anomaly_research_optional"])
        if s["op"] == "research" and not optional:
            if pop < 1:
                return text(f"{TV}why.research_cube")
            if not step_slots(d, seat, s):
                return text(f"{TV}why.research")
        if s["op"] == "colonize" and not colonize_targets(d, seat, s):
            return text(f"{TV}why.colonize")
    return text(f"{TV}why.nothing")


def _space_reason(d: Data, seat: int | None, space: str, eff: dict[str, int], steps: list[dict[str, Any]],
                  ctx: dict[str, Any]) -> JSON | None:
    """Return why the viewer cannot move its pawn to a space now (it is not among its legal moves).

    In order: another pawn is there, the viewer's own pawn is there, the price, the action could not be performed
    (judged only while no effect is under way), and last the moment (not the viewer's action phase). A spectator
    gets only the first.
    """
    shared = space.startswith("bs.gain.")
    pawns = d["pawns"]
    if not shared:
        other = next((s for s, p in enumerate(pawns) if p == space and s != seat), None)
        if other is not None:
            return _t(f"{TV}why.taken", seat=("player", other))
    if seat is None:
        return None
    if not shared and pawns[seat] == space:
        return _t(f"{TV}why.here")
    f = d["factions"][seat]
    if not can_pay(f, eff):
        if f["ore"] < eff["ore"]:
            return _t(f"{TV}why.ore", n=eff["ore"], have=int(f["ore"]))
        if f["pop"] < eff["population"]:
            return _t(f"{TV}why.population", n=eff["population"], have=int(f["pop"]))
        return _t(f"{TV}why.supply", n=eff["population"])
    if not d["frames"]:  # (while an effect runs, a tech may be half revealed: nothing can be judged from it)
        key = (id(steps), eff["population"])
        done = ctx["performable"]
        if key not in done:
            done[key] = performable(d, seat, steps, f["pop"] - eff["population"])
        if not done[key]:
            return _performable_reason(d, seat, steps, f["pop"] - eff["population"]).to_json()
    movers = ctx["movers"]
    if seat not in movers and movers:
        return _t(f"{TV}why.turn", seat=("player", movers[0]))
    return _t(f"{TV}why.not_now")


def _space(d: Data, seat: int | None, space: str, moves: dict[str, Action], ctx: dict[str, Any]) -> JSON:
    """Return one pawn space: who is there, its price for the viewer, what it gives, and the move or why not."""
    cost, steps, surcharge, _ = space_info(d, space)
    if seat is None:
        eff = {"ore": int(cost.get("ore", 0)) + surcharge, "population": int(cost.get("population", 0))}
    else:
        eff = effective_cost(d, seat, cost, steps, surcharge)
    here = [s for s, p in enumerate(d["pawns"]) if p == space]
    a = moves.get(space)
    return {"id": space, "pawn": here[0] if here else None, "pawns": here, "cost": _cost_text(eff),
            "price": {"ore": eff["ore"], "population": eff["population"]}, "surcharge": surcharge,
            "gives": steps_text(steps), "a": str(a) if a else None,
            "label": _label(d, seat, a) if a and seat is not None else None,
            "why_not": None if a else _space_reason(d, seat, space, eff, steps, ctx)}


def _board(d: Data, seat: int | None, legal: list[Action]) -> JSON:
    """Return the action areas: each Basic Spacefaring row, each open guild, and the viewer's own tech actions."""
    moves = {str(a.get("space")): a for a in legal if a.kind == "move" and a.get("swap") is None}
    ctx: dict[str, Any] = {"performable": {}, "movers": to_move(d)}
    areas = []
    for row, surcharges in BS["spaces"][str(d["players"])].items():
        areas.append({"id": f"bs.{row}", "kind": "basic", "name": _t(f"bts.term.space.{row}"),
                      "help": _t(f"{TV}help.bs.{row}"), "shared": bool(BS["actions"][row].get("shared")),
                      "spaces": [_space(d, seat, f"bs.{row}.{i}", moves, ctx) for i in range(len(surcharges))]})
    for g, rec in GUILDS.items():
        if g in d["covered"]:
            continue
        areas.append({"id": f"guild.{g}", "kind": "guild", "name": _t(f"bts.term.guild.{g}"),
                      "help": _t(f"{TV}help.guild.{g}"), "shared": False,
                      "spaces": [_space(d, seat, f"guild.{g}.{i}", moves, ctx) for i in range(rec["spaces"])]})
    if seat is not None:
        for slot in d["factions"][seat]["techs"]:
            card = d["slots"][slot]["card"]
            acts = techs()[card].get("actions", []) if card else []
            if not acts:
                continue
            spaces = [_space(d, seat, f"tech.{slot}.{k}.{i}", moves, ctx)
                      for k, act in enumerate(acts) for i in range(act["spaces"])]
            areas.append({"id": f"tech.{slot}", "kind": "tech", "card": card, "name": _t(f"bts.card.{card}.name"),
                          "help": _t(f"bts.card.{card}.text"), "shared": False, "spaces": spaces})
    return {"areas": areas}


def _pawns(d: Data, seat: int | None) -> JSON:
    """Return where the pawns are; ``last`` is the viewer's space while its pawn must still leave it this turn."""
    mine = d["pawns"][seat] if seat is not None else None
    leaving = (seat is not None and d["turn"] == seat and d["phase"] == "action" and not d["frames"])
    return {"mine": mine, "last": mine if leaving else None, "seats": list(d["pawns"])}


# --- the tech tree -----------------------------------------------------------------------------------------------

def _deck_types(d: Data, level: int) -> dict[str, int]:
    """Return how many cards of each type are left in a level's deck (hybrids count for both types)."""
    out = dict.fromkeys(TYPES, 0)
    for c in d["decks"][str(level)]:
        for t in techs()[c]["types"]:
            out[t] += 1
    return out


def _open_types(d: Data, slot: str, left: dict[str, int]) -> list[str]:
    """Return the types an unrevealed slot may still become: handed on by its revealed prerequisites, with a card
    of that type left in the deck."""
    passed: set[str] = set()
    for p in SLOTS[slot]["prereqs"]:
        card = d["slots"][p]["card"]
        if card:
            passed.update(techs()[card].get("passes") or techs()[card]["types"])
    return [t for t in sorted(passed) if left.get(t)]


def _slot_why(d: Data, seat: int | None, slot: str, legal_here: bool, choose: list[str]) -> JSON | None:
    """Return why the viewer cannot research a slot now, in the order ``research.eligible_slots`` checks it (already
    researched, prerequisites, a type with cards left), then "not with this action"; None when it can, or for a
    spectator."""
    if seat is None or legal_here:
        return None
    info, state = SLOTS[slot], d["slots"][slot]
    if seat in state["by"]:
        return _t(f"{TV}why.slot_have")
    if info["prereqs"] and not prereqs_met(d, seat, slot):
        need = prereqs_needed(d, seat, slot)
        if need < len(info["prereqs"]):
            return _t(f"{TV}why.slot_some", n=need)
        return _t(f"{TV}why.slot_prereqs")
    if state["card"] is None and not choose:
        return _t(f"{TV}why.slot_type")
    return _t(f"{TV}why.slot_level", level=term("level", info["level"]))


def _techs(d: Data, seat: int | None, legal: list[Action]) -> JSON:
    """Return the tech tree by level, the decks left by type, and the guilds."""
    research = {str(a.get("slot")): a for a in legal if a.kind == "research"}
    left = {lv: _deck_types(d, lv) for lv in (2, 3, 4)}
    levels: dict[int, list[JSON]] = {lv: [] for lv in LEVELS}
    for slot in SLOT_ORDER:
        info, state = SLOTS[slot], d["slots"][slot]
        card = state["card"]
        have = prereqs_met(d, seat, slot) if seat is not None and info["prereqs"] else []
        # (a prerequisite being revealed right now has no card yet: its types are not known until it is kept)
        mine = bool(have) and all(d["slots"][p]["card"] for p in have)
        choose = candidate_types(d, seat, slot) if seat is not None and mine and card is None else []
        types = list(techs()[card]["types"]) if card else list(choose) if mine else _open_types(
            d, slot, left[info["level"]])
        a = research.get(slot)
        levels[info["level"]].append({
            "slot": slot, "level": info["level"], "card": card, "types": types, "owners": list(state["by"]),
            "prereqs": list(info["prereqs"]), "covered": None,
            "need": prereqs_needed(d, seat, slot) if seat is not None else int(info.get("need", len(info["prereqs"]))),
            "stand_in": bool(card) and techs()[card]["origin"] == "stand-in", "event": state["event"] is not None,
            "choose_types": choose, "why_not": _slot_why(d, seat, slot, a is not None, choose),
            "research": [{"a": str(a), "label": _label(d, seat, a), "type": None}] if a and seat is not None else []})
    guilds = [{"id": g, "name": _t(f"bts.term.guild.{g}"), "covered": g in d["covered"], "tier": rec["tier"],
               "help": _t(f"{TV}help.guild.{g}")} for g, rec in GUILDS.items()]
    return {"levels": [{"level": lv, "slots": levels[lv]} for lv in LEVELS],
            "deck_sizes": {str(lv): left[lv] for lv in (2, 3, 4)},
            "deck_counts": {str(lv): len(d["decks"][str(lv)]) for lv in (2, 3, 4)}, "guilds": guilds}


# --- the star map ------------------------------------------------------------------------------------------------

def _reward(loc: dict[str, Any], card: str | None) -> JSON | None:
    """Return what a location is worth: the majority VP of Sol and Deep Space, a shipyard's base disc, or the system's
    base disc, colony VP and colonization bonus."""
    if loc["kind"] in ("sol", "deep_space"):
        return _t(f"{TV}reward.majority")
    if loc["kind"] == "shipyard":
        return _t(f"{TV}reward.shipyard", track=term("track", loc["disc"]))
    return _t(f"{TV}reward.{card}") if card else None


def _map(d: Data) -> JSON:
    """Return every location in use (the extra slot only while it holds a system) with its ships, control and the
    place the page draws it at (``MAP_LAYOUT``)."""
    kinds = {"sol": "sol", "deep_space": "deep", "shipyard": "shipyard", "system": "system", "extra": "system"}
    out = []
    facs = d["factions"]
    layout = MAP_LAYOUT[d["side"]]
    for loc in side(d)["locations"]:
        lid = loc["id"]
        card = d["locs"].get(lid)
        if loc["kind"] == "extra" and not card:
            continue
        system = loc["kind"] in ("system", "extra")
        ships = []
        strength: dict[str, int] = {}
        for s, f in enumerate(facs):
            row = f["ships"].get(lid)
            if row:
                ships += [{"seat": s, "level": lv, "n": int(row[lv - 1])} for lv in LEVELS if row[lv - 1]]
                strength[str(s)] = strength_at(f, lid)
        holder = d["control"].get(lid)
        out.append({
            "id": lid, "name": _t(f"bts.term.loc.{lid}"), "kind": kinds[loc["kind"]],
            "sector": loc.get("deck") if system else None, "card": card, "face_up": bool(card) or not system,
            "empty": system and not card,
            "colonize": int(systems()[card]["colonize"]) if card else None, "control": None,
            "reward": _reward(loc, card), "ships": ships, "strength": strength,
            "controller": holder["seat"] if holder else None, "base": holder["disc"] if holder else None,
            "colonies": [], "adjacent": list(neighbours(d, lid)), "x": layout[lid][0], "y": layout[lid][1]})
    sectors = [{"id": sec, "name": _t(f"{TV}sector.{sec}"), "near": near} for sec, near in SECTORS]
    return {"locations": out, "sectors": sectors, "width": MAP_WIDTH}


def _ships(d: Data, seat: int, legal: list[Action]) -> tuple[list[JSON], set[str]]:
    """Return the viewer's ships, one entry per location and level, each with its legal moves; and the colonize
    actions no ship of the viewer stands on (they go to the question)."""
    f = d["factions"][seat]
    moves: dict[tuple[str, int], list[JSON]] = {(loc, lv): [] for loc, lv in ship_list(f)}
    cur = current(d)
    settle_at = cur[1].get("loc") if cur and cur[1]["op"] == "_settle" else None
    loose: set[str] = set()
    for a in legal:
        k = a.kind
        if k not in SHIP_KINDS:
            continue
        if k == "colonize":
            at = str(a.get("system"))
            groups = [key for key in moves if key[0] == at]
            if not groups:
                loose.add(str(a))
            for key in groups:
                moves[key].append({"a": str(a), "label": _label(d, seat, a), "kind": k, "to": None})
            continue
        if k == "settle":
            key = (str(settle_at), int(str(a.get("level"))))
        else:
            key = (str(a.get("at")), int(str(a.get("level"))))
        to = str(a.get("to")) if k == "jump" else None
        moves[key].append({"a": str(a), "label": _label(d, seat, a), "kind": k, "to": to})
    out = [{"seat": seat, "at": loc, "level": lv, "n": int(f["ships"][loc][lv - 1]), "moves": moves[(loc, lv)]}
           for loc, lv in ship_list(f)]
    return out, loose


# --- the factions ------------------------------------------------------------------------------------------------

def _columns(d: Data, seat: int, f: Faction) -> list[JSON]:
    """Return the supply columns A-E: cubes, capacity, and what growth, gains and paid population do there."""
    sup, cap = f["supply"], f["cap"]
    grow = growth_yield(f)
    nxt = next((i for i, n in enumerate(sup) if n > 0), None)
    back = next((i for i in range(len(sup) - 1, -1, -1) if sup[i] < cap[i]), None)
    out = []
    for i in range(len(sup)):
        g = grow.count(i)
        parts = "_".join(p for p, on in (("grow", g > 0), ("next", i == nxt), ("back", i == back)) if on)
        note = _t(f"{TV}col.{parts}", n=g) if g else _t(f"{TV}col.{parts}") if parts else None
        out.append({"id": COLUMNS[i], "cubes": int(sup[i]), "capacity": int(cap[i]), "grow": g, "note": note})
    return out


def _track(f: Faction, track: str) -> list[JSON]:
    """Return a production track's printed symbols and whether each is uncovered now."""
    top = uncovered(f, track)
    m = mat(f)
    if track == "food":
        return [{"pos": s["pos"], "column": s["column"], "uncovered": s["pos"] <= top} for s in m["growth_symbols"]]
    return [{"pos": s["pos"], "ore": s["ore"], "uncovered": s["pos"] <= top} for s in m["ore_symbols"]]


def _powers(d: Data, seat: int, f: Faction) -> list[JSON]:
    """Return the advanced mat's two powers: unlocked or not, and what unlocks them."""
    if f["mat"] != "advanced":
        return []
    out = []
    for p in mat(f).get("powers", []):
        cond = p["unlock"]
        out.append({"id": p["id"], "name": _t(f"bts.card.{p['id']}.name"), "text": _t(f"bts.card.{p['id']}.text"),
                    "unlocked": p["id"] in f["powers"],
                    "needs": _t(f"{TV}needs.{cond['counter']}", n=cond["at_least"]),
                    "have": counter(d, seat, cond["counter"]), "at_least": cond["at_least"]})
    return out


def _factions(d: Data) -> list[JSON]:
    """Return every faction's public mat: population, ore, production tracks, VP by source and what it holds."""
    movers = to_move(d)
    out = []
    for seat, f in enumerate(d["factions"]):
        parts = breakdown(d, seat)
        discs, pop, ore = tiebreak_key(d, seat)
        bases = {t: sum(1 for c in d["control"].values() if c["seat"] == seat and c["disc"] == t)
                 for t in ("food", "ore")}
        production = [
            {"kind": "food", "discs_left": TRACK_DISCS - f["removed"]["food"], "automated": f["auto"].count("food"),
             "yield": len(growth_yield(f)) + passive(d, seat, "growth_bonus"), "bases": bases["food"],
             "symbols": _track(f, "food")},
            {"kind": "ore", "discs_left": TRACK_DISCS - f["removed"]["ore"], "automated": f["auto"].count("ore"),
             "yield": ore_yield(f) + passive(d, seat, "ore_production_bonus"), "bases": bases["ore"],
             "symbols": _track(f, "ore")}]
        out.append({
            "seat": seat, "faction": f["id"], "mat": f["mat"], "power": _t(f"bts.card.{f['id']}.text"),
            "powers": _powers(d, seat, f),
            "population": {"columns": _columns(d, seat, f), "total": int(f["pop"]), "supply": sum(f["supply"])},
            "ore": int(f["ore"]), "production": production,
            "automation": {"discs": len(f["auto"]), "placeholders": f["auto"].count("ach"),
                           "vp": parts["automation"]},
            "vp": sum(parts.values()), "vp_parts": parts, "achievement_discs_used": int(f["ach_used"]),
            "colonies": [c["system"] for c in f["colonies"]], "techs": list(f["techs"]),
            "private_techs": list(f["private"]), "kept_events": list(f["kept"]), "vp_tokens": int(f["vp_tokens"]),
            "ships": sum(sum(row) for row in f["ships"].values()), "fleet_strength": counter(d, seat, "fleet_strength"),
            "pawn": d["pawns"][seat], "to_move": seat in movers,
            "tiebreak": {"production_discs_left": -discs, "population": pop, "ore": ore}})
    return out


# --- achievements, events, the end -------------------------------------------------------------------------------

def _achievements(d: Data, seat: int | None, legal: list[Action]) -> list[JSON]:
    """Return the achievements in play: what they need, their VP slots, the discs on them, the viewer's claim."""
    claims = {str(a.get("achievement")): str(a) for a in legal if a.kind == "claim"}
    out = []
    for a in d["achievements"]:
        rec = achievements()[a["id"]]
        cond = rec["condition"]
        have = counter(d, seat, cond["counter"]) if seat is not None else None
        out.append({"id": a["id"], "name": _t(f"bts.card.{a['id']}.name"),
                    "needs": _t(f"{TV}needs.{cond['counter']}", n=cond["at_least"]), "at_least": cond["at_least"],
                    "have": have, "vp": list(rec["slots"]), "discs": [dict(x) for x in a["discs"]],
                    "free": len(rec["slots"]) - len(a["discs"]),
                    "met_by_viewer": None if have is None else have >= cond["at_least"],
                    "claim": claims.get(a["id"])})
    return out


def _end(d: Data) -> JSON:
    """Return the end trigger: real achievement discs placed, how many start the end, and where the game stands."""
    placed = sum(1 for a in d["achievements"] for x in a["discs"] if not x["star"])
    needed = END_TRIGGER[d["players"]]
    last = d["end_round"]
    if d["over"]:
        words = _t(f"{TV}end.over")
    elif last is not None and d["round"] >= last:
        words = _t(f"{TV}end.last")
    elif last is not None:
        words = _t(f"{TV}end.triggered")
    else:
        words = _t(f"{TV}end.count", placed=placed, needed=needed)
    return {"placed": placed, "needed": needed, "triggered": last is not None, "last_round": last,
            "round": d["round"], "round_limit": d["options"]["round_limit"], "text": words}


def _result(d: Data) -> JSON | None:
    """Return the final result once the game is over: scores, winners, the deciding tie-break and VP by source."""
    if not d["over"]:
        return None
    out = outcome(d)
    return {"scores": list(out.scores), "winners": list(out.winners), "tiebreak": out.tiebreak,
            "tiebreak_text": _t(f"bts.outcome.tiebreak.{out.tiebreak}"),
            "breakdown": [dict(row) for row in out.details["breakdown"]]}


# --- the question ------------------------------------------------------------------------------------------------

def _option(d: Data, seat: int, a: Action) -> JSON:
    """Return one answer: its action text, its label and its parameters (numbers as numbers)."""
    params: dict[str, Any] = {k: int(v) if v.isdigit() else v for k, v in a.params}
    if a.kind in ("claim", "star"):
        params["card"] = params.get("achievement")
    return {"a": str(a), "label": _label(d, seat, a), **params}


def _question(d: Data, seat: int, legal: list[Action], loose: set[str]) -> JSON | None:
    """Return the question the viewer answers in the question panel, or None when its choice is made on the board,
    the tree or the map (a pawn move, a research, a ship move, a build, a claim) or it has nothing to decide."""
    asked = [a for a in legal if a.kind in QUESTION_KINDS or str(a) in loose]
    if not asked:
        return None
    kind, prompt = prompt_text(d, seat)
    cur = current(d)
    src = source_ref(d, cur[0]["src"]) if cur else None
    out: dict[str, Any] = {"kind": kind, "prompt": prompt.to_json(),
                           "source": src[1] if src and src[0] == "card" else None,
                           "options": [_option(d, seat, a) for a in asked]}
    if cur:
        frame, step = cur
        op = step["op"]
        if op == "_reveal":
            out.update(slot=step["slot"], looking_at=list(frame["prog"].get("matches", [])),
                       aside=list(frame["prog"].get("aside", [])))
        elif op == "choose":
            for o in out["options"]:
                if "n" in o:
                    o["text"] = steps_text(step["options"][o["n"]])
        elif op == "may_pay":
            out.update(cost=_cost_text(step["cost"]), gives=steps_text(step["steps"]))
        elif op == "_may":
            out.update(gives=steps_text(step["steps"]))
    else:
        f = d["factions"][seat]
        out.update(growth=len(growth_yield(f)) + passive(d, seat, "growth_bonus"),
                   ore=ore_yield(f) + passive(d, seat, "ore_production_bonus"),
                   rate=passive(d, seat, "trade_ore_for_population") or 3,
                   all_three=bool(d["turn_flags"]["all_three"]))
    return out


# --- the block ---------------------------------------------------------------------------------------------------

def placed_actions(table: JSON) -> list[str]:
    """Return every action text the block places (the board, tree, ships, builds, claims, question, other)."""
    out: list[str] = []
    for area in table["board"]["areas"]:
        out += [s["a"] for s in area["spaces"] if s["a"]]
    for lv in table["techs"]["levels"]:
        out += [r["a"] for sl in lv["slots"] for r in sl["research"]]
    out += [m["a"] for sh in table["ships"] for m in sh["moves"]]
    out += [b["a"] for b in table["build"]]
    out += [a["claim"] for a in table["achievements"] if a["claim"]]
    if table["question"]:
        out += [o["a"] for o in table["question"]["options"]]
    out += [o["a"] for o in table["other"]]
    return out


def build_table(d: Data, seat: int | None) -> JSON:
    """Return the ``table`` block of a seat's view (None: a spectator, who sees the public parts and no actions)."""
    legal = legal_actions(d, seat) if seat is not None else []
    out: dict[str, Any] = {
        "board": _board(d, seat, legal), "pawns": _pawns(d, seat), "techs": _techs(d, seat, legal),
        "map": _map(d), "ships": [], "build": [], "factions": _factions(d),
        "achievements": _achievements(d, seat, legal),
        "events": [{"card": ev, "text": _t(f"bts.card.{ev}.text")} for ev in d["event_log"]],
        "end": _end(d), "question": None, "other": [],
        "history": [{"round": r, "vp": list(vp)} for r, vp in d.get("hist", [])], "result": _result(d)}
    if seat is None:
        return out
    ships, loose = _ships(d, seat, legal)
    out["ships"] = ships
    out["build"] = [{**_entry(d, seat, a), "at": str(a.get("at"))} for a in legal if a.kind == "build"]
    out["question"] = _question(d, seat, legal, loose)
    placed = set(placed_actions(out))
    out["other"] = [_entry(d, seat, a) for a in legal if str(a) not in placed]
    return out


__all__ = ["MAP_LAYOUT", "MAP_WIDTH", "build_table", "placed_actions", "steps_text"]
