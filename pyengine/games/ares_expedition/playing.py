"""Playing project cards: requirements against the phase-start snapshot, costs after every discount, payment."""

from __future__ import annotations

from itertools import combinations
from typing import Any, NamedTuple

from .cards import Record, board
from .model import ZONE_ORDER, Data, Player, count, effects_of, has_effect, holds, tag_count, zone_of

STEEL_VALUE = 2
TITANIUM_VALUE = 3


def funds(p: Player) -> int:
    """Return the M€ a player can pay: M€, plus heat for a player with Helion's ability."""
    return int(p["mc"]) + (int(p["heat"]) if has_effect(p, "heat_as_mc") else 0)


def matches(rec: Record, flt: dict[str, Any] | None) -> bool:
    """Return True if a card record passes a filter (tags_any, color, not_color, min_cost, gives)."""
    if not flt:
        return True
    if "tags_any" in flt and not set(flt["tags_any"]) & set(rec["tags"]):
        return False
    if "color" in flt and rec.get("color") != flt["color"]:
        return False
    if "not_color" in flt and rec.get("color") == flt["not_color"]:
        return False
    if "min_cost" in flt and rec.get("cost", 0) < flt["min_cost"]:
        return False
    return not ("gives" in flt and not any(op["op"] == flt["gives"] for op in rec.get("play", ())))


def shift_allowed(p: Player) -> int:
    """Return how many colour zones a requirement may be shifted: 1 if any shifting effect applies (no stacking)."""
    if p["ph"].get("next_shift") or has_effect(p, "req_shift"):
        return 1
    return 0


def zone_ok(d: Data, p: Player, req: Record) -> bool:
    """Return True if a temperature or oxygen requirement holds at the start of the phase (with any shift)."""
    zone = ZONE_ORDER.index(zone_of(req["param"], d["snap"][req["param"]]))
    shift = shift_allowed(p)
    if "min" in req and zone + shift < ZONE_ORDER.index(req["min"]):
        return False
    return not ("max" in req and zone - shift > ZONE_ORDER.index(req["max"]))


def requirement_ok(d: Data, p: Player, req: Record) -> bool:
    """Return True if one requirement of a card holds for this player now (a global one at phase start)."""
    kind = req["kind"]
    if kind == "zone":
        return zone_ok(d, p, req)
    if kind == "oceans":
        n = d["snap"]["ocean"]
        return bool(req.get("min", 0) <= n <= req.get("max", 9))
    if kind == "tags":
        return bool(tag_count(p, req["tag"]) >= req["min"])
    if kind == "tr":
        return bool(p["tr"] >= req["min"])
    return bool(p[req["res"]] >= req["n"])  # "spend": paid when the card is played


def requirements_ok(d: Data, p: Player, rec: Record) -> bool:
    """Return True if every requirement of a card holds for this player now (global ones at phase start)."""
    return all(requirement_ok(d, p, req) for req in rec.get("req", ()))


def metal_values(p: Player) -> tuple[int, int]:
    """Return what one steel and one titanium are worth to this player."""
    steel, titanium = STEEL_VALUE, TITANIUM_VALUE
    for _, e in effects_of(p, "metal_value"):
        steel += e["steel"]
        titanium += e["titanium"]
    return steel, titanium


class Discount(NamedTuple):
    """One line of a card's discount: its kind, the card giving it (if any), how many units at how much each."""

    kind: str  # "card" (a card's or the corporation's discount), "steel", "titanium", "development", "next"
    card: str | None
    units: int
    each: int

    @property
    def n(self) -> int:
        """Return the M€ this line takes off."""
        return self.units * self.each


def discount_parts(d: Data, seat: int, rec: Record) -> list[Discount]:
    """Return every discount on one card for a player now, line by line (``discount`` is their sum).

    Card discounts whose filter the card passes, steel on a building tag and titanium on a space tag (at their
    value for this player), the Development chooser's bonus on a green card in phase I, and the discount on the
    next card played this phase. Optional payment effects are not discounts here (see ``price``).
    """
    p = d["p"][seat]
    out = [Discount("card", c, 1, int(e["n"])) for c, e in effects_of(p, "discount") if matches(rec, e.get("filter"))]
    steel, titanium = metal_values(p)
    if "building" in rec["tags"] and p["steel"]:
        out.append(Discount("steel", None, int(p["steel"]), steel))
    if "space" in rec["tags"] and p["titanium"]:
        out.append(Discount("titanium", None, int(p["titanium"]), titanium))
    if d["phase"] == 1 and p["pick"] == 1 and rec["color"] == "green":
        out.append(Discount("development", None, 1, int(board()["phase_bonus"]["development_discount"])))
    if p["ph"].get("next_discount", 0):
        out.append(Discount("next", None, 1, int(p["ph"]["next_discount"])))
    return out


def discount(d: Data, seat: int, rec: Record) -> int:
    """Return the total discount on one card for a player now (without optional payment effects)."""
    return sum(line.n for line in discount_parts(d, seat, rec))


def pay_options(p: Player) -> list[tuple[str, Record]]:
    """Return the optional payment effects (card id, effect) the player could use now (costs payable)."""
    return [(c, e) for c, e in effects_of(p, "pay_option") if costs_payable(p, e["cost"], c)]


def price(d: Data, seat: int, rec: Record, used: tuple[str, ...] = ()) -> int:
    """Return what a card costs this player in M€ after discounts and the chosen payment effects."""
    p = d["p"][seat]
    extra = sum(e["discount"] for c, e in effects_of(p, "pay_option") if c in used)
    return max(0, int(rec["cost"]) - discount(d, seat, rec) - int(extra))


def payment_choices(d: Data, seat: int, rec: Record) -> list[tuple[str, ...]]:
    """Return every useful set of payment effects that makes the card affordable (the empty set first)."""
    p = d["p"][seat]
    avail = sorted({c for c, _ in pay_options(p)})
    have = funds(p)
    base = price(d, seat, rec)
    out: list[tuple[str, ...]] = []
    for k in range(len(avail) + 1):
        for combo in combinations(avail, k):
            if k and base == 0:
                continue  # nothing left to pay for
            if price(d, seat, rec, combo) <= have:
                out.append(combo)
    return out


def pay_amount(p: Player, cost: Record, src: str | None) -> int:
    """Return the amount a "pay" cost asks of this player now, after its reductions."""
    n = int(cost["n"])
    for less in cost.get("less", ()):
        if "per" in less:
            n -= less["n"] * count(p, less["per"], src)
        elif cond_holds(p, less["if"]):
            n -= less["n"]
    return max(0, n)


def cond_holds(p: Player, cond: Record) -> bool:
    """Return True if a condition (chose a phase, blue cards, tag count) holds for the player."""
    if "chose" in cond:
        return bool(p["pick"] == cond["chose"])
    if "blue_cards" in cond:
        return count(p, "blue_cards") >= int(cond["blue_cards"])
    return tag_count(p, cond["tags"]) >= int(cond["min"])


def removable(p: Player, cost: Record, src: str | None) -> list[str]:
    """Return the cards a "remove" cost could take its resources from."""
    kinds = cost["res"] if isinstance(cost["res"], list) else [cost["res"]]
    cands = [src] if cost["from"] == "self" and src else [c for c in p["table"] + ([p["corp"]] if p["corp"] else [])]
    return [c for c in cands if c and holds(c) in kinds and p["res"].get(c, 0) >= cost["n"]]


def costs_payable(p: Player, costs: list[Record], src: str | None) -> bool:
    """Return True if the player can pay every cost of an option now."""
    mc_due = 0
    for c in costs:
        if c["op"] == "pay":
            n = pay_amount(p, c, src)
            if c["res"] == "mc":
                mc_due += n
            elif p[c["res"]] < n:
                return False
        elif c["op"] == "remove":
            if not removable(p, c, src):
                return False
        elif c["op"] == "discard" and len(p["hand"]) < c["n"]:
            return False
    return mc_due <= funds(p)


def option_ok(p: Player, option: Record, src: str | None) -> bool:
    """Return True if an option (costs, then ops) can be chosen now: its costs are payable."""
    return costs_payable(p, option.get("cost", []), src)
