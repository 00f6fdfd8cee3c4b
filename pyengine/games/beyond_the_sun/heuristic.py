"""The greedy bot's Beyond the Sun heuristic: one step ahead, valued by VP plus the engine it builds."""

from __future__ import annotations

from ...core.api import Action, State
from ...core.dictstate import copy_json
from ...core.rng import Rng
from .abilities import counter, vp_value
from .cards import achievements, systems
from .model import Data, growth_yield, ore_yield, strength_at
from .rules import apply_action, legal_actions, to_move
from .scoring import total
from .state import BTSState


def value(d: Data, seat: int) -> float:
    """Return how good a position is for one faction: VP now, production, resources, fleet and goals."""
    f = d["factions"][seat]
    rounds_left = 3 if d["end_round"] is not None else 10
    v = float(total(d, seat))
    v += 0.12 * rounds_left * (len(growth_yield(f)) + ore_yield(f))
    v += 0.3 * min(f["ore"], 8) + 0.1 * max(0, f["ore"] - 8)
    v += 1.2 * min(f["pop"], 3) + 0.4 * max(0, f["pop"] - 3)
    v += 0.3 * counter(d, seat, "fleet_strength") + 0.8 * len(f["techs"])
    for loc, c in d["control"].items():
        card = d["locs"].get(loc)
        if c["seat"] == seat and card:
            rec = systems()[card]
            need = max(1, rec["colonize"])
            v += 0.5 * min(1.0, strength_at(f, loc) / need) * vp_value(d, seat, rec["vp"])
    for a in d["achievements"]:
        rec = achievements()[a["id"]]
        if any(x["seat"] == seat for x in a["discs"]) or len(a["discs"]) >= len(rec["slots"]):
            continue
        cond = rec["condition"]
        progress = min(1.0, counter(d, seat, cond["counter"]) / cond["at_least"])
        v += 0.8 * progress * progress * rec["slots"][len(a["discs"])]
    return float(v)


def _copy_for_search(d: Data) -> Data:
    """Copy a position without its log (the search never reads it)."""
    return {k: (copy_json(v) if k != "msgs" else []) for k, v in d.items()}


def _relative(d: Data, seat: int) -> float:
    """Return a position's value for a faction, less a share of the best rival's."""
    return value(d, seat) - 0.3 * max((value(d, o) for o in range(d["players"]) if o != seat), default=0.0)


def _after(d: Data, seat: int, action: Action, salt: int) -> Data:
    """Return a copy of the position after one action (its hidden draws from a fixed search PRNG)."""
    out = _copy_for_search(d)
    out["rng"] = Rng(salt).to_text()
    apply_action(out, seat, action)
    return out


def _finish_own_steps(d: Data, seat: int, depth: int) -> float:
    """Value a position after following this faction's own pending choices greedily (a few steps deep)."""
    while depth > 0 and (d["frames"] or d["phase"] == "trade") and to_move(d) == [seat]:
        acts = legal_actions(d, seat)
        if not acts:
            break
        nexts = [_after(d, seat, a, i + 1) for i, a in enumerate(acts)]
        d = max(nexts, key=lambda x: _relative(x, seat))
        depth -= 1
    return _relative(d, seat)


def score_actions(state: State, seat: int, actions: list[Action]) -> list[float]:
    """Score each legal action by the value reached after it and this faction's follow-up choices."""
    assert isinstance(state, BTSState)
    scores = []
    for i, a in enumerate(actions):
        s = _finish_own_steps(_after(state.d, seat, a, i + 1), seat, 4)
        if a.kind in ("stop", "skip", "decline"):
            s -= 0.05
        scores.append(s)
    return scores
