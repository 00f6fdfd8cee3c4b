"""The round: corporations, planning, the chosen phases (played by everybody at once), the end step and the end.

Every player acts in parallel inside a phase: ``to_move`` holds every player who still has something to decide.
Actions apply in the order they arrive; they stay order-independent because requirements are read from the
phase-start snapshot and a raise scores whenever the parameter was not maxed before the phase (RULES-NOTES.md).
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.api import Action
from ...core.errors import IllegalActionError
from .cards import Record, board, card
from .effects import (
    asking,
    convert,
    fire,
    free_play_choices,
    log_tr,
    option_useful,
    push,
    push_option,
    put,
    run,
    solo_raise,
    step_scores,
)
from .model import (
    Data,
    Player,
    draw_cards,
    effects_of,
    hand_sell_value,
    is_maxed,
    production,
    rng_of,
    save_rng,
    terraformed,
)
from .playing import funds, option_ok, payment_choices, price, requirements_ok
from .scoring import breakdown
from .text import log

STANDARD = ("heat_temp", "plant_forest", "buy_temp", "buy_ocean", "buy_forest")


# --- who is to move ----------------------------------------------------------------------------------------------

def to_move(d: Data) -> list[int]:
    """Return every seat with a decision to make now."""
    stage = d["stage"]
    if stage == "over":
        return []
    seats = range(d["players"])
    if stage == "corp":
        return [s for s in seats if d["p"][s]["corp"] is None]
    if stage == "plan":
        return [s for s in seats if d["p"][s]["pick"] is None]
    if stage == "solo_order":
        return [0]
    if stage == "coop":
        swapping = [s for s in seats if d["p"][s]["frames"]]
        return swapping or d["coop"]["order"][:1]
    if stage == "end":
        return [s for s in seats if d["p"][s]["frames"] or len(d["p"][s]["hand"]) > board()["hand_limit"]]
    if stage == "setup" or d["phase"] in (1, 2, 3):
        # One player at a time, in seat order from this round's first player (see RULES-NOTES.md).
        for s in turn_order(d):
            if d["p"][s]["frames"] or not d["p"][s]["done"]:
                return [s]
        return []
    return [s for s in seats if d["p"][s]["frames"] or not d["p"][s]["done"]]


def turn_order(d: Data) -> list[int]:
    """Return the seats in acting order for this round: from the first player (who rotates each round) on."""
    n = d["players"]
    first = (max(d["round"], 1) - 1) % n
    return [(first + i) % n for i in range(n)]


# --- legal actions -------------------------------------------------------------------------------------------------

def legal_actions(d: Data, seat: int) -> list[Action]:
    """Return exactly the actions this seat may take now, in canonical order."""
    if seat not in to_move(d):
        return []
    f = asking(d, seat)
    if f is not None:
        return answers(d, seat, f["ask"])
    p = d["p"][seat]
    stage = d["stage"]
    if stage == "corp":
        return [Action.make("corp", pick=c) for c in p["offer"]]
    if stage == "plan":
        return [Action.make("phase", pick=k) for k in range(1, 6) if k != p["last"]]
    if stage == "solo_order":
        return [Action.make("dummy", pick=k) for k in sorted(set(d["solo"]["left"]))]
    if stage == "coop":
        items = (["cube"] if d["coop"]["cubes"] else []) + (["marker"] if d["coop"]["markers"] else [])
        return [Action.make("take", item=i) for i in items]
    if stage == "end":
        return [Action.make("discard", card=c) for c in sorted(set(p["hand"]))]
    out: list[Action] = []
    if d["phase"] in (1, 2):
        out += _play_actions(d, seat)
        if any(a.get("bonus") for a in p["ph"].get("plays", [])):
            out.append(Action.make("bonus_draw"))
    if d["phase"] == 3:
        out += _card_actions(d, seat) + _standard_actions(d, seat)
    out += _sells(p)
    if not forced_conversion(d, seat):
        out.append(Action.make("done"))
    return out


def _sells(p: Player) -> list[Action]:
    """Return the sell actions: any hand card, for M€."""
    return [Action.make("sell", card=c) for c in sorted(set(p["hand"]))]


def playable(d: Data, seat: int, cid: str) -> list[tuple[str, ...]]:
    """Return the payment-effect sets with which this card can be played now ([] when it cannot be played)."""
    p = d["p"][seat]
    rec = card(cid)
    plays = p["ph"].get("plays", [])
    if not any(rec["color"] in a["colors"] for a in plays) or not requirements_ok(d, p, rec):
        return []
    out = []
    for combo in payment_choices(d, seat, rec):
        if _affordable(d, seat, rec, combo):
            out.append(combo)
    return out


def _affordable(d: Data, seat: int, rec: Record, combo: tuple[str, ...]) -> bool:
    """Return True if the player can pay price, spend requirements and payment effects all together."""
    p = d["p"][seat]
    need = {"mc": price(d, seat, rec, combo), "plants": 0, "heat": 0, "tr": 0}
    for req in rec.get("req", ()):
        if req["kind"] == "spend":
            need[req["res"]] += req["n"]
    for c, e in effects_of(p, "pay_option"):
        if c in combo:
            for cost in e["cost"]:
                if cost["op"] == "pay":
                    need[cost["res"]] += cost["n"]
    if need["plants"] > p["plants"] or need["tr"] > p["tr"]:
        return False
    if need["heat"] > p["heat"]:
        return False
    spare_heat = p["heat"] - need["heat"] if funds(p) != p["mc"] else 0
    return bool(need["mc"] <= p["mc"] + spare_heat)


def _play_actions(d: Data, seat: int) -> list[Action]:
    """Return the play actions for every card in hand that can be played now."""
    out = []
    for cid in sorted(set(d["p"][seat]["hand"])):
        for combo in playable(d, seat, cid):
            out.append(Action.make("play", card=cid, use="+".join(combo) if combo else None))
    return out


def card_action_uses(d: Data, seat: int, cid: str) -> int:
    """Return how many more times this card's action may be used in this action phase."""
    p = d["p"][seat]
    used = p["ph"]["used"].get(cid, 0)
    if used == 0:
        return 1 + (1 if p["ph"].get("repeat") else 0)
    return 1 if used == 1 and p["ph"].get("repeat") else 0


def _card_actions(d: Data, seat: int) -> list[Action]:
    """Return the card actions available: each card once (one of them twice for the phase's chooser)."""
    p = d["p"][seat]
    out = []
    for cid in ([p["corp"]] if p["corp"] else []) + sorted(set(p["table"])):
        options = card(cid).get("action")
        if not options or not card_action_uses(d, seat, cid):
            continue
        for i, o in enumerate(options):
            if option_ok(p, o, cid) and option_useful(d, seat, o, cid):
                out.append(Action.make("act", card=cid, option=i + 1 if len(options) > 1 else None))
    return out


def standard_cost(p: Player, kind: str) -> int:
    """Return what a standard action costs this player (Ecoline's forests, Standard Technology's discount)."""
    spec = board()["standard"][kind]
    n = int(spec["n"])
    if kind == "plant_forest":
        for _, e in effects_of(p, "forest_plants"):
            n = min(n, e["n"])
    if spec["pay"] == "mc":
        n = max(0, n - sum(e["n"] for _, e in effects_of(p, "standard_discount")))
    return n


def standard_useful(d: Data, kind: str) -> bool:
    """Return False for a raise that would do nothing (the parameter is maxed and its max-phase is over).

    A forest always does something: its token is worth 1 VP even when oxygen is maxed.
    """
    param = board()["standard"][kind]["do"]
    return param == "forest" or step_scores(d, param)


def _standard_actions(d: Data, seat: int) -> list[Action]:
    """Return the standard actions this player can pay for and that would do something."""
    p = d["p"][seat]
    out = []
    for kind in STANDARD:
        spec = board()["standard"][kind]
        n = standard_cost(p, kind)
        have = funds(p) if spec["pay"] == "mc" else p[spec["pay"]]
        if n <= have and standard_useful(d, kind):
            out.append(Action.make("std", what=kind))
    return out


def forced_conversions(d: Data, seat: int) -> tuple[bool, bool]:
    """Return whether the player must still convert heat (to temperature) and plants (to a forest) before ending
    the action phase: they can pay for it and that parameter is not at its maximum now."""
    if d["phase"] != 3:
        return False, False
    p = d["p"][seat]
    heat = p["heat"] >= standard_cost(p, "heat_temp") and not is_maxed(d, "temperature")
    plants = p["plants"] >= standard_cost(p, "plant_forest") and not is_maxed(d, "oxygen")
    return bool(heat), bool(plants)


def forced_conversion(d: Data, seat: int) -> bool:
    """Return True if the player must still convert heat or plants before ending the action phase."""
    return any(forced_conversions(d, seat))


def answers(d: Data, seat: int, ask: Record) -> list[Action]:
    """Return the answers to a pending question."""
    q = ask["q"]
    p = d["p"][seat]
    if q == "choose":
        return [Action.make("choose", option=i + 1) for i in ask["options"]]
    if q in ("target", "remove_from"):
        return [Action.make("target", card=c) for c in ask["cards"]]
    if q == "keep":
        return [Action.make("keep", card=c) for c in ask["cards"]]
    if q == "discard":
        return [Action.make("discard", card=c) for c in sorted(set(p["hand"]))]
    if q == "cycle":
        return [Action.make("cycle", card=c) for c in sorted(set(p["hand"]))] + [Action.make("stop")]
    if q == "convert":
        return [Action.make("convert", n=n) for n in range(1, ask["max"] + 1)]
    if q == "pay_heat":
        return [Action.make("pay", heat=n) for n in range(ask["lo"], ask["hi"] + 1)]
    if q == "play_card":
        return [Action.make("free", card=c) for c in free_play_choices(d, seat, ask["op"])] + [Action.make("skip")]
    if q == "retrieve":
        return [Action.make("retrieve", card=c) for c in ask["cards"]] + [Action.make("skip")]
    if q == "solo_raise":
        return [Action.make("raise", param=k) for k in ("oxygen", "temperature") if not is_maxed(d, k)]
    if q == "swap":
        other = d["p"][1 - seat]["hand"]
        return [Action.make("swap", give=a, take=b) for a in sorted(set(p["hand"])) for b in sorted(set(other))
                if a != b] + [Action.make("skip")]
    raise AssertionError(f"unknown question {q!r}")


# --- applying -----------------------------------------------------------------------------------------------------

def apply_action(d: Data, seat: int, action: Action) -> None:
    """Apply a legal action, then advance the game as far as it goes without a decision."""
    f = asking(d, seat)
    if f is not None:
        _answer(d, seat, f, action)
        run(d, seat)
    else:
        _top(d, seat, action)
    advance(d)


def _answer(d: Data, seat: int, f: Record, action: Action) -> None:
    """Apply the answer to a frame's question; repeating questions re-ask from their op."""
    ask = f.pop("ask")
    q = ask["q"]
    p = d["p"][seat]
    op = f["ops"][f["i"]]
    one_shot = True
    if q == "choose":
        push_option(d, seat, op["options"][int(action.get("option") or 0) - 1], f["src"])
    elif q == "target":
        f["i"] += 1
        put(d, seat, str(action.get("card")), ask["n"], f["src"])
        return
    elif q == "remove_from":
        p["res"][str(action.get("card"))] -= ask["n"]
    elif q == "keep":
        c = str(action.get("card"))
        f["ctx"]["looked"].remove(c)
        f["ctx"]["keep"] -= 1
        p["hand"].append(c)
        one_shot = False
    elif q == "discard":
        c = str(action.get("card"))
        p["hand"].remove(c)
        d["discard"].append(c)
        f["ctx"]["done"] = f["ctx"].get("done", 0) + 1
        one_shot = False
    elif q == "cycle":
        if action.kind == "stop":
            f["ctx"]["stopped"] = True
        else:
            c = str(action.get("card"))
            p["hand"].remove(c)
            d["discard"].append(c)
            n = 1 + (1 if ask["bonus_tag"] and ask["bonus_tag"] in card(c)["tags"] else 0)
            f["ctx"]["owed"] = f["ctx"].get("owed", 0) + n
            f["ctx"]["cycled"] = f["ctx"].get("cycled", 0) + 1
        one_shot = False
    elif q == "convert":
        convert(d, seat, op, int(action.get("n") or 0))
    elif q == "pay_heat":
        heat = int(action.get("heat") or 0)
        p["heat"] -= heat
        p["mc"] -= ask["n"] - heat
    elif q == "play_card":
        if action.kind == "free":
            c = str(action.get("card"))
            due = 0 if op.get("free") else max(0, price(d, seat, card(c)) - op.get("discount", 0))
            f["i"] += 1
            start_play(d, seat, c, (), due)
            return
    elif q == "retrieve" and action.kind == "retrieve":
        c = str(action.get("card"))
        p["table"].remove(c)
        p["hand"].append(c)
    elif q == "solo_raise":
        solo_raise(d, str(action.get("param")), op["n"])
    elif q == "swap" and action.kind == "swap":
        give, take = str(action.get("give")), str(action.get("take"))
        other = d["p"][1 - seat]
        p["hand"].remove(give)
        other["hand"].remove(take)
        p["hand"].append(take)
        other["hand"].append(give)
        log(d, "{seat} swaps a card with their partner", seat=seat)
    if one_shot:
        f["i"] += 1


def start_play(d: Data, seat: int, cid: str, combo: tuple[str, ...], due: int) -> None:
    """Play a card from hand: pay, put it on the table, then resolve its ops and the triggers it fires."""
    p = d["p"][seat]
    rec = card(cid)
    p["hand"].remove(cid)
    p["table"].append(cid)
    if rec.get("holds"):
        p["res"].setdefault(cid, 0)
    for c, e in effects_of(p, "pay_option"):
        if c in combo:
            for cost in e["cost"]:
                if cost["op"] == "pay":
                    p[cost["res"]] -= cost["n"]
                else:
                    p["res"][c] -= cost["n"]
    log(d, "{seat} plays {card}", seat=seat, card=cid)
    for req in rec.get("req", ()):
        if req["kind"] == "spend":
            p[req["res"]] -= req["n"]
            if req["res"] == "tr":
                log_tr(d, seat, -int(req["n"]))
    p["ph"]["next_discount"] = 0
    p["ph"]["next_shift"] = 0
    ops: list[Record] = [{"op": "_cost", "cost": {"op": "pay", "res": "mc", "n": due}}] if due else []
    push(d, seat, ops + list(rec.get("play", ())) + [{"op": "_played", "card": cid}], cid)
    run(d, seat)


def _use_allowance(p: Player, color: str) -> None:
    """Use up one card play of the phase for a colour (the chooser's bonus play last)."""
    plays = p["ph"]["plays"]
    fits = [a for a in plays if color in a["colors"]]
    fits.sort(key=lambda a: (a["bonus"], len(a["colors"])))
    plays.remove(fits[0])


def _top(d: Data, seat: int, action: Action) -> None:
    """Apply a top-level action (no question pending)."""
    p = d["p"][seat]
    kind = action.kind
    if kind == "corp":
        p["corp"] = action.get("pick")
        p["offer"] = []
        return
    if kind == "phase":
        p["pick"] = int(action.get("pick") or 0)
        return
    if kind == "dummy":
        k = int(action.get("pick") or 0)
        d["solo"]["left"].remove(k)
        d["solo"]["deck"].append(k)
        if not d["solo"]["left"]:
            d["stage"] = "plan"
        return
    if kind == "take":
        _take(d, seat, str(action.get("item")))
        return
    if kind == "sell":
        c = str(action.get("card"))
        p["hand"].remove(c)
        d["discard"].append(c)
        p["mc"] += hand_sell_value(p)
        p["sold"] += 1
        log(d, "{seat} sells a card for {n} M€", seat=seat, n=hand_sell_value(p))
        return
    if kind == "discard":  # the end step's hand limit
        c = str(action.get("card"))
        p["hand"].remove(c)
        d["discard"].append(c)
        p["mc"] += hand_sell_value(p)
        log(d, "{seat} discards a card down to the hand limit and gains {n} M€", seat=seat, n=hand_sell_value(p))
        return
    if kind == "done":
        p["done"] = True
        return
    if kind == "bonus_draw":
        p["ph"]["plays"] = [a for a in p["ph"]["plays"] if not a["bonus"]]
        got = draw_cards(d, 1)
        p["hand"] += got
        if got:
            log(d, "{seat} draws a card as the Construction bonus", seat=seat)
        return
    if kind == "play":
        cid = str(action.get("card"))
        use = action.get("use")
        combo = tuple(use.split("+")) if use else ()
        due = price(d, seat, card(cid), combo)
        _use_allowance(p, card(cid)["color"])
        start_play(d, seat, cid, combo, due)
        return
    if kind == "act":
        cid = str(action.get("card"))
        options = card(cid)["action"]
        option = options[int(action.get("option") or 1) - 1]
        p["ph"]["used"][cid] = p["ph"]["used"].get(cid, 0) + 1
        if p["ph"]["used"][cid] == 2:
            p["ph"]["repeat"] = 0
        log(d, "{seat} uses the action of {card}", seat=seat, card=cid)
        push(d, seat, [{"op": "_acted", "card": cid}], cid)
        push_option(d, seat, option, cid)
        run(d, seat)
        return
    if kind == "std":
        _standard(d, seat, str(action.get("what")))
        return
    raise IllegalActionError(f"unknown action {action}")


def _standard(d: Data, seat: int, kind: str) -> None:
    """Take a standard action: pay, then raise the temperature, flip an ocean or gain a forest."""
    p = d["p"][seat]
    spec = board()["standard"][kind]
    n = standard_cost(p, kind)
    do = {"temperature": {"op": "raise", "param": "temperature", "n": 1}, "ocean": {"op": "ocean", "n": 1},
          "forest": {"op": "forest", "n": 1}}[spec["do"]]
    log(d, "{seat} takes a standard action: {name}", seat=seat, name={
        "heat_temp": "heat to temperature", "plant_forest": "plants to forest", "buy_temp": "buy temperature",
        "buy_ocean": "buy an ocean", "buy_forest": "buy a forest"}[kind])
    push(d, seat, [{"op": "_cost", "cost": {"op": "pay", "res": spec["pay"], "n": n}}, do] if n else [do], None)
    run(d, seat)


def _take(d: Data, seat: int, item: str) -> None:
    """Co-op: take a cube (1 M€) or a marker (swap a card with the partner) from the pool."""
    coop = d["coop"]
    coop["order"].pop(0)
    if item == "cube":
        coop["cubes"] -= 1
        d["p"][seat]["mc"] += 1
    else:
        coop["markers"] -= 1
        if d["p"][seat]["hand"] and d["p"][1 - seat]["hand"]:
            f = {"ops": [{"op": "_swap"}], "i": 0, "src": None, "ctx": {}, "ask": {"q": "swap"}}
            d["p"][seat]["frames"].append(f)
    log(d, "{seat} takes a {name} from the pool", seat=seat, name=item)


# --- flow -------------------------------------------------------------------------------------------------------

def advance(d: Data) -> None:
    """Move the game on while nobody has a decision: setup, reveal, phases, the end step and the end."""
    while d["stage"] != "over" and not to_move(d):
        step = _STAGE_STEPS.get(d["stage"])
        if step is None:
            raise AssertionError(f"stuck in stage {d['stage']!r}")
        step(d)


def _apply_corporations(d: Data) -> None:
    """Give every player their corporation's M€ and starting effects (which may ask questions)."""
    d["stage"] = "setup"
    d["phase_key"] = None
    for seat, p in enumerate(d["p"]):
        rec = card(p["corp"])
        p["mc"] += rec["mc"]
        if rec.get("holds"):
            p["res"][p["corp"]] = 0
        log(d, "{seat} starts with {card}", seat=seat, card=p["corp"])
        push(d, seat, list(rec.get("play", ())), p["corp"])
        fire(d, seat, "tag", card=p["corp"])  # a corporation's own tags count for its "this card included" effects
        run(d, seat)


def start_round(d: Data) -> None:
    """Begin a round: planning (or, in solo's last five rounds, ordering the virtual player's deck first)."""
    d["round"] += 1
    d["phase"] = 0
    d["phase_key"] = None
    log(d, "Round {n} begins", n=d["round"])
    for p in d["p"]:
        p["last"] = p["pick"] if d["round"] > 1 else None
        p["pick"] = None
        p["done"] = True
        p["ph"] = {}
    solo = d.get("solo")
    d["stage"] = "solo_order" if solo and solo["left"] else "plan"


def _reveal(d: Data) -> None:
    """Reveal the phase cards (and the virtual player's), then run the co-op pool or the first phase."""
    picks = [p["pick"] for p in d["p"]]
    chosen = set(picks)
    d["epoch"] += 1
    solo = d.get("solo")
    if solo:
        dummy = solo["deck"].pop(0)
        solo["played"].append(dummy)
        chosen.add(dummy)
        log(d, "The virtual player reveals {name}", name=board()["phases"][str(dummy)])
    d["phases"] = sorted(chosen)
    log(d, "Phases this round: {name}", name=", ".join(board()["phases"][str(k)] for k in d["phases"]))
    if d.get("coop"):
        first = d["coop"]["first"]
        d["coop"]["order"] = [first, 1 - first]
        d["coop"]["first"] = 1 - first
        d["stage"] = "coop"
        return
    _next_phase(d)


def _next_phase(d: Data) -> None:
    """Start the next chosen phase, or the end step when none is left."""
    if not d["phases"]:
        d["stage"] = "end"
        d["phase"] = 0
        d["phase_key"] = None
        return
    k = d["phases"].pop(0)
    d["stage"] = "phase"
    d["phase"] = k
    d["phase_key"] = f"{d['round']}.{k}"
    d["snap"] = dict(d["params"])
    log(d, "Phase {n} begins: {name}", n=k, name=board()["phases"][str(k)])
    for seat, p in enumerate(d["p"]):
        chooser = p["pick"] == k
        p["tr_up"] = False
        p["done"] = k in (4, 5)
        ph: Record = {"next_discount": 0, "next_shift": 0}
        if k == 1:
            ph["plays"] = [{"colors": ["green"], "bonus": False}]
        elif k == 2:
            ph["plays"] = [{"colors": ["blue", "red"], "bonus": False}]
            if chooser:
                ph["plays"].append({"colors": ["blue", "red"], "bonus": True})
        elif k == 3:
            ph["used"] = {}
            ph["repeat"] = 1 if chooser else 0
        p["ph"] = ph
        if k == 4:
            _produce(d, seat, chooser)
        elif k == 5:
            draw_n, keep_n = board()["research"]["draw"], board()["research"]["keep"]
            if chooser:
                draw_n += board()["phase_bonus"]["research_draw"]
                keep_n += board()["phase_bonus"]["research_keep"]
            for _, e in effects_of(p, "research"):
                draw_n += e["draw"]
                keep_n += e["keep"]
            push(d, seat, [{"op": "_research", "draw": draw_n, "keep": keep_n}], None)
            run(d, seat)


def _produce(d: Data, seat: int, chooser: bool) -> None:
    """Production: M€ = TR + M€ production, heat, plants and cards (the chooser also gets 4 M€)."""
    p = d["p"][seat]
    prod = production(p)
    mc = p["tr"] + prod["mc"] + (board()["phase_bonus"]["production_mc"] if chooser else 0)
    p["mc"] += mc
    p["heat"] += prod["heat"]
    p["plants"] += prod["plants"]
    got = draw_cards(d, prod["cards"])
    p["hand"] += got
    log(d, "{seat} produces {mc} M€, {heat} heat, {plants} plants and {drawn} cards", seat=seat, mc=mc,
        heat=prod["heat"], plants=prod["plants"], drawn=len(got))


def ends_when_terraformed(d: Data) -> bool:
    """Return True if terraforming Mars ends this game: in the competitive game, and in solo or co-op only with
    their early-end option.

    The printed co-op game runs until the last item is taken from the pool (after 15 rounds), however early Mars
    is terraformed (SEED-NOTES.md item 11), and the printed solo game "ends after the 25th round" (seed
    001_52bd1af0534ce7de.txt); the options ``coop_early_end`` and ``solo_early_end`` end them at once instead.
    """
    if d.get("coop"):
        return bool(d["options"]["coop_early_end"])
    if d.get("solo"):
        return bool(d["options"]["solo_early_end"])
    return True


def _end_phase(d: Data) -> None:
    """End the phase: the game ends here if Mars is terraformed (and that ends this game); else the next phase."""
    if terraformed(d) and ends_when_terraformed(d):
        finish(d, "terraformed")
        return
    _next_phase(d)


def _end_round(d: Data) -> None:
    """After the hand limit: the round limits, the solo virtual player's cycle, then the next round."""
    solo, coop = d.get("solo"), d.get("coop")
    record_history(d)
    if terraformed(d) and ends_when_terraformed(d):  # the virtual player's raise at the end of a round can end it
        finish(d, "terraformed")
        return
    if coop and not coop["cubes"] and not coop["markers"]:
        finish(d, "pool_empty")
        return
    if solo:
        if d["round"] >= board()["solo"]["rounds"]:
            finish(d, "round_25")
            return
        if not solo["deck"] and solo.get("raised_for") != d["round"]:
            solo["raised_for"] = d["round"]
            solo["marker"] += 1
            n = board()["solo"]["raises"][d["options"]["solo_level"]]
            if solo["marker"] >= 5:
                solo["left"] = [1, 2, 3, 4, 5]
            else:
                rng = rng_of(d)
                solo["deck"] = [1, 2, 3, 4, 5]
                rng.shuffle(solo["deck"])
                save_rng(d, rng)
            solo["played"] = []
            if n:
                push(d, 0, [{"op": "_solo_raise", "n": n}], None)
                run(d, 0)
                if d["p"][0]["frames"]:
                    return
    elif not coop and d["round"] >= d["options"]["round_limit"]:
        finish(d, "round_limit")
        return
    if terraformed(d) and ends_when_terraformed(d):
        finish(d, "terraformed")
        return
    start_round(d)


def record_history(d: Data) -> None:
    """Write every player's TR and VP now as this round's entry of ``d["hist"]`` (for the end screen's chart).

    Each entry is ``[round, [tr per seat], [vp per seat]]``; a second call in the same round (the game ending
    after the end step) replaces that round's entry rather than adding one.
    """
    entry = [d["round"], [int(p["tr"]) for p in d["p"]], [breakdown(p)["total"] for p in d["p"]]]
    hist = d["hist"]
    if hist and hist[-1][0] == d["round"]:
        hist[-1] = entry
    else:
        hist.append(entry)


def finish(d: Data, reason: str) -> None:
    """End the game (recording the final TR and VP as the last round's history)."""
    if d["round"] > 0:
        record_history(d)
    d["stage"] = "over"
    d["over"] = reason
    d["phases"] = []
    log(d, "The game ends: {name}", name={
        "terraformed": "Mars is terraformed", "round_25": "round 25 is over", "pool_empty": "the pool is empty",
        "round_limit": "the round limit is reached"}[reason])


# What advance() runs in each stage once nobody has a decision (defined after the steps it names).
_STAGE_STEPS: dict[str, Callable[[Data], None]] = {
    "corp": _apply_corporations, "setup": start_round, "plan": _reveal, "coop": _next_phase,
    "phase": _end_phase, "end": _end_round}
