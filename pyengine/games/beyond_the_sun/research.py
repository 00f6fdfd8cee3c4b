"""Researching: which tech slots a faction may choose, the tech type, and revealing cards until two match."""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from .abilities import SLOT_LEVEL, counter, passive
from .cards import board, techs
from .model import Data

SLOTS: dict[str, dict[str, Any]] = {s["id"]: s for s in board()["tech_tree"]["slots"]}
SLOT_ORDER = [s["id"] for s in board()["tech_tree"]["slots"]]


def prereqs_needed(d: Data, seat: int, slot: str) -> int:
    """Return how many of a slot's prerequisites this faction needs: all of a level II/III slot's, any 2 of a level
    IIII slot's 3; a revealed slot that needs 2 or more needs ``skip_prerequisite`` fewer (Transdimensional AI), at
    least 1."""
    info = SLOTS[slot]
    need: int = info.get("need", len(info["prereqs"]))
    if need >= 2 and d["slots"][slot]["card"] is not None:
        need = max(1, need - passive(d, seat, "skip_prerequisite"))
    return need


def prereqs_met(d: Data, seat: int, slot: str) -> list[str]:
    """Return the prerequisite slots this faction researched, or [] when it may not research the slot yet.

    Level II/III slots need every prerequisite; a level-IIII slot needs any 2 of its 3, whatever their types
    (``prereqs_needed``).
    """
    info = SLOTS[slot]
    mine = set(d["factions"][seat]["techs"])
    have = [p for p in info["prereqs"] if p in mine]
    return have if len(have) >= prereqs_needed(d, seat, slot) else []


def step_levels(d: Data, seat: int, step: dict[str, Any]) -> list[int]:
    """Return the tech levels a research step allows this faction now: its ``levels``, or the one level its
    ``level_by`` gives (``plus`` + the counter, at most ``max``, at least I; Planetary-Scale Research)."""
    if "levels" in step:
        out: list[int] = step["levels"]
        return out
    by = step["level_by"]
    return [max(1, min(int(by["max"]), int(by["plus"]) + counter(d, seat, by["per"])))]


def candidate_types(d: Data, seat: int, slot: str) -> list[str]:
    """Return the types an unrevealed slot may take: passed on by the prerequisites, with a matching card left."""
    passed: set[str] = set()
    for p in prereqs_met(d, seat, slot):
        card = techs()[d["slots"][p]["card"]]
        passed.update(card.get("passes") or card["types"])
    deck = d["decks"][str(SLOT_LEVEL[slot])]
    return [t for t in sorted(passed) if any(t in techs()[c]["types"] for c in deck)]


def eligible_slots(d: Data, seat: int, levels: list[int], revealed_only: bool = False,
                   ignore_prereqs: bool = False) -> list[str]:
    """Return the slots this faction may research now with a research of these levels (eye: revealed only;
    ``ignore_prereqs``: whatever its prerequisites, Transdimensional AI)."""
    out = []
    for slot in SLOT_ORDER:
        info = SLOTS[slot]
        if info["level"] not in levels or seat in d["slots"][slot]["by"]:
            continue
        if info["prereqs"] and not ignore_prereqs and not prereqs_met(d, seat, slot):
            continue
        if d["slots"][slot]["card"] is None and (revealed_only or not candidate_types(d, seat, slot)):
            continue
        out.append(slot)
    return out


def step_slots(d: Data, seat: int, step: dict[str, Any]) -> list[str]:
    """Return the slots a research step lets this faction research now (its levels, eye and prerequisite rules)."""
    return eligible_slots(d, seat, step_levels(d, seat, step), step.get("revealed_only", False),
                          step.get("ignore_prereqs", False))


def reveal(d: Data, level: int, kind: str) -> tuple[list[str], list[str]]:
    """Reveal cards from a level's deck until two match the type (hybrids match either of theirs).

    Returns (matching cards, cards set aside); both are taken off the deck.
    """
    deck = d["decks"][str(level)]
    matches: list[str] = []
    aside: list[str] = []
    while deck and len(matches) < 2:
        card = deck.pop(0)
        (matches if kind in techs()[card]["types"] else aside).append(card)
    return matches, aside


def to_bottom(d: Data, rng: Rng, level: int, cards: list[str]) -> None:
    """Put revealed cards back under a level's deck in random order (the deck is not shuffled)."""
    cards = list(cards)
    rng.shuffle(cards)
    d["decks"][str(level)].extend(cards)
