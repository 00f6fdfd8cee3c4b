"""The one effect interpreter: each player's stack of op frames, asking one question at a time.

A frame is ``{"ops": [...], "i": next op, "src": card running it, "ctx": {...}}``. ``run`` resolves ops until one
needs an answer (it stores the question in ``frame["ask"]``) or the stack is empty. Triggers push frames on top, so
they resolve before the rest of the effect that caused them. Ops whose names start with "_" are the engine's own
(paying, finishing a played card); every other op is card data (DATA.md).
"""

from __future__ import annotations

from typing import Any

from .cards import Record, board, card
from .model import PARAM_STEPS, Data, Player, count, draw_cards, effects_of, has_effect, holds, owned
from .playing import cond_holds, funds, matches, option_ok, pay_amount, price, removable, requirements_ok
from .text import log

Frame = dict[str, Any]


def push(d: Data, seat: int, ops: list[Record], src: str | None = None, ctx: dict[str, Any] | None = None) -> None:
    """Put a new frame of ops on top of a player's stack."""
    if ops:
        d["p"][seat]["frames"].append({"ops": ops, "i": 0, "src": src, "ctx": ctx or {}})


def asking(d: Data, seat: int) -> Frame | None:
    """Return the frame waiting for this player's answer, if any."""
    frames = d["p"][seat]["frames"]
    return frames[-1] if frames and "ask" in frames[-1] else None


def run(d: Data, seat: int) -> None:
    """Resolve a player's frames until a question is pending or nothing is left."""
    frames = d["p"][seat]["frames"]
    while frames:
        f = frames[-1]
        if "ask" in f:
            return
        if f["i"] >= len(f["ops"]):
            frames.pop()
            continue
        op = f["ops"][f["i"]]
        f["i"] += 1
        _OPS[op["op"]](d, seat, f, op)


# --- parameters, TR and triggers --------------------------------------------------------------------------------

def gain_tr(d: Data, seat: int, n: int, src: str | None = None) -> None:
    """Raise a player's TR; the first rise in a phase fires "tr_first" effects (United Nations Mars Initiative).

    The caller logs the rise (a parameter step says it with the step, a card's TR with ``log_tr``).
    """
    p = d["p"][seat]
    if n <= 0:
        return
    p["tr"] += n
    if not p["tr_up"] and d["phase"]:
        p["tr_up"] = True
        fire(d, seat, "tr_first")


def shown_value(param: str, steps: int) -> int:
    """Return temperature or oxygen at a number of steps in printed units (°C or %), as the table shows them."""
    spec = board()[param]
    return int(spec["start"] + spec["step"] * steps)


def step(d: Data, seat: int | None, param: str) -> bool:
    """Raise one parameter one step for a player (or for nobody); return True if it scored a step.

    A step scores when the parameter moves, or when it is already at its maximum but reached it during this
    phase (the max-phase rule). An ocean flip in the max-phase repeats the reward of the last tile flipped. A
    player's scoring step is logged with its new value (an ocean by its slot on the table, 1 to 9, and its reward)
    and its TR.
    """
    params = d["params"]
    key = d["phase_key"]
    moved = False
    if params[param] < PARAM_STEPS[param]:
        params[param] += 1
        moved = True
        if params[param] == PARAM_STEPS[param]:
            d["max_key"][param] = key
    scored = moved or (d["max_key"][param] == key and key is not None)
    if seat is None:
        return scored
    p = d["p"][seat]
    if param == "ocean" and scored:
        tile = d["ocean_pile"].pop() if moved else d["ocean_flipped"][-1]
        if moved:
            d["ocean_flipped"].append(tile)
            d["epoch"] += 1
        reward = board()["oceans"][tile - 1]
        p["mc"] += reward.get("mc", 0)
        p["plants"] += reward.get("plants", 0)
        p["hand"] += draw_cards(d, reward.get("cards", 0))
        slot = len(d["ocean_flipped"])  # the tile's place on the table (tiles fill slots 1 to 9 in flip order)
        log(d, OCEAN_LOG if moved else OCEAN_AGAIN_LOG, seat=seat, n=slot, mc=reward.get("mc", 0),
            plants=reward.get("plants", 0), drawn=reward.get("cards", 0))
    elif scored:
        if moved:
            log(d, RAISE_LOG[param], seat=seat, n=shown_value(param, params[param]))
        else:
            log(d, "{seat} raises the {name} again in the phase it reached its maximum and gains 1 TR", seat=seat,
                name=param)
    if scored:
        gain_tr(d, seat, 1)
        fire(d, seat, "step", param=param)
    return scored


RAISE_LOG = {"temperature": "{seat} raises the temperature to {n} °C and gains 1 TR",
             "oxygen": "{seat} raises the oxygen to {n}% and gains 1 TR"}
"""The log line of a player's step of temperature or oxygen, with its new value in printed units."""
OCEAN_LOG = "{seat} flips ocean {n}, gaining {mc} M€, {plants} plants, {drawn} cards and 1 TR"
"""The log line of a player's ocean flip: its slot on the table (1 to 9) and its printed reward."""
OCEAN_AGAIN_LOG = ("{seat} takes the reward of ocean {n} again, gaining {mc} M€, {plants} plants, {drawn} cards and "
                   "1 TR")
"""The log line of an ocean step in the phase the last ocean was flipped: the last tile's reward again."""
VIRTUAL_RAISE_LOG = {"temperature": "The virtual player raises the temperature to {n} °C",
                     "oxygen": "The virtual player raises the oxygen to {n}%"}
"""The log line of the solo virtual player's raise, with the parameter's new value in printed units."""
GAIN_FROM_LOG = {"mc": "{seat} gains {n} M€ from {card}", "heat": "{seat} gains {n} heat from {card}",
                 "plants": "{seat} gains {n} plants from {card}"}
"""The log line of a resource a card's effect gives, naming the card."""
PROD_LOG = {"mc": "{seat} raises their M€ production by {n}", "heat": "{seat} raises their heat production by {n}",
            "plants": "{seat} raises their plant production by {n}",
            "cards": "{seat} raises their card production by {n}",
            "steel": "{seat} gains {n} steel", "titanium": "{seat} gains {n} titanium"}
"""The log line of a production (or steel, titanium) increase."""
DRAW_LOG = "{seat} draws {n} cards"


def log_tr(d: Data, seat: int, n: int) -> None:
    """Log a TR change that is not a parameter's step: a card's TR (n > 0) or TR paid (n < 0)."""
    if n > 0:
        log(d, "{seat} gains {n} TR", seat=seat, n=n)
    elif n < 0:
        log(d, "{seat} pays {n} TR", seat=seat, n=-n)


def log_draw(d: Data, seat: int, cards: list[str]) -> None:
    """Log how many cards a player drew (not which: the hand is secret), when there are any."""
    if cards:
        log(d, DRAW_LOG, seat=seat, n=len(cards))


def step_scores(d: Data, param: str) -> bool:
    """Return True if one more step of a parameter would score now: it is below its maximum, or it reached the
    maximum in this very phase (the max-phase rule). After that phase a step gives nothing at all."""
    if d["params"][param] < PARAM_STEPS[param]:
        return True
    return d["phase_key"] is not None and d["max_key"][param] == d["phase_key"]


def gain_forest(d: Data, seat: int) -> None:
    """Give a player a forest token: 1 VP, then oxygen one step."""
    d["p"][seat]["forests"] += 1
    log(d, "{seat} gains a forest", seat=seat)
    fire(d, seat, "forest")
    step(d, seat, "oxygen")


def fire(d: Data, seat: int, event: str, **info: Any) -> None:
    """Push the frames of every effect of this player that the event triggers."""
    p = d["p"][seat]
    for cid, e in reversed(effects_of(p, "on")):  # pushed in reverse, so they resolve corporation first
        if e["event"] != event:
            continue
        times = 1
        if event == "tag":
            played = info["card"]
            if played == cid and not e["self"]:
                continue
            times = sum(1 for t in card(played)["tags"] if t in e["tags"])
        elif event == "card":
            played = info["card"]
            if played == cid or not matches(card(played), e.get("filter")):
                continue
            if e.get("filter", {}).get("gives") == "steel" and d["options"]["mining_guild"] == "per_steel":
                times = sum(op["n"] for op in card(played).get("play", ()) if op["op"] == "steel")
        elif (event == "step" and info["param"] not in e["params"]) or (
                event == "add_other" and (info["res"] != e["res"] or info["target"] == cid)):
            continue
        for _ in range(times):
            push(d, seat, list(e["do"]), cid)


# --- ops -------------------------------------------------------------------------------------------------------

def _amount(p: Player, op: Record, src: str | None) -> int:
    """Return an op's amount, multiplied by its counter when it has one."""
    n = int(op["n"])
    return n * count(p, op["per"], src) if "per" in op else n


def _gain(d: Data, seat: int, f: Frame, op: Record) -> None:
    n = _amount(d["p"][seat], op, f["src"])
    d["p"][seat][op["res"]] += n
    if n:
        log(d, GAIN_FROM_LOG[op["res"]], seat=seat, n=n, card=f["src"])  # (a gain is always a card's op)


def _prod(d: Data, seat: int, f: Frame, op: Record) -> None:
    d["p"][seat]["prod"][op["res"]] += op["n"]
    log(d, PROD_LOG[op["res"]], seat=seat, n=op["n"])


def _metal(d: Data, seat: int, f: Frame, op: Record) -> None:
    d["p"][seat][op["op"]] += op["n"]
    log(d, PROD_LOG[op["op"]], seat=seat, n=op["n"])


def _raise(d: Data, seat: int, f: Frame, op: Record) -> None:
    for _ in range(op["n"]):
        step(d, seat, op["param"])


def _ocean(d: Data, seat: int, f: Frame, op: Record) -> None:
    for _ in range(op["n"]):
        step(d, seat, "ocean")


def _forest(d: Data, seat: int, f: Frame, op: Record) -> None:
    for _ in range(op["n"]):
        gain_forest(d, seat)


def _tr(d: Data, seat: int, f: Frame, op: Record) -> None:
    n = _amount(d["p"][seat], op, f["src"])
    log_tr(d, seat, n)
    gain_tr(d, seat, n, f["src"])


def _draw(d: Data, seat: int, f: Frame, op: Record) -> None:
    got = draw_cards(d, _amount(d["p"][seat], op, f["src"]))
    d["p"][seat]["hand"] += got
    log_draw(d, seat, got)


def _draw_discard(d: Data, seat: int, f: Frame, op: Record) -> None:
    p = d["p"][seat]
    got = draw_cards(d, op["draw"])
    p["hand"] += got
    log_draw(d, seat, got)
    n = min(op["discard"], len(p["hand"]))
    if n:
        push(d, seat, [{"op": "_discard", "n": n}], f["src"])


def _discard(d: Data, seat: int, f: Frame, op: Record) -> None:
    """Ask for one card to discard from hand until ``n`` are discarded (or the hand is empty)."""
    done = f["ctx"].get("done", 0)
    if done >= op["n"] or not d["p"][seat]["hand"]:
        f["ctx"]["done"] = 0
        return
    f["i"] -= 1
    f["ask"] = {"q": "discard", "left": op["n"] - done}


def _look_keep(d: Data, seat: int, f: Frame, op: Record) -> None:
    cards = draw_cards(d, op["look"])
    ctx = {"looked": cards, "keep": op["keep"], "filter": op.get("filter"), "per_discard": op.get("per_discard", [])}
    push(d, seat, [{"op": "_keep"}], f["src"], ctx)


def _keep(d: Data, seat: int, f: Frame, op: Record) -> None:
    """Keep looked-at cards while keeps are left (asking when there is a choice); discard the rest."""
    ctx = f["ctx"]
    eligible = [c for c in ctx["looked"] if matches(card(c), ctx["filter"])]
    if ctx["keep"] > 0 and eligible:
        if len(eligible) > ctx["keep"]:
            f["i"] -= 1
            f["ask"] = {"q": "keep", "cards": sorted(set(eligible))}
            return
        for c in eligible:
            _take_kept(d, seat, f, c)
    rest = ctx["looked"]
    ctx["looked"] = []
    d["discard"] += rest
    for _ in rest:
        push(d, seat, list(ctx["per_discard"]), f["src"])


def _take_kept(d: Data, seat: int, f: Frame, cid: str) -> None:
    """Move one looked-at card into the hand."""
    f["ctx"]["looked"].remove(cid)
    f["ctx"]["keep"] -= 1
    d["p"][seat]["hand"].append(cid)


def _reveal_until(d: Data, seat: int, f: Frame, op: Record) -> None:
    shown: list[str] = []
    while True:
        got = draw_cards(d, 1)
        if not got:
            break
        if matches(card(got[0]), op["filter"]):
            d["p"][seat]["hand"].append(got[0])
            log_draw(d, seat, got)
            break
        shown.append(got[0])
    d["discard"] += shown


def add_targets(p: Player, op: Record, src: str | None) -> list[str]:
    """Return the cards an "add" op may put resources on."""
    if op["to"] == "self":
        return [src] if src and holds(src) else []
    if op["to"] == "stocked":
        return [c for c in owned(p) if holds(c) and p["res"].get(c, 0) > 0]
    kinds = op["res"] if isinstance(op["res"], list) else [op["res"]]
    return [c for c in owned(p) if c != src and holds(c) in kinds]


def put(d: Data, seat: int, target: str, n: int, src: str | None) -> None:
    """Put n resources on a card; microbes put on a card fire "add_other" effects (Filter Feeders)."""
    p = d["p"][seat]
    p["res"][target] = p["res"].get(target, 0) + n
    if holds(target) == "microbe":
        fire(d, seat, "add_other", res="microbe", target=target)


def _add(d: Data, seat: int, f: Frame, op: Record) -> None:
    p = d["p"][seat]
    targets = add_targets(p, op, f["src"])
    if not targets:
        return
    if len(targets) == 1:
        put(d, seat, targets[0], op["n"], f["src"])
        return
    f["i"] -= 1
    f["ask"] = {"q": "target", "cards": targets, "n": op["n"]}


def does_something(d: Data, seat: int, op: Record, src: str | None) -> bool:
    """Return True unless an op would certainly do nothing for this player now.

    Nothing: a raise or ocean whose parameter is maxed and past its max-phase, an ``add`` with no card to take
    the resources, an amount that counts to 0, a false condition, a choice of only empty options, a conversion
    with nothing to convert, a card play with no playable card, a retrieval with no red card, a cycle with an
    empty hand. Every other op (production, forests, draws, extra plays...) does something.
    """
    p = d["p"][seat]
    kind = op["op"]
    if kind == "raise":
        return step_scores(d, op["param"])
    if kind == "ocean":
        return step_scores(d, "ocean")
    if kind == "add":
        return bool(add_targets(p, op, src))
    if kind in ("gain", "tr", "draw"):
        return _amount(p, op, src) > 0
    if kind == "choose":
        return any(option_ok(p, o, src) and option_useful(d, seat, o, src) for o in op["options"])
    if kind == "if":
        return cond_holds(p, op["cond"]) and any(does_something(d, seat, o, src) for o in op["do"])
    if kind == "convert":
        return min(int(p[op["from"]]), int(op.get("max", p[op["from"]]))) > 0
    if kind == "play_card":
        return bool(free_play_choices(d, seat, op))
    if kind == "retrieve_red":
        return any(card(c)["color"] == "red" and c != src for c in p["table"])
    if kind == "cycle":
        return bool(p["hand"])
    return True


def option_useful(d: Data, seat: int, option: Record, src: str | None) -> bool:
    """Return True if an option (of a card action or a choice) would do something: one of its ops does.

    An option with no ops at all is a deliberate "no" (United Nations Mars Initiative's "do not pay"): it stays.
    Paying a cost is not an effect: an option that only pays (Aquifer Pumping with every ocean flipped) is useless.
    """
    ops = option["do"]
    return not ops or any(does_something(d, seat, op, src) for op in ops)


def _choose(d: Data, seat: int, f: Frame, op: Record) -> None:
    p = d["p"][seat]
    ok = [i for i, o in enumerate(op["options"]) if option_ok(p, o, f["src"]) and option_useful(d, seat, o, f["src"])]
    if not ok:
        return
    if len(ok) == 1:
        push_option(d, seat, op["options"][ok[0]], f["src"])
        return
    f["i"] -= 1
    f["ask"] = {"q": "choose", "options": ok}


def push_option(d: Data, seat: int, option: Record, src: str | None) -> None:
    """Push an option's costs (as engine ops) and then its ops."""
    push(d, seat, [{"op": "_cost", "cost": c} for c in option.get("cost", [])] + list(option["do"]), src)


def _if(d: Data, seat: int, f: Frame, op: Record) -> None:
    if cond_holds(d["p"][seat], op["cond"]):
        push(d, seat, list(op["do"]), f["src"])


def _extra_play(d: Data, seat: int, f: Frame, op: Record) -> None:
    for _ in range(op["n"]):
        d["p"][seat]["ph"].setdefault("plays", []).append({"colors": list(op["colors"]), "bonus": False})


def _next_discount(d: Data, seat: int, f: Frame, op: Record) -> None:
    ph = d["p"][seat]["ph"]
    ph["next_discount"] = ph.get("next_discount", 0) + op["n"]


def _next_shift(d: Data, seat: int, f: Frame, op: Record) -> None:
    d["p"][seat]["ph"]["next_shift"] = op["zones"]


def free_play_choices(d: Data, seat: int, op: Record) -> list[str]:
    """Return the hand cards a "play_card" op may play now (colour, printed cost cap, requirements, price)."""
    p = d["p"][seat]
    out = []
    for c in sorted(set(p["hand"])):
        rec = card(c)
        if rec["color"] not in op["colors"] or rec["cost"] > op.get("max_cost", 99):
            continue
        if not requirements_ok(d, p, rec):
            continue
        due = 0 if op.get("free") else max(0, price(d, seat, rec) - op.get("discount", 0))
        if due <= funds(p):
            out.append(c)
    return out


def _play_card(d: Data, seat: int, f: Frame, op: Record) -> None:
    if not free_play_choices(d, seat, op):
        return
    f["i"] -= 1
    f["ask"] = {"q": "play_card", "op": op}


def _retrieve_red(d: Data, seat: int, f: Frame, op: Record) -> None:
    reds = [c for c in d["p"][seat]["table"] if card(c)["color"] == "red" and c != f["src"]]
    if not reds:
        return
    f["i"] -= 1
    f["ask"] = {"q": "retrieve", "cards": sorted(set(reds))}


def _cycle(d: Data, seat: int, f: Frame, op: Record) -> None:
    """Ask for discards (up to ``max``); once the player stops or reaches it, draw for every card discarded."""
    done = f["ctx"].get("cycled", 0)
    if done >= op["max"] or not d["p"][seat]["hand"] or f["ctx"].get("stopped"):
        got = draw_cards(d, f["ctx"].get("owed", 0))
        d["p"][seat]["hand"] += got
        log_draw(d, seat, got)
        f["ctx"].update({"cycled": 0, "owed": 0, "stopped": False})
        return
    f["i"] -= 1
    f["ask"] = {"q": "cycle", "left": op["max"] - done, "bonus_tag": op.get("bonus_tag")}


def _convert(d: Data, seat: int, f: Frame, op: Record) -> None:
    have = int(d["p"][seat][op["from"]])
    top = min(have, op.get("max", have))
    if top <= 0:
        return
    if top == 1:
        convert(d, seat, op, 1)
        return
    f["i"] -= 1
    f["ask"] = {"q": "convert", "max": top, "from": op["from"], "to": op["to"]}


def convert(d: Data, seat: int, op: Record, n: int) -> None:
    """Turn n of one stock into n of another."""
    p = d["p"][seat]
    p[op["from"]] -= n
    p[op["to"]] += n


def _cost(d: Data, seat: int, f: Frame, op: Record) -> None:
    """Pay one cost of an option: M€ (asking how much heat, for Helion), a stock, TR, resources, or discards."""
    p = d["p"][seat]
    c = op["cost"]
    if c["op"] == "pay":
        n = pay_amount(p, c, f["src"])
        if c["res"] == "mc":
            pay_mc(d, seat, f, n)
        elif c["res"] == "tr":
            p["tr"] -= n
            log_tr(d, seat, -n)
        else:
            p[c["res"]] -= n
    elif c["op"] == "remove":
        cands = removable(p, c, f["src"])
        if len(cands) == 1:
            p["res"][cands[0]] -= c["n"]
        elif cands:
            f["i"] -= 1
            f["ask"] = {"q": "remove_from", "cards": cands, "n": c["n"]}
    elif c["op"] == "discard":
        push(d, seat, [{"op": "_discard", "n": c["n"]}], f["src"])


def pay_mc(d: Data, seat: int, f: Frame, n: int) -> None:
    """Pay n M€; a player who may pay with heat is asked how much heat to use when there is a choice."""
    p = d["p"][seat]
    if n <= 0:
        return
    lo, hi = heat_range(p, n)
    if lo == hi:
        p["heat"] -= lo
        p["mc"] -= n - lo
        return
    push(d, seat, [{"op": "_pay_heat", "n": n}], f["src"])


def heat_range(p: Player, n: int) -> tuple[int, int]:
    """Return the least and most heat a player may put toward paying n M€."""
    if not has_effect(p, "heat_as_mc"):
        return 0, 0
    return max(0, n - int(p["mc"])), min(int(p["heat"]), n)


def _pay_heat(d: Data, seat: int, f: Frame, op: Record) -> None:
    lo, hi = heat_range(d["p"][seat], op["n"])
    f["i"] -= 1
    f["ask"] = {"q": "pay_heat", "n": op["n"], "lo": lo, "hi": hi}


def _played(d: Data, seat: int, f: Frame, op: Record) -> None:
    """Finish playing a card: fire the tag and card triggers of the player's effects."""
    fire(d, seat, "card", card=op["card"])
    fire(d, seat, "tag", card=op["card"])


def _acted(d: Data, seat: int, f: Frame, op: Record) -> None:
    """Finish a card action: fire "action" effects (Assembly Lines)."""
    fire(d, seat, "action", card=op["card"])


def _research(d: Data, seat: int, f: Frame, op: Record) -> None:
    """Draw the research cards; then keep the allowed number (asked one at a time)."""
    cards = draw_cards(d, op["draw"])
    log(d, "{seat} draws {n} cards in the Research phase and keeps {keep}", seat=seat, n=len(cards),
        keep=min(op["keep"], len(cards)))
    push(d, seat, [{"op": "_keep"}], None, {"looked": cards, "keep": op["keep"], "filter": None, "per_discard": []})


def _solo_raise(d: Data, seat: int, f: Frame, op: Record) -> None:
    """Ask which parameter the virtual player raises (solo; no TR)."""
    open_params = [k for k in ("temperature", "oxygen") if d["params"][k] < PARAM_STEPS[k]]
    if not open_params:
        return
    if len(open_params) == 1:
        solo_raise(d, open_params[0], op["n"])
        return
    f["i"] -= 1
    f["ask"] = {"q": "solo_raise", "n": op["n"]}


def solo_raise(d: Data, param: str, n: int) -> None:
    """Raise a parameter for the virtual player: no TR, no forest, no triggers."""
    for _ in range(n):
        step(d, None, param)
    log(d, VIRTUAL_RAISE_LOG[param], n=shown_value(param, d["params"][param]))


_OPS = {
    "gain": _gain, "prod": _prod, "steel": _metal, "titanium": _metal, "raise": _raise, "ocean": _ocean,
    "forest": _forest, "tr": _tr, "draw": _draw, "draw_discard": _draw_discard, "look_keep": _look_keep,
    "reveal_until": _reveal_until, "add": _add, "choose": _choose, "if": _if, "extra_play": _extra_play,
    "next_discount": _next_discount, "next_shift": _next_shift, "play_card": _play_card,
    "retrieve_red": _retrieve_red, "cycle": _cycle, "convert": _convert,
    "_cost": _cost, "_discard": _discard, "_keep": _keep, "_pay_heat": _pay_heat, "_played": _played,
    "_acted": _acted, "_research": _research, "_solo_raise": _solo_raise,
}
