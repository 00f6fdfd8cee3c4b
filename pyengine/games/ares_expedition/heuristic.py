"""The greedy bot's Ares Expedition heuristic: one action ahead, valued by VP, income and terraforming left to do."""

from __future__ import annotations

from functools import cache

from ...bots.playout import SearchParams
from ...core.api import Action, State
from ...core.dictstate import copy_json
from ...core.rng import Rng
from .cards import board, card
from .model import PARAM_STEPS, Data, production, terraformed
from .playing import price, requirements_ok
from .rules import apply_action, playable
from .scoring import breakdown
from .state import AresState

OP_VALUE = {"mc": 5.0, "heat": 2.5, "plants": 3.0, "cards": 9.0}
STOCK_VALUE = {"mc": 1.0, "heat": 0.5, "plants": 0.6}
STEP_PRICE = {"temperature": 14.0, "ocean": 15.0, "oxygen": 20.0}  # the standard action that buys each step
# Solo's last five rounds: the virtual deck in this order gives production first (round 21: its M€ pay for four
# more rounds of cards and steps) and an action phase in the last round. Measured on 400 novice games against
# research first and production in round 24 (5, 1, 2, 4, 3): 65% terraformed instead of 54%.
DUMMY_ORDER = (4, 1, 5, 2, 3)


@cache
def card_worth(cid: str) -> float:
    """Return a rough value of a card for a mid-game player, less its printed cost."""
    rec = card(cid)
    v = 4.0 * rec.get("vp", 0) + (4.0 if "vp_per" in rec else 0.0)
    for op in rec.get("play", ()):
        k, n = op["op"], op.get("n", 1)
        if k == "prod":
            v += OP_VALUE[op["res"]] * n
        elif k in ("steel", "titanium"):
            v += 6.0 * n
        elif k in ("raise", "ocean", "forest", "tr"):
            v += 7.0 * n
        elif k == "draw":
            v += 3.0 * n
        elif k == "gain":
            v += STOCK_VALUE[op["res"]] * n
    if "prod_per" in rec:
        v += OP_VALUE[rec["prod_per"]["res"]] * 2
    v += 8.0 * len(rec.get("effects", ())) + (8.0 if rec.get("action") else 0.0)
    return float(v) - float(rec.get("cost", 0))


def rates(d: Data) -> tuple[float, float, float]:
    """Return (rounds left, VP of one step besides its income, VP of one M€) for the position."""
    left = rounds_left(d)
    if (d["solo"] or d["coop"]) and not terraformed(d):
        # Terraforming is the goal: a step is worth much more than its TR, and M€ are worth the cheapest step they
        # still buy, falling to nothing as the last rounds run out (M€ left at the end win nothing).
        step_vp = 4.0
        open_costs = [c for k, c in (("temperature", 14.0), ("ocean", 15.0), ("oxygen", 20.0))
                      if d["params"][k] < PARAM_STEPS[k]] or [20.0]
        per_mc = step_vp / min(open_costs) * min(1.0, max(0.0, left - 1.0) / 4.0 + 0.25)
        return left, step_vp, per_mc
    # Competitive, or solo and co-op once Mars is terraformed (they play on for VP): a step costs about 14-15 M€.
    return left, 1.0, max(0.1, (1.0 + 0.07 * left) / 15.0)


def card_gain(cid: str, d: Data) -> float:
    """Return roughly how many VP playing a card gains over the rest of the game, less its printed cost."""
    left, step_vp, per_mc = rates(d)
    income = per_mc * 0.7 * left  # production pays in the production phases still to come (about 70% of rounds)
    rec = card(cid)
    v = float(rec.get("vp", 0)) + (1.5 if "vp_per" in rec else 0.0) - per_mc * rec["cost"]
    for op in rec.get("play", ()):
        k, n = op["op"], op.get("n", 1)
        if k == "prod":
            v += income * n * {"mc": 1.0, "cards": 3.0, **worth_in_mc(d)}[op["res"]]
        elif k in ("steel", "titanium"):
            v += 0.25 * income * n
        elif k in ("raise", "ocean", "forest"):
            v += (step_vp * urgency(d) + income) * n
        elif k == "tr":
            v += (1.0 + income) * n
        elif k == "draw":
            v += 3.0 * per_mc * n
        elif k == "gain":
            v += per_mc * n * {"mc": 1.0, **worth_in_mc(d)}[op["res"]]
    if "prod_per" in rec:
        v += 2.0 * income
    if rec.get("action") or rec.get("effects"):
        v += 0.3 * min(left, 6.0)
    return float(v)


def worth_in_mc(d: Data) -> dict[str, float]:
    """Return what one heat and one plant are worth in M€: in solo and co-op, the steps they buy (8 of them buy a
    temperature step worth 14 M€, or a forest worth 20 M€), nothing once that parameter is maxed."""
    if not (d["solo"] or d["coop"]):
        return {"heat": 0.5, "plants": 0.7}
    return {"heat": 0.1 if d["params"]["temperature"] >= PARAM_STEPS["temperature"] else 14.0 / 8.0,
            "plants": 0.3 if d["params"]["oxygen"] >= PARAM_STEPS["oxygen"] else 20.0 / 8.0}


def urgency(d: Data) -> float:
    """Return how much buying steps now matters: in solo little at first (build the economy), much at the end."""
    if not d["solo"]:
        return 1.0
    return 0.2 + 2.0 * (1.0 - rounds_left(d) / 25.0) ** 2


def rounds_left(d: Data) -> float:
    """Return how many rounds the game probably still has."""
    if d["solo"]:
        return float(max(1, 26 - d["round"]))
    steps = sum(PARAM_STEPS[k] - d["params"][k] for k in PARAM_STEPS)
    return max(1.0, float(steps) / (0.35 + 0.35 * float(d["players"])))


def value(d: Data, seat: int, rate: tuple[float, float, float] | None = None) -> float:
    """Return how good a position is for one player, in VP: VP now plus what income and stock will turn into.

    ``rate`` fixes the horizon and prices (``rates``) so that positions compared with each other use the same ones.
    """
    p = d["p"][seat]
    left, step_vp, per_mc = rate or rates(d)
    income = per_mc * 0.7 * left
    prod = production(p)
    v = float(breakdown(p)["total"])
    w = worth_in_mc(d)
    v += income * (p["tr"] + prod["mc"] + w["heat"] * prod["heat"] + w["plants"] * prod["plants"] + 3 * prod["cards"])
    v += 0.25 * income * (p["steel"] + p["titanium"])
    v += per_mc * (p["mc"] + w["heat"] * p["heat"] + w["plants"] * p["plants"])
    v += sum(per_mc * (1.0 + 0.05 * max(0.0, card_worth(c))) for c in p["hand"])
    v += sum(0.3 * min(left, 6.0) for c in p["table"] if card(c).get("action") or card(c).get("effects"))
    if d["solo"] or d["coop"]:
        v += (step_vp - 1.0) * sum(d["params"][k] for k in PARAM_STEPS)
    return float(v)


def _after(d: Data, seat: int, action: Action, salt: int) -> Data:
    """Return a copy of the position after one action (its hidden draws from a fixed search PRNG)."""
    out: Data = copy_json({k: v for k, v in d.items() if k != "msgs"})
    out["msgs"] = []
    out["rng"] = Rng(salt).to_text()
    apply_action(out, seat, action)
    return out


def _phase_score(d: Data, seat: int, phase: int) -> float:
    """Return roughly how many VP a player expects from choosing a phase now (same units as ``value``)."""
    p = d["p"][seat]
    prod = production(p)
    left, step_vp, per_mc = rates(d)
    income = per_mc * 0.7 * left
    snap_ok = {**d, "snap": dict(d["params"]), "phase": phase}
    if phase in (1, 2):
        colors = ("green",) if phase == 1 else ("blue", "red")
        gains = sorted((card_gain(c, d) for c in p["hand"] if card(c)["color"] in colors
                        and requirements_ok(snap_ok, p, card(c)) and price(snap_ok, seat, card(c)) <= p["mc"]),
                       reverse=True)
        return sum(g for g in gains[:2 if phase == 2 else 1] if g > 0) + 3 * per_mc * (phase == 2)
    if phase == 3:
        steps = min(8, p["mc"] // 14 + p["heat"] // 8 + p["plants"] // 8)
        actions = sum(1 for c in p["table"] if card(c).get("action"))
        hurry = urgency(d)
        if d["solo"]:
            last = board()["solo"]["rounds"]
            if d["round"] == last:
                hurry = 10.0  # the last chance to spend
            elif d["round"] == last - 1:
                hurry *= 0.2  # keep the action phase free for the last round (no phase twice in a row)
        return float(hurry * steps * max(0.0, step_vp + income - 14 * per_mc) + 0.4 * actions)
    last_round = bool(d["solo"]) and d["round"] >= board()["solo"]["rounds"]
    if phase == 4:
        if last_round:
            return 0.0  # production in the last round comes after its last action phase
        w = worth_in_mc(d)
        return per_mc * float(p["tr"] + prod["mc"] + 4 + w["heat"] * prod["heat"] + w["plants"] * prod["plants"]
                              + 3 * prod["cards"])
    if last_round:
        return 0.0
    return per_mc * (4.0 + (3.0 if len(p["hand"]) < 4 else 0.0))


def corp_score(d: Data, seat: int, cid: str) -> float:
    """Return a solo corporation's worth: starting M€ and the cards it can pay for count most early on."""
    rec = card(cid)
    v = float(rec["mc"])
    for op in rec.get("play", ()):
        if op["op"] == "prod":
            v += {"mc": 5.0, "heat": 2.0, "plants": 3.5, "cards": 8.0}[op["res"]] * op["n"]
        elif op["op"] in ("steel", "titanium"):
            v += 6.0 * op["n"]
        elif op["op"] == "draw":
            v += 3.0 * op["n"]
    return v + 6.0 * len(rec.get("effects", ()))


def _dummy_chance(d: Data, phase: int) -> float:
    """Return the chance that solo's virtual player runs this phase anyway this round (then a pick is wasted)."""
    solo = d["solo"]
    if not solo or not solo["deck"]:
        return 0.0
    if solo["marker"] >= 5:  # the last rounds' order was chosen, so it is known
        return 1.0 if solo["deck"][0] == phase else 0.0
    return 1.0 / len(solo["deck"]) if phase in solo["deck"] else 0.0


def score_actions(state: State, seat: int, actions: list[Action]) -> list[float]:
    """Score each legal action by the value of the position right after it."""
    assert isinstance(state, AresState)
    d = state.d
    if actions and actions[0].kind == "phase":
        return [_phase_score(d, seat, int(a.get("pick") or 0)) * (1.0 - _dummy_chance(d, int(a.get("pick") or 0)))
                for a in actions]
    if actions and actions[0].kind == "corp" and d["solo"]:
        return [corp_score(d, seat, str(a.get("pick"))) for a in actions]
    if actions and actions[0].kind == "raise":  # the virtual player's free raise: the dearest step to buy
        return [STEP_PRICE[str(a.get("param"))] for a in actions]
    if actions and actions[0].kind == "dummy":
        return [-float(DUMMY_ORDER.index(int(a.get("pick") or 0))) for a in actions]
    rate = rates(d)
    base = value(d, seat, rate)
    salt = Rng(len(d["deck"]) * 7919 + d["round"]).next_u64()
    out = []
    for a in actions:
        if a.kind == "done":
            out.append(0.0)  # ending your part of a phase: what follows (production, the next round) is not its gain
            continue
        final = bool(d["solo"]) and d["round"] >= board()["solo"]["rounds"] and d["phase"] == 3
        if a.kind == "sell" and d["stage"] == "phase" and not final:
            out.append(-0.5)  # keep cards for playing; the end step sells what the hand limit forces
            continue
        if a.kind == "play" and not playable(d, seat, str(a.get("card"))):
            out.append(-99.0)
            continue
        out.append(value(_after(d, seat, a, salt), seat, rate) - base + (0.05 if a.kind == "play" else 0.0))
    return out


SEARCH = SearchParams(depth=24, greedy=0.8, width=8, scale=5.0, hard=100)
"""How the search plays Ares Expedition: about a round of heuristic playout, then the position's value."""


def evaluate(state: State, seat: int) -> float:
    """Return a player's position value in VP (``value``): VP now plus what income and stock will turn into."""
    assert isinstance(state, AresState)
    return value(state.d, seat)


def cooperative(state: State) -> bool:
    """Return True in co-op, where both players win or lose together (the search then shares their reward)."""
    assert isinstance(state, AresState)
    return state.d["coop"] is not None


FEATURES = ("value", "vp", "tr", "prod_mc", "prod_heat", "prod_plants", "prod_cards", "hand", "table", "mc",
            "plants_heat", "steps_done", "rounds_left", "value_late")
"""The names of ``features``' numbers, in order (the learned evaluation's inputs, ``pyengine/bots/learned.py``)."""


def features(state: State, seat: int) -> list[float]:
    """Return one player's numbers for the learned evaluation (named by ``FEATURES``).

    The heuristic's value, VP now, TR, productions, hand and table, stock, the terraforming steps done, the rounds
    probably left, and the value again weighed by how near the end is.
    """
    assert isinstance(state, AresState)
    d = state.d
    p = d["p"][seat]
    prod = production(p)
    steps = sum(d["params"][k] for k in PARAM_STEPS)
    v = value(d, seat)
    left = rounds_left(d)
    return [v, float(breakdown(p)["total"]), float(p["tr"]), float(prod["mc"]), float(prod["heat"]),
            float(prod["plants"]), float(prod["cards"]), float(len(p["hand"])), float(len(p["table"])),
            float(p["mc"]), float(p["plants"] + p["heat"]), float(steps), left, v / (1.0 + left)]
