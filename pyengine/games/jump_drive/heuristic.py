"""The greedy bot's Jump Drive heuristic: value of VP and income gained against the cards spent."""

from __future__ import annotations

from ...bots.playout import SearchParams
from ...core.api import Action, State
from .cards import instance_type
from .data import JDData
from .empire import card_income, card_vp, icons, income, military
from .rules import EXPLORE_MARKER_EYES, SURVEY, plan_record
from .scoring import WIN_VP, _other_value, is_solo, others_of
from .state import JDState

CARD_VALUE = 0.9


def _rounds_left(d: JDData) -> int:
    """Estimate how many rounds the game still has."""
    if is_solo(d):
        return max(1, 7 - d.round + 1)
    best = max(d.vp)
    rates = [sum(card_vp(c, d.empires[s], None, []) for c in d.empires[s]) for s in range(d.players)]
    top = max(max(rates), 4)
    return max(1, min(6, -(-(WIN_VP - best) // top)))


def _rate(empire: list[str], others: list[list[str]]) -> tuple[int, int]:
    """Return an empire's VP and income per round."""
    vp = sum(card_vp(c, empire, None, others) for c in empire)
    return vp, income(empire, others)


def keep_value(d: JDData, seat: int, card: str) -> float:
    """Return how much a hand card is worth keeping (what it would add if placed, less its cost)."""
    ct = instance_type(card)
    emp = d.empires[seat]
    after = [*emp, card]
    others = others_of(d, seat)
    gain = card_vp(card, after, None, others) * 2 + card_income(card, after, others) * 1.5
    gain += ct.icons["explore"] * 0.3 + ct.icons["military"] * 0.4
    if ct.military_world:
        short = (ct.defense or 0) - military(emp, ct)
        return gain - max(0, short) * 0.8
    return gain - (ct.cost or 0) * 0.6


def _plan_score(d: JDData, seat: int, rec: dict[str, object], rounds: int,
                base: tuple[list[list[str]], int, int]) -> float:
    """Score one placement plan: VP and income gained over the rounds left, less cards spent.

    ``base`` is the other empires and the seat's VP rate and income now (the same for every plan of one decision).
    """
    emp = d.empires[seat]
    others, vp0, inc0 = base
    if rec.get("explore"):
        eyes = icons(emp, "explore") + EXPLORE_MARKER_EYES
        return (2 + 0.15 * eyes) * CARD_VALUE - 0.5
    placed = []
    dev = rec.get("dev")
    if dev == SURVEY:
        placed.append(f"survey_team-{seat}")
    elif isinstance(dev, str):
        placed.append(dev)
    placed += [c for c in (rec.get("world"), rec.get("second")) if isinstance(c, str)]
    after = emp + placed
    if rec.get("convoy") == "colony":
        conv = next(c for c in after if instance_type(c).id == "colony_convoy")
        after = [c for c in after if c != conv]
    vp1, inc1 = _rate(after, others)
    spent = int(str(rec.get("cost", 0))) + sum(1 for c in placed if not c.startswith("survey_team"))
    draws = 1 if dev is None and rec.get("world") and rec.get("second") is None else 0
    mil_gain = military(after) - military(emp)
    score = (vp1 - vp0) * rounds + (inc1 - inc0) * max(0, rounds - 1) * CARD_VALUE
    score += (draws - spent + len(placed)) * CARD_VALUE - int(str(rec.get("cost", 0))) * 0.1
    score += 0.3 * mil_gain * min(rounds, 3) + sum(0.5 for c in placed)
    return score


def score_actions(state: State, seat: int, actions: list[Action]) -> list[float]:
    """Return one heuristic score per action (higher is better)."""
    assert isinstance(state, JDState)
    d = state.d
    if d.phase == "plan":
        rounds = _rounds_left(d)
        plans = state.plans(seat)
        recs = {a: plan_record(plans[a]) for a in actions}
        others = others_of(d, seat)
        base = (others, *_rate(d.empires[seat], others))
        return [_plan_score(d, seat, recs[a], rounds, base) for a in actions]
    if d.phase in ("pay", "hand_limit"):
        return [-keep_value(d, seat, a.get("card") or "") for a in actions]
    if d.phase == "opening":
        out = []
        for a in actions:
            pair = (a.get("discard") or "").split(",")
            out.append(-sum(keep_value(d, seat, c) for c in pair))
        return out
    if d.phase == "score_choice":
        return [float(_other_value(d, seat, a.get("card") or "", int(a.get("seat") or 0))) for a in actions]
    return [0.0] * len(actions)


SEARCH = SearchParams(depth=12, greedy=0.8, width=8, scale=4.0, hard=300)
"""How the search plays Jump Drive: a few rounds of heuristic playout, then the position's value."""


def evaluate(state: State, seat: int) -> float:
    """Return a seat's expected final VP: VP now, its empire's VP rate over the rounds left, income and hand."""
    assert isinstance(state, JDState)
    d = state.d
    rounds = _rounds_left(d) if not d.over else 0
    vp_rate, inc = _rate(d.empires[seat], others_of(d, seat))
    return float(d.vp[seat] + vp_rate * rounds + CARD_VALUE * 0.4 * (inc * max(0, rounds - 1) + len(d.hands[seat])))


FEATURES = ("value", "vp", "vp_rate_left", "income_left", "hand", "empire", "military", "explore", "rounds_left",
            "value_late")
"""The names of ``features``' numbers, in order (the learned evaluation's inputs, ``pyengine/bots/learned.py``)."""


def features(state: State, seat: int) -> list[float]:
    """Return one seat's numbers for the learned evaluation (named by ``FEATURES``).

    The heuristic's value and its parts, the empire's size, military and explore icons, the rounds the game probably
    has left, and the value again weighed by how near the end is.
    """
    assert isinstance(state, JDState)
    d = state.d
    rounds = _rounds_left(d) if not d.over else 0
    empire = d.empires[seat]
    vp_rate, inc = _rate(empire, others_of(d, seat))
    value = d.vp[seat] + vp_rate * rounds + CARD_VALUE * 0.4 * (inc * max(0, rounds - 1) + len(d.hands[seat]))
    return [float(value), float(d.vp[seat]), float(vp_rate * rounds), float(inc * max(0, rounds - 1)),
            float(len(d.hands[seat])), float(len(empire)), float(military(empire)), float(icons(empire, "explore")),
            float(rounds), value / (1 + rounds)]
