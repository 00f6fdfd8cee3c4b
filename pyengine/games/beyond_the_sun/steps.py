"""Costs and whether a list of effect steps can be performed: the legality test behind every action space."""

from __future__ import annotations

from typing import Any

from .abilities import passive
from .cards import systems
from .model import Data, Faction, strength_at
from .research import eligible_slots


def effective_cost(d: Data, seat: int, cost: dict[str, int], steps: list[dict[str, Any]],
                   surcharge: int = 0) -> dict[str, int]:
    """Return a cost after the faction's research and colonize discounts, plus any space surcharge."""
    ore = cost.get("ore", 0)
    ops = {s["op"] for s in steps}
    if "research" in ops:
        ore = max(0, ore - passive(d, seat, "research_discount"))
    if "colonize" in ops:
        ore = max(0, ore - passive(d, seat, "colonize_discount"))
    return {"ore": ore + surcharge, "population": cost.get("population", 0)}


def can_pay(f: Faction, cost: dict[str, int]) -> bool:
    """Return True if the faction can pay a cost in full (population returns to a free supply slot)."""
    pop = cost.get("population", 0)
    free = sum(c - n for n, c in zip(f["supply"], f["cap"], strict=True))
    return bool(f["ore"] >= cost.get("ore", 0) and f["pop"] >= pop and free >= pop)


def colonizable(d: Data, seat: int, discount: int = 0) -> list[str]:
    """Return the systems this faction controls with enough strength there to colonize them."""
    f = d["factions"][seat]
    out = []
    for loc, c in d["control"].items():
        card = d["locs"].get(loc)
        if c["seat"] == seat and card and strength_at(f, loc) >= max(0, systems()[card]["colonize"] - discount):
            out.append(loc)
    return sorted(out)


def performable(d: Data, seat: int, steps: list[dict[str, Any]], pop_after_cost: int) -> bool:
    """Return True if an action with these steps can be performed (after paying its cost).

    Every research and colonize step must have a target; and at least one step must do something: a ship step
    needs a ship (or one built by an earlier step), a build needs a cube.
    """
    f = d["factions"][seat]
    useful = False
    moved = False
    ships = bool(f["ships"])
    pop = pop_after_cost
    for s in steps:
        op = s["op"]
        if op == "research":
            if pop < 1 or not eligible_slots(d, seat, s["levels"], s.get("revealed_only", False)):
                if not (s.get("optional") or (s.get("bga_optional") and d["options"]["anomaly_research_optional"])):
                    return False
                continue
            useful = True
        elif op == "colonize":
            # After a jump of the same action the target may still be reached, so only a colonize with no
            # movement before it must have a system ready now.
            if not colonizable(d, seat, s.get("strength_discount", 0)) and not moved:
                return False
            useful = True
        elif op == "build_ship":
            can = pop > 0 if s["from"] == "population" else sum(f["supply"]) > 0
            if can:
                useful = ships = True
            elif not s.get("optional"):
                return False
        elif op == "upgrade_ship":
            useful = useful or any(r[3] < sum(r) for r in f["ships"].values()) or (ships and not f["ships"])
        elif op in ("jump", "retire_ship"):
            useful = useful or ships
            moved = moved or (op == "jump" and ships)
        elif op == "gain_population":
            useful = useful or sum(f["supply"]) > 0
        else:
            useful = True
    return useful
