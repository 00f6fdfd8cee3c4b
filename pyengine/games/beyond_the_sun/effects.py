"""The effect interpreter: runs the steps of cards, spaces, events and abilities, one decision at a time.

Pending effects live in ``d["frames"]``, a stack of ``{"seat", "steps", "src", "prog"}``. ``run`` executes steps
until the top frame's first step needs a choice; ``options`` lists that choice's actions and ``resolve`` applies
one. Choices with a single possible answer are taken automatically, so a player is only asked real questions.
"""

from __future__ import annotations

from typing import Any

from ...core.api import Action
from ...core.rng import Rng
from . import control
from .abilities import SLOT_LEVEL, counter, passive
from .cards import achievements, board, events, systems, techs
from .model import (
    LEVELS,
    Data,
    Faction,
    add_ship,
    automate,
    gain_population,
    jump_targets,
    remove_ship,
    return_supply,
    return_track_disc,
    ship_list,
    take_supply,
)
from .research import candidate_types, reveal, step_slots, to_bottom
from .steps import can_pay, colonize_targets, copy_options, effective_cost, performable
from .text import log, log_payment, place

Step = dict[str, Any]
Frame = dict[str, Any]

DECISIONS = frozenset({"build_ship", "upgrade_ship", "jump", "research", "_reveal", "colonize", "_settle",
                       "basic_action", "retire_ship", "choose", "may_pay", "_may", "extend_supply_a",
                       "remove_guild_tile", "automate_any", "_star_disc", "pay", "copy_research", "move_supply"})
COLUMNS = "ABCDE"


def push(d: Data, seat: int, steps: list[Step], src: str | None) -> None:
    """Put a new frame of steps on top of the stack (it runs before anything below it)."""
    if steps:
        d["frames"].append({"seat": seat, "steps": list(steps), "src": src, "prog": {}})


def _finish_step(frame: Frame) -> None:
    """Drop the frame's first step and its progress."""
    frame["steps"].pop(0)
    frame["prog"] = {}


def _replace_step(frame: Frame, steps: list[Step]) -> None:
    """Replace the frame's first step with other steps."""
    frame["steps"][0:1] = steps
    frame["prog"] = {}


def _op(d: Data, seat: int, step: Step) -> str:
    """Return the decision name of a step: ``automate`` with ``any`` track is a choice, and so is every ``automate``
    of a faction that takes its discs from either track (Subatomic Fabrication)."""
    op: str = step["op"]
    if op == "automate" and (step["track"] == "any" or passive(d, seat, "either_track_discs")):
        return "automate_any"
    return op


def current(d: Data) -> tuple[Frame, Step] | None:
    """Return the frame and step waiting for a choice, or None when no effect is pending."""
    if not d["frames"]:
        return None
    frame = d["frames"][-1]
    return frame, frame["steps"][0]


def run(d: Data, rng: Rng) -> None:
    """Execute automatic steps until a choice with two or more answers is pending, or nothing is left."""
    guard = 0
    while d["frames"]:
        guard += 1
        if guard > 10000:
            raise RuntimeError("effect loop does not terminate")
        frame = d["frames"][-1]
        if not frame["steps"]:
            d["frames"].pop()
            continue
        step = frame["steps"][0]
        op = _op(d, frame["seat"], step)
        if op not in DECISIONS:
            _finish_step(frame)
            AUTO[op](d, rng, frame["seat"], step, frame)
            continue
        opts = options(d, frame, step)
        if not opts:
            _finish_step(frame)
            continue
        if len(opts) == 1:
            resolve(d, rng, opts[0])
            continue
        return


# --- automatic steps ------------------------------------------------------------------------------------------
def _amount(d: Data, seat: int, step: Step) -> int:
    """Return a gain's amount: ``n``, or with ``per`` n times the counter (divided by ``every``, rounded down), at
    most ``max``."""
    n: int = step["n"]
    if "per" not in step:
        return n
    out = n * (counter(d, seat, step["per"]) // int(step.get("every", 1)))
    return min(out, int(step["max"])) if "max" in step else out


def _gain_ore(d: Data, rng: Rng, seat: int, step: Step, frame: Frame) -> None:
    n = _amount(d, seat, step)
    d["factions"][seat]["ore"] += n
    if n:
        log(d, "{seat} gains {n} ore", seat=seat, n=n)


def _gain_population(d: Data, rng: Rng, seat: int, step: Step, frame: Frame) -> None:
    col = "ABCDE".index(step["from_column"]) if "from_column" in step else None
    got = gain_population(d["factions"][seat], _amount(d, seat, step), col)
    if got:
        log(d, "{seat} gains {n} population", seat=seat, n=got)


def _automate(d: Data, rng: Rng, seat: int, step: Step, frame: Frame) -> None:
    for _ in range(step["n"]):
        placed = automate(d["factions"][seat], step["track"])
        if placed:
            log(d, "{seat} automates a {n} disc", seat=seat, n=placed)


def _vp(d: Data, rng: Rng, seat: int, step: Step, frame: Frame) -> None:
    d["factions"][seat]["vp_tokens"] += step["n"]
    log(d, "{seat} gains {n} VP", seat=seat, n=step["n"])


def _private_tech(d: Data, rng: Rng, seat: int, step: Step, frame: Frame) -> None:
    f = d["factions"][seat]
    if take_supply(f):
        f["private"].append(step["level"])
    elif f["pop"] > 0:
        f["pop"] -= 1
        f["private"].append(step["level"])
    else:
        return
    log(d, "{seat} gains a private level-{n} technology", seat=seat, n=step["level"])


def asks_itself(step: Step) -> bool:
    """Return True if a step is a question whose answers already include saying no: pay or decline (``may_pay``),
    accept or decline (``_may``, ``extend_supply_a``), build or skip (an optional ``build_ship``)."""
    return step["op"] in ("may_pay", "_may", "extend_supply_a") or (
        step["op"] == "build_ship" and bool(step.get("optional")))


def faction_part(steps: list[Step]) -> list[Step]:
    """Return what an "every faction may" event asks each faction: its one step when that step already asks (so
    Orbital Baby Boom asks pay or decline once, rules 2026.12.2), else its steps behind "Take part in the event?"."""
    if len(steps) == 1 and asks_itself(steps[0]):
        return list(steps)
    return [{"op": "_may", "steps": steps}]


def _each_faction(d: Data, rng: Rng, seat: int, step: Step, frame: Frame) -> None:
    n = d["players"]
    for s in reversed([(seat + i) % n for i in range(n)]):
        push(d, s, faction_part(step["steps"]), frame["src"])


def _all_three(d: Data, rng: Rng, seat: int, step: Step, frame: Frame) -> None:
    d["turn_flags"]["all_three"] = True
    log(d, "{seat} may grow, produce ore and trade this turn", seat=seat)


def _add_extra_system(d: Data, rng: Rng, seat: int, step: Step, frame: Frame) -> None:
    if "X" in d["locs"] and d["locs"]["X"] is None and not d["extra_used"] and d["sysdecks"]["B"]:
        d["locs"]["X"] = d["sysdecks"]["B"].pop(0)
        d["extra_used"] = True
        d["epoch"] += 1
        log(d, "An extra system appears: {card}", card=d["locs"]["X"])


def _keep_card(d: Data, rng: Rng, seat: int, step: Step, frame: Frame) -> None:
    f = d["factions"][seat]
    f["kept"].append(frame["src"])
    f["vp_tokens"] += step["vp"]
    log(d, "{seat} keeps {card} ({n} VP)", seat=seat, card=frame["src"], n=step["vp"])


def _start_in_deep_space(d: Data, rng: Rng, seat: int, step: Step, frame: Frame) -> None:
    f = d["factions"][seat]
    for loc, lv in ship_list(f):
        if loc == "SOL":
            remove_ship(f, "SOL", lv)
            add_ship(f, "DEEP", lv)
            return


AUTO = {"gain_ore": _gain_ore, "gain_population": _gain_population, "automate": _automate, "vp": _vp,
        "private_tech": _private_tech, "each_faction": _each_faction, "production_all_three": _all_three,
        "add_extra_system": _add_extra_system, "keep_card": _keep_card, "start_in_deep_space": _start_in_deep_space}


# --- choices ------------------------------------------------------------------------------------------------
def _build_level(d: Data, seat: int, step: Step) -> int:
    """Return the level of a ship this step builds, after build bonuses."""
    return min(4, int(step["level"]) + passive(d, seat, "build_level_bonus"))


def _can_build(f: Faction, step: Step) -> bool:
    """Return True if the faction has the cube a build needs."""
    return f["pop"] > 0 if step["from"] == "population" else sum(f["supply"]) > 0


def _build_places(d: Data, seat: int, step: Step) -> list[str]:
    """Return where a build may put its ship."""
    if step["where"] == "sol":
        return ["SOL"]
    if step["where"] == "deep_space":
        return ["DEEP"]
    yards = [loc for loc, c in d["control"].items() if c["seat"] == seat and not d["locs"].get(loc)
             and loc.startswith("SY")]
    return ["SOL", *sorted(yards)]


def _ship_actions(kind: str, ships: list[tuple[str, int]]) -> list[Action]:
    """Return one action per kind of ship: ``<kind> at=<location> level=<level>``."""
    return [Action(kind, (("at", loc), ("level", str(lv)))) for loc, lv in ships]


def options(d: Data, frame: Frame, step: Step) -> list[Action]:
    """Return the answers to the pending choice (empty when the step cannot do anything and is skipped)."""
    seat = frame["seat"]
    f = d["factions"][seat]
    prog = frame["prog"]
    op = _op(d, seat, step)
    if op == "build_ship":
        if prog.get("done", 0) >= step["n"] or not _can_build(f, step):
            return []
        acts = [Action("build", (("at", loc),)) for loc in _build_places(d, seat, step)]
        return acts + ([Action("skip")] if step.get("optional") else [])
    if op == "upgrade_ship":
        if prog.get("done", 0) >= step["n"]:
            return []
        done = [] if step.get("same_ship") else prog.get("upgraded", [])  # same_ship: a ship may be raised again
        ships = [(loc, lv) for loc, lv in ship_list(f)
                 if lv < 4 and f["ships"][loc][lv - 1] > sum(1 for u in done if u == [loc, lv])]
        return [*_ship_actions("upgrade", ships), Action("stop")] if ships else []
    if op == "jump":
        left = prog.get("left", step["n"] + passive(d, seat, "jump_bonus"))
        if left <= 0 or not f["ships"]:
            return []
        acts = [Action("jump", (("at", loc), ("level", str(lv)), ("to", to)))
                for loc, lv in ship_list(f) for to in jump_targets(d, loc, passive(d, seat, "jump_anywhere") > 0)]
        return [*acts, Action("stop")] if acts else []
    if op == "research":
        slots = step_slots(d, seat, step) if f["pop"] > 0 else []
        acts = [Action("research", (("slot", s),)) for s in slots]
        optional = step.get("optional") or (step.get("bga_optional") and d["options"]["anomaly_research_optional"])
        return [*acts, Action("skip")] if optional and acts else acts
    if op == "_reveal":
        if "matches" in prog:
            return [Action.make("keep", card=c) for c in prog["matches"]]
        return [Action.make("tech_type", type=t) for t in candidate_types(d, seat, step["slot"])]
    if op == "colonize":
        return [Action.make("colonize", system=loc) for loc in colonize_targets(d, seat, step)]
    if op == "_settle":
        row = f["ships"].get(step["loc"], [0, 0, 0, 0])
        return [Action.make("settle", level=lv) for lv in LEVELS if row[lv - 1]]
    if op == "basic_action":
        return [Action.make("basic", row=r) for r in basic_rows(d, seat)]
    if op == "retire_ship":
        if prog.get("done", 0) >= step["n"] or not f["ships"]:
            return []
        return [*_ship_actions("retire", ship_list(f)), Action("stop")]
    if op == "choose":
        pop = f["pop"]
        return [Action.make("option", n=i) for i, opt in enumerate(step["options"]) if performable(d, seat, opt, pop)]
    if op == "may_pay":
        if not can_pay(f, step["cost"]) or not performable(d, seat, step["steps"], f["pop"] - step["cost"].get(
                "population", 0)):
            return []
        return [Action("pay"), Action("decline")]
    if op == "_may":
        if not performable(d, seat, step["steps"], f["pop"]):
            return []
        return [Action("accept"), Action("decline")]
    if op == "extend_supply_a":
        if sum(f["supply"][1:]) == 0:
            return []
        return [Action("accept"), Action("decline")]
    if op == "remove_guild_tile":
        return [Action.make("guild", id=g["id"]) for g in board()["guilds"]
                if g["tier"] == step["tier"] and g["id"] in d["covered"]]
    if op == "automate_any":
        if prog.get("done", 0) >= step["n"]:
            return []
        return [Action("automate", (("track", "food"),)), Action("automate", (("track", "ore"),))]
    if op == "_star_disc":
        return [Action.make("star", achievement=a["id"]) for a in star_targets(d, seat)]
    if op == "pay":  # a price inside the effect: paid when it can be (and its steps do something), else skipped
        cost = effective_cost(d, seat, step["cost"], step["steps"])
        ok = can_pay(f, cost) and performable(d, seat, step["steps"], f["pop"] - cost["population"])
        return [Action("pay")] if ok else []
    if op == "copy_research":
        return [Action.make("copy", action=key) for key, _name, _cost, _steps in copy_options(d, seat)]
    if op == "move_supply":
        src = _rightmost_unmoved(f, prog)
        if prog.get("done", 0) >= step["n"] or src is None:
            return []
        return [Action.make("cube", column=COLUMNS[i]) for i in range(len(f["supply"]))
                if i == src or f["supply"][i] < f["cap"][i]]
    raise AssertionError(op)


def _rightmost_unmoved(f: Faction, prog: dict[str, Any]) -> int | None:
    """Return the supply column of the rightmost cube a ``move_supply`` step has not moved yet (None: no cube)."""
    moved = prog.get("moved", [0] * len(f["supply"]))
    for i in range(len(f["supply"]) - 1, -1, -1):
        if f["supply"][i] > moved[i]:
            return i
    return None


def star_targets(d: Data, seat: int) -> list[dict[str, Any]]:
    """Return the achievements on which this faction may place a star disc."""
    return [a for a in d["achievements"] if len(a["discs"]) < len(achievements()[a["id"]]["slots"])
            and all(x["seat"] != seat for x in a["discs"])]


def basic_rows(d: Data, seat: int) -> list[str]:
    """Return the Basic Spacefaring rows this faction can perform now (Technocrats: no pawn move)."""
    f = d["factions"][seat]
    out = []
    for key, act in board()["basic_spacefaring"]["actions"].items():
        if can_pay(f, act["cost"]) and performable(d, seat, act["steps"], f["pop"]):
            out.append(key)
    return out


def resolve(d: Data, rng: Rng, action: Action) -> None:
    """Apply one answer to the pending choice (the caller checked it is one of ``options``)."""
    frame, step = d["frames"][-1], d["frames"][-1]["steps"][0]
    seat = frame["seat"]
    f = d["factions"][seat]
    prog = frame["prog"]
    kind = action.kind
    get = action.get
    if kind in ("skip", "stop", "decline"):
        _finish_step(frame)
    elif kind == "build":
        loc = str(get("at"))
        if step["from"] == "population":
            f["pop"] -= 1
        else:
            take_supply(f, "ABCDE".index(step["from_column"]) if "from_column" in step else None)
        lv = _build_level(d, seat, step)
        add_ship(f, loc, lv)
        if step["from"] == "population":
            log(d, "{seat} turns a population into a level-{n} ship at {loc}", seat=seat, n=lv, loc=place(d, loc))
        else:
            log(d, "{seat} builds a level-{n} ship at {loc}", seat=seat, n=lv, loc=place(d, loc))
        prog["done"] = prog.get("done", 0) + 1
        control.recompute(d, (loc,))
    elif kind == "upgrade":
        loc, lv = str(get("at")), int(str(get("level")))
        new = min(4, lv + int(step["levels"]))
        remove_ship(f, loc, lv)
        add_ship(f, loc, new)
        log(d, "{seat} upgrades a ship at {loc} to level {n}", seat=seat, loc=place(d, loc), n=new)
        prog["done"] = prog.get("done", 0) + 1
        prog.setdefault("upgraded", []).append([loc, new])  # each upgrade of the step raises a different ship
        control.recompute(d, (loc,))
    elif kind == "jump":
        _jump(d, seat, step, prog, str(get("at")), int(str(get("level"))), str(get("to")))
    elif kind == "research":
        _research(d, seat, frame, str(get("slot")), bool(step.get("no_immediate")))
    elif kind == "tech_type":
        _reveal_type(d, rng, frame, step, str(get("type")))
    elif kind == "keep":
        _keep(d, rng, frame, step, str(get("card")))
    elif kind == "colonize":
        loc = str(get("system"))
        need = max(0, systems()[d["locs"][loc]]["colonize"] - int(step.get("strength_discount", 0)))
        _replace_step(frame, [{"op": "_settle", "loc": loc, "need": need, "back": 0}])
        if need == 0:
            _colonized(d, rng, frame, frame["steps"][0])
    elif kind == "settle":
        lv = int(str(get("level")))
        remove_ship(f, step["loc"], lv)
        if not return_supply(f):
            f["pop"] += 1
        step = dict(step, back=step["back"] + lv)
        frame["steps"][0] = step
        if step["back"] >= step["need"]:
            _colonized(d, rng, frame, step)
    elif kind == "basic":
        act = board()["basic_spacefaring"]["actions"][str(get("row"))]
        log(d, "{seat} takes the Basic Spacefaring action {n}", seat=seat, n=act["name"])
        _pay(d, seat, act["cost"])
        _replace_step(frame, list(act["steps"]))
    elif kind == "retire":
        loc, lv = str(get("at")), int(str(get("level")))
        remove_ship(f, loc, lv)
        f["pop"] += 1
        prog["done"] = prog.get("done", 0) + 1
        log(d, "{seat} retires a ship at {loc} into population", seat=seat, loc=place(d, loc))
        control.recompute(d, (loc,))
    elif kind == "option":
        _replace_step(frame, list(step["options"][int(str(get("n")))]))
    elif kind == "pay":
        _pay(d, seat, effective_cost(d, seat, step["cost"], step["steps"]) if step["op"] == "pay" else step["cost"])
        _replace_step(frame, list(step["steps"]))
    elif kind == "copy":
        key = str(get("action"))
        _key, name, cost, steps = next(c for c in copy_options(d, seat) if c[0] == key)
        log(d, "{seat} takes the action of {n} as a copy", seat=seat, n=name)
        _pay(d, seat, cost)
        _replace_step(frame, list(steps))
    elif kind == "cube":
        src = _rightmost_unmoved(f, prog)
        assert src is not None
        dst = COLUMNS.index(str(get("column")))
        f["supply"][src] -= 1
        f["supply"][dst] += 1
        moved = prog.setdefault("moved", [0] * len(f["supply"]))
        moved[dst] += 1
        prog["done"] = prog.get("done", 0) + 1
        log(d, "{seat} moves a supply cube to column {n}", seat=seat, n=COLUMNS[dst])
    elif kind == "accept":
        if step["op"] == "_may":
            _replace_step(frame, list(step["steps"]))
        else:
            _extend_supply(f)
            _finish_step(frame)
            log(d, "{seat} moves a supply cube to column A", seat=seat)
    elif kind == "guild":
        d["covered"].remove(str(get("id")))
        _finish_step(frame)
        log(d, "The {n} guild is open to every faction", n=str(get("id")))
    elif kind == "automate":
        placed = automate(f, str(get("track")))
        if placed:
            log(d, "{seat} automates a {n} disc", seat=seat, n=placed)
        prog["done"] = prog.get("done", 0) + 1
    elif kind == "star":
        for a in d["achievements"]:
            if a["id"] == get("achievement"):
                a["discs"].append({"seat": seat, "star": True})
        f["ach_used"] += 1
        _finish_step(frame)
        log(d, "{seat} reserves {card} with a star disc", seat=seat, card=str(get("achievement")))
    else:
        raise AssertionError(kind)
    run(d, rng)


def _pay(d: Data, seat: int, cost: dict[str, int]) -> None:
    """Pay a cost: ore to the general supply, population cubes back to the supply columns (logged)."""
    f = d["factions"][seat]
    f["ore"] -= cost.get("ore", 0)
    for _ in range(cost.get("population", 0)):
        f["pop"] -= 1
        return_supply(f)
    log_payment(d, seat, cost.get("ore", 0), cost.get("population", 0))


def _extend_supply(f: Faction) -> None:
    """Tau Ceti: move the rightmost supply cube to column A, widening column A when it is full."""
    sup, cap = f["supply"], f["cap"]
    for i in range(len(sup) - 1, 0, -1):
        if sup[i]:
            sup[i] -= 1
            break
    if sup[0] >= cap[0]:
        cap[0] += 1
    sup[0] += 1


def _jump(d: Data, seat: int, step: Step, prog: dict[str, Any], loc: str, lv: int, to: str) -> None:
    """Move one ship one route; count takeovers for ``ore_per_takeover``."""
    f = d["factions"][seat]
    prog["left"] = prog.get("left", step["n"] + passive(d, seat, "jump_bonus")) - 1
    remove_ship(f, loc, lv)
    add_ship(f, to, lv)
    log(d, "{seat} jumps a level-{n} ship from {loc} to {loc2}", seat=seat, n=lv, loc=place(d, loc), loc2=place(d, to))
    taken = [c for c in control.recompute(d, (loc, to)) if c[1] == seat and c[2] is not None and c[2] != seat]
    bonus = int(step.get("ore_per_takeover", 0)) * len(taken)
    if bonus:
        f["ore"] += bonus
        log(d, "{seat} gains {n} ore for taking control", seat=seat, n=bonus)


def _research(d: Data, seat: int, frame: Frame, slot: str, no_immediate: bool = False) -> None:
    """Research a slot: place the population cube, flip its event, then find or take the tech (``no_immediate``: a
    revealed tech's Immediately bonus is skipped, Transdimensional AI)."""
    f = d["factions"][seat]
    f["pop"] -= 1
    f["techs"].append(slot)
    info = d["slots"][slot]
    info["by"].append(seat)
    card = info["card"]
    if card is not None:
        log(d, "{seat} researches {card}", seat=seat, card=card)
        _replace_step(frame, [] if no_immediate else list(techs()[card].get("immediate", [])))
        return
    _replace_step(frame, [{"op": "_reveal", "slot": slot}])
    log(d, "{seat} researches the unrevealed slot {loc}", seat=seat, loc=slot)
    ev = info["event"]
    if ev is not None:
        info["event"] = None
        d["epoch"] += 1
        d["event_log"].append(ev)
        log(d, "Event: {card}", card=ev)
        push(d, seat, list(events()[ev]["steps"]), ev)


def _reveal_type(d: Data, rng: Rng, frame: Frame, step: Step, kind: str) -> None:
    """Reveal tech cards of the chosen type until two match; keep the only one, or ask which to keep."""
    level = SLOT_LEVEL[step["slot"]]
    matches, aside = reveal(d, level, kind)
    d["epoch"] += 1
    log(d, "{seat} reveals tech cards looking for type {n}", seat=frame["seat"], n=kind)
    if len(matches) == 1:
        frame["prog"] = {"aside": aside}
        _keep(d, rng, frame, step, matches[0])
        return
    frame["prog"] = {"matches": matches, "aside": aside}


def _keep(d: Data, rng: Rng, frame: Frame, step: Step, card: str) -> None:
    """Place the kept tech in its slot, the rest under the deck, then give the researcher its bonus."""
    prog = frame["prog"]
    rest = [c for c in prog.get("matches", []) if c != card] + list(prog.get("aside", []))
    slot = step["slot"]
    to_bottom(d, rng, SLOT_LEVEL[slot], rest)
    d["slots"][slot]["card"] = card
    log(d, "{seat} discovers {card} in slot {loc}", seat=frame["seat"], card=card, loc=slot)
    _replace_step(frame, list(techs()[card].get("immediate", [])))


def _colonized(d: Data, rng: Rng, frame: Frame, step: Step) -> None:
    """Finish a colonization: exile, discover, benefit."""
    seat = frame["seat"]
    f = d["factions"][seat]
    loc = step["loc"]
    for other in d["factions"]:
        row = other["ships"].pop(loc, None)
        if row:
            deep = other["ships"].setdefault("DEEP", [0, 0, 0, 0])
            for i in range(4):
                deep[i] += row[i]
    card = d["locs"][loc]
    log(d, "{seat} colonizes {card}", seat=seat, card=card)
    base = d["control"].pop(loc, None)
    if base is not None and base["seat"] != seat:  # Stealth Terraformers colonizes a system it need not control
        if base["disc"] is not None:
            return_track_disc(d["factions"][base["seat"]], base["disc"])
        log(d, "{seat} loses control of {loc}", seat=base["seat"], loc=place(d, loc))
        base = None
    discs = [base["disc"]] if base and base["disc"] else []
    if base is None:  # not controlled (Stealth Terraformers): the colony still gets its control disc, as usual
        disc = control.take_disc(d, seat, systems()[card]["control_disc"])
        if disc is not None:
            discs.append(disc)
    colony_disc = control.take_disc(d, seat, systems()[card]["colony_disc"])
    if colony_disc is not None:
        discs.append(colony_disc)
    f["colonies"].append({"system": card, "discs": discs})
    if loc == "X":
        d["locs"]["X"] = None
    else:
        deck = d["sysdecks"]["A" if loc.startswith("A") else "B"]
        d["locs"][loc] = deck.pop(0) if deck else None
        if d["locs"][loc]:
            d["epoch"] += 1
            log(d, "{card} is discovered at {loc}", card=d["locs"][loc], loc=loc)
    control.recompute(d)
    _replace_step(frame, list(systems()[card]["bonus"]))
