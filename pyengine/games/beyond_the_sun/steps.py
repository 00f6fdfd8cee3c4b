"""Costs and whether a list of effect steps can be performed: the legality test behind every action space."""

from __future__ import annotations

from typing import Any

from .abilities import passive
from .cards import board, systems, techs
from .model import Data, Faction, strength_at
from .research import SLOT_ORDER, step_slots

Step = dict[str, Any]


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


def colonizable(d: Data, seat: int, discount: int = 0, stealth: bool = False) -> list[str]:
    """Return the systems this faction controls with enough strength there to colonize them.

    ``stealth`` (Stealth Terraformers): instead, the systems on the board that no faction controlled at the start of
    this turn (``turn_flags.held`` lists the system cards that were controlled then), controlled now or not.
    """
    f = d["factions"][seat]
    out = []
    if stealth:
        held = set(d["turn_flags"].get("held", ()))
        for loc, card in d["locs"].items():
            if card and card not in held and strength_at(f, loc) >= max(0, systems()[card]["colonize"] - discount):
                out.append(loc)
        return sorted(out)
    for loc, c in d["control"].items():
        card = d["locs"].get(loc)
        if c["seat"] == seat and card and strength_at(f, loc) >= max(0, systems()[card]["colonize"] - discount):
            out.append(loc)
    return sorted(out)


def colonize_targets(d: Data, seat: int, step: Step) -> list[str]:
    """Return the systems a colonize step lets this faction colonize now."""
    return colonizable(d, seat, step.get("strength_discount", 0), bool(step.get("uncontrolled_at_start")))


def _researches(steps: list[Step]) -> bool:
    """Return True if a list of steps researches (nested choices and paid parts included)."""
    for s in steps:
        if s["op"] == "research" or any(_researches(o) for o in s.get("options", ())) or (
                "steps" in s and _researches(s["steps"])):
            return True
    return False


def copy_candidates(d: Data) -> list[tuple[str, str, dict[str, int], list[Step]]]:
    """Return every action that researches and that Quantum Data Exchange may copy now, as (key, name, cost, steps):
    the Basic Spacefaring research rows (``bs.<row>``), the open guilds (``guild.<id>``) and the actions of every
    revealed tech (``tech.<slot>.<action>``), researched by anyone or nobody. A copy pays the action's own cost (no
    space surcharge), wherever the pawns stand."""
    out: list[tuple[str, str, dict[str, int], list[Step]]] = []
    for row, act in board()["basic_spacefaring"]["actions"].items():
        if _researches(act["steps"]):
            out.append((f"bs.{row}", str(act["name"]), act["cost"], act["steps"]))
    for g in board()["guilds"]:
        if g["id"] not in d["covered"] and _researches(g["steps"]):
            out.append((f"guild.{g['id']}", str(g["name"]), g["cost"], g["steps"]))
    for slot in SLOT_ORDER:
        card = d["slots"][slot]["card"]
        if card:
            for a, act in enumerate(techs()[card].get("actions", ())):
                if _researches(act["steps"]) and all(s["op"] != "copy_research" for s in act["steps"]):
                    out.append((f"tech.{slot}.{a}", str(techs()[card]["name"]), act.get("cost", {}), act["steps"]))
    return out


def copy_options(d: Data, seat: int, pop: int | None = None) -> list[tuple[str, str, dict[str, int], list[Step]]]:
    """Return the copyable research actions (``copy_candidates``) this faction can pay for and perform now, each with
    its cost after discounts; ``pop``: the population it will have (default: now)."""
    f = d["factions"][seat]
    have = f["pop"] if pop is None else pop
    out = []
    for key, name, cost, steps in copy_candidates(d):
        eff = effective_cost(d, seat, cost, steps)
        if can_pay({**f, "pop": have}, eff) and performable(d, seat, steps, have - eff["population"]):
            out.append((key, name, eff, steps))
    return out


def performable(d: Data, seat: int, steps: list[dict[str, Any]], pop_after_cost: int) -> bool:
    """Return True if an action with these steps can be performed (after paying its cost).

    Every research and colonize step must have a target, a ``pay`` step must be payable and do something, a
    ``copy_research`` step needs an action to copy; and at least one step must do something: a ship step needs a
    ship (or one built by an earlier step), a build needs a cube, a ``choose`` an option that can be performed.
    """
    f = d["factions"][seat]
    useful = False
    moved = False
    ships = bool(f["ships"])
    pop = pop_after_cost
    for s in steps:
        op = s["op"]
        if op == "research":
            if pop < 1 or not step_slots(d, seat, s):
                if not (s.get("optional") or (s.get("bga_optional") and d["options"]["anomaly_research_optional"])):
                    return False
                continue
            useful = True
        elif op == "colonize":
            # After a jump of the same action the target may still be reached, so only a colonize with no
            # movement before it must have a system ready now.
            if not colonize_targets(d, seat, s) and not moved:
                return False
            useful = True
        elif op == "pay":  # a price that is part of the effect (Cerebral Implants): it must be paid, and do something
            eff = effective_cost(d, seat, s["cost"], s["steps"])
            if not can_pay({**f, "pop": pop}, eff) or not performable(d, seat, s["steps"], pop - eff["population"]):
                return False
            useful = True
        elif op == "copy_research":
            if not copy_options(d, seat, pop):
                return False
            useful = True
        elif op == "choose":
            useful = useful or any(performable(d, seat, opt, pop) for opt in s["options"])
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
