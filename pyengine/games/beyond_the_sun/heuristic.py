"""The greedy bot's Beyond the Sun heuristic: one step ahead, valued by VP plus the engine it builds."""

from __future__ import annotations

import marshal
from functools import lru_cache

from ...bots.playout import SearchParams
from ...core.api import Action, State
from ...core.rng import Rng
from .abilities import counter, vp_value
from .cards import achievements, systems
from .model import Data, growth_yield, ore_yield, strength_at
from .rules import apply_action, legal_actions, to_move
from .scoring import total
from .state import BTSState


@lru_cache(maxsize=1024)
def _production(faction_id: str, mat: str, food_removed: int, ore_removed: int) -> int:
    """Return the population growth plus the ore production of a mat with this many discs off its tracks."""
    f = {"id": faction_id, "mat": mat, "removed": {"food": food_removed, "ore": ore_removed}}
    return len(growth_yield(f)) + ore_yield(f)


def value(d: Data, seat: int) -> float:
    """Return how good a position is for one faction: VP now, production, resources, fleet and goals.

    Every term is computed, and added, in the same order as ever, so the value is the same to the last bit.
    """
    f = d["factions"][seat]
    rounds_left = 3 if d["end_round"] is not None else 10
    removed = f["removed"]
    ore, pop = f["ore"], f["pop"]
    v = float(total(d, seat))
    v += 0.12 * rounds_left * _production(f["id"], f["mat"], removed["food"], removed["ore"])
    v += 0.3 * min(ore, 8) + 0.1 * max(0, ore - 8)
    v += 1.2 * min(pop, 3) + 0.4 * max(0, pop - 3)
    fleet = 0
    for row in f["ships"].values():
        fleet += row[0] + 2 * row[1] + 3 * row[2] + 4 * row[3]  # counter "fleet_strength": strength_at summed
    v += 0.3 * fleet + 0.8 * len(f["techs"])
    locs = d["locs"]
    system_cards = systems()
    for loc, c in d["control"].items():
        if c["seat"] == seat:
            card = locs.get(loc)
            if card:
                rec = system_cards[card]
                need = max(1, rec["colonize"])
                v += 0.5 * min(1.0, strength_at(f, loc) / need) * vp_value(d, seat, rec["vp"])
    achievement_cards = achievements()
    for a in d["achievements"]:
        rec = achievement_cards[a["id"]]
        discs = a["discs"]
        if len(discs) >= len(rec["slots"]) or any(x["seat"] == seat for x in discs):
            continue
        cond = rec["condition"]
        progress = min(1.0, counter(d, seat, cond["counter"]) / cond["at_least"])
        v += 0.8 * progress * progress * rec["slots"][len(discs)]
    return float(v)


def _frozen(d: Data) -> bytes:
    """Return a position as marshal bytes, less its log and VP history, for each next position to thaw a copy from.

    One encoding serves all the actions tried from a position. The rules only append to the log and the history,
    and nothing here reads them.
    """
    return marshal.dumps({**d, "msgs": [], "hist": []})


def _relative(d: Data, seat: int) -> float:
    """Return a position's value for a faction, less a share of the best rival's."""
    return value(d, seat) - 0.3 * max((value(d, o) for o in range(d["players"]) if o != seat), default=0.0)


def _after(frozen: bytes, seat: int, action: Action, salt: int) -> Data:
    """Return a copy of a frozen position after one action (its hidden draws from a fixed search PRNG)."""
    out: Data = marshal.loads(frozen)
    out["rng"] = Rng(salt).to_text()
    apply_action(out, seat, action)
    return out


def _finish_own_steps(d: Data, seat: int, depth: int) -> float:
    """Value a position after following this faction's own pending choices greedily (a few steps deep).

    At each step the first of the best-valued next positions is followed (as ``max`` picks), and its value, already
    computed, is the answer when the steps end there.
    """
    val: float | None = None
    while depth > 0 and (d["frames"] or d["phase"] == "trade") and to_move(d) == [seat]:
        acts = legal_actions(d, seat)
        if not acts:
            break
        best: Data | None = None
        best_val = 0.0
        frozen = _frozen(d)
        for i, a in enumerate(acts):
            x = _after(frozen, seat, a, i + 1)
            v = _relative(x, seat)
            if best is None or v > best_val:
                best, best_val = x, v
        assert best is not None
        d, val = best, best_val
        depth -= 1
    return _relative(d, seat) if val is None else val


def _cube_bonus(d: Data, seat: int, column: str) -> float:
    """Return the small preference for putting a supply cube in a column (Android Rights Movement's ``move_supply``,
    which the position value does not see): a column that population growth draws from now, else the leftmost."""
    i = "ABCDE".index(column)
    return (0.04 if i in growth_yield(d["factions"][seat]) else 0.0) + 0.002 * (4 - i)


def score_actions(state: State, seat: int, actions: list[Action]) -> list[float]:
    """Score each legal action by the value reached after it and this faction's follow-up choices (a supply cube's
    column, which the value does not see, by ``_cube_bonus``)."""
    assert isinstance(state, BTSState)
    scores = []
    frozen = _frozen(state.d)
    for i, a in enumerate(actions):
        s = _finish_own_steps(_after(frozen, seat, a, i + 1), seat, 4)
        if a.kind in ("stop", "skip", "decline"):
            s -= 0.05
        elif a.kind == "cube":
            s += _cube_bonus(state.d, seat, str(a.get("column")))
        scores.append(s)
    return scores


SEARCH = SearchParams(depth=8, greedy=0.0, width=6, scale=4.0, hard=300)
"""How the search plays Beyond the Sun: a short random playout (the heuristic is too costly to follow here), then the
position's value."""


def evaluate(state: State, seat: int) -> float:
    """Return a faction's position value in VP (``value``): VP now, production, resources, fleet and goals."""
    assert isinstance(state, BTSState)
    return value(state.d, seat)


FEATURES = ("value", "vp", "production", "ore", "pop", "fleet", "techs", "systems", "achievements", "end_near",
            "value_late")
"""The names of ``features``' numbers, in order (the learned evaluation's inputs, ``pyengine/bots/learned.py``)."""


def features(state: State, seat: int) -> list[float]:
    """Return one faction's numbers for the learned evaluation (named by ``FEATURES``).

    The heuristic's value, VP now, production, ore, population, fleet strength, techs, systems held, achievements
    claimed, whether the end is triggered, and the value again weighed by the round.
    """
    assert isinstance(state, BTSState)
    d = state.d
    f = d["factions"][seat]
    removed = f["removed"]
    fleet = sum(row[0] + 2 * row[1] + 3 * row[2] + 4 * row[3] for row in f["ships"].values())
    held = sum(1 for c in d["control"].values() if c["seat"] == seat)
    claimed = sum(1 for a in d["achievements"] for x in a["discs"] if x["seat"] == seat)
    v = value(d, seat)
    return [v, float(total(d, seat)),
            float(_production(f["id"], f["mat"], removed["food"], removed["ore"])), float(f["ore"]), float(f["pop"]),
            float(fleet), float(len(f["techs"])), float(held), float(claimed),
            1.0 if d["end_round"] is not None else 0.0, v * min(1.0, d["round"] / 10.0)]
