"""The view's ``table`` block: what the page's Ares table draws, as numbers, card ids, catalog texts and actions.

Every player-facing word is catalog Text JSON (ids in messages.py, ``ares.table.*``, ``ares.option.*``); every
action is the text of one of the viewer's legal actions, so the page never builds an action itself. The reasons
and costs come from the functions the rules use (``requirement_ok``, ``discount_parts``, ``price``,
``pay_options``, ``standard_cost``, ``standard_useful``, ``forced_conversions``, the phase allowances), so a card
is marked playable exactly when a legal action plays it. The shape is documented in docs/ARES_VIEW.md.

Hidden information is kept exactly as in view.py: other hands (except a co-op partner's) show only their size,
phase picks stay hidden until the reveal (a co-op partner's excepted), and nothing depends on the order of the
deck, of the face-down ocean tiles or of the virtual player's unordered deck.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ...core.api import JSON, Action
from ...core.text import Text, text
from .cards import Record, board, card
from .describe import describe_text, prompt_text
from .effects import asking, step_scores
from .messages import action_option_text, choice_option_text, phase_term, reward_text
from .model import PARAM_STEPS, Data, Player, hand_sell_value, has_effect, holds, production, tag_count, zone_of
from .playing import Discount, discount_parts, funds, pay_options, price, requirement_ok
from .rules import STANDARD, forced_conversions, legal_actions, standard_cost, standard_useful, to_move
from .scoring import breakdown, vp_by_card
from .text import entries

PHASES = (1, 2, 3, 4, 5)
HOME_PHASE = {"green": 1, "blue": 2, "red": 2}
COLORS = ("blue", "green", "red")
STAND_PARAM = {"heat_temp": "temperature", "buy_temp": "temperature", "buy_ocean": "ocean"}


def _t(msg_id: str, **args: tuple[str, Any] | int) -> JSON:
    """Return one catalog text as Text JSON."""
    return text(msg_id, **args).to_json()


def sees_hand(d: Data, viewer: int | None, seat: int) -> bool:
    """Return True if the viewer may see this seat's hand and secret pick: its own, or a co-op partner's."""
    return viewer == seat or (d["coop"] is not None and viewer is not None)


def pick_shown(d: Data, viewer: int | None, seat: int) -> bool:
    """Return True if this seat's phase pick is shown to the viewer: after the reveal, or to the player (partner)."""
    return d["stage"] not in ("plan", "corp", "solo_order") or sees_hand(d, viewer, seat)


# --- Mars ----------------------------------------------------------------------------------------------------------

def _track(d: Data, param: str) -> JSON:
    """Return temperature or oxygen: steps, the printed value, the colour zone and the zones in printed units."""
    spec = board()[param]
    steps = int(d["params"][param])

    def shown(k: int) -> int:
        """Return a step count in printed units (°C or %)."""
        return int(spec["start"] + spec["step"] * k)

    return {"steps": steps, "max": PARAM_STEPS[param], "value": shown(steps), "max_value": shown(PARAM_STEPS[param]),
            "zone": zone_of(param, steps), "maxed": steps >= PARAM_STEPS[param], "scores": step_scores(d, param),
            "zones": [{"zone": z, "from": shown(lo), "to": shown(hi)} for z, (lo, hi) in spec["zones"].items()],
            "bonuses": []}  # Ares Expedition's tracks print no bonus steps: every scoring step gives 1 TR


def _gives(reward: Record) -> JSON:
    """Return an ocean reward as numbers."""
    return {k: int(reward.get(k, 0)) for k in ("mc", "plants", "cards")}


def _mars(d: Data) -> JSON:
    """Return the three global parameters; a face-down ocean tile shows no reward (only the multiset of those left)."""
    flipped = d["ocean_flipped"]
    oceans = board()["oceans"]
    tiles = []
    for i in range(PARAM_STEPS["ocean"]):
        up = i < len(flipped)
        reward = oceans[flipped[i] - 1] if up else None
        tiles.append({"slot": i + 1, "flipped": up, "tile": flipped[i] if up else None,
                      "reward": reward_text(reward).to_json() if reward else None,
                      "gives": _gives(reward) if reward else None})
    left = [oceans[t - 1] for t in sorted(d["ocean_pile"])]
    return {"temperature": _track(d, "temperature"), "oxygen": _track(d, "oxygen"),
            "oceans": {"flipped": len(flipped), "max": PARAM_STEPS["ocean"],
                       "maxed": len(flipped) >= PARAM_STEPS["ocean"], "scores": step_scores(d, "ocean"),
                       "tiles": tiles, "rewards_left": [reward_text(r).to_json() for r in left],
                       "gives_left": [_gives(r) for r in left]}}


# --- phases --------------------------------------------------------------------------------------------------------

def _revealed(d: Data) -> bool:
    """Return True once this round's phase cards are face up (until the next planning)."""
    return d["stage"] in ("coop", "phase", "end", "over") and d["round"] > 0 and all(
        p["pick"] is not None for p in d["p"])


def _virtual_pick(d: Data) -> int | None:
    """Return the virtual player's revealed phase this round (solo), read from its deck or else from the log."""
    solo = d["solo"]
    if not solo or not _revealed(d):
        return None
    if solo["played"]:
        return int(solo["played"][-1])
    names = {str(v): int(k) for k, v in board()["phases"].items()}
    for template, args in reversed(entries(d)):  # the cycle just ended: its last card is named in the log
        if template == "The virtual player reveals {name}":
            return names.get(str(args["name"]["text"]))
    return None


def _phase_state(d: Data, k: int, chosen: set[int]) -> str:
    """Return where a phase stands this round: unknown, not_this_round, coming, now or done."""
    if not _revealed(d):
        return "unknown"
    if k not in chosen:
        return "not_this_round"
    stage = d["stage"]
    if stage == "coop":
        return "coming"
    if stage == "phase":
        return "now" if k == d["phase"] else "coming" if k in d["phases"] else "done"
    if stage == "over" and d["phase"] and k > d["phase"]:
        return "not_this_round"  # skipped: the game ended in an earlier phase of the round
    return "done"


def _phase_words(k: int) -> tuple[Text, Text]:
    """Return what everybody does in a phase and the chooser's bonus, in words."""
    pb, research = board()["phase_bonus"], board()["research"]
    if k == 1:
        return text("ares.table.phase.1.all"), text("ares.table.phase.1.bonus", n=pb["development_discount"])
    if k == 4:
        return text("ares.table.phase.4.all"), text("ares.table.phase.4.bonus", n=pb["production_mc"])
    if k == 5:
        return (text("ares.table.phase.5.all", draw=research["draw"], keep=research["keep"]),
                text("ares.table.phase.5.bonus", draw=pb["research_draw"], keep=pb["research_keep"]))
    return text(f"ares.table.phase.{k}.all"), text(f"ares.table.phase.{k}.bonus")


def _phases(d: Data, seat: int | None, legal: list[Action]) -> JSON:
    """Return the five phase cards for this round and the viewer's own picks."""
    revealed = _revealed(d)
    dummy = _virtual_pick(d)
    chosen = {int(p["pick"]) for p in d["p"] if p["pick"] is not None} | ({dummy} if dummy else set())
    picks = {str(a): int(a.get("pick") or 0) for a in legal if a.kind == "phase"}
    cards = []
    for k in PHASES:
        everyone, bonus = _phase_words(k)
        cards.append({
            "phase": k, "name": text(f"ares.term.phase.{k}").to_json(), "bonus": bonus.to_json(),
            "all": everyone.to_json(), "state": _phase_state(d, k, chosen),
            "chosen_by": [s for s, p in enumerate(d["p"]) if p["pick"] == k] if revealed else [],
            "virtual": bool(revealed and dummy == k),
            "a": next((a for a, n in picks.items() if n == k), None)})
    me = d["p"][seat] if seat is not None else None
    last = me["last"] if me else None
    return {"cards": cards, "mine": me["pick"] if me else None, "last": last,
            "last_reason": _t("ares.table.last_reason") if last is not None else None,
            "current": d["phase"] or None}


# --- players and their tableaux -------------------------------------------------------------------------------------

def _held(p: Player, cid: str) -> JSON | None:
    """Return what a card holds ({"kind", "n"}) if it collects resources."""
    kind = holds(cid)
    return {"kind": kind, "n": int(p["res"].get(cid, 0))} if kind else None


def _card_entry(d: Data, owner: int, cid: str, seat: int | None, acts: dict[str, list[Action]]) -> JSON:
    """Return one card of a tableau: what it holds, whether its action was used, and the viewer's own uses of it."""
    p = d["p"][owner]
    actions = []
    if owner == seat:
        for a in acts.get(cid, ()):
            option = a.get("option")
            actions.append({"a": str(a), "label": describe_text(d, seat, a).to_json(),
                            "option": int(option) if option else None,
                            "text": action_option_text(cid, int(option or 1)).to_json()})
    return {"id": cid, "holds": _held(p, cid), "has_action": bool(card(cid).get("action")), "actions": actions,
            "used": int(p["ph"].get("used", {}).get(cid, 0)) > 0}


def _players(d: Data, seat: int | None, legal: list[Action]) -> list[JSON]:
    """Return every player's public board (and the viewer's card actions)."""
    acts: dict[str, list[Action]] = {}
    for a in legal:
        if a.kind == "act":
            acts.setdefault(str(a.get("card")), []).append(a)
    movers = to_move(d)
    out = []
    for s, p in enumerate(d["p"]):
        corp_known = p["corp"] is not None and (sees_hand(d, seat, s) or d["stage"] != "corp")
        prod = production(p)
        vp = breakdown(p)
        tableau: dict[str, list[JSON]] = {c: [] for c in COLORS}
        for cid in p["table"]:
            tableau[str(card(cid)["color"])].append(_card_entry(d, s, cid, seat, acts))
        shown = pick_shown(d, seat, s)
        out.append({
            "seat": s, "corporation": p["corp"] if corp_known else None,
            "corporation_card": _card_entry(d, s, p["corp"], seat, acts) if corp_known else None,
            "tr": int(p["tr"]), "vp": vp["total"], "vp_parts": {k: vp[k] for k in ("tr", "forests", "cards")},
            "vp_cards": [{"id": c, "vp": n} for c, n in sorted(vp_by_card(p).items(), key=lambda x: (-x[1], x[0]))],
            "forests": int(p["forests"]),
            "stock": {k: int(p[k]) for k in ("mc", "heat", "plants", "steel", "titanium")},
            "prod": {k: int(prod[k]) for k in ("mc", "heat", "plants", "cards")},
            "mc_per_production": int(prod["mc"] + p["tr"]), "hand_size": len(p["hand"]),
            "pick": p["pick"] if shown else None, "picked": p["pick"] is not None, "done": bool(p["done"]),
            "to_move": s in movers, "tableau": tableau})
    return out


# --- the hand ------------------------------------------------------------------------------------------------------

def _requirement(d: Data, rules_d: Data, p: Player, req: Record) -> tuple[JSON, Text | None]:
    """Return one requirement as the page shows it, and the reason it gives when it is not met."""
    kind = req["kind"]
    met = requirement_ok(rules_d, p, req)
    snap = rules_d["snap"]
    reason: Text | None
    if kind == "zone":
        param = req["param"]
        bound = "min" if "min" in req else "max"
        zone = ("term", f"ares.term.zone.{req[bound]}")
        now = ("term", f"ares.term.zone.{zone_of(param, snap[param])}")
        label = text(f"ares.table.req.{param}.{bound}", zone=zone)
        now_t = text("ares.table.now.zone", zone=now)
        reason = text(f"ares.table.reason.req.{param}.{bound}", zone=zone, now=now)
    elif kind == "oceans":
        bound = "min" if "min" in req else "max"
        label = text(f"ares.table.req.oceans.{bound}", n=req[bound])
        now_t = text("ares.table.now.n", n=snap["ocean"])
        reason = text(f"ares.table.reason.req.oceans.{bound}", n=req[bound], now=snap["ocean"])
    elif kind == "tags":
        form = "one" if req["min"] == 1 else "many"
        tag = ("term", f"ares.term.tag.{req['tag']}")
        have = tag_count(p, req["tag"])
        label = text(f"ares.table.req.tags.{form}", n=req["min"], tag=tag)
        now_t = text("ares.table.now.have", n=have)
        reason = text(f"ares.table.reason.req.tags.{form}", n=req["min"], tag=tag, have=have)
    elif kind == "tr":
        label = text("ares.table.req.tr", n=req["min"])
        now_t = text("ares.table.now.have", n=int(p["tr"]))
        reason = text("ares.table.reason.req.tr", n=req["min"], have=int(p["tr"]))
    else:  # spend
        res = req["res"] + ("" if req["res"] != "plants" else ".one" if req["n"] == 1 else ".many")
        label = text(f"ares.table.req.spend.{res}", n=req["n"])
        now_t = text("ares.table.now.have", n=int(p[req["res"]]))
        reason = text(f"ares.table.reason.req.spend.{res}", n=req["n"], have=int(p[req["res"]]))
    return {"kind": kind, "text": label.to_json(), "met": met, "now": now_t.to_json()}, None if met else reason


def _discount_line(line: Discount) -> JSON:
    """Return one discount line in words and M€."""
    if line.kind == "card":
        words = text("ares.table.discount.card", card=("card", str(line.card)))
    elif line.kind in ("steel", "titanium"):
        words = text(f"ares.table.discount.{line.kind}", count=line.units, each=line.each)
    else:
        words = text(f"ares.table.discount.{line.kind}")
    return {"kind": line.kind, "text": words.to_json(), "n": line.n, "units": line.units, "each": line.each}


def _best_payment(d: Data, seat: int, rec: Record) -> tuple[int, tuple[str, ...]]:
    """Return the lowest price of a card now and the payment effects giving it (fewest effects on a tie)."""
    avail = sorted({c for c, _ in pay_options(d["p"][seat])})
    combos = [combo for k in range(len(avail) + 1) for combo in combinations(avail, k)]
    best = min(combos, key=lambda combo: (price(d, seat, rec, combo), len(combo)))
    return price(d, seat, rec, best), best


def _vp(rec: Record) -> int | JSON | None:
    """Return a card's printed VP: a number, a Text for a variable VP, or None."""
    v = rec.get("vp_per")
    if v:
        per = f"here.{rec['holds']}" if v["per"] == "here" else str(v["per"]).replace(":", ".")
        form = "one" if v["div"] == 1 else "many"
        what = ("term", f"ares.term.per.{per}.{form}")
        return _t("ares.table.vp.per.one", what=what) if v["div"] == 1 else _t("ares.table.vp.per.many", n=v["div"],
                                                                               what=what)
    return int(rec["vp"]) if "vp" in rec else None


def _play_cost(d: Data, seat: int, a: Action) -> tuple[int, list[str]]:
    """Return what a play action makes the player pay in M€ and the payment effects it uses."""
    rec = card(str(a.get("card")))
    if a.kind == "free":  # an effect's card play: free, or at a discount (rules._answer)
        f = asking(d, seat)
        op = f["ask"]["op"] if f else {}
        return (0 if op.get("free") else max(0, price(d, seat, rec) - op.get("discount", 0))), []
    use = a.get("use")
    combo = tuple(use.split("+")) if use else ()
    return price(d, seat, rec, combo), list(combo)


def _money_reason(p: Player, cost: int) -> Text | None:
    """Return "costs n M€, you have m" when the player cannot pay the price (heat counting for Helion)."""
    have = funds(p)
    if cost <= have:
        return None
    return text("ares.table.reason.money_heat" if has_effect(p, "heat_as_mc") else "ares.table.reason.money",
                n=cost, have=have)


def _timing_reason(d: Data, seat: int) -> Text:
    """Return why the viewer cannot act now though the phase allows it: a question, another player's turn."""
    if asking(d, seat):
        return text("ares.table.reason.question")
    movers = to_move(d)
    if seat not in movers and movers:
        return text("ares.table.reason.turn", seat=("player", movers[0]))
    if seat not in movers:
        return text("ares.table.reason.waiting")
    return text("ares.table.reason.cannot_pay")


def _card_reason(d: Data, seat: int, rec: Record, req_reasons: list[Text], cost: int) -> Text:
    """Return the first reason a player would care about why a hand card cannot be played now.

    In a phase where its colour may be played: finished, the play used up, a requirement, the price, then a
    question or another player's turn. Anywhere else: a requirement, the price, then the phase it belongs to.
    """
    p = d["p"][seat]
    if d["stage"] == "over":
        return text("ares.table.reason.over")
    color = str(rec["color"])
    f = asking(d, seat)
    if f is not None and f["ask"]["q"] == "play_card":
        return req_reasons[0] if req_reasons else text("ares.table.reason.not_this_card")
    in_phase = d["stage"] == "phase" and d["phase"] in (1, 2)
    allowed = in_phase and any(color in a["colors"] for a in p["ph"].get("plays", []))
    if in_phase and (allowed or d["phase"] == HOME_PHASE[color]):
        if p["done"] and not p["frames"]:
            return text("ares.table.reason.done")
        if not allowed:
            return text(f"ares.table.reason.played.{color}")
        return req_reasons[0] if req_reasons else _money_reason(p, cost) or _timing_reason(d, seat)
    if req_reasons:
        return req_reasons[0]
    return _money_reason(p, cost) or text(f"ares.table.reason.wrong_phase.{color}",
                                          phase=phase_term(HOME_PHASE[color]))


def _hand(d: Data, seat: int, legal: list[Action]) -> list[JSON]:
    """Return the viewer's hand: costs after discounts, requirements, VP, and the legal ways to play or sell."""
    p = d["p"][seat]
    rules_d = d if d["stage"] == "phase" else {**d, "snap": d["params"]}  # outside a phase: as the next one sees it
    plays: dict[str, list[Action]] = {}
    sells: dict[str, str] = {}
    for a in legal:
        if a.kind in ("play", "free"):
            plays.setdefault(str(a.get("card")), []).append(a)
        elif a.kind == "sell":
            sells[str(a.get("card"))] = str(a)
    out = []
    for cid in p["hand"]:
        rec = card(cid)
        cost, best = _best_payment(d, seat, rec)
        lines = [_discount_line(line) for line in discount_parts(d, seat, rec)]
        for c, e in pay_options(p):
            if c in best:
                lines.append({"kind": "pay_option", "text": _t("ares.table.discount.pay_option", card=("card", c)),
                              "n": int(e["discount"]), "units": 1, "each": int(e["discount"])})
        reqs, reasons = [], []
        for req in rec.get("req", ()):
            shown, why = _requirement(d, rules_d, p, req)
            reqs.append(shown)
            if why is not None:
                reasons.append(why)
        ways = []
        for a in plays.get(cid, ()):
            due, uses = _play_cost(d, seat, a)
            ways.append({"a": str(a), "label": describe_text(d, seat, a).to_json(), "cost": due, "uses": uses})
        out.append({
            "id": cid, "color": rec["color"], "tags": list(rec["tags"]), "printed_cost": int(rec["cost"]),
            "cost": cost, "discounts": lines, "vp": _vp(rec), "requirements": reqs, "playable": bool(ways),
            "reason": None if ways else _card_reason(d, seat, rec, reasons, cost).to_json(), "plays": ways,
            "sell": sells.get(cid), "sell_value": hand_sell_value(p)})
    return out


# --- standard actions and conversions --------------------------------------------------------------------------------

def _standard_reason(d: Data, seat: int, kind: str, cost: int) -> Text:
    """Return why a standard action is not available now: its parameter done, not the action phase, its cost, or
    the viewer's turn."""
    p = d["p"][seat]
    if d["stage"] == "over":
        return text("ares.table.reason.over")
    if not standard_useful(d, kind):
        return text(f"ares.table.reason.std.maxed.{STAND_PARAM[kind]}")
    if not (d["stage"] == "phase" and d["phase"] == 3):
        return text("ares.table.reason.std.phase", phase=phase_term(3))
    pay = board()["standard"][kind]["pay"]
    if pay == "mc":
        money = _money_reason(p, cost)
        if money:
            return money
    elif p[pay] < cost:
        return text(f"ares.table.reason.std.{pay}", n=cost, have=int(p[pay]))
    if p["done"] and not p["frames"]:
        return text("ares.table.reason.done")
    return _timing_reason(d, seat)


def _standard(d: Data, seat: int, legal: list[Action]) -> list[JSON]:
    """Return the five standard actions with their cost, what pays them, and the legal action or why not."""
    p = d["p"][seat]
    offered = {str(a.get("what")): str(a) for a in legal if a.kind == "std"}
    out = []
    for kind in STANDARD:
        cost = standard_cost(p, kind)
        a = offered.get(kind)
        out.append({"what": kind, "label": _t(f"ares.act.std.{kind}", n=cost), "cost": cost,
                    "pay": board()["standard"][kind]["pay"], "a": a,
                    "reason": None if a else _standard_reason(d, seat, kind, cost).to_json()})
    return out


def _forced(d: Data, seat: int) -> JSON | None:
    """Return why the viewer must still convert heat or plants before ending the action phase, or None."""
    heat, plants = forced_conversions(d, seat)
    p = d["p"][seat]
    h, pl = standard_cost(p, "heat_temp"), standard_cost(p, "plant_forest")
    if heat and plants:
        return _t("ares.table.forced.both", heat=h, plants=pl)
    if heat:
        return _t("ares.table.forced.heat", n=h)
    if plants:
        return _t("ares.table.forced.plants", n=pl)
    return None


# --- the decision the engine asks -----------------------------------------------------------------------------------

def _option(d: Data, seat: int, a: Action) -> JSON:
    """Return one answer: its action text, its label and its parameters (card ids; numbers as numbers)."""
    params = {k: int(v) if v.isdigit() else v for k, v in a.params}
    return {"a": str(a), "label": describe_text(d, seat, a).to_json(), **params}


def _question(d: Data, seat: int, legal: list[Action]) -> JSON | None:
    """Return the decision the viewer is asked now (a card effect's question, or a stage's: corporation, phase
    card, virtual order, pool item, hand limit), with every legal answer; None while the viewer acts freely in a
    phase, or has nothing to decide."""
    if not legal:
        return None
    kind, prompt = prompt_text(d, seat)
    p = d["p"][seat]
    f = asking(d, seat)
    if f is None and d["stage"] == "phase":
        return None
    out: dict[str, Any] = {"kind": kind, "prompt": prompt.to_json(), "source": f["src"] if f else None,
                           "options": [_option(d, seat, a) for a in legal]}
    if f is None:
        if kind == "discard":  # the end step's hand limit
            out.update(left=len(p["hand"]) - int(board()["hand_limit"]), limit=int(board()["hand_limit"]),
                       sell_value=hand_sell_value(p))
        elif kind == "dummy":
            out.update(left=sorted(d["solo"]["left"]), chosen=list(d["solo"]["deck"]))
        elif kind == "take":
            out.update(cubes=d["coop"]["cubes"], markers=d["coop"]["markers"])
        elif kind == "phase":
            out.update(last=p["last"])
        return out
    ask = f["ask"]
    if kind == "keep":
        ctx = f["ctx"]
        out.update(looking_at=list(ctx["looked"]), eligible=list(ask["cards"]), keep=int(ctx["keep"]),
                   of=len(ctx["looked"]), research=f["src"] is None)
    elif kind == "choose":
        op = f["ops"][f["i"]]
        for o in out["options"]:
            words = choice_option_text(f["src"], op, int(o.get("option", 0)))
            o["text"] = words.to_json() if words else None
    elif kind in ("target", "remove_from"):
        out.update(cards=list(ask["cards"]), n=ask["n"])
    elif kind in ("discard", "cycle"):
        out.update(left=ask["left"], bonus_tag=ask.get("bonus_tag"))
    elif kind == "convert":
        out.update(max=ask["max"], **{"from": ask["from"], "to": ask["to"]})
    elif kind == "pay_heat":
        out.update(n=ask["n"], lo=ask["lo"], hi=ask["hi"])
    elif kind == "play_card":
        op = ask["op"]
        out.update(colors=list(op["colors"]), max_cost=op.get("max_cost"), free=bool(op.get("free")),
                   discount=int(op.get("discount", 0)))
    elif kind == "retrieve":
        out.update(cards=list(ask["cards"]))
    elif kind == "solo_raise":
        out.update(n=ask["n"])
    elif kind == "swap":
        out.update(partner=1 - seat)
    return out


# --- solo and co-op --------------------------------------------------------------------------------------------------

def _solo(d: Data) -> JSON | None:
    """Return the virtual player: round, marker, the phases left this pass, the next raise and the last ordering."""
    solo = d["solo"]
    if not solo:
        return None
    rounds = int(board()["solo"]["rounds"])
    ordered = solo["marker"] >= 5 and not solo["left"]
    left = list(solo["deck"]) if ordered else sorted(set(PHASES) - set(solo["played"]))
    level = d["options"]["solo_level"]
    if solo["marker"] >= 5:
        raise_text = _t("ares.table.solo.last_rounds", round=rounds)
    else:
        pending = len(solo["deck"]) - (0 if _revealed(d) else 1)  # this round's card still to come counts
        at = d["round"] + max(pending, 0)
        n = int(board()["solo"]["raises"][level])
        form = "none" if n == 0 else "one" if n == 1 else "many"
        args: dict[str, Any] = {"round": at, "marker": solo["marker"] + 1}
        if n:
            args["n"] = n
        raise_text = _t(f"ares.table.solo.next_raise.{form}", **args)
    return {"round": d["round"], "rounds": rounds, "level": _t(f"ares.opt.solo_level.choice.{level}"),
            "marker": solo["marker"], "deck_left": left, "ordered": ordered, "played": list(solo["played"]),
            "next_raise": raise_text,
            "ordering": {"left": sorted(solo["left"]), "chosen": list(solo["deck"])} if d["stage"] == "solo_order"
            else None}


def _coop(d: Data, seat: int | None, legal: list[Action]) -> JSON | None:
    """Return the co-op pool, the team's VP against the target, the partner and the viewer's legal swaps."""
    coop = d["coop"]
    if not coop:
        return None
    return {"cubes": coop["cubes"], "markers": coop["markers"], "team_vp": sum(breakdown(p)["total"] for p in d["p"]),
            "target": int(board()["coop"]["target_vp"]), "rounds": int(board()["coop"]["rounds"]),
            "partner": None if seat is None else 1 - seat, "order": list(coop["order"]),
            "swap": [_option(d, seat, a) for a in legal if a.kind == "swap"] if seat is not None else []}


# --- the block ----------------------------------------------------------------------------------------------------

def build_table(d: Data, seat: int | None) -> JSON:
    """Return the ``table`` block of a seat's view (None: a spectator, who sees only public information)."""
    legal = legal_actions(d, seat) if seat is not None else []
    out: dict[str, Any] = {
        "mars": _mars(d), "phases": _phases(d, seat, legal), "players": _players(d, seat, legal), "hand": [],
        "funds": None, "standard": [], "conversions": [], "forced_conversion": None, "question": None,
        "corporations": [], "solo": _solo(d), "coop": _coop(d, seat, legal),
        "history": [{"round": r, "tr": list(tr), "vp": list(vp)} for r, tr, vp in d["hist"]]}
    if seat is None:
        return out
    p = d["p"][seat]
    out.update({
        "hand": _hand(d, seat, legal),
        "funds": {"mc": int(p["mc"]), "heat": int(p["heat"]), "heat_as_mc": has_effect(p, "heat_as_mc"),
                  "total": funds(p)},
        "standard": _standard(d, seat, legal),
        "conversions": [{"what": str(a.get("what")), "a": str(a), "label": describe_text(d, seat, a).to_json()}
                        for a in legal if a.kind == "std" and board()["standard"][str(a.get("what"))]["pay"] != "mc"],
        "forced_conversion": _forced(d, seat),
        "question": _question(d, seat, legal),
        "corporations": [{"id": c, "mc": int(card(c)["mc"]), "text": _t(f"ares.card.{c}.text"),
                          "a": next((str(a) for a in legal if a.kind == "corp" and a.get("pick") == c), None)}
                         for c in p["offer"]] if d["stage"] == "corp" else []})
    return out
