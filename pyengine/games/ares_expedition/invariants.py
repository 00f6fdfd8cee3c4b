"""Ares Expedition fuzz invariants: no negative stock, parameters on their tracks, 9 oceans, cards conserved."""

from __future__ import annotations

from collections import Counter
from functools import cache

from ...core.api import State
from .cards import base_deck, corporations, promo_deck
from .model import PARAM_STEPS
from .state import AresState


@cache
def _every_card(promos: bool) -> Counter[str]:
    """Return how many copies of each project card a game holds (one each, promos only when in play)."""
    return Counter(base_deck() + (promo_deck() if promos else []))


def check(state: State) -> list[str]:
    """Return every broken invariant of an Ares Expedition state (empty when all hold)."""
    assert isinstance(state, AresState)
    d = state.d
    problems: list[str] = []
    for k, top in PARAM_STEPS.items():
        if not 0 <= d["params"][k] <= top:
            problems.append(f"{k} off its track: {d['params'][k]}")
    if len(d["ocean_pile"]) + len(d["ocean_flipped"]) != 9 or sorted(d["ocean_pile"] + d["ocean_flipped"]) != list(
            range(1, 10)):
        problems.append(f"ocean tiles not 9: pile {d['ocean_pile']}, flipped {d['ocean_flipped']}")
    if len(d["ocean_flipped"]) != d["params"]["ocean"]:
        problems.append(f"oceans flipped {len(d['ocean_flipped'])} but the track says {d['params']['ocean']}")
    for seat, p in enumerate(d["p"]):
        for k in ("mc", "heat", "plants", "steel", "titanium", "tr", "forests"):
            if p[k] < 0:
                problems.append(f"seat {seat}: negative {k} {p[k]}")
        if any(v < 0 for v in p["prod"].values()) or any(v < 0 for v in p["res"].values()):
            problems.append(f"seat {seat}: negative production or card resources {p['prod']} {p['res']}")
        if any(c not in p["table"] and c != p["corp"] for c in p["res"]):
            problems.append(f"seat {seat}: resources on a card it does not have {p['res']}")
    seen: Counter[str] = Counter(d["deck"] + d["discard"])
    for p in d["p"]:
        seen.update(p["hand"] + p["table"])
        for f in p["frames"]:
            seen.update(f["ctx"].get("looked", []))
    every = _every_card(bool(d["options"]["promo_projects"]))
    if seen != every:
        problems.append(f"project cards not conserved: {sorted((seen - every) + (every - seen))}")
    corps = [p["corp"] for p in d["p"] if p["corp"]] + [c for p in d["p"] for c in p["offer"]]
    if len(corps) != len(set(corps)) or any(c not in corporations() for c in corps):
        problems.append(f"corporations dealt twice or unknown: {corps}")
    if d["coop"] and (d["coop"]["cubes"] < 0 or d["coop"]["markers"] < 0):
        problems.append(f"co-op pool below zero: {d['coop']}")
    if d["solo"] and not 1 <= d["solo"]["marker"] <= 5:
        problems.append(f"solo marker off the track: {d['solo']['marker']}")
    return problems
