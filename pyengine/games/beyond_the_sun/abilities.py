"""What a faction has gained: counters for formulas and achievements, passive abilities and anytime abilities."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .cards import board, factions, systems, techs
from .model import Data, ship_count, strength_at

SLOT_LEVEL = {s["id"]: s["level"] for s in board()["tech_tree"]["slots"]}


_SIZES = {"colonies": "colonies", "techs": "techs", "automation": "auto", "private_techs": "private"}
"""The counters that are the size of one of the faction's lists: counter -> its field."""
_AMOUNTS = {"population": "pop", "ore": "ore"}
"""The counters that are one of the faction's numbers: counter -> its field."""


def counter(d: Data, seat: int, name: str) -> int:
    """Return one named counter of a faction (see DATA.md, Counters)."""
    f = d["factions"][seat]
    if name in _SIZES:
        return len(f[_SIZES[name]])
    if name in _AMOUNTS:
        return int(f[_AMOUNTS[name]])
    if name == "controlled":
        return sum(1 for c in d["control"].values() if c["seat"] == seat)
    if name.startswith("techs_level_"):
        lv = int(name[-1])
        return sum(1 for s in f["techs"] if SLOT_LEVEL[s] == lv)
    if name.startswith("techs_"):
        kind = name[6:]
        return sum(1 for s in f["techs"] if d["slots"][s]["card"] and kind in techs()[d["slots"][s]["card"]]["types"])
    if name == "ships":
        return ship_count(f)
    if name == "fleet_strength":
        return sum(strength_at(f, loc) for loc in f["ships"])
    if name == "achievements":
        return sum(1 for a in d["achievements"] for disc in a["discs"] if disc["seat"] == seat and not disc["star"])
    if name == "locations_strength_4":
        return sum(1 for loc in f["ships"] if strength_at(f, loc) >= 4)
    raise KeyError(name)


def vp_value(d: Data, seat: int, vp: Any) -> int:
    """Return a VP value for a faction: a number, or a formula on a counter."""
    if isinstance(vp, dict):
        total = vp.get("plus", 0) + vp.get("n", 1) * counter(d, seat, vp["per"])
        return int(total if vp.get("max") is None else min(vp["max"], total))
    return int(vp)


def _power_records(faction_id: str, powers: tuple[str, ...]) -> list[dict[str, Any]]:
    """Return the unlocked advanced-mat powers of a faction."""
    if not powers:
        return []
    for rec in factions()["factions"]:
        if rec["id"] == faction_id:
            return [p for p in rec["advanced"].get("powers", []) if p["id"] in powers]
    return []


def _key(d: Data, seat: int) -> tuple[tuple[str | None, ...], tuple[str, ...], str, tuple[str, ...]]:
    """Return what a faction's abilities depend on: the cards of its tech slots (None while one is being
    revealed), its colonies and its unlocked powers."""
    f = d["factions"][seat]
    slots = d["slots"]
    return (tuple([slots[s]["card"] for s in f["techs"]]), tuple([c["system"] for c in f["colonies"]]), f["id"],
            tuple(f["powers"]))


@lru_cache(maxsize=4096)
def _sources(cards: tuple[str | None, ...], cols: tuple[str, ...], faction_id: str,
             powers: tuple[str, ...]) -> tuple[dict[str, Any], ...]:
    """Return the records behind a faction's abilities (cached on what they depend on)."""
    out: list[dict[str, Any]] = [techs()[c] for c in cards if c]
    out += [systems()[c] for c in cols]
    out += _power_records(faction_id, powers)
    return tuple(out)


@lru_cache(maxsize=8192)
def _passives(cards: tuple[str | None, ...], cols: tuple[str, ...], faction_id: str,
              powers: tuple[str, ...]) -> dict[str, int]:
    """Return the numeric passive abilities of a faction, summed by kind (cached)."""
    totals: dict[str, int] = {}
    for rec in _sources(cards, cols, faction_id, powers):
        for p in rec.get("passive", ()):
            kind = p["kind"]
            if kind == "end_vp":
                continue
            value = next((v for k, v in p.items() if k != "kind"), 1)  # a kind with no field (a rule) counts 1
            totals[kind] = totals.get(kind, 0) + value
    return totals


@lru_cache(maxsize=8192)
def _anytime(cards: tuple[str | None, ...], cols: tuple[str, ...], faction_id: str,
             powers: tuple[str, ...]) -> tuple[dict[str, Any], ...]:
    """Return a faction's anytime abilities (cached; see ``anytime``)."""
    out = [a for rec in _sources(cards, cols, faction_id, powers) for a in rec.get("anytime", ())]
    if _passives(cards, cols, faction_id, powers).get("star_discs", 0):
        out.append(STAR_DISC)
    return tuple(out)


@lru_cache(maxsize=8192)
def _end_vp(cards: tuple[str | None, ...], cols: tuple[str, ...], faction_id: str,
            powers: tuple[str, ...]) -> tuple[dict[str, Any], ...]:
    """Return the VP values of a faction's end-of-game passive abilities (cached)."""
    return tuple(p["vp"] for rec in _sources(cards, cols, faction_id, powers) for p in rec.get("passive", ())
                 if p["kind"] == "end_vp")


@lru_cache(maxsize=256)
def _stealth(card: str) -> bool:
    """Return True if one of a tech's actions colonizes a system uncontrolled at the start of the turn."""
    return any(s["op"] == "colonize" and s.get("uncontrolled_at_start")
               for act in techs()[card].get("actions", ()) for s in act["steps"])


def stealth_colonizer(d: Data, seat: int) -> bool:
    """Return True if the faction has researched a tech whose action colonizes a system nobody controlled at the
    start of the turn (Stealth Terraformers): its turns record which systems were controlled when they began."""
    slots = d["slots"]
    return any(_stealth(slots[s]["card"]) for s in d["factions"][seat]["techs"] if slots[s]["card"])


def sources(d: Data, seat: int) -> tuple[dict[str, Any], ...]:
    """Return every record that can give this faction abilities: its techs, colonies and unlocked powers."""
    return _sources(*_key(d, seat))


def passive(d: Data, seat: int, kind: str) -> int:
    """Return the sum of one numeric passive ability over everything the faction has."""
    return _passives(*_key(d, seat)).get(kind, 0)


def end_vp_passives(d: Data, seat: int) -> int:
    """Return the VP of the faction's end-of-game passive abilities."""
    return sum(vp_value(d, seat, vp) for vp in _end_vp(*_key(d, seat)))


def anytime(d: Data, seat: int) -> list[dict[str, Any]]:
    """Return the faction's anytime abilities (Giga-Corporations adds the star-disc reservation)."""
    return list(_anytime(*_key(d, seat)))


STAR_DISC: dict[str, Any] = {"id": "star-disc", "name": "Reserve an achievement with a star disc",
                             "cost": {"ore": 2}, "steps": [], "per_turn": 1}


def unlock_powers(d: Data) -> list[tuple[int, str]]:
    """Unlock advanced-mat powers whose condition is now met (once gained, kept); return what was unlocked."""
    got: list[tuple[int, str]] = []
    for seat, f in enumerate(d["factions"]):
        if f["mat"] != "advanced":
            continue
        for rec in factions()["factions"]:
            if rec["id"] != f["id"]:
                continue
            for p in rec["advanced"].get("powers", []):
                if p["id"] not in f["powers"] and counter(d, seat, p["unlock"]["counter"]) >= p["unlock"]["at_least"]:
                    f["powers"].append(p["id"])
                    got.append((seat, p["id"]))
    return got
