"""Empire arithmetic: icons, military, discounts and costs, and each card's VP and income formulas."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from .cards import CardType, card_types, instance_type

Empire = Sequence[str]


def world_matches(ct: CardType, filt: dict[str, Any]) -> bool:
    """Return True if a card is a world matching the filter."""
    if not ct.is_world:
        return False
    if "color" in filt and ct.color != filt["color"]:
        return False
    if "military" in filt and ct.military_world != filt["military"]:
        return False
    if "alien" in filt and ct.alien != filt["alien"]:
        return False
    return not ("rebel" in filt and ct.rebel != filt["rebel"])


def icons(empire: Empire, icon: str) -> int:
    """Return how many icons of one kind the empire shows."""
    return sum(instance_type(c).icons[icon] for c in empire)


def has_card(empire: Empire, card_type: str) -> bool:
    """Return True if the empire holds a card of this type."""
    return any(instance_type(c).id == card_type for c in empire)


def count(empire: Empire, countable: dict[str, Any]) -> int:
    """Return the number a countable ('per X') term counts in one empire."""
    (key, val), = countable.items()
    if key == "icon":
        return icons(empire, val)
    if key == "worlds":
        return sum(1 for c in empire if world_matches(instance_type(c), val))
    if key == "developments":
        return sum(1 for c in empire if not instance_type(c).is_world)
    if key == "card":
        return sum(1 for c in empire if instance_type(c).id == val)
    return military(empire)


def military(empire: Empire, target: CardType | None = None) -> int:
    """Return the empire's military, with bonuses that count only against ``target`` when one is given."""
    base, against = military_profile(tuple(empire))
    if target is None or not against:
        return base
    return base + sum(amount for filt, amount in against if world_matches(target, filt))


# Military bonuses that count against some worlds only: (world filter, amount) pairs.
MilitaryBonuses = tuple[tuple[dict[str, Any], int], ...]


@lru_cache(maxsize=65536)
def military_profile(empire: tuple[str, ...]) -> tuple[int, MilitaryBonuses]:
    """Return (and cache) an empire's military against any world, and its bonuses against some worlds only.

    The bonuses are (world filter, amount) pairs; a target gets those whose filter it matches.
    """
    total = 0
    against: list[tuple[dict[str, Any], int]] = []
    for c in empire:
        ct = instance_type(c)
        total += ct.military_flat
        if ct.military_against:
            against.extend(ct.military_against)
        for t in ct.military_per:
            total += t["amount"] * (count(empire, t["per"]) // t.get("every", 1))
    return total, tuple(against)


def discount(empire: Empire, ct: CardType) -> int:
    """Return the total discount the empire gives to paying for a card of this type."""
    return discount_from(discount_sources(empire), ct)


def discount_sources(empire: Empire) -> list[str]:
    """Return the type ids of the empire's cards that give any discount (usually few)."""
    return [ct.id for ct in map(instance_type, empire) if ct.discounts]


def discount_from(sources: Sequence[str], ct: CardType) -> int:
    """Return the discount that these discount-giving card types give to a card of this type."""
    return sum(_card_discount(s, ct.id) for s in sources)


def card_discount(source: CardType, target: CardType) -> int:
    """Return the discount one card gives to paying for another."""
    return _card_discount(source.id, target.id)


@cache
def _card_discount(source_id: str, target_id: str) -> int:
    """Compute (and cache) the discount one card type gives another."""
    types = card_types()
    src, ct = types[source_id], types[target_id]
    total = 0
    for d in src.discounts:
        ap = d["applies"]
        if "card" in ap:
            if ap["card"] != ct.id:
                continue
        else:
            if "type" in ap and ap["type"] != ct.type:
                continue
            if "color" in ap and ct.color != ap["color"]:
                continue
            if "alien" in ap and ct.alien != ap["alien"]:
                continue
        total += d["amount"]
    return total


def dev_cost(empire: Empire, ct: CardType, alone: bool) -> int:
    """Return the cards to pay for a development: printed cost, minus 1 if placed alone, minus discounts."""
    base = ct.cost or 0
    return max(0, base - (1 if alone else 0) - discount(empire, ct))


def world_cost(empire: Empire, ct: CardType, extra_discount: int = 0, contact_discounts: bool = True) -> int:
    """Return the cards to pay for a non-military world (or a military one paid via Contact Specialist)."""
    if ct.military_world:
        base = (ct.defense or 0) - 1
        disc = discount(empire, ct) if contact_discounts else 0
    else:
        base = ct.cost or 0
        disc = discount(empire, ct)
    return max(0, base - disc - extra_discount)


def term_value(term: dict[str, Any], empire: Empire, other: Empire | None,
               others: Sequence[Empire]) -> int:
    """Return what one VP or income term adds, given the owner's empire and the chosen other empire."""
    scope_empire = empire if term.get("scope", "own") == "own" else other
    if scope_empire is None:
        return 0
    if "per" in term:
        per: int = term["amount"] * (count(scope_empire, term["per"]) // term.get("every", 1))
        return per
    if "with" in term:
        (key, val), = term["with"].items()
        if key == "card":
            ok = has_card(scope_empire, val)
        elif key == "other_card":
            ok = any(has_card(o, val) for o in others)
        else:
            ok = count(scope_empire, {"worlds": val}) > 0
        once: int = term["amount"] if ok else 0
        return once
    amount: int = term["amount"]
    return amount


def card_vp(card: str, empire: Empire, other: Empire | None, others: Sequence[Empire]) -> int:
    """Return the VP one card in an empire scores this round."""
    ct = instance_type(card)
    if not ct.vp_terms:
        return ct.vp
    return ct.vp + sum(term_value(t, empire, other, others) for t in ct.vp_terms)


def card_income(card: str, empire: Empire, others: Sequence[Empire]) -> int:
    """Return the cards one card in an empire draws as income."""
    ct = instance_type(card)
    if not ct.income_terms:
        return ct.income
    return ct.income + sum(term_value(t, empire, None, others) for t in ct.income_terms)


def income(empire: Empire, others: Sequence[Empire]) -> int:
    """Return the empire's total income."""
    total = 0
    for c in empire:
        ct = instance_type(c)
        total += ct.income
        for t in ct.income_terms:
            total += term_value(t, empire, None, others)
    return total
