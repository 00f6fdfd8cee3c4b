"""Final scoring in full, the running VP projection, and the tie-breaks."""

from __future__ import annotations

from typing import Any

from ...core.api import Outcome
from .abilities import SLOT_LEVEL, end_vp_passives, passive, vp_value
from .cards import achievements, factions, systems, techs
from .model import TRACK_DISCS, Data, strength_at

PRIVATE_VP = {2: 2, 3: 3}


def breakdown(d: Data, seat: int) -> dict[str, int]:
    """Return a faction's VP by scoring category (the final scoring, or the projection while the game goes on)."""
    f = d["factions"][seat]
    tech_vp = 0
    for slot in f["techs"]:
        lv = SLOT_LEVEL[slot]
        if d["slots"][slot]["card"] is None:  # mid-research: its card is not chosen yet
            continue
        tech_vp += vp_value(d, seat, techs()[d["slots"][slot]["card"]]["vp"]) if lv == 4 else lv
    auto_vp_table = factions()["common"]["automation_vp"]
    beyond = factions()["common"]["automation_beyond_vp"]
    n_auto = len(f["auto"])
    auto_vp = sum(auto_vp_table[:min(n_auto, 7)]) + beyond * max(0, n_auto - 7)
    colonies = sum(vp_value(d, seat, systems()[c["system"]]["vp"]) for c in f["colonies"])
    bases = sum(1 for c in d["control"].values() if c["seat"] == seat and c["disc"] is not None)
    majority = 0
    for loc in ("SOL", "DEEP"):
        strengths = [_majority_strength(d, s, loc) for s in range(d["players"])]
        if strengths[seat] > 0 and strengths[seat] == max(strengths):
            majority += 1
    ach = 0
    for a in d["achievements"]:
        slots = achievements()[a["id"]]["slots"]
        for i, disc in enumerate(a["discs"]):
            if disc["seat"] == seat and (not disc["star"] or d["options"]["star_discs_at_end"]):
                ach += slots[i]
    return {"techs": tech_vp, "private_techs": sum(PRIVATE_VP[lv] for lv in f["private"]), "automation": auto_vp,
            "colonies": colonies, "bases": bases, "sol_and_deep_space": majority, "events": f["vp_tokens"],
            "achievements": ach, "abilities": end_vp_passives(d, seat)}


def _majority_strength(d: Data, seat: int, loc: str) -> int:
    """Return a faction's strength for the Sol / Deep Space majority (Deep Space bonuses included)."""
    s = strength_at(d["factions"][seat], loc)
    if loc == "DEEP" and s > 0:
        s += passive(d, seat, "deep_space_strength")
    return s


def total(d: Data, seat: int) -> int:
    """Return a faction's VP."""
    return sum(breakdown(d, seat).values())


def tiebreak_key(d: Data, seat: int) -> tuple[int, int, int]:
    """Return the tie-break key: fewest production discs left on the tracks, most population, most ore."""
    f = d["factions"][seat]
    left = 2 * TRACK_DISCS - f["removed"]["food"] - f["removed"]["ore"]
    return (-left, f["pop"], f["ore"])


def outcome(d: Data) -> Outcome:
    """Return the scores, the winners and the tie-break that decided."""
    scores = [total(d, s) for s in range(d["players"])]
    best = max(scores)
    tied = [s for s in range(d["players"]) if scores[s] == best]
    reason = "vp"
    names = ("production_discs", "population", "ore")
    for i, name in enumerate(names):
        if len(tied) == 1:
            break
        top = max(tiebreak_key(d, s)[i] for s in tied)
        narrowed = [s for s in tied if tiebreak_key(d, s)[i] == top]
        if len(narrowed) < len(tied):
            reason = name
        tied = narrowed
    if len(tied) > 1:
        reason = "shared"
    details: dict[str, Any] = {"breakdown": [breakdown(d, s) for s in range(d["players"])]}
    return Outcome(scores=scores, winners=tied, tiebreak=reason, details=details)
